import Foundation
import Testing
import TestSupport
@testable import LlamaBackend

/// The prefix store on disk, with no model: what it finds, what it refuses to use (a truncated
/// file, one of another model, a corrupt one), and what it evicts to stay within its bound.
@Suite struct PrefixDiskCacheTests {
    static let tokens: [TokenID] = Array(1...40)

    static func state(_ bytes: Int, _ value: UInt8 = 7) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: $0) ^ value }
    }

    func store(_ folder: URL, identity: String = "model A", capacity: Int = 1 << 20) throws -> PrefixDiskCache {
        try #require(PrefixDiskCache(directory: folder.path, capacity: capacity, identity: identity))
    }

    @Test func aSavedPrefixIsFoundByAnotherStoreOfTheSameIdentity() throws {
        let folder = try ScratchFolder.make("prefix-cache")
        let state = Self.state(5000)
        #expect(try store(folder).store(tokens: Self.tokens, state: state))
        // A later process: a new store on the same folder.
        let later = try store(folder)
        #expect(later.load(tokens: Self.tokens) == .hit(state))
        #expect(later.load(tokens: Self.tokens + [41]) == .miss)
        #expect(later.load(tokens: Array(Self.tokens.dropLast())) == .miss)
        // Nothing but the file is left: no temporary file.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".lock") }
        #expect(names == [later.fileURL(for: Self.tokens).lastPathComponent])
    }

    @Test func aTruncatedFileIsIgnored() throws {
        let folder = try ScratchFolder.make("prefix-cache")
        let cache = try store(folder)
        cache.store(tokens: Self.tokens, state: Self.state(5000))
        let url = cache.fileURL(for: Self.tokens)
        let whole = try Data(contentsOf: url)
        for length in [0, 10, 47, 48, whole.count / 2, whole.count - 1] {
            try whole.prefix(length).write(to: url)
            guard case .rejected = cache.load(tokens: Self.tokens) else {
                Issue.record("a file cut to \(length) of \(whole.count) bytes was not rejected")
                continue
            }
        }
    }

    @Test func aFileOfAnotherModelIsIgnoredWhateverItsName() throws {
        let folder = try ScratchFolder.make("prefix-cache")
        let other = try store(folder, identity: "model B")
        other.store(tokens: Self.tokens, state: Self.state(5000))
        let ours = try store(folder)
        // Different identities have different names...
        #expect(ours.fileURL(for: Self.tokens) != other.fileURL(for: Self.tokens))
        #expect(ours.load(tokens: Self.tokens) == .miss)
        // ...and a file moved under our name is still refused.
        try FileManager.default.moveItem(at: other.fileURL(for: Self.tokens), to: ours.fileURL(for: Self.tokens))
        #expect(ours.load(tokens: Self.tokens) == .rejected("another key"))
    }

    @Test func aFileWithTheRightKeyButAnotherIdentityIsIgnored() throws {
        // A hash collision, or a file edited to carry our key: the identity is compared in full.
        let folder = try ScratchFolder.make("prefix-cache")
        let ours = try store(folder, identity: "model A")
        let forged = try store(folder, identity: "model Z")
        var bytes = forged.fileBytes(tokens: Self.tokens, state: Self.state(100))
        let key = ours.keyHash(Self.tokens)
        for index in 0..<8 { bytes[32 + index] = UInt8(truncatingIfNeeded: key >> UInt64(index * 8)) }
        try Data(bytes).write(to: ours.fileURL(for: Self.tokens))
        #expect(ours.load(tokens: Self.tokens) == .rejected("another model, context or llama.cpp build"))
    }

    @Test func aCorruptFileFailsItsChecksum() throws {
        let folder = try ScratchFolder.make("prefix-cache")
        let cache = try store(folder)
        cache.store(tokens: Self.tokens, state: Self.state(5000))
        let url = cache.fileURL(for: Self.tokens)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 100] ^= 0x01
        try Data(bytes).write(to: url)
        #expect(cache.load(tokens: Self.tokens) == .rejected("checksum mismatch"))
        // Another format version is refused too.
        bytes[bytes.count - 100] ^= 0x01
        bytes[8] = 99
        try Data(bytes).write(to: url)
        #expect(cache.load(tokens: Self.tokens) == .rejected("another format version"))
    }

    @Test func theLeastRecentlyUsedGoFirstToStayWithinTheBound() throws {
        let folder = try ScratchFolder.make("prefix-cache")
        let probe = try store(folder)
        let fileSize = probe.fileBytes(tokens: [1], state: Self.state(4000)).count
        let cache = try store(folder, capacity: fileSize * 2 + fileSize / 2)
        #expect(cache.store(tokens: [1], state: Self.state(4000)))
        #expect(cache.store(tokens: [2], state: Self.state(4000)))
        // Using the first makes the second the least recently used (times set apart, since a
        // file system may keep whole seconds).
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: cache.fileURL(for: [2]).path)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: cache.fileURL(for: [1]).path)
        #expect(cache.load(tokens: [1]) == .hit(Self.state(4000)))
        #expect(cache.store(tokens: [3], state: Self.state(4000)))
        #expect(cache.load(tokens: [1]) != .miss)
        #expect(cache.load(tokens: [2]) == .miss)
        #expect(cache.load(tokens: [3]) != .miss)
        #expect(cache.usedBytes() <= cache.capacity)
        // A state that alone exceeds the bound is not written.
        #expect(!cache.store(tokens: [4], state: Self.state(cache.capacity)))
        #expect(cache.load(tokens: [4]) == .miss)
    }

    @Test func concurrentWritersLeaveOnlyWholeFiles() async throws {
        let folder = try ScratchFolder.make("prefix-cache")
        let state = Self.state(200_000)
        let capacity = 3 * 210_000
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    guard let cache = PrefixDiskCache(directory: folder.path, capacity: capacity, identity: "model A") else { return }
                    for round in 0..<6 {
                        cache.store(tokens: [TokenID(round % 4), TokenID(writer % 2)], state: state)
                        _ = cache.load(tokens: [TokenID(round % 3), 0])
                    }
                }
            }
        }
        let cache = try store(folder, capacity: capacity)
        #expect(cache.usedBytes() <= capacity)
        for first in 0..<4 {
            for second in 0..<2 {
                let found = cache.load(tokens: [TokenID(first), TokenID(second)])
                #expect(found == .miss || found == .hit(state))
            }
        }
    }

    @Test func noCapacityMeansNoStore() {
        #expect(PrefixDiskCache(directory: NSTemporaryDirectory(), capacity: 0, identity: "model A") == nil)
    }
}
