/// Sets of automaton states, each a sorted list of state numbers, numbered in the order they are
/// first added: the subsets (and kernels) of subset construction.
///
/// The sets lie end to end in one array and are found through an open-addressed table of their
/// fingerprints, so that looking one up hashes a buffer of integers a word at a time, without an
/// array or a `Hasher` call per state (a dictionary keyed by `[Int32]` spent most of the
/// construction's time hashing and retaining its keys).
struct StateSetTable {
    /// The members of all sets, one after another.
    private(set) var members: [Int32] = []
    /// Where each set starts in ``members``; the last entry is where the next one will.
    private var starts: [Int] = [0]
    private var fingerprints: [UInt64] = []
    /// Set numbers by fingerprint, -1 where empty; its size is a power of two at least twice the
    /// number of sets.
    private var slots = [Int32](repeating: -1, count: 64)

    /// The number of sets.
    var count: Int { starts.count - 1 }

    /// The positions in ``members`` of set `number`'s members.
    func positions(of number: Int) -> Range<Int> {
        starts[number]..<starts[number + 1]
    }

    /// The number of `set` (sorted, without repeats), and whether this call added it.
    mutating func insert(_ set: [Int32]) -> (number: Int32, inserted: Bool) {
        let fingerprint = Self.fingerprint(of: set)
        let (slot, found) = find(set, fingerprint: fingerprint)
        if let found { return (found, false) }
        let number = Int32(count)
        slots[slot] = number
        fingerprints.append(fingerprint)
        members += set
        starts.append(members.count)
        if count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// The number of `set`, if it was added.
    func number(of set: [Int32]) -> Int32? {
        find(set, fingerprint: Self.fingerprint(of: set)).number
    }

    /// The slot holding `set`'s number, or the empty slot where it would go.
    private func find(_ set: [Int32], fingerprint: UInt64) -> (slot: Int, number: Int32?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: fingerprint >> 32) & mask
        while true {
            let number = Int(slots[slot])
            if number < 0 { return (slot, nil) }
            if fingerprints[number] == fingerprint, holds(set, at: number) { return (slot, Int32(number)) }
            slot = (slot + 1) & mask
        }
    }

    private func holds(_ set: [Int32], at number: Int) -> Bool {
        let start = starts[number]
        guard starts[number + 1] - start == set.count else { return false }
        for offset in set.indices where members[start + offset] != set[offset] { return false }
        return true
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for number in 0..<count {
            var slot = Int(truncatingIfNeeded: fingerprints[number] >> 32) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }

    private static func fingerprint(of set: [Int32]) -> UInt64 {
        var mix = FingerprintMix()
        set.withUnsafeBytes { mix.add(words: $0) }
        return mix.value
    }
}
