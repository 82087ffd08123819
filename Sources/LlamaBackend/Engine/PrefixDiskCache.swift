package import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Saved prompt prefixes on disk, shared by every process on the machine: a later process that
/// starts a sequence with the same prefix loads its keys and values instead of computing them.
///
/// `fm notes`, `fm respond` and apps run as short processes, and each one used to compute the
/// same instructions and tool definitions again. The engine saves the state of a request's
/// stable prefix (``GenerationRequest/stablePrefixLength``: the rendered prompt before the first
/// user message) here, one file per prefix, named after a hash of the ``identity`` and the
/// tokens.
///
/// Safety, since a wrong state would silently change answers:
///
/// - **Identity.** ``identity`` names everything the state depends on (the model file, llama.cpp's
///   version and build, the context's shape). It is written into the file in full, with the
///   prefix's tokens, and both are compared exactly on load: a file of another model, context or
///   build is never used, whatever its name.
/// - **Integrity.** A header (magic, format version, lengths, key hash, checksum) must match the
///   file's size and contents; a truncated, corrupt or foreign file is ignored (and replaced once
///   the prefix is computed again).
/// - **Concurrency.** Files are written to a temporary name and renamed, so a reader sees a whole
///   file or none; eviction runs under an exclusive lock on `.lock`, and a file unlinked while
///   another process reads it stays readable to that process.
/// - **Bound.** At most ``capacity`` bytes of files; past it the least recently used (by
///   modification time, which a hit refreshes) go first.
package final class PrefixDiskCache: Sendable {
    /// The folder holding the files.
    package let directory: URL
    /// The most bytes of files kept.
    package let capacity: Int
    /// What the saved states depend on, in words (compared exactly on load).
    package let identity: String
    private let identityBytes: [UInt8]
    private let identityHash: UInt64

    /// What a load found.
    package enum Lookup: Equatable {
        /// A valid file for these tokens: the saved state.
        case hit([UInt8])
        /// No file for these tokens.
        case miss
        /// A file was there but is not usable (why, in words); it is ignored.
        case rejected(String)
    }

    /// The format's version; files of another version are rejected.
    static let formatVersion: UInt32 = 1
    static let magic: [UInt8] = Array("FMPREFIX".utf8)
    static let headerSize = 48
    static let fileExtension = "fmprefix"

    /// A store in `directory` (created when missing) keeping up to `capacity` bytes; nil when
    /// `capacity` is 0 or the folder cannot be created.
    package init?(directory: String, capacity: Int, identity: String) {
        guard capacity > 0 else { return nil }
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            return nil
        }
        self.directory = url
        self.capacity = capacity
        self.identity = identity
        self.identityBytes = Array(identity.utf8)
        self.identityHash = Self.hash(identityBytes)
    }

    // MARK: Names

    /// The file a prefix of these tokens is saved in.
    package func fileURL(for tokens: [TokenID]) -> URL {
        let name = String(format: "%016llx-%016llx.%@", identityHash, keyHash(tokens), Self.fileExtension)
        return directory.appendingPathComponent(name)
    }

    /// The hash of the identity and the tokens, written in the header.
    func keyHash(_ tokens: [TokenID]) -> UInt64 {
        tokens.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer($0), seed: identityHash) }
    }

    // MARK: Loading

    /// The saved state of a prefix of exactly these tokens, if a valid file holds it. A hit
    /// marks the file used now.
    package func load(tokens: [TokenID]) -> Lookup {
        let url = fileURL(for: tokens)
        guard let data = FileManager.default.contents(atPath: url.path) else { return .miss }
        let bytes = [UInt8](data)
        switch validate(bytes, tokens: tokens) {
        case .failure(let reason):
            return .rejected(reason.reason)
        case .success(let payloadStart):
            _ = url.path.withCString { utimes($0, nil) }
            return .hit(Array(bytes[payloadStart...]))
        }
    }

    private struct Rejection: Error { let reason: String }

    /// Where the payload starts in a file's bytes, if they are a valid file for `tokens`.
    private func validate(_ bytes: [UInt8], tokens: [TokenID]) -> Result<Int, Rejection> {
        guard bytes.count >= Self.headerSize else { return .failure(Rejection(reason: "shorter than the header")) }
        guard Array(bytes[0..<8]) == Self.magic else { return .failure(Rejection(reason: "not a prefix-cache file")) }
        guard bytes.readUInt32(at: 8) == Self.formatVersion else { return .failure(Rejection(reason: "another format version")) }
        let identityLength = Int(bytes.readUInt32(at: 12))
        let tokenCount = Int(bytes.readUInt32(at: 16))
        let payloadLength = bytes.readUInt64(at: 24)
        let expected = UInt64(Self.headerSize) + UInt64(identityLength) + UInt64(tokenCount) * 4 + payloadLength
        guard expected == UInt64(bytes.count) else { return .failure(Rejection(reason: "truncated or overlong")) }
        guard bytes.readUInt64(at: 32) == keyHash(tokens) else { return .failure(Rejection(reason: "another key")) }
        let identityEnd = Self.headerSize + identityLength
        guard identityLength == identityBytes.count, bytes[Self.headerSize..<identityEnd].elementsEqual(identityBytes) else {
            return .failure(Rejection(reason: "another model, context or llama.cpp build"))
        }
        guard tokenCount == tokens.count else { return .failure(Rejection(reason: "other tokens")) }
        let tokensEnd = identityEnd + tokenCount * 4
        for (index, token) in tokens.enumerated() where bytes.readUInt32(at: identityEnd + index * 4) != UInt32(bitPattern: token) {
            return .failure(Rejection(reason: "other tokens"))
        }
        let checksum = bytes.withUnsafeBytes { Self.hash(UnsafeRawBufferPointer(rebasing: $0[Self.headerSize...])) }
        guard checksum == bytes.readUInt64(at: 40) else { return .failure(Rejection(reason: "checksum mismatch")) }
        guard tokensEnd < bytes.count else { return .failure(Rejection(reason: "empty state")) }
        return .success(tokensEnd)
    }

    // MARK: Storing

    /// The file's bytes for a prefix and its state.
    func fileBytes(tokens: [TokenID], state: [UInt8]) -> [UInt8] {
        var body: [UInt8] = identityBytes
        body.reserveCapacity(identityBytes.count + tokens.count * 4 + state.count)
        for token in tokens { body.appendUInt32(UInt32(bitPattern: token)) }
        body.append(contentsOf: state)
        var bytes = Self.magic
        bytes.reserveCapacity(Self.headerSize + body.count)
        bytes.appendUInt32(Self.formatVersion)
        bytes.appendUInt32(UInt32(identityBytes.count))
        bytes.appendUInt32(UInt32(tokens.count))
        bytes.appendUInt32(0)
        bytes.appendUInt64(UInt64(state.count))
        bytes.appendUInt64(keyHash(tokens))
        bytes.appendUInt64(body.withUnsafeBytes { Self.hash($0) })
        bytes.append(contentsOf: body)
        return bytes
    }

    /// Saves a prefix's state (atomically: written aside, then renamed), then evicts the least
    /// recently used files beyond the capacity. Returns whether the file was written: not when
    /// it alone exceeds the capacity, or the folder is not writable.
    @discardableResult
    package func store(tokens: [TokenID], state: [UInt8]) -> Bool {
        guard !tokens.isEmpty, !state.isEmpty else { return false }
        let bytes = fileBytes(tokens: tokens, state: state)
        guard bytes.count <= capacity else { return false }
        let final = fileURL(for: tokens)
        let temporary = directory.appendingPathComponent(
            ".tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))-" + final.lastPathComponent)
        do {
            try Data(bytes).write(to: temporary)
            guard rename(temporary.path, final.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return false
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return false
        }
        evict(keeping: final.lastPathComponent)
        return true
    }

    // MARK: Eviction

    /// The bytes of files held now.
    package func usedBytes() -> Int {
        files().reduce(0) { $0 + $1.size }
    }

    /// The cache's files, least recently used first.
    func files() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return urls.compactMap { url -> (url: URL, size: Int, used: Date)? in
            guard url.pathExtension == Self.fileExtension, !url.lastPathComponent.hasPrefix("."),
                let values = try? url.resourceValues(forKeys: Set(keys))
            else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }.sorted { $0.used < $1.used }
    }

    /// Deletes the least recently used files until the rest fit the capacity (never `kept`, the
    /// file just written), and temporary files that a killed writer left over an hour ago. Holds
    /// an exclusive lock on `.lock` meanwhile, so that concurrent processes evict one at a time.
    func evict(keeping kept: String) {
        let lockPath = directory.appendingPathComponent(".lock").path
        let descriptor = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
        defer {
            if descriptor >= 0 {
                _ = flock(descriptor, LOCK_UN)
                close(descriptor)
            }
        }
        var held = files()
        var used = held.reduce(0) { $0 + $1.size }
        while used > capacity, let oldest = held.first(where: { $0.url.lastPathComponent != kept }) {
            try? FileManager.default.removeItem(at: oldest.url)
            used -= oldest.size
            held.removeAll { $0.url == oldest.url }
        }
        let stale = Date().addingTimeInterval(-3600)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".tmp-") {
            let url = directory.appendingPathComponent(name)
            if let modified = (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate,
                modified < stale
            {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }

    // MARK: Hashing

    /// A 64-bit FNV-1a-style hash over 8-byte words (then the tail bytes): a checksum that finds
    /// truncation and corruption, and file names that tell keys apart. Not cryptographic: the
    /// identity and tokens are compared in full on load.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01b3
        var hash = seed ^ UInt64(bytes.count)
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            hash = (hash ^ word) &* prime
            hash ^= hash >> 29
        }
        for index in (words * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* prime
        }
        return hash ^ (hash >> 32)
    }

    static func hash(_ bytes: [UInt8], seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        bytes.withUnsafeBytes { hash($0, seed: seed) }
    }
}

extension [UInt8] {
    fileprivate mutating func appendUInt32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    fileprivate mutating func appendUInt64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    fileprivate func readUInt32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(self[offset + $1]) << UInt32($1 * 8) }
    }

    fileprivate func readUInt64(at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(self[offset + $1]) << UInt64($1 * 8) }
    }
}
