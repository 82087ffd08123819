import JSONValues

// The public API's spellings of the shared JSON value: conversion from generated content, type
// names for error messages, and the two layouts Apple's framework writes.

extension JSONValue {
    /// The value of parsed JSON content; numbers keep the shortest spelling of their `Double` value.
    init(_ content: GeneratedContent) {
        switch content.kind {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(JSONValue.numberText(value))
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .structure(let properties, let keys):
            self = .object(keys.compactMap { key in properties[key].map { JSONMember(key, JSONValue($0)) } })
        }
    }

    /// A short name for the value's JSON type, for error messages.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The JSON text of the value: compact (`{"a":1}`), or indented two spaces a level.
    ///
    /// - Parameter prettyPrinted: Whether to indent members over several lines.
    func serialized(prettyPrinted: Bool = false) -> String {
        jsonText(prettyPrinted ? .indented : .compact)
    }
}
