import JSONValues

extension GenerationSchema {
    /// Creates a schema from a JSON Schema document, in standard JSON Schema or Apple's dialect.
    ///
    /// This is an addition to Apple's API. It reads objects, arrays, strings (with `enum`, `const`
    /// and `pattern`), integers and numbers (with bounds), Booleans, `null`, nullable types
    /// (`type: [T, "null"]`, `nullable`), `anyOf`/`oneOf`, and `$ref` to `#` or to `$defs` /
    /// `definitions` entries. Properties keep the document's order (or `x-order`'s). Annotations
    /// such as `default` and `examples` are dropped. The schema keeps the document: guided
    /// generation enforces all of it, including `minLength`, `maxLength`, `format` and
    /// `multipleOf`, which the schema's Apple-dialect encoding cannot express.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(jsonSchema: """
    ///     {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    ///     """)
    /// ```
    ///
    /// - Parameter jsonSchema: The JSON text of the schema document.
    /// - Throws: ``JSONSchemaImportError`` naming the first keyword that cannot be used and its JSON
    ///   path.
    public init(jsonSchema: String) throws(JSONSchemaImportError) {
        let document = try Self.document(jsonSchema)
        self = try JSONSchemaReader.read(document.mergingDuplicateKeys(), dialect: .jsonSchema)
        sourceJSONSchema = document
    }

    /// Reads the JSON text of a schema document with the package's strict reader, keeping its key
    /// order (and, as written, any repeated keys).
    static func document(_ text: String) throws(JSONSchemaImportError) -> JSONValue {
        do {
            return try JSONReader.read(text)
        } catch {
            throw .invalidJSON(GeneratedContent.JSONSyntaxError(offset: error.offset, reason: error.reason))
        }
    }
}

extension DynamicGenerationSchema {
    /// Creates a dynamic schema from a JSON Schema document, in standard JSON Schema or Apple's
    /// dialect; its `$defs` travel with it and join the dependencies of the
    /// ``GenerationSchema`` it becomes part of.
    ///
    /// This is an addition to Apple's API; see ``GenerationSchema/init(jsonSchema:)`` for what it
    /// reads.
    ///
    /// - Parameter jsonSchema: The JSON text of the schema document.
    /// - Throws: ``JSONSchemaImportError`` naming the first keyword that cannot be used and its JSON
    ///   path.
    public init(jsonSchema: String) throws(JSONSchemaImportError) {
        self = try JSONSchemaReader.readDynamic(
            try GenerationSchema.document(jsonSchema).mergingDuplicateKeys(),
            dialect: .jsonSchema,
            rootReferencesByName: true
        )
    }
}
