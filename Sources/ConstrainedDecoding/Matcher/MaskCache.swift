import Synchronization

/// The cached mask of one stack top with the context below it cut off (adaptive token-mask cache).
///
/// `accepted` holds tokens that are allowed whatever lies below the top; tokens that finish the top's
/// value and continue into the context are kept as the subtrees of the vocabulary trie where the top
/// finished (`suffixRoots`): every token below such a node shares the bytes up to it, so the rest of
/// each token is walked against the real context at run time from that node on. `popsAtRoot` says
/// the top may finish before consuming anything, so the context's own mask applies too.
final class MaskEntry: Sendable {
    let acceptedMask: TokenBitmask?
    let acceptedList: [Int32]
    let popsAtRoot: Bool
    /// Nodes of the vocabulary trie whose byte finished the top's value (popped past the cut):
    /// the context continues with that byte.
    let suffixRoots: [Int32]

    init(acceptedMask: TokenBitmask?, acceptedList: [Int32], popsAtRoot: Bool, suffixRoots: [Int32]) {
        self.acceptedMask = acceptedMask
        self.acceptedList = acceptedList
        self.popsAtRoot = popsAtRoot
        self.suffixRoots = suffixRoots
    }

    var hasSuffixes: Bool { !suffixRoots.isEmpty }

    /// The bytes it holds: its mask or list and its suffix roots.
    var byteCount: Int {
        (acceptedMask?.words.count ?? 0) * 4 + acceptedList.count * 4 + suffixRoots.count * 4
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
