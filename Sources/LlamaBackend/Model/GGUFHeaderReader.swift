import Foundation

/// Reads one string array from a GGUF file's header (such as `general.languages`) by walking the
/// key-value pairs in order and stepping over the others, without building them.
///
/// llama.cpp's metadata accessors leave arrays out, and its `gguf_init_from_file` builds every
/// value of the header, the vocabulary's strings and merges included: 33–45 ms for
/// Qwen2.5-Coder-0.5B's 151,936 tokens on a 2-core Xeon, paid by the first request of every `fm`
/// process for the language check. Stepping over the same header reads its bytes once and keeps
/// only the wanted array.
///
/// The file is external input: a header that ends early, a length beyond the file, an unknown
/// type or arrays nested too deep end the walk, and the array reads as absent.
enum GGUFHeaderReader {
    /// The strings of the array `key` in the GGUF file at `path`; empty when the file cannot be
    /// read, is not GGUF version 2 or later, or has no such key holding strings.
    static func stringArray(_ key: String, inFileAt path: String) -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        var reader = BufferedReader(handle: handle)
        guard reader.bytes(4) == Array("GGUF".utf8), let version = reader.u32(), version >= 2,
            reader.u64() != nil, let pairs = reader.u64()
        else { return [] }
        let wanted = Array(key.utf8)
        for _ in 0..<pairs {
            guard let name = reader.string(), let type = reader.u32() else { return [] }
            if name == wanted {
                guard type == ValueType.array, reader.u32() == ValueType.string, let count = reader.u64() else { return [] }
                var strings: [String] = []
                for _ in 0..<count {
                    guard let bytes = reader.string() else { return [] }
                    strings.append(String(decoding: bytes, as: UTF8.self))
                }
                return strings
            }
            guard reader.skipValue(of: type, depth: 0) else { return [] }
        }
        return []
    }

    /// The value types of GGUF's key-value pairs (`gguf_type`).
    enum ValueType {
        static let string: UInt32 = 8
        static let array: UInt32 = 9

        /// The bytes of one value of a fixed-size type; nil for strings, arrays and unknown types.
        static func size(of type: UInt32) -> UInt64? {
            switch type {
            case 0, 1, 7: 1  // uint8, int8, bool
            case 2, 3: 2  // uint16, int16
            case 4, 5, 6: 4  // uint32, int32, float32
            case 10, 11, 12: 8  // uint64, int64, float64
            default: nil
            }
        }
    }

    /// Little-endian reads over a file in chunks of 1 MiB.
    struct BufferedReader {
        let handle: FileHandle
        private var buffer: [UInt8] = []
        private var position = 0
        static let chunk = 1 << 20
        /// Arrays inside arrays deeper than this end the walk.
        static let maximumDepth = 8

        init(handle: FileHandle) {
            self.handle = handle
        }

        /// The next `count` bytes, or nil where the file ends first.
        mutating func bytes(_ count: Int) -> [UInt8]? {
            var result: [UInt8] = []
            result.reserveCapacity(min(count, Self.chunk))
            var needed = count
            while needed > 0 {
                guard fill() else { return nil }
                let take = min(needed, buffer.count - position)
                result += buffer[position..<position + take]
                position += take
                needed -= take
            }
            return result
        }

        /// Steps over `count` bytes; false where the file ends first.
        mutating func skip(_ count: UInt64) -> Bool {
            var needed = count
            while needed > 0 {
                let available = UInt64(buffer.count - position)
                if needed <= available {
                    position += Int(needed)
                    return true
                }
                needed -= available
                position = buffer.count
                // Past the buffer, seek instead of reading what is stepped over.
                if needed > UInt64(Self.chunk) {
                    // Compared as room left, so that a length near 2⁶⁴ cannot overflow the sum.
                    guard let offset = try? handle.offset(), let end = try? handle.seekToEnd(), offset <= end, needed <= end - offset
                    else { return false }
                    do { try handle.seek(toOffset: offset + needed) } catch { return false }
                    return true
                }
                guard fill() else { return false }
            }
            return true
        }

        mutating func u32() -> UInt32? {
            integer(UInt32.self)
        }

        mutating func u64() -> UInt64? {
            integer(UInt64.self)
        }

        /// A little-endian integer, read in place when the buffer holds it (most of the time).
        private mutating func integer<Value: FixedWidthInteger & UnsignedInteger>(_: Value.Type) -> Value? {
            let size = MemoryLayout<Value>.size
            var value: Value = 0
            if buffer.count - position >= size {
                for index in stride(from: position + size - 1, through: position, by: -1) { value = value << 8 | Value(buffer[index]) }
                position += size
                return value
            }
            guard let bytes = bytes(size) else { return nil }
            for byte in bytes.reversed() { value = value << 8 | Value(byte) }
            return value
        }

        /// A GGUF string: its length (8 bytes) and its bytes.
        mutating func string() -> [UInt8]? {
            guard let length = u64(), length <= UInt64(Int32.max) else { return nil }
            return bytes(Int(length))
        }

        /// Steps over one value of `type`; false where the header is cut short or malformed.
        mutating func skipValue(of type: UInt32, depth: Int) -> Bool {
            if let size = ValueType.size(of: type) { return skip(size) }
            switch type {
            case ValueType.string:
                guard let length = u64() else { return false }
                return skip(length)
            case ValueType.array:
                guard depth < Self.maximumDepth, let elementType = u32(), let count = u64() else { return false }
                if let size = ValueType.size(of: elementType) {
                    let (total, overflow) = size.multipliedReportingOverflow(by: count)
                    return !overflow && skip(total)
                }
                for _ in 0..<count where !skipValue(of: elementType, depth: depth + 1) {
                    return false
                }
                return true
            default:
                return false
            }
        }

        /// Makes sure unread bytes are buffered; false at the end of the file.
        private mutating func fill() -> Bool {
            if position < buffer.count { return true }
            guard let data = try? handle.read(upToCount: Self.chunk), !data.isEmpty else { return false }
            buffer = [UInt8](data)
            position = 0
            return true
        }
    }
}
