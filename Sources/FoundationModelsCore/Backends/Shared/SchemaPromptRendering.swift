import JSONValues

/// How a response schema is described to the model when `includeSchemaInPrompt` is true: a compact,
/// TypeScript-like rendering appended to the prompt, one line per property with its guide.
///
/// ```text
/// Respond with JSON of type NotesDigest.
/// NotesDigest = {
///   summary: string, // A concise one-paragraph summary of the notes.
///   actionItems: ActionItem[], // Every actionable task mentioned in the notes.
/// }
/// ActionItem = {
///   task: string, // A short, imperative description of the task.
///   owner: string, // The person responsible, or 'Unassigned' if unclear.
///   priority: "low" | "medium" | "high",
/// }
/// ```
///
/// It is several times shorter than the JSON Schema text, which matters in a 4,096-token context;
/// decoding enforces the schema either way, so the rendering only has to tell the model what the
/// fields mean. A verbatim subschema (an imported one with `allOf`, `minLength`, …) is shown as its
/// compact JSON Schema, without titles and descriptions.
package enum SchemaPromptRendering {
    /// The text appended to the prompt.
    package static func instruction(for schema: GenerationSchema) -> String {
        "\n\n" + compact(schema)
    }

    /// The instruction a transcript's prompt is written with, or "" for none: the last prompt's
    /// when the request includes schemas, and an earlier one's when it was sent with its schema
    /// (its `contextOptions`), so that earlier turns are written as the model saw them and stay
    /// in the cache. A request that includes none turns them all off.
    package static func instruction(for prompt: Transcript.Prompt, isLast: Bool, included: Bool) -> String {
        guard included, isLast || prompt.contextOptions.includeSchemaInPrompt ?? true, let format = prompt.responseFormat else { return "" }
        return instruction(for: format.schema)
    }

    /// The compact rendering of a schema.
    static func compact(_ schema: GenerationSchema) -> String {
        let resolved = schema.resolved()
        let rootName = resolved.root.name ?? schema.rootTypeName
        var lines = ["Respond with JSON of type \(rootName)."]
        lines.append(contentsOf: declaration(named: rootName, node: resolved.root, rootName: rootName))
        for definition in resolved.definitions {
            lines.append(contentsOf: declaration(named: definition.name, node: definition.node, rootName: rootName))
        }
        return lines.joined(separator: "\n")
    }

    private static func declaration(named name: String, node: SchemaNode, rootName: String) -> [String] {
        var lines: [String] = []
        if let description = node.description { lines.append("// \(name): \(description)") }
        switch node.kind {
        case .object(let properties, _):
            lines.append("\(name) = {")
            for property in properties {
                var line = "  \(property.name)\(property.isOptional ? "?" : ""): \(type(of: property.node, rootName: rootName)),"
                if let description = property.description ?? property.node.description.flatMap({ node.name == nil ? $0 : nil }) {
                    line += " // \(description)"
                }
                lines.append(line)
            }
            lines.append("}")
        default:
            // Why: the declaration shows the body; a named choice or verbatim schema would
            // otherwise be written as its own name.
            var body = node
            body.name = nil
            lines.append("\(name) = \(type(of: body, rootName: rootName))")
        }
        return lines
    }

    /// The type of a node, inline.
    static func type(of node: SchemaNode, rootName: String) -> String {
        switch node.kind {
        case .object(let properties, _):
            if let name = node.name { return name }
            let fields = properties.map { "\($0.name)\($0.isOptional ? "?" : ""): \(type(of: $0.node, rootName: rootName))" }
            return "{" + fields.joined(separator: ", ") + "}"
        case .anyOf(let choices):
            if let name = node.name, node.isDefinition { return name }
            return choices.map { type(of: $0, rootName: rootName) }.joined(separator: " | ")
        case .string(let constraints):
            if let choices = constraints.choices {
                return choices.map(JSONWriter.quoted).joined(separator: " | ")
            }
            if let pattern = constraints.pattern { return "string matching /\(pattern)/" }
            return "string"
        case .number(let constraints):
            var text = constraints.isInteger ? "integer" : "number"
            switch (constraints.minimum, constraints.maximum) {
            case (let minimum?, let maximum?): text += " from \(minimum.jsonText) to \(maximum.jsonText)"
            case (let minimum?, nil): text += " at least \(minimum.jsonText)"
            case (nil, let maximum?): text += " at most \(maximum.jsonText)"
            case (nil, nil): break
            }
            return text
        case .boolean:
            return "boolean"
        case .null:
            return "null"
        case .any:
            return "any JSON"
        case .array(let items, let minimum, let maximum):
            var itemType = type(of: items, rootName: rootName)
            if itemType.contains(" ") { itemType = "(\(itemType))" }
            switch (minimum, maximum) {
            case (let minimum?, let maximum?) where minimum == maximum: return "\(itemType)[] (exactly \(minimum))"
            case (let minimum?, let maximum?): return "\(itemType)[] (\(minimum) to \(maximum) items)"
            case (let minimum?, nil): return "\(itemType)[] (at least \(minimum))"
            case (nil, let maximum?): return "\(itemType)[] (at most \(maximum))"
            case (nil, nil): return "\(itemType)[]"
            }
        case .reference(let reference):
            switch reference {
            case .root: return rootName
            case .named(let name): return name
            }
        case .generable(let type, _):
            return GenerationSchema.typeName(type)
        case .verbatim(let value):
            if let name = node.name, node.isDefinition { return name }
            // Why: the model has no words for `allOf`, `minLength`, …; its JSON Schema, less what
            // only describes, tells the truth compactly.
            return JSONSchemaSubschemas.withoutDescriptions(value).jsonText()
        }
    }
}
