/// One member of a JSON object: a key and its value.
public struct JSONMember: Sendable, Hashable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// Creates a member from a key and a value, for building objects tersely.
    ///
    /// ```swift
    /// let point = JSONValue.object([JSONMember("x", .number("1")), JSONMember("y", .number("2"))])
    /// ```
    public init(_ key: String, _ value: JSONValue) {
        self.init(key: key, value: value)
    }
}
