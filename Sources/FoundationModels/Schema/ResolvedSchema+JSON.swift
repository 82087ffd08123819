/// Writes a resolved schema as JSON Schema in Apple's dialect.
///
/// Keys come in a fixed order (`title`, `description`, `type`, the type's keywords, `anyOf`, `$ref`,
/// then `$defs` at the root), `properties` in declaration order, and `x-order` lists them again so
/// that readers that lose key order (`JSONDecoder`) still know it.
extension ResolvedSchema {
    func jsonValue() -> JSONValue {
        var members = Self.members(of: root, description: root.description, includeTitle: true)
        if !definitions.isEmpty {
            members.append(("$defs", .object(definitions.map { definition in
                (definition.name, .object(Self.members(of: definition.node, description: definition.node.description, includeTitle: true)))
            })))
        }
        return .object(members)
    }

    /// The members of one schema object.
    ///
    /// - Parameters:
    ///   - node: The node to write.
    ///   - description: The description to write (a property's own, or the node's).
    ///   - includeTitle: Whether to write the node's name as `title` (roots and definitions).
    private static func members(of node: SchemaNode, description: String?, includeTitle: Bool) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        if includeTitle, let name = node.name { members.append(("title", .string(name))) }
        if let description { members.append(("description", .string(description))) }
        switch node.kind {
        case .object(let properties, _):
            members.append(("type", .string("object")))
            members.append(("properties", .object(properties.map { property in
                (property.name, .object(Self.members(
                    of: property.node,
                    description: property.description ?? property.node.description,
                    includeTitle: false
                )))
            })))
            members.append(("required", .array(properties.filter { !$0.isOptional }.map { .string($0.name) })))
            members.append(("x-order", .array(properties.map { .string($0.name) })))
            members.append(("additionalProperties", .bool(false)))
        case .anyOf(let choices):
            members.append(("anyOf", .array(choices.map { .object(Self.members(of: $0, description: $0.description, includeTitle: false)) })))
        case .string(let constraints):
            members.append(("type", .string("string")))
            if let choices = constraints.choices { members.append(("enum", .array(choices.map(JSONValue.string)))) }
            if let pattern = constraints.pattern { members.append(("pattern", .string(pattern))) }
        case .number(let constraints):
            members.append(("type", .string(constraints.isInteger ? "integer" : "number")))
            if let minimum = constraints.minimum { members.append(("minimum", .number(minimum.jsonText))) }
            if let maximum = constraints.maximum { members.append(("maximum", .number(maximum.jsonText))) }
        case .boolean:
            members.append(("type", .string("boolean")))
        case .null:
            members.append(("type", .string("null")))
        case .any:
            break
        case .array(let items, let minimum, let maximum):
            members.append(("type", .string("array")))
            members.append(("items", .object(Self.members(of: items, description: items.description, includeTitle: false))))
            if let minimum { members.append(("minItems", .number(String(minimum)))) }
            if let maximum { members.append(("maxItems", .number(String(maximum)))) }
        case .reference(.root):
            members.append(("$ref", .string("#")))
        case .reference(.named(let name)):
            members.append(("$ref", .string("#/$defs/\(escapePointer(name))")))
        case .generable(let type, _):
            // Why: resolution replaces every type reference; reaching one is an internal error.
            preconditionFailure("unresolved type \(type) in a resolved schema")
        }
        return members
    }

    /// A name escaped for a JSON Pointer (`~` → `~0`, `/` → `~1`).
    static func escapePointer(_ name: String) -> String {
        name.replacing("~", with: "~0").replacing("/", with: "~1")
    }
}
