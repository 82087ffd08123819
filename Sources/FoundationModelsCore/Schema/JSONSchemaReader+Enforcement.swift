import ConstrainedDecoding
import JSONValues

extension JSONSchemaReader {
    /// Compiles the document `schema` writes (``GenerationSchema/jsonSchemaValue()``) with the
    /// constrained decoder's compiler, and checks the grammar as the decoder does before it runs
    /// (a grammar that admits no finite value is refused), so that an import refuses exactly what
    /// the decoder refuses.
    ///
    /// - Parameters:
    ///   - schema: The schema read.
    ///   - source: The document it was read from. When the decoder refuses it too, on the same
    ///     keyword, that error is the one thrown, since its path points into what the caller wrote
    ///     (the written document moves definitions to `$defs` and wraps nullable types in `anyOf`).
    /// - Throws: The ``JSONSchemaImportError`` matching the decoder's `SchemaError`.
    static func checkEnforcement(of schema: GenerationSchema, source: JSONValue) throws(ImportError) {
        do {
            _ = try Grammar.jsonSchema(schema.jsonSchemaValue()).validated()
        } catch {
            var reported = error
            do {
                _ = try Grammar.jsonSchema(source).validated()
            } catch {
                // A refusal of the source about something else leaves the written document's.
                if error.keyword == reported.keyword { reported = error }
            }
            throw ImportError(reported)
        }
    }
}

extension JSONSchemaImportError {
    /// The import error for what the decoder refuses: the same keyword and path.
    init(_ error: SchemaError) {
        switch error {
        case .unsupportedKeyword(let keyword, let path, _):
            self = .unsupportedKeyword(keyword, path: path)
        case .invalidKeywordValue(let keyword, let path, let reason):
            self = .invalidValue(keyword: keyword, path: path, reason: reason)
        case .unresolvedReference(let reference, let path):
            self = .unresolvedReference(reference, path: path)
        case .unsatisfiable(let keyword, let path, let reason):
            self = .unsatisfiable(keyword: keyword, path: path, reason: reason)
        case .invalidPattern(let pattern, let path, let reason):
            self = .invalidValue(keyword: "pattern", path: path, reason: "'\(pattern)': \(reason)")
        case .tooLarge(let keyword, let path, let reason):
            self = .invalidValue(keyword: keyword, path: path, reason: "too large to enforce: \(reason)")
        case .invalidJSON, .invalidGrammar:
            self = .invalidSchema(reason: error.description)
        }
    }
}
