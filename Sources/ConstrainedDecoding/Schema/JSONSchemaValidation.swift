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

extension JSONSchemaValidation {
    /// Whether no JSON value can satisfy two of `branches` (schemas of a `oneOf` in `document`), by
    /// the test the decoder uses to compile a `oneOf` as a plain choice: different types or
    /// different listed values (after following each branch's `$ref`).
    ///
    /// `false` when that cannot be shown, including when a reference does not resolve.
    package static func areMutuallyExclusive(_ branches: [JSONValue], in document: JSONValue) -> Bool {
        let compiler = JSONSchemaCompiler(document: document, options: JSONSchemaOptions())
        var expanded: [JSONValue] = []
        for branch in branches {
            guard let schema = try? compiler.dereferenced(branch, path: "#") else { return false }
            expanded.append(schema)
        }
        for first in expanded.indices {
            for second in expanded.indices where second > first {
                if !compiler.areDisjoint(expanded[first], expanded[second]) { return false }
            }
        }
        return true
    }
}
