/// A JSON value that keeps object members in document order and numbers as their literal text.
///
/// The one JSON value of the package: schemas, transcripts and request bodies are built and read
/// as this type. Two properties matter to its users:
///
/// - **Order.** Object members keep the order they were written or read in, and duplicate keys are
///   kept as they came. A schema's `properties` order is the order in which the model generates
///   them, and Apple's framework writes members in declaration order.
/// - **Exact numbers.** A number is its JSON text (`"0.1"`, `"-1.50e3"`), never a `Double`, so that
///   schema bounds such as `multipleOf: 0.01` compare exactly and values print as they were made.
///
/// Equality is structural: numbers compare by text and objects by members in order. Compare
/// numbers by value with ``doubleValue`` (or exactly, as the constrained decoder does, by decimal
/// digits).
///
/// ```swift
/// let schema = try JSONReader.read(#"{"type": "number", "multipleOf": 0.01}"#)
/// schema["multipleOf"]   // .number("0.01")
/// schema.jsonText()      // {"type":"number","multipleOf":0.01}
/// ```
public enum JSONValue: Sendable, Hashable {
    /// The literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its JSON text (for example `"-1.50e3"`).
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    indirect case array([JSONValue])
    /// An object whose members keep their order (duplicate keys are kept).
    indirect case object([JSONMember])

    /// The value of the first member named `key`, when this value is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        for member in members where member.key == key { return member.value }
        return nil
    }

    /// The members when this value is an object.
    public var objectMembers: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements when this value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The string when this value is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as the nearest `Double` when this value is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// Whether the value is neither an array nor an object.
    public var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}
