import Testing
@testable import LlamaBackend

/// The host-memory cache of evicted sequences, with no model: what it keeps, what it finds for a
/// prompt, and what it evicts to stay within its bound.
@Suite struct HostPromptCacheTests {
    static func state(_ bytes: Int) -> [UInt8] { [UInt8](repeating: 7, count: bytes) }

    @Test func theLongestSharedPrefixIsFound() throws {
        let cache = HostPromptCache(capacity: 1000)
        #expect(cache.store(tokens: [1, 2, 3, 4], state: Self.state(10), at: 1))
        #expect(cache.store(tokens: [1, 2, 9], state: Self.state(10), at: 2))
        let match = try #require(cache.longestMatch(for: [1, 2, 3, 4, 5]))
        #expect(match.entry.tokens == [1, 2, 3, 4])
        #expect(match.shared == 4)
        #expect(cache.longestMatch(for: [1, 2, 9, 9])?.shared == 3)
        #expect(cache.longestMatch(for: [8, 1, 2]) == nil)
    }

    @Test func theLeastRecentlyUsedGoFirstToStayWithinTheBound() {
        let cache = HostPromptCache(capacity: 100)
        cache.store(tokens: [1], state: Self.state(40), at: 1)
        cache.store(tokens: [2], state: Self.state(40), at: 2)
        // Restoring the first makes the second the least recently used.
        if let first = cache.longestMatch(for: [1])?.entry { cache.touch(first.id, at: 3) }
        cache.store(tokens: [3], state: Self.state(40), at: 4)
        #expect(cache.entries.map(\.tokens) == [[1], [3]])
        #expect(cache.usedBytes == 80)
        #expect(cache.usedBytes <= cache.capacity)
    }

    @Test func aLongerSequenceSupersedesItsPrefixesAndIsNotStoredTwice() {
        let cache = HostPromptCache(capacity: 1000)
        cache.store(tokens: [1, 2], state: Self.state(20), at: 1)
        cache.store(tokens: [5, 6], state: Self.state(20), at: 1)
        #expect(cache.store(tokens: [1, 2, 3], state: Self.state(30), at: 2))
        #expect(cache.entries.map(\.tokens) == [[5, 6], [1, 2, 3]])
        #expect(cache.usedBytes == 50)
        // Its own prefix adds nothing.
        #expect(!cache.wouldStore([1, 2]))
        #expect(!cache.store(tokens: [1, 2], state: Self.state(20), at: 3))
        #expect(cache.wouldStore([1, 2, 4]))
    }

    @Test func nothingIsKeptWithoutCapacityOrBeyondIt() {
        let off = HostPromptCache(capacity: 0)
        #expect(!off.isEnabled)
        #expect(!off.store(tokens: [1], state: Self.state(1), at: 1))
        let small = HostPromptCache(capacity: 10)
        #expect(!small.store(tokens: [1], state: Self.state(11), at: 1))
        #expect(!small.store(tokens: [], state: Self.state(1), at: 1))
        #expect(small.entries.isEmpty && small.usedBytes == 0)
    }

    @Test func removingByIdentityLeavesTheOthers() throws {
        let cache = HostPromptCache(capacity: 1000)
        cache.store(tokens: [1], state: Self.state(10), at: 1)
        cache.store(tokens: [2], state: Self.state(10), at: 1)
        let first = try #require(cache.longestMatch(for: [1])?.entry)
        cache.remove(first.id)
        cache.remove(first.id)
        #expect(cache.entries.map(\.tokens) == [[2]])
        #expect(cache.usedBytes == 10)
        cache.removeAll()
        #expect(cache.entries.isEmpty && cache.usedBytes == 0)
    }
}
