/// A set of token ids as a bitmask of 32-bit words (bit `id % 32` of word `id / 32`).
///
/// This is the layout llama.cpp-style samplers and llguidance use, so the words can be applied to
/// logits directly.
public struct TokenBitmask: Sendable, Hashable {
    /// The words of the mask; bit `id & 31` of `words[id >> 5]` is set when token `id` is allowed.
    public internal(set) var words: [UInt32]
    /// The number of tokens the mask covers.
    public let tokenCount: Int

    /// An empty mask for `tokenCount` tokens.
    public init(tokenCount: Int) {
        self.tokenCount = tokenCount
        self.words = [UInt32](repeating: 0, count: (tokenCount + 31) / 32)
    }

    /// Whether token `id` is allowed.
    @inlinable
    public func contains(_ id: Int) -> Bool {
        guard id >= 0, id < tokenCount else { return false }
        return words[id >> 5] & (1 << UInt32(id & 31)) != 0
    }

    /// Allows token `id`.
    public mutating func insert(_ id: Int) {
        words[id >> 5] |= 1 << UInt32(id & 31)
    }

    /// Forbids token `id`.
    public mutating func remove(_ id: Int) {
        words[id >> 5] &= ~(1 << UInt32(id & 31))
    }

    /// Forbids every token.
    public mutating func removeAll() {
        words.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices { buffer[index] = 0 }
        }
    }

    /// The number of allowed tokens.
    public var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Whether no token is allowed.
    public var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    /// The allowed token ids in increasing order.
    public var allowedTokens: [Int] {
        var result: [Int] = []
        for (index, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                result.append(index << 5 | bit)
                bits &= bits - 1
            }
        }
        return result
    }

    /// Adds every token of `other`.
    mutating func formUnion(_ other: TokenBitmask) {
        words.withUnsafeMutableBufferPointer { target in
            other.words.withUnsafeBufferPointer { source in
                for index in 0..<min(target.count, source.count) { target[index] |= source[index] }
            }
        }
    }
}
