/// An insertion-ordered dictionary of template values, like a Python `dict`.
///
/// Key order is part of the value: `tojson` and `items()` follow it, exactly as Python does for a
/// `dict` built from JSON. Keys from Swift and JSON are strings; templates may also build
/// dictionaries with integer, float or `none` keys (`{0: 'a'}`), which ``keys`` shows as Python's
/// `json.dumps` would. Equality (`==`) compares keys *in order*; templates compare dictionaries with
/// Python's order-insensitive rule instead.
///
/// ```swift
/// var arguments: TemplateDictionary = ["city": "Paris"]
/// arguments["unit"] = "celsius"
/// arguments.keys  // ["city", "unit"]
/// ```
public struct TemplateDictionary: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The keys, in insertion order.
    private(set) var storedKeys: [DictionaryKey]
    /// The values, in the order of ``keys``.
    public private(set) var values: [TemplateValue]
    /// A hash index, kept only for dictionaries large enough for it to pay off.
    private var index: [DictionaryKey: Int]?

    /// Above this many entries, lookups go through a hash index instead of a linear scan.
    private static let indexThreshold = 12

    /// Creates an empty dictionary.
    public init() {
        storedKeys = []
        values = []
        index = nil
    }

    /// Creates a dictionary from key-value pairs; a repeated key keeps its first position and last value.
    public init(_ pairs: some Sequence<(String, TemplateValue)>) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// Creates a dictionary from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements)
    }

    /// The keys as strings, in insertion order (non-string keys as `json.dumps` writes them).
    public var keys: [String] { storedKeys.map(\.jsonKey) }

    /// The number of entries.
    public var count: Int { storedKeys.count }

    /// Whether the dictionary has no entries.
    public var isEmpty: Bool { storedKeys.isEmpty }

    /// The value for `key`, or `nil`; assigning `nil` removes the entry, assigning a new key appends it.
    public subscript(key: String) -> TemplateValue? {
        get { self[.string(key)] }
        set { self[.string(key)] = newValue }
    }

    /// The value for a key of any hashable type.
    subscript(key: DictionaryKey) -> TemplateValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return values[position]
        }
        set {
            if let newValue {
                if let position = position(of: key) {
                    values[position] = newValue
                } else {
                    storedKeys.append(key)
                    values.append(newValue)
                    if index != nil {
                        index?[key] = storedKeys.count - 1
                    } else if storedKeys.count > Self.indexThreshold {
                        rebuildIndex()
                    }
                }
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Removes the entry for `key`, returning its value if there was one.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> TemplateValue? {
        removeValue(forKey: .string(key))
    }

    @discardableResult
    mutating func removeValue(forKey key: DictionaryKey) -> TemplateValue? {
        guard let position = position(of: key) else { return nil }
        storedKeys.remove(at: position)
        let removed = values.remove(at: position)
        if storedKeys.count > Self.indexThreshold { rebuildIndex() } else { index = nil }
        return removed
    }

    /// Whether `key` has an entry.
    public func contains(key: String) -> Bool { position(of: .string(key)) != nil }

    func contains(key: DictionaryKey) -> Bool { position(of: key) != nil }

    /// The entries as `(key, value)` pairs, in order.
    public var entries: [(key: String, value: TemplateValue)] {
        zip(storedKeys, values).map { (key: $0.jsonKey, value: $1) }
    }

    private func position(of key: DictionaryKey) -> Int? {
        if let index { return index[key] }
        return storedKeys.firstIndex(of: key)
    }

    private mutating func rebuildIndex() {
        var newIndex: [DictionaryKey: Int] = [:]
        newIndex.reserveCapacity(storedKeys.count)
        for (position, key) in storedKeys.enumerated() { newIndex[key] = position }
        index = newIndex
    }

    /// Compares keys in order and values structurally.
    public static func == (lhs: TemplateDictionary, rhs: TemplateDictionary) -> Bool {
        lhs.storedKeys == rhs.storedKeys && lhs.values == rhs.values
    }
}

extension TemplateDictionary: Sequence {
    /// Iterates the entries in insertion order.
    public func makeIterator() -> IndexingIterator<[(key: String, value: TemplateValue)]> {
        entries.makeIterator()
    }
}
