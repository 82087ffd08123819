import ConstrainedDecoding
import JSONValues

// Verbatim subschemas: a schema object that uses a keyword (or a value of one) the schema model
// cannot carry but the decoder enforces is kept as written, its `$ref`s rewritten the way the reader
// maps them, so that it means the same in the document the schema writes. Both dialects decide
// alike, from the object's own keywords, so that what the package writes reads back to itself.

extension JSONSchemaReader {
    /// The keyword that keeps a schema object verbatim, or nil when the model carries all of it.
    ///
    /// That is a keyword the importer reads but the model does not carry (`allOf`, `minLength`, a
    /// format the decoder enforces, …; see `JSONSchemaKeyword.isRepresentableInAppleDialect`), or a
    /// value the model does not carry: `enum`/`const` of anything but strings, or on a type other
    /// than `string`; `items` as a list; `uniqueItems: true`; `additionalProperties` as a schema; an
    /// exclusive bound other than a number on integers; `$ref`, `anyOf` or `oneOf` beside keywords
    /// that constrain; a `oneOf` whose branches may overlap. Values the decoder would refuse as
    /// malformed are left to the model's reading, which names them.
    func verbatimKeyword(in schema: JSONValue) -> String? {
        for member in schema.objectMembers ?? [] {
            let key = member.key
            guard let keyword = JSONSchemaKeyword.named(key),
                JSONSchemaKeyword.importRule(for: key, appleDialect: dialect == .apple) == .read
            else { continue }
            guard keyword.isRepresentableInAppleDialect else {
                if key == "format", case .string(let format) = member.value, !JSONSchemaKeyword.decoderEnforcesFormat(format) {
                    // Why: the decoder notes an unknown format as an annotation; so does the model.
                    continue
                }
                return key
            }
            if !modelCarries(key, member.value, in: schema) { return key }
        }
        return nil
    }

    /// Whether the model carries `key: value` of a schema object whose keywords it carries.
    private func modelCarries(_ key: String, _ value: JSONValue, in schema: JSONValue) -> Bool {
        switch key {
        case "enum", "const":
            return choicesAreCarried(by: schema)
        case "items":
            if case .array = value { return false }
            return true
        case "uniqueItems":
            return value != .bool(true)
        case "additionalProperties":
            if case .object = value { return false }
            return true
        case "exclusiveMinimum", "exclusiveMaximum":
            guard case .number = value, let types = declaredTypes(of: schema) else { return false }
            return types.contains("integer") && !types.contains("number")
        case "$ref":
            return !hasConstrainingKeywords(schema, besides: key)
        case "anyOf", "oneOf":
            guard !hasConstrainingKeywords(schema, besides: key) else { return false }
            guard key == "oneOf", case .array(let branches) = value, branches.count > 1 else { return true }
            // Why: the model's choice is an `anyOf`; a `oneOf` means the same only when no value
            // can match two branches (the decoder's own test of that).
            return JSONSchemaValidation.areMutuallyExclusive(branches, in: document)
        default:
            return true
        }
    }

    /// Whether the model carries the `enum`/`const` of a schema: strings (and `null` in an `enum`,
    /// in JSON Schema) on a string type, or on no type.
    private func choicesAreCarried(by schema: JSONValue) -> Bool {
        if schema["type"] != nil {
            // Why: a malformed `type` is named by the model's reading.
            guard let types = declaredTypes(of: schema), types.allSatisfy(Self.typeNames.contains) else { return true }
            let nullable = dialect == .jsonSchema
            guard types.contains("string"), types.allSatisfy({ $0 == "string" || ($0 == "null" && nullable) }) else { return false }
        }
        if let constant = schema["const"] {
            guard schema["enum"] == nil, case .string = constant else { return false }
            return true
        }
        // Why: an `enum` that is not a non-empty array is named by the model's reading.
        guard case .array(let elements)? = schema["enum"], !elements.isEmpty else { return true }
        var listsAString = false
        for element in elements {
            switch element {
            case .string: listsAString = true
            case .null where dialect == .jsonSchema: continue
            default: return false
            }
        }
        return listsAString
    }

    /// The type names a schema declares, or nil when it declares none (or not as names).
    private func declaredTypes(of schema: JSONValue) -> [String]? {
        switch schema["type"] {
        case .string(let name)?:
            return [name]
        case .array(let elements)?:
            let names = elements.compactMap(\.stringValue)
            return names.count == elements.count ? names : nil
        default:
            return nil
        }
    }

    private static let typeNames: Set<String> = ["object", "array", "string", "integer", "number", "boolean", "null"]

    /// Whether a schema has a keyword, other than `keyword`, that constrains its values (so that
    /// a `$ref` or a choice beside it is not the whole schema).
    private func hasConstrainingKeywords(_ schema: JSONValue, besides keyword: String) -> Bool {
        (schema.objectMembers ?? []).contains { member in
            guard member.key != keyword, let known = JSONSchemaKeyword.named(member.key), !known.isAnnotation else { return false }
            if member.key == "format", case .string(let format) = member.value { return JSONSchemaKeyword.decoderEnforcesFormat(format) }
            return JSONSchemaKeyword.importRule(for: member.key, appleDialect: dialect == .apple) != .dropped
        }
    }

    /// A verbatim node for a schema object: its members as written, less those the node carries
    /// (`description`, and `title` when it names the node) and nested `$defs` (what a `$ref`
    /// uses is imported as a definition), with each `$ref` mapped as `readReference` maps it, and
    /// an `x-order` beside `properties` that lists more than one, as Apple's dialect writes (so
    /// that the order in which they are generated survives readers that lose key order, such as
    /// `JSONDecoder`).
    mutating func verbatimNode(
        _ members: [JSONMember],
        path: String,
        naming: Naming,
        name: String?,
        description: String?
    ) throws(ImportError) -> SchemaNode {
        let titleNamesNode = if case .inline = naming { false } else { true }
        let own = members.filter { member in
            switch member.key {
            case "description", "$defs", "definitions": false
            case "title": !titleNamesNode
            default: true
            }
        }
        let value = try JSONSchemaSubschemas.rewriting(.object(own), path: path) { (members: inout [JSONMember], path: String) throws(ImportError) in
            members.removeAll { $0.key == "$defs" || $0.key == "definitions" }
            for index in members.indices where members[index].key == "$ref" {
                members[index].value = .string(try readReference(members[index].value, path: path).pointer)
            }
            if !members.contains(where: { $0.key == "x-order" }), let index = members.firstIndex(where: { $0.key == "properties" }),
                case .object(let properties) = members[index].value, properties.count > 1
            {
                members.insert(JSONMember("x-order", .array(properties.map { .string($0.key) })), at: index + 1)
            }
        }
        return SchemaNode(name: titleNamesNode ? name : nil, description: description, kind: .verbatim(value))
    }
}

extension SchemaNode {
    /// Whether the node or one below it is a verbatim subschema.
    var containsVerbatim: Bool {
        switch kind {
        case .verbatim: true
        case .object(let properties, _): properties.contains { $0.node.containsVerbatim }
        case .anyOf(let choices): choices.contains { $0.containsVerbatim }
        case .array(let items, _, _): items.containsVerbatim
        case .string, .number, .boolean, .null, .any, .reference, .generable: false
        }
    }
}

extension GenerationSchema {
    /// Whether the schema holds a verbatim subschema (``SchemaKind/verbatim(_:)``).
    var containsVerbatim: Bool {
        root.containsVerbatim || definitions.contains { $0.containsVerbatim }
    }
}
