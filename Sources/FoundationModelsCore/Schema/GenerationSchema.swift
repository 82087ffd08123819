package import JSONValues

// Internal helpers for the rest of the package (sessions, transcripts, the decoder bridge):
//
//   func jsonSchemaText(prettyPrinted: Bool = false) -> String          (GenerationSchema)
//   func jsonSchemaValue() -> JSONValue                                  (GenerationSchema)
//       The schema as JSON Schema in Apple's dialect, as text or as a value (`title`, `description`,
//       `type`, `properties` in declaration order, `required`, `x-order`, `additionalProperties:
//       false`, `enum`, `pattern`, `minimum`/`maximum`, `items`/`minItems`/`maxItems`, `anyOf`,
//       `$ref`, then `$defs` last), keys always in that order; a verbatim subschema as it was read.
//       The text for the prompt and the transcript's response format, the value for the
//       constrained decoder. Equal to the `Codable` encoding, which `JSONEncoder` writes with keys
//       in any order.
//   var rootTypeName: String                                             (GenerationSchema)
//       The root's name: its `title` (`NotesDigest`), the type's name (`String`), or the JSON type of
//       an untitled root (`array`). For `Transcript.ResponseFormat.name`.
//   var representsNilExplicitly: Bool                                    (GenerationSchema)
//       Whether the root object writes absent optionals as `null`.
//   init(jsonSchema: String) throws(JSONSchemaImportError)               (GenerationSchema, public)
//       A schema from a JSON Schema document or Apple's dialect (`fm respond --schema FILE.json`).
//   init(jsonUTF8: some Collection<UInt8>) throws(JSONSyntaxError)      (GeneratedContent)
//       Like `init(json:)` on raw bytes: a UTF-8 sequence cut short at the end is left out.
//   var segments: [ContentSegment]                                        (Instructions, Prompt)
//       Their parts in order: `.text(String)` or `.structure(source: typeName, content:)`.

/// A description of the values the model may generate: the JSON Schema of a `@Generable` type, or
/// one built at run time with ``DynamicGenerationSchema``.
///
/// `@Generable` writes a type's schema for you; build one yourself for content whose shape is only
/// known at run time:
///
/// ```swift
/// let schema = GenerationSchema(type: Review.self, properties: [
///     GenerationSchema.Property(name: "rating", type: Int.self, guides: [.range(1...5)]),
///     GenerationSchema.Property(name: "verdict", description: "One sentence", type: String.self),
/// ])
/// ```
///
/// A schema encodes with `Codable` as JSON Schema in Apple's dialect and decodes from it.
public struct GenerationSchema: Sendable, Codable, CustomDebugStringConvertible {
    /// The root of the schema.
    var root: SchemaNode

    /// Named schemas the root may reference (the dependencies of a dynamic schema, or the `$defs` of
    /// a decoded one).
    var definitions: [SchemaNode]

    /// The `@Generable` type the schema describes, if any, so that references to it from inside
    /// (recursion) point at the root.
    var rootTypeIdentifier: ObjectIdentifier?

    /// The name of the `@Generable` type the schema describes, if any.
    var typeName: String?

    /// The JSON Schema document the schema was imported from (``init(jsonSchema:)``), if any, as
    /// read (key order and repeated keys kept).
    /// The constrained decoder compiles this document when it can, as written; the schema's own
    /// document (``jsonSchemaValue()``) means the same, since what the model cannot carry is kept
    /// in it verbatim (see `JSONSchemaKeyword`).
    var sourceJSONSchema: JSONValue?

    /// The grammar an import compiled from ``decoderDocument`` to check it
    /// (`JSONSchemaReader.checkEnforcement`), kept so that decoding prepares it for the model
    /// rather than compiling the schema a second time; nil for the schemas of Swift types.
    var checkedGrammar: CheckedGrammar?

    /// Creates a schema from its root node.
    init(node: SchemaNode, rootType: (any Generable.Type)? = nil, definitions: [SchemaNode] = []) {
        self.root = node
        self.definitions = definitions
        self.rootTypeIdentifier = rootType.map { ObjectIdentifier($0) }
        self.typeName = rootType.map { Self.typeName($0) }
    }

    /// Creates the schema of an object type from its properties.
    ///
    /// - Parameters:
    ///   - type: The type the schema describes; its name becomes the schema's title.
    ///   - description: A description of the type, for the model.
    ///   - properties: The type's properties, in the order the model should generate them.
    public init(type: any Generable.Type, description: String? = nil, properties: [GenerationSchema.Property]) {
        self.init(type: type, description: description, representNilExplicitlyInGeneratedContent: false, properties: properties)
    }

