/// Sequences evicted from the KV cache, kept in host memory so that a later prompt that starts the
/// same way restores them instead of computing them again.
///
/// The engine has a few slots (KV sequences) and may serve many more conversations: when a slot
/// is given to another request, what it cached (a conversation's prompt and answer, a long
/// system prompt) is lost. Before that happens, the engine saves the slot's state here
/// (llama.cpp's per-sequence state: the tokens' K and V rows). When a new prompt shares a longer
/// prefix with a saved sequence than with any slot, the engine loads that state into the slot it
/// gives the request and drops what the prompt does not share.
///
/// Bounded by bytes of state: storing past the bound evicts the least recently used entries. A
/// sequence whose tokens are a prefix of a newer one's is superseded by it; one that a stored
/// sequence already starts with is not stored again.
///
/// Pure bookkeeping over token arrays and opaque state bytes (tested without a model). Lives on
/// the engine thread (not `Sendable`).
final class HostPromptCache {
    /// One saved sequence.
    struct Entry {
        /// Tells the entry apart from every other this cache has held.
        let id: UInt64
        /// The tokens the sequence cached, from position 0.
        let tokens: [TokenID]
        /// The sequence's state as llama.cpp wrote it.
        let state: [UInt8]
        /// When it was stored or last restored (the engine's step counter).
        var lastUsed: UInt64
    }

    /// The most bytes of state kept; 0 keeps nothing.
    let capacity: Int
    private(set) var entries: [Entry] = []
    /// The bytes of state held now.
    private(set) var usedBytes = 0
    private var nextID: UInt64 = 0

    /// A cache that keeps up to `capacity` bytes of state.
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Whether the cache keeps anything at all.
    var isEnabled: Bool { capacity > 0 }

    /// Whether a sequence of these tokens would add anything: false when a stored sequence
    /// already starts with all of them.
    func wouldStore(_ tokens: [TokenID]) -> Bool {
        guard isEnabled, !tokens.isEmpty else { return false }
        return !entries.contains { $0.tokens.count >= tokens.count && $0.tokens.starts(with: tokens) }
    }

    /// Stores a sequence's state, evicting the least recently used entries to stay within the
    /// capacity. Entries whose tokens this sequence starts with are dropped (it holds them and
    /// more). Returns whether it was stored: not when the state alone exceeds the capacity, or
    /// when ``wouldStore(_:)`` is false.
    @discardableResult
    func store(tokens: [TokenID], state: [UInt8], at step: UInt64) -> Bool {
        guard wouldStore(tokens), !state.isEmpty, state.count <= capacity else { return false }
        remove { tokens.starts(with: $0.tokens) }
        while usedBytes + state.count > capacity, let oldest = entries.min(by: { $0.lastUsed < $1.lastUsed }) {
            remove(oldest.id)
        }
        nextID &+= 1
        entries.append(Entry(id: nextID, tokens: tokens, state: state, lastUsed: step))
        usedBytes += state.count
        return true
    }

    /// The entry sharing the longest prefix with `prompt`, and how many tokens they share; nil
    /// when none shares any.
    func longestMatch(for prompt: [TokenID]) -> (entry: Entry, shared: Int)? {
        var best: (entry: Entry, shared: Int)?
        for entry in entries {
            let shared = SlotPlanner.sharedPrefixLength(entry.tokens, prompt)
            if shared > (best?.shared ?? 0) { best = (entry, shared) }
        }
        return best
    }

    /// Marks an entry used at `step` (it was restored), so it is evicted later; nothing when it
    /// is no longer held.
    func touch(_ id: UInt64, at step: UInt64) {
        if let index = entries.firstIndex(where: { $0.id == id }) { entries[index].lastUsed = step }
    }

    /// Drops the entry with this id, if it is still held.
    func remove(_ id: UInt64) {
        remove { $0.id == id }
    }

    /// Drops every entry.
    func removeAll() {
        entries.removeAll()
        usedBytes = 0
    }

    private func remove(where shouldRemove: (Entry) -> Bool) {
        for index in entries.indices.reversed() where shouldRemove(entries[index]) {
            usedBytes -= entries[index].state.count
            entries.remove(at: index)
        }
    }
}
