import JSONValues

/// Where a JSON Schema value holds subschemas (`items`, `not`, `properties`' values, `allOf`'s
/// elements, …) and where it holds data (`enum`, `const`, `default`, `required`, …), so that a walk
/// over a verbatim subschema rewrites `$ref`s and annotations only where they mean that.
enum JSONSchemaSubschemas {
    /// Keywords whose value is one schema.
    static let single: Set<String> = [
        "additionalProperties", "unevaluatedProperties", "propertyNames", "additionalItems", "unevaluatedItems", "contains",
        "not", "if", "then", "else", "items"
    ]
    /// Keywords whose value is a list of schemas.
    static let lists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    /// Keywords whose value maps names (or patterns) to schemas; `dependencies` maps some to lists
    /// of names, which are left alone.
    static let maps: Set<String> = ["properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"]

    /// The schema with `body` applied to each schema object in it, outermost first.
    ///
    /// - Parameters:
    ///   - schema: A schema (an object or a Boolean; Booleans have no members to visit).
    ///   - path: The schema's JSON Pointer, extended for each subschema visited.
    ///   - body: Gets an object's members and its path, and may change them before the walk goes
    ///     into the subschemas they then hold.
    static func rewriting<Failure: Error>(
        _ schema: JSONValue,
        path: String,
        _ body: (inout [JSONMember], String) throws(Failure) -> Void
    ) throws(Failure) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        try body(&members, path)
        for index in members.indices {
            let key = members[index].key
            let keyPath = "\(path)/\(JSONPointer.escape(key))"
            switch members[index].value {
            case .object(let entries) where maps.contains(key):
                var rewritten: [JSONMember] = []
                for entry in entries {
                    rewritten.append(JSONMember(entry.key, try rewriting(entry.value, path: "\(keyPath)/\(JSONPointer.escape(entry.key))", body)))
                }
                members[index].value = .object(rewritten)
            case .object where single.contains(key):
                members[index].value = try rewriting(members[index].value, path: keyPath, body)
            case .array(let elements) where lists.contains(key):
                var rewritten: [JSONValue] = []
                for (offset, element) in elements.enumerated() {
                    rewritten.append(try rewriting(element, path: "\(keyPath)/\(offset)", body))
                }
                members[index].value = .array(rewritten)
            default:
                break
            }
        }
        return .object(members)
    }

    /// The `$ref`s of a schema and its subschemas, outermost first.
    static func references(in schema: JSONValue) -> [String] {
        var references: [String] = []
        _ = rewriting(schema, path: "#") { members, _ in
            for member in members where member.key == "$ref" {
                if case .string(let reference) = member.value { references.append(reference) }
            }
        }
        return references
    }

    /// The schema with each string `$ref` in it replaced by `transform`'s answer.
    static func mappingReferences(in schema: JSONValue, _ transform: (String) -> String) -> JSONValue {
        rewriting(schema, path: "#") { members, _ in
            for index in members.indices where members[index].key == "$ref" {
                if case .string(let reference) = members[index].value { members[index].value = .string(transform(reference)) }
            }
        }
    }

    /// The schema without the annotations that describe rather than constrain (`title`,
    /// `description`, `$comment`, `examples`, `example`) at any depth: what a prompt shows of it.
    static func withoutDescriptions(_ schema: JSONValue) -> JSONValue {
        let descriptive: Set<String> = ["title", "description", "$comment", "examples", "example"]
        return rewriting(schema, path: "#") { members, _ in
            members.removeAll { descriptive.contains($0.key) }
        }
    }
}