    /// Creates the schema of an object type from its properties, choosing how absent optional
    /// properties appear in generated content.
    ///
    /// - Parameters:
    ///   - type: The type the schema describes; its name becomes the schema's title.
    ///   - description: A description of the type, for the model.
    ///   - explicitNil: Whether an absent optional property is written as `null` rather than left out.
    ///   - properties: The type's properties, in the order the model should generate them.
    public init(
        type: any Generable.Type,
        description: String? = nil,
        representNilExplicitlyInGeneratedContent explicitNil: Bool,
        properties: [GenerationSchema.Property]
    ) {
        let node = SchemaNode(
            name: Self.typeName(type),
            description: description,
            kind: .object(properties: properties.map(\.schemaProperty), representsNilExplicitly: explicitNil)
        )
        self.init(node: node, rootType: type)
    }

    /// Creates the schema of a type whose values are one of a fixed set of strings, like an enum
    /// without associated values.
    ///
    /// - Parameters:
    ///   - type: The type the schema describes; its name becomes the schema's title.
    ///   - description: A description of the type, for the model.
    ///   - choices: The allowed strings.
    public init(type: any Generable.Type, description: String? = nil, anyOf choices: [String]) {
        let node = SchemaNode(
            name: Self.typeName(type),
            description: description,
            kind: .string(StringConstraints(choices: choices, pattern: nil))
        )
        self.init(node: node, rootType: type)
    }

    /// Creates the schema of a type whose values are values of one of several types.
    ///
    /// - Parameters:
    ///   - type: The type the schema describes; its name becomes the schema's title.
    ///   - description: A description of the type, for the model.
    ///   - types: The types a value may have.
    public init(type: any Generable.Type, description: String? = nil, anyOf types: [any Generable.Type]) {
        let node = SchemaNode(
            name: Self.typeName(type),
            description: description,
            kind: .anyOf(types.map { SchemaNode(kind: .generable($0, guides: [])) })
        )
        self.init(node: node, rootType: type)
    }

    /// A textual form of the schema for debugging: its JSON Schema text.
    public var debugDescription: String {
        jsonSchemaText(prettyPrinted: true)
    }

    /// The name a type has in schemas: its unqualified Swift name.
    static func typeName(_ type: any Any.Type) -> String {
        String(describing: type)
    }
}

// MARK: - Internal helpers

extension GenerationSchema {
    /// The schema as JSON Schema text in Apple's dialect, with keys in a fixed order and properties
    /// in declaration order.
    ///
    /// - Parameter prettyPrinted: Whether to indent the text over several lines.
    func jsonSchemaText(prettyPrinted: Bool = false) -> String {
        jsonSchemaValue().serialized(prettyPrinted: prettyPrinted)
    }

    /// The schema as a JSON Schema document in Apple's dialect: the value ``jsonSchemaText(prettyPrinted:)``
    /// writes, and the one the constrained decoder compiles.
    package func jsonSchemaValue() -> JSONValue {
        resolved().jsonValue()
    }

    /// The name of the root type, for `Transcript.ResponseFormat.name`: the root's title, or the
    /// JSON type of an untitled root (`array`, `string`, …).
    package var rootTypeName: String {
        root.name ?? typeName ?? root.kind.jsonTypeName
    }

    /// Whether the root object writes absent optional properties as `null`.
    var representsNilExplicitly: Bool {
        if case .object(_, let explicitNil) = root.kind { return explicitNil }
        return false
    }

    /// The schema with every `@Generable` type reference replaced by its schema.
    func resolved() -> ResolvedSchema {
        SchemaResolver.resolve(self)
    }
}

extension SchemaKind {
    /// The JSON Schema `type` of the kind, or a word describing it when it has none.
    var jsonTypeName: String {
        switch self {
        case .object: "object"
        case .anyOf: "anyOf"
        case .string: "string"
        case .number(let constraints): constraints.isInteger ? "integer" : "number"
        case .boolean: "boolean"
        case .null: "null"
        case .any: "any"
        case .array: "array"
        case .reference: "reference"
        case .generable(let type, _): GenerationSchema.typeName(type)
        case .verbatim(let value): value["type"]?.stringValue ?? "schema"
        }
    }
}
