public import JSONValues

/// How a JSON Schema is turned into a grammar.
public struct JSONSchemaOptions: Sendable, Hashable {
    /// The whitespace layout of generated JSON (``JSONLayout/canonical`` by default).
    public var layout: JSONLayout
    /// Whether objects that do not mention `additionalProperties` may get extra members.
    ///
    /// JSON Schema allows them; generation usually should not invent fields, so the default is
    /// `false` (the output still validates, since omitting extra members is always allowed).
    public var allowsUndeclaredProperties: Bool
    /// The most automaton states the grammar of one schema may have; a schema that needs more is
    /// refused with ``SchemaError/tooLarge(keyword:path:reason:)`` (keyword `schema`), naming the
    /// part being compiled when the bound was crossed.
    ///
    /// Compile time and the grammar's tables grow with this count, so it bounds both: on the AMD
    /// EPYC build machine the largest schema of the JSON Schema Bench dev split (324 KB, 159,090
    /// states) compiles in about 0.4 s. The default, 400,000, admits every schema of that split.
    public var maximumAutomatonStates: Int
    /// Whether a string with a pattern and a length bound too large to inline counts its
    /// characters beside its automaton (``CharacterCounter``) rather than in a product automaton;
    /// tests turn it off to compare the two.
    var countsCharactersBeside = true
    /// Whether a subschema reached again below the root reuses what it compiled to the first time
    /// (``SubschemaKey``); tests turn it off to compare the two grammars.
    var remembersSubschemas = true

    /// Creates options.
    public init(layout: JSONLayout = .canonical, allowsUndeclaredProperties: Bool = false, maximumAutomatonStates: Int = 400_000) {
        self.layout = layout
        self.allowsUndeclaredProperties = allowsUndeclaredProperties
        self.maximumAutomatonStates = maximumAutomatonStates
    }
}

extension Grammar {
    /// Compiles JSON Schema text (Apple's `GenerationSchema` dialect or standard JSON Schema).
    ///
    /// A thin wrapper for benchmarks and tests: it reads the text with ``JSONReader`` and compiles
    /// the value. The package itself hands schemas over as values, to the `JSONValue` overload.
    /// - Throws: ``SchemaError`` naming the keyword and path of anything that cannot be enforced,
    ///   or ``SchemaError/invalidJSON(offset:reason:)`` when the text is not JSON.
    public static func jsonSchema(_ text: String, options: JSONSchemaOptions = JSONSchemaOptions()) throws(SchemaError) -> Grammar {
        let document: JSONValue
        do {
            document = try JSONReader.read(text)
        } catch {
            throw .invalidJSON(offset: error.offset, reason: error.reason)
        }
        return try jsonSchema(document, options: options)
    }

    /// Compiles a parsed JSON Schema document.
    /// - Throws: ``SchemaError`` naming the keyword and path of anything that cannot be enforced.
    public static func jsonSchema(_ document: JSONValue, options: JSONSchemaOptions = JSONSchemaOptions()) throws(SchemaError) -> Grammar {
        var compiler = JSONSchemaCompiler(document: document, options: options)
        let value = try compiler.compile(document, path: "#")
        let root = try compiler.builder.rule(value)
        try compiler.checkBudget(path: "#")
        let grammar = Grammar(rules: compiler.builder.rules, root: root, notes: compiler.notes)
        // A schema with no instance is refused naming the contradiction that emptied it, when a
        // part of it had one, rather than only the root.
        if let contradiction = compiler.firstContradiction {
            do {
                _ = try grammar.validated()
            } catch {
                guard case .unsatisfiable = error, case .unsatisfiable(let keyword, let path, let reason) = contradiction else { throw error }
                throw .unsatisfiable(keyword: keyword, path: path, reason: "no value satisfies the schema; this part has none: \(reason)")
            }
        }
        return grammar
    }
}
