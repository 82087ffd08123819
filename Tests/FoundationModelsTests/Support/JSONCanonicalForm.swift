import JSONValues

/// JSON in a form that compares as JSON Schema compares values: object members in key order,
/// numbers by value. For documents that went through `JSONEncoder`/`JSONDecoder`, which keep
/// neither key order nor the spelling of numbers.
enum JSONCanonicalForm {
    static func value(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            .object(members.map { JSONMember($0.key, Self.value($0.value)) }.sorted { $0.key < $1.key })
        case .array(let elements):
            .array(elements.map(Self.value))
        case .number(let text):
            .number(Double(text).map(JSONValue.numberText) ?? text)
        case .null, .bool, .string:
            value
        }
    }

    static func text(of value: JSONValue) -> String {
        Self.value(value).jsonText()
    }
}
