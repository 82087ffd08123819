package import JSONValues

/// Where a `$ref` leads inside its document: the one resolver of the schema compiler and the
/// schema importer (`JSONSchemaReader` in the core), so that both find the same schema.
///
/// A reference is resolved inside the document, never fetched:
///
/// - `#` and `#/a/b~1c`: the document, or a JSON Pointer into it (tokens unescaped by
///   ``JSONPointer``, then `%XX` decoded, as a URI fragment is).
/// - `#name`: the first schema (depth first, in document order) whose `$anchor` is `name`, or whose
///   `$id` (draft 4: `id`) is `#name`.
/// - `base#fragment`, `base`: the first schema whose `$id` is, or ends with `/` and, `base`
///   (a trailing `#` ignored), then the fragment inside it (a plain name is still looked up in
///   the whole document).
package struct JSONSchemaReferenceResolver {
    /// The document references resolve in.
    package let document: JSONValue

    /// A resolver for references inside `document`.
    package init(document: JSONValue) {
        self.document = document
    }

    /// The schema `reference` leads to and its reference tokens (empty for the root), or nil when
    /// it leads nowhere. Turn the tokens into a pointer with ``JSONPointer/pointer(_:)``.
    package func resolve(_ reference: String) -> (tokens: [String], schema: JSONValue)? {
        guard let hash = reference.firstIndex(of: "#") else { return nil }
        let base = reference[..<hash]
        let fragment = reference[reference.index(after: hash)...]
        var start: (tokens: [String], schema: JSONValue) = ([], document)
        if !base.isEmpty {
            guard let found = first(where: { Self.identifier(of: $0).map { $0 == base || $0.hasSuffix("/" + base) } ?? false }) else {
                return nil
            }
            start = found
        }
        if fragment.isEmpty { return start }
        guard fragment.hasPrefix("/") else {
            // A plain-name fragment: `$anchor` or an `$id` of the form "#name".
            let name = String(fragment)
            return first { $0["$anchor"]?.stringValue == name || ($0["$id"] ?? $0["id"])?.stringValue == "#" + name }
        }
        guard let pointer = Self.tokens(ofFragment: fragment), let schema = start.schema.value(at: pointer)
        else { return nil }
        return (start.tokens + pointer, schema)
    }

    /// The reference tokens of a fragment that is a JSON Pointer (`/$defs/a%20b~1c` after the `#`):
    /// unescaped, then `%XX`-decoded; nil when the fragment is not a pointer.
    package static func tokens(ofFragment fragment: Substring) -> [String]? {
        JSONPointer.tokens(fragment)?.map(\.removingPercentEncodingIfPossible)
    }

    /// A schema's `$id` (or draft 4's `id`) without a trailing `#`.
    private static func identifier(of schema: JSONValue) -> Substring? {
        (schema["$id"] ?? schema["id"])?.stringValue.map { $0.hasSuffix("#") ? $0.dropLast() : $0[...] }
    }

    /// The first value of the document, depth first, for which `matches` holds, and its tokens.
    private func first(where matches: (JSONValue) -> Bool) -> (tokens: [String], schema: JSONValue)? {
        var path: [String] = []
        return Self.search(document, matches, into: &path).map { (path, $0) }
    }

    /// The first value, `value` or one inside it, that matches; on success `path` holds its tokens.
    private static func search(_ value: JSONValue, _ matches: (JSONValue) -> Bool, into path: inout [String]) -> JSONValue? {
        if matches(value) { return value }
        switch value {
        case .object(let members):
            for member in members {
                path.append(member.key)
                if let found = search(member.value, matches, into: &path) { return found }
                path.removeLast()
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                path.append(String(index))
                if let found = search(element, matches, into: &path) { return found }
                path.removeLast()
            }
        case .null, .bool, .number, .string:
            break
        }
        return nil
    }
}

extension String {
    /// The string with `%XX` escapes decoded, or unchanged when it has none or they are invalid.
    var removingPercentEncodingIfPossible: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        var iterator = Array(utf8)[...]
        while let byte = iterator.first {
            iterator = iterator.dropFirst()
            if byte == UInt8(ascii: "%"), iterator.count >= 2,
                let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
