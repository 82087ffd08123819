/// A multiply-and-shift mix over 64-bit words, far cheaper than `Hasher` over bytes: it only picks
/// candidates among rules or automata that are then compared in full, so its quality need only
/// keep unequal values apart most of the time.
struct FingerprintMix {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func add(_ word: UInt64) {
        value = (value ^ word) &* 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 29
    }

    /// Adds the bytes eight at a time, then the rest with the count.
    mutating func add(words bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= bytes.count {
            add(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail = UInt64(bytes.count)
        while offset < bytes.count {
            tail = tail << 8 | UInt64(bytes[offset])
            offset += 1
        }
        add(tail)
    }
}
