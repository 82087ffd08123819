/// How a JSON Schema is turned into a grammar.
public struct JSONSchemaOptions: Sendable, Hashable {
    /// The whitespace layout of generated JSON (``JSONLayout/canonical`` by default).
    public var layout: JSONLayout
    /// Whether objects that do not mention `additionalProperties` may get extra members.
    ///
    /// JSON Schema allows them; generation usually should not invent fields, so the default is
    /// `false` (the output still validates, since omitting extra members is always allowed).
    public var allowsUndeclaredProperties: Bool

    /// Creates options.
    public init(layout: JSONLayout = .canonical, allowsUndeclaredProperties: Bool = false) {
        self.layout = layout
        self.allowsUndeclaredProperties = allowsUndeclaredProperties
    }
}

extension Grammar {
    /// Compiles JSON Schema text (Apple's `GenerationSchema` dialect or standard JSON Schema).
    /// - Throws: ``SchemaError`` naming the keyword and path of anything that cannot be enforced.
    public static func jsonSchema(_ text: String, options: JSONSchemaOptions = JSONSchemaOptions()) throws(SchemaError) -> Grammar {
        try jsonSchema(JSONReader.parse(text), options: options)
    }

    /// Compiles a parsed JSON Schema document.
    /// - Throws: ``SchemaError`` naming the keyword and path of anything that cannot be enforced.
    public static func jsonSchema(_ document: JSONValue, options: JSONSchemaOptions = JSONSchemaOptions()) throws(SchemaError) -> Grammar {
        var compiler = JSONSchemaCompiler(document: document, options: options)
        let value = try compiler.compile(document, path: "#")
        let root = try compiler.builder.rule(value)
        return Grammar(rules: compiler.builder.rules, root: root, notes: compiler.notes)
    }
}
