/// Why a schema or grammar could not be compiled into an enforceable grammar.
///
/// Every case that concerns a schema keyword names the keyword and the JSON Pointer of the schema
/// object that holds it, so that a refusal is never silent and always traceable.
public enum SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The schema text is not valid JSON.
    case invalidJSON(offset: Int, reason: String)
    /// A keyword is present whose constraint this engine cannot enforce while decoding.
    case unsupportedKeyword(keyword: String, path: String, reason: String)
    /// A keyword has a value of the wrong shape (for example `minItems: "3"`).
    case invalidKeywordValue(keyword: String, path: String, reason: String)
    /// A `$ref` that does not resolve inside the document.
    case unresolvedReference(reference: String, path: String)
    /// The schema admits no JSON value at all (for example `minimum` above `maximum`).
    case unsatisfiable(keyword: String, path: String, reason: String)
    /// A regular expression in `pattern` (or a format) uses syntax this engine does not support.
    case invalidPattern(pattern: String, path: String, reason: String)
    /// The compiled automaton would exceed the engine's size limits.
    case tooLarge(keyword: String, path: String, reason: String)
    /// A grammar built from parts is malformed (for example left-recursive).
    case invalidGrammar(reason: String)

    /// The keyword that caused the error, when there is one.
    public var keyword: String? {
        switch self {
        case .unsupportedKeyword(let keyword, _, _), .invalidKeywordValue(let keyword, _, _),
            .unsatisfiable(let keyword, _, _), .tooLarge(let keyword, _, _):
            return keyword
        case .unresolvedReference: return "$ref"
        case .invalidPattern: return "pattern"
        case .invalidJSON, .invalidGrammar: return nil
        }
    }

    /// The JSON Pointer of the schema object that holds the keyword, when there is one.
    public var path: String? {
        switch self {
        case .unsupportedKeyword(_, let path, _), .invalidKeywordValue(_, let path, _),
            .unresolvedReference(_, let path), .unsatisfiable(_, let path, _),
            .invalidPattern(_, let path, _), .tooLarge(_, let path, _):
            return path
        case .invalidJSON, .invalidGrammar: return nil
        }
    }

    public var description: String {
        switch self {
        case .invalidJSON(let offset, let reason): return "invalid JSON at byte \(offset): \(reason)"
        case .unsupportedKeyword(let keyword, let path, let reason):
            return "unsupported keyword '\(keyword)' at '\(path)': \(reason)"
        case .invalidKeywordValue(let keyword, let path, let reason):
            return "invalid value for '\(keyword)' at '\(path)': \(reason)"
        case .unresolvedReference(let reference, let path): return "unresolved $ref '\(reference)' at '\(path)'"
        case .unsatisfiable(let keyword, let path, let reason):
            return "unsatisfiable '\(keyword)' at '\(path)': \(reason)"
        case .invalidPattern(let pattern, let path, let reason):
            return "unsupported pattern '\(pattern)' at '\(path)': \(reason)"
        case .tooLarge(let keyword, let path, let reason): return "'\(keyword)' at '\(path)' is too large: \(reason)"
        case .invalidGrammar(let reason): return "invalid grammar: \(reason)"
        }
    }
}
