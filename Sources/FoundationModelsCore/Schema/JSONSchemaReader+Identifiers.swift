import JSONValues

// References by identifier: `#name` (an `$anchor`, or an `$id` of the form `#name`) and
// `base#fragment` (a schema of the document whose `$id` is, or ends with, `base`). The decoder
// resolves them inside the document; the reader maps them to the JSON Pointer of the schema they
// lead to, so that they become references like any other (and work in Apple's dialect, which
// has neither anchors nor identifiers).

extension JSONSchemaReader {
    /// Reads a reference by identifier as the reference by JSON Pointer it stands for.
    mutating func readIdentifiedReference(_ reference: String, path: String) throws(ImportError) -> SchemaReference {
        guard dialect == .jsonSchema, let tokens = Self.tokens(ofIdentified: reference, in: document) else {
            throw .unresolvedReference(reference, path: path)
        }
        if tokens.isEmpty { return .root }
        return try readReference(.string("#/" + tokens.map(Self.escape).joined(separator: "/")), path: path)
    }

    /// The JSON Pointer tokens of the schema a reference by identifier leads to, found as the
    /// decoder finds it (depth first, in document order), or nil when there is none.
    static func tokens(ofIdentified reference: String, in document: JSONValue) -> [String]? {
        guard let hash = reference.firstIndex(of: "#") else { return nil }
        let base = String(reference[..<hash])
        let fragment = reference[reference.index(after: hash)...]
        var start: [String] = []
        if !base.isEmpty {
            guard let found = tokens(in: document, where: { identifier(of: $0).map { $0 == base || $0.hasSuffix("/" + base) } ?? false }) else {
                return nil
            }
            start = found
        }
        if fragment.isEmpty { return start }
        guard !fragment.hasPrefix("/") else {
            let pointer = fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { unescape(String($0)) }
            return value(at: start + pointer, in: document) == nil ? nil : start + pointer
        }
        let name = String(fragment)
        return tokens(in: document) { $0["$anchor"]?.stringValue == name || ($0["$id"] ?? $0["id"])?.stringValue == "#" + name }
    }

    /// A schema's `$id` (or draft 4's `id`) without a trailing `#`.
    private static func identifier(of schema: JSONValue) -> String? {
        (schema["$id"] ?? schema["id"])?.stringValue.map { $0.hasSuffix("#") ? String($0.dropLast()) : $0 }
    }

    /// The tokens of the first value, depth first, for which `matches` holds.
    private static func tokens(in value: JSONValue, where matches: (JSONValue) -> Bool) -> [String]? {
        if matches(value) { return [] }
        switch value {
        case .object(let members):
            for member in members {
                if let rest = tokens(in: member.value, where: matches) { return [member.key] + rest }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let rest = tokens(in: element, where: matches) { return [String(index)] + rest }
            }
        case .null, .bool, .number, .string:
            break
        }
        return nil
    }
}
