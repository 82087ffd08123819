import JSONValues

/// Writes a resolved schema as JSON Schema in Apple's dialect.
///
/// Keys come in a fixed order (`title`, `description`, `type`, the type's keywords, `anyOf`, `$ref`,
/// then `$defs` at the root), `properties` in declaration order, and `x-order` lists them again so
/// that readers that lose key order (`JSONDecoder`) still know it. A verbatim subschema is written
/// as it was read, after its `title` and `description`.
extension ResolvedSchema {
    func jsonValue() -> JSONValue {
        var members = Self.members(of: root, description: root.description, includeTitle: true)
        if !definitions.isEmpty {
            members.append(
                JSONMember(
                    "$defs",
                    .object(
                        definitions.map { definition in
                            JSONMember(definition.name, Self.schema(of: definition.node, description: definition.node.description, includeTitle: true))
                        })))
        }
        return .object(members)
    }

    /// One schema: an object of ``members(of:description:includeTitle:)``, or a verbatim `false`
    /// as is.
    private static func schema(of node: SchemaNode, description: String?, includeTitle: Bool) -> JSONValue {
        if case .verbatim(let value) = node.kind, value.objectMembers == nil { return value }
        return .object(members(of: node, description: description, includeTitle: includeTitle))
    }

    /// The members of one schema object.
    ///
    /// - Parameters:
    ///   - node: The node to write.
    ///   - description: The description to write (a property's own, or the node's).
    ///   - includeTitle: Whether to write the node's name as `title` (roots and definitions).
    private static func members(of node: SchemaNode, description: String?, includeTitle: Bool) -> [JSONMember] {
        var members: [JSONMember] = []
        if includeTitle, let name = node.name { members.append(JSONMember("title", .string(name))) }
        if let description { members.append(JSONMember("description", .string(description))) }
        switch node.kind {
        case .object(let properties, _):
            members.append(JSONMember("type", .string("object")))
            members.append(
                JSONMember(
                    "properties",
                    .object(
                        properties.map { property in
                            JSONMember(
                                property.name,
                                Self.schema(
                                    of: property.node,
                                    description: property.description ?? property.node.description,
                                    includeTitle: false
                                ))
                        })))
            members.append(JSONMember("required", .array(properties.filter { !$0.isOptional }.map { .string($0.name) })))
            members.append(JSONMember("x-order", .array(properties.map { .string($0.name) })))
            members.append(JSONMember("additionalProperties", .bool(false)))
        case .anyOf(let choices):
            members.append(JSONMember("anyOf", .array(choices.map { Self.schema(of: $0, description: $0.description, includeTitle: false) })))
        case .string(let constraints):
            members.append(JSONMember("type", .string("string")))
            if let choices = constraints.choices { members.append(JSONMember("enum", .array(choices.map(JSONValue.string)))) }
            if let pattern = constraints.pattern { members.append(JSONMember("pattern", .string(pattern))) }
        case .number(let constraints):
            members.append(JSONMember("type", .string(constraints.isInteger ? "integer" : "number")))
            if let minimum = constraints.minimum { members.append(JSONMember("minimum", .number(minimum.jsonText))) }
            if let maximum = constraints.maximum { members.append(JSONMember("maximum", .number(maximum.jsonText))) }
        case .boolean:
            members.append(JSONMember("type", .string("boolean")))
        case .null:
            members.append(JSONMember("type", .string("null")))
        case .any:
            break
        case .array(let items, let minimum, let maximum):
            members.append(JSONMember("type", .string("array")))
            members.append(JSONMember("items", Self.schema(of: items, description: items.description, includeTitle: false)))
            if let minimum { members.append(JSONMember("minItems", .number(String(minimum)))) }
            if let maximum { members.append(JSONMember("maxItems", .number(String(maximum)))) }
        case .reference(let reference):
            members.append(JSONMember("$ref", .string(reference.pointer)))
        case .verbatim(.object(let own)):
            members += own
        case .verbatim(let value):
            // Why: only the root is written as an object whatever it is (to hold `$defs`); the
            // importer keeps no Boolean root, but `false` has an object spelling should one arrive.
            if value == .bool(false) { members.append(JSONMember("not", .object([]))) }
        case .generable(let type, _):
            // Why: resolution replaces every type reference; reaching one is an internal error.
            preconditionFailure("unresolved type \(type) in a resolved schema")
        }
        return members
    }
}
