/// Turns a stream of token bytes into text, holding back a character split across tokens.
///
/// Byte-level BPE tokens may end in the middle of a multi-byte UTF-8 character. `append` returns
/// only complete characters and keeps the incomplete tail for the next token; invalid sequences
/// become U+FFFD, as `String(decoding:as:)` would make them.
package struct UTF8StreamDecoder: Sendable {
    private var pending: [UInt8] = []

    package init() {}

    /// Whether bytes of an unfinished character are being held back.
    package var hasPendingBytes: Bool { !pending.isEmpty }

    /// Adds bytes and returns the text that is now complete.
    package mutating func append(_ bytes: [UInt8]) -> String {
        pending.append(contentsOf: bytes)
        let completeCount = Self.completePrefixLength(of: pending)
        guard completeCount > 0 else { return "" }
        let text = String(decoding: pending[..<completeCount], as: UTF8.self)
        pending.removeFirst(completeCount)
        return text
    }

    /// Returns whatever is held back, with U+FFFD for an unfinished character.
    package mutating func finish() -> String {
        defer { pending.removeAll() }
        return pending.isEmpty ? "" : String(decoding: pending, as: UTF8.self)
    }

    /// The length of the longest prefix that does not end inside a character that could still be
    /// completed by more bytes.
    static func completePrefixLength(of bytes: [UInt8]) -> Int {
        let count = bytes.count
        // A UTF-8 character is at most 4 bytes: only the last 3 bytes can start an unfinished one.
        var index = count - 1
        let lowest = max(0, count - 4)
        while index >= lowest {
            let byte = bytes[index]
            if byte & 0b1100_0000 != 0b1000_0000 {
                // A lead byte (or ASCII): is its sequence complete?
                let needed: Int
                switch byte {
                case 0x00...0x7F: needed = 1
                case 0xC2...0xDF: needed = 2
                case 0xE0...0xEF: needed = 3
                case 0xF0...0xF4: needed = 4
                default: return count  // invalid lead byte: decodes as U+FFFD now
                }
                let available = count - index
                if available >= needed { return count }
                // Incomplete: but only hold back if the continuation bytes so far are valid.
                for offset in 1..<available where bytes[index + offset] & 0b1100_0000 != 0b1000_0000 {
                    return count
                }
                if needed >= 3, available >= 2, !validSecondByte(lead: byte, second: bytes[index + 1]) {
                    return count
                }
                return index
            }
            index -= 1
        }
        return count
    }

    /// Rejects second bytes that make overlong, surrogate or out-of-range sequences.
    private static func validSecondByte(lead: UInt8, second: UInt8) -> Bool {
        switch lead {
        case 0xE0: second >= 0xA0
        case 0xED: second <= 0x9F
        case 0xF0: second >= 0x90
        case 0xF4: second <= 0x8F
        default: true
        }
    }
}
