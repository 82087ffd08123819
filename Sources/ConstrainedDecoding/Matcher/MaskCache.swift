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
}

/// Mask entries of one compiled grammar, filled lazily (on first visit of a state) and shared by
/// every matcher of that grammar.
final class MaskCache: Sendable {
    private let entries = Mutex<[UInt64: MaskEntry]>([:])

    func entry(_ key: UInt64) -> MaskEntry? {
        entries.withLock { $0[key] }
    }

    func store(_ entry: MaskEntry, for key: UInt64) {
        entries.withLock { $0[key] = entry }
    }

    var count: Int { entries.withLock { $0.count } }
}
