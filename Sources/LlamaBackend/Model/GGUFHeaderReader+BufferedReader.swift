import Foundation

extension GGUFHeaderReader {
    /// Little-endian reads over a file in chunks of 1 MiB, for walking a GGUF header.
    struct BufferedReader {
        let handle: FileHandle
        /// Read bytes in `buffer[..<end]`, allocated once and reused for every chunk.
        private var buffer: [UInt8] = []
        private var end = 0
        private var position = 0
        static let chunk = 1 << 20

        init(handle: FileHandle) {
            self.handle = handle
        }

        /// The next `count` bytes, or nil where the file ends first.
        mutating func bytes(_ count: Int) -> [UInt8]? {
            var result: [UInt8] = []
            result.reserveCapacity(min(count, Self.chunk))
            return append(count, to: &result) ? result : nil
        }

        /// Appends the next `count` bytes to `bytes`; false where the file ends first.
        mutating func append(_ count: Int, to bytes: inout [UInt8]) -> Bool {
            var needed = count
            while needed > 0 {
                guard fill() else { return false }
                let take = min(needed, end - position)
                bytes += buffer[position..<position + take]
                position += take
                needed -= take
            }
            return true
        }

        /// Calls `body` with the next `count` bytes, in place when the buffer holds them all
        /// (most of the time); false where the file ends first.
        mutating func withBytes(_ count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
            if end - position >= count {
                buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[position..<position + count])) }
                position += count
                return true
            }
            guard let copied = bytes(count) else { return false }
            copied.withUnsafeBufferPointer(body)
            return true
        }

        /// Steps over `count` bytes; false where the file ends first.
        mutating func skip(_ count: UInt64) -> Bool {
            var needed = count
            while needed > 0 {
                let available = UInt64(end - position)
                if needed <= available {
                    position += Int(needed)
                    return true
                }
                needed -= available
                position = end
                // Past the buffer, seek instead of reading what is stepped over.
                if needed > UInt64(Self.chunk) {
                    // Compared as room left, so that a length near 2⁶⁴ cannot overflow the sum.
                    guard let offset = try? handle.offset(), let fileEnd = try? handle.seekToEnd(), offset <= fileEnd, needed <= fileEnd - offset
                    else { return false }
                    do { try handle.seek(toOffset: offset + needed) } catch { return false }
                    return true
                }
                guard fill() else { return false }
            }
            return true
        }

        mutating func u8() -> UInt8? {
            integer(UInt8.self)
        }

        mutating func u16() -> UInt16? {
            integer(UInt16.self)
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
            if end - position >= size {
                value = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: position, as: Value.self) }
                position += size
                return Value(littleEndian: value)
            }
            guard let bytes = bytes(size) else { return nil }
            for byte in bytes.reversed() { value = value << 8 | Value(byte) }
            return value
        }

        /// The length of a GGUF string (8 bytes before its bytes), when it is one that can be
        /// held in memory.
        mutating func stringLength() -> Int? {
            guard let length = u64(), length <= UInt64(Int32.max) else { return nil }
            return Int(length)
        }

        /// A GGUF string: its length (8 bytes) and its bytes.
        mutating func string() -> [UInt8]? {
            guard let length = stringLength() else { return nil }
            return bytes(length)
        }

        /// Makes sure unread bytes are buffered; false at the end of the file.
        private mutating func fill() -> Bool {
            if position < end { return true }
            if buffer.isEmpty { buffer = [UInt8](repeating: 0, count: Self.chunk) }
            let descriptor = handle.fileDescriptor
            var count = -1
            while count < 0 {
                count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunk) }
                if count < 0, errno != EINTR { count = 0 }
            }
            end = count
            position = 0
            return count > 0
        }
    }
}
