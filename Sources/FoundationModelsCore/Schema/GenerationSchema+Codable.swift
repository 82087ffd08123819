import JSONValues

extension GenerationSchema {
    /// Encodes the schema as JSON Schema in Apple's dialect.
    ///
    /// `JSONEncoder` does not keep key order; the `x-order` arrays carry the order of properties.
    /// The package writes ordered text itself where order matters.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        try resolved().jsonValue().encode(to: encoder)
    }

    /// Decodes a schema from JSON Schema in Apple's dialect.
    ///
    /// Objects must carry `properties`, `required`, `x-order` and `additionalProperties: false`;
    /// `$defs`/`$ref`, `anyOf`, `enum`, `const`, `pattern`, bounds and item counts are read;
    /// annotations such as `default` are dropped; unknown keywords and `type` arrays are rejected.
    /// A subschema using a keyword the model cannot carry but the constrained decoder enforces
    /// (`allOf`, `minLength`, `format`, an `enum` of numbers, …) is kept verbatim, as the encoder
    /// writes it, so an imported schema decodes back to itself; a schema holding one is refused
    /// when the decoder cannot enforce it. To read a standard JSON Schema document, use
    /// ``GenerationSchema/init(jsonSchema:)``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` naming the rejected keyword and its path.
    public init(from decoder: any Decoder) throws {
        let document = try JSONValue(from: decoder)
        do {
            self = try JSONSchemaReader.read(document, dialect: .apple)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error)
            )
        }
    }
}
