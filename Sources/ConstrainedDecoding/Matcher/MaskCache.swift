import Synchronization

/// The cached mask of one stack top with the context below it cut off (adaptive token-mask cache).
///
/// `accepted` holds tokens that are allowed whatever lies below the top; tokens that finish the top's
/// value and continue into the context are kept as a trie of the bytes after that point
/// (`suffixes`), to be walked against the real context at run time. `popsAtRoot` says the top may
/// finish before consuming anything, so the context's own mask applies too.
final class MaskEntry: Sendable {
    let acceptedMask: TokenBitmask?
    let acceptedList: [Int32]
    let popsAtRoot: Bool
    let suffixes: TokenTrie

    init(acceptedMask: TokenBitmask?, acceptedList: [Int32], popsAtRoot: Bool, suffixes: TokenTrie) {
        self.acceptedMask = acceptedMask
        self.acceptedList = acceptedList
        self.popsAtRoot = popsAtRoot
        self.suffixes = suffixes
    }

    var hasSuffixes: Bool { suffixes.nodeCount > 1 }

    /// The bytes it holds: its mask or list and its suffix trie.
    var byteCount: Int {
        (acceptedMask?.words.count ?? 0) * 4 + acceptedList.count * 4 + suffixes.byteCount
    }
}

/// Mask entries of one compiled grammar, filled lazily (on first visit of a state) and shared by
/// every matcher of that grammar.
final class MaskCache: Sendable {
    private struct Entries {
        var byKey: [UInt64: MaskEntry] = [:]
        var byteCount = 0
    }

    private let entries = Mutex(Entries())

    func entry(_ key: UInt64) -> MaskEntry? {
        entries.withLock { $0.byKey[key] }
    }

    func store(_ entry: MaskEntry, for key: UInt64) {
        entries.withLock { entries in
            if let replaced = entries.byKey.updateValue(entry, forKey: key) { entries.byteCount -= replaced.byteCount }
            entries.byteCount += entry.byteCount
        }
    }

    var count: Int { entries.withLock { $0.byKey.count } }

    /// The bytes the cached entries hold.
    var byteCount: Int { entries.withLock { $0.byteCount } }
}
