import ConstrainedDecoding
import JSONValues

extension JSONSchemaReader {
    /// Compiles the document the decoder will enforce for `schema`
    /// (``GenerationSchema/decoderDocument``: the caller's document when the schema keeps it,
    /// otherwise the one the schema writes) with the constrained decoder's compiler, and checks
    /// the grammar as the decoder does before it runs (a grammar that admits no finite value is
    /// refused), so that an import refuses exactly what the decoder refuses.
    ///
    /// - Parameters:
    ///   - schema: The schema read.
    ///   - source: The document it was read from. When the decoder refuses both it and the
    ///     written document on the same keyword, the source's error is the one thrown, since its
    ///     path points into what the caller wrote (the written document moves definitions to
    ///     `$defs` and wraps nullable types in `anyOf`).
    /// - Returns: The grammar compiled, for decoding to use (``GenerationSchema/checkedGrammar``).
    /// - Throws: The ``JSONSchemaImportError`` matching the decoder's `SchemaError`.
    static func checkEnforcement(of schema: GenerationSchema, source: JSONValue) throws(ImportError) -> CheckedGrammar {
        let enforced = schema.decoderDocument
        do {
            let grammar = try Grammar.jsonSchema(enforced)
            _ = try grammar.validated()
            return CheckedGrammar(key: enforced.jsonText(), grammar: grammar)
        } catch {
            // A refusal compiles the other document too (only then), to name the error as before.
            let keepsSource = schema.sourceJSONSchema != nil
            let written = keepsSource ? refusal(of: schema.jsonSchemaValue()) : error
            let fromSource = keepsSource ? error : refusal(of: source)
            var reported = written ?? error
            // A refusal of the source about something else leaves the written document's.
            if let fromSource, fromSource.keyword == reported.keyword { reported = fromSource }
            throw ImportError(reported)
        }
    }

    /// The decoder's refusal of a document, or nil when it compiles.
    private static func refusal(of document: JSONValue) -> SchemaError? {
        do {
            _ = try Grammar.jsonSchema(document).validated()
            return nil
        } catch {
            return error
        }
    }
}

/// A grammar compiled from a schema document, with the document's compact text: the key under
/// which a model's grammar cache keeps it once prepared for the model's vocabulary.
final class CheckedGrammar: Sendable {
    /// The compact text of the document compiled.
    let key: String
    /// The grammar, not yet prepared for a vocabulary.
    let grammar: Grammar

    init(key: String, grammar: Grammar) {
        self.key = key
        self.grammar = grammar
    }
}

extension GenerationSchema {
    /// The document the constrained decoder enforces: the one the schema was imported from, as
    /// written, when it keeps it; otherwise the one it writes.
    var decoderDocument: JSONValue {
        sourceJSONSchema ?? jsonSchemaValue()
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
