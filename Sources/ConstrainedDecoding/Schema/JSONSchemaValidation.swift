public import JSONValues

/// Checks JSON instances against a JSON Schema (the keywords the compiler understands).
///
/// Meant for tests and diagnostics (for example, checking what a generation produced); the
/// decoder itself never validates afterwards, it enforces while decoding.
public enum JSONSchemaValidation {
    /// Whether `instance` satisfies `schema` (a complete document; `$ref`s resolve against it).
    /// - Throws: ``SchemaError`` for keywords that cannot be checked.
    public static func isValid(_ instance: JSONValue, schema: JSONValue) throws(SchemaError) -> Bool {
        let compiler = JSONSchemaCompiler(document: schema, options: JSONSchemaOptions())
        return try compiler.validates(instance, against: schema, path: "#")
    }
}
