/// Numbers the states of a product automaton as its construction discovers them, by a key that
/// encodes the state's components: in a flat table when the key space is small (at most
/// ``denseLimit`` keys), in a dictionary otherwise.
struct ProductStateIndex {
    /// The largest key space numbered in a flat table (16 MiB of `Int32`).
    static let denseLimit = 1 << 22

    private var table: [Int32]
    private var dictionary: [Int: Int32] = [:]
    private let isDense: Bool

    /// An empty index for keys in `0..<keySpace`.
    init(keySpace: Int) {
        isDense = keySpace <= Self.denseLimit
        table = [Int32](repeating: -1, count: isDense ? keySpace : 0)
    }

    /// The number given to `key`, if any.
    subscript(key: Int) -> Int32? {
        if isDense {
            let number = table[key]
            return number >= 0 ? number : nil
        }
        return dictionary[key]
    }

    /// Gives `key` its number.
    mutating func assign(_ number: Int32, to key: Int) {
        if isDense { table[key] = number } else { dictionary[key] = number }
    }
}
