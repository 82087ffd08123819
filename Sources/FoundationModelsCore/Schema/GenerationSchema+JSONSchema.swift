import JSONValues

extension GenerationSchema {
    /// Creates a schema from a JSON Schema document, in standard JSON Schema or Apple's dialect.
    ///
    /// This is an addition to Apple's API. It accepts every document the constrained decoder can
    /// enforce, and refuses what it cannot. Objects, arrays, strings (with `enum`, `const` and
    /// `pattern`), integers and numbers (with bounds), Booleans, `null`, nullable types
    /// (`type: [T, "null"]`, `nullable`), `anyOf`/`oneOf` and `$ref` to `#`, to `$defs` /
    /// `definitions` entries or to any schema of the document by JSON Pointer become Apple's schema
    /// model; properties keep the document's order (or `x-order`'s). A subschema using anything
    /// else the decoder enforces (`allOf`, `not`, `if`/`then`/`else`, `minLength`/`maxLength`,
    /// `format`, `multipleOf`, `exclusiveMinimum`, `patternProperties`, `additionalProperties` as a
    /// schema, `propertyNames`, `minProperties`, `dependentRequired`, `prefixItems`, `contains`,
    /// `uniqueItems`, `enum`/`const` of any JSON value, …) is kept verbatim, as written, in the
    /// schema's encoding; the rest of the document stays in the model. Annotations such as
    /// `default` and `examples` are dropped.
    ///
    /// ```swift
    /// let schema = try GenerationSchema(jsonSchema: """
    ///     {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    ///     """)
    /// ```
    ///
    /// - Parameter jsonSchema: The JSON text of the schema document.
    /// - Throws: ``JSONSchemaImportError`` naming the first keyword that cannot be used and its JSON
    ///   path: a malformed value or an unresolved `$ref`, or what the constrained decoder refuses
    ///   (`$dynamicRef`, `minContains` on arrays, a schema no value satisfies, …).
    public init(jsonSchema: String) throws(JSONSchemaImportError) {
        let document = try Self.document(jsonSchema)
        self = try JSONSchemaReader.read(document.mergingDuplicateKeys(), dialect: .jsonSchema, source: document)
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
    /// reads: every document the constrained decoder can enforce, with what Apple's schema model
    /// cannot carry kept verbatim. A `$ref` to the document's root, including one inside a
    /// verbatim subschema, names the root (its `title`, or `Root`), so that it keeps its meaning
    /// when this schema is nested in another.
    ///
    /// - Parameter jsonSchema: The JSON text of the schema document.
    /// - Throws: ``JSONSchemaImportError`` naming the first keyword that cannot be used and its JSON
    ///   path, as ``GenerationSchema/init(jsonSchema:)`` does.
    public init(jsonSchema: String) throws(JSONSchemaImportError) {
        self = try JSONSchemaReader.readDynamic(
            try GenerationSchema.document(jsonSchema).mergingDuplicateKeys(),
            dialect: .jsonSchema,
            rootReferencesByName: true
        )
    }
}
