extension GeneratedContent {
    /// The kinds of value that generated content can hold, mirroring JSON.
    public enum Kind: Equatable, Sendable {
        /// The JSON `null` value.
        case null
        /// A Boolean value.
        case bool(Bool)
        /// A number.
        case number(Double)
        /// A string.
        case string(String)
        /// An ordered list of values.
        case array([GeneratedContent])
        /// An object: its properties by name, and their names in order.
        case structure(properties: [String: GeneratedContent], orderedKeys: [String])
    }
}

extension GeneratedContent.Kind {
    /// Whether every value held by this kind is complete.
    var childrenAreComplete: Bool {
        switch self {
        case .null, .bool, .number, .string:
            true
        case .array(let elements):
            elements.allSatisfy(\.isComplete)
        case .structure(let properties, _):
            properties.values.allSatisfy(\.isComplete)
        }
    }

    /// A short name for the kind, for error messages.
    var name: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .structure: "an object"
        }
    }
}
