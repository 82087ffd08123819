/// JSON Pointer (RFC 6901): the escaping of its reference tokens and the walk they describe.
///
/// The one place that knows that `~0` is `~` and `~1` is `/`: the schema compiler, the schema
/// importer and the schema writer all go through it.
package enum JSONPointer {
    /// A key or index escaped as a reference token (`~` → `~0`, then `/` → `~1`).
    package static func escape(_ token: String) -> String {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacing("~", with: "~0").replacing("/", with: "~1")
    }

    /// A reference token unescaped (`~1` → `/`, then `~0` → `~`, so that `~01` reads as `~1`).
    package static func unescape(_ token: some StringProtocol) -> String {
        // Most tokens hold no escape; `replacing` would search each one twice regardless.
        guard token.utf8.contains(UInt8(ascii: "~")) else { return String(token) }
        return String(token).replacing("~1", with: "/").replacing("~0", with: "~")
    }

    /// The unescaped reference tokens of a pointer such as `/properties/a~1b` (empty for `""`), or
    /// nil when a non-empty pointer does not start with `/`.
    package static func tokens(_ pointer: some StringProtocol) -> [String]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.first == "/" else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { unescape($0) }
    }

    /// The pointer of unescaped reference tokens (the inverse of ``tokens(_:)``).
    package static func pointer(_ tokens: [String]) -> String {
        tokens.map { "/" + escape($0) }.joined()
    }
}

extension JSONValue {
    /// The value that unescaped reference tokens lead to: object members by key (the first of
    /// repeated keys), array elements by decimal index; nil when they lead nowhere.
    package func value(at tokens: some Sequence<String>) -> JSONValue? {
        var current = self
        for token in tokens {
            switch current {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .null, .bool, .number, .string:
                return nil
            }
        }
        return current
    }
}
