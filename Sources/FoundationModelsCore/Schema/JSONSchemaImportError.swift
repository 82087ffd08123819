public import Foundation

/// The error thrown when a JSON Schema document cannot become a ``GenerationSchema``.
///
/// This is an addition to Apple's API. Each case names the JSON path (a JSON Pointer such as
/// `#/properties/tags/items`) of the schema object where reading stopped. A document is refused
/// when it is malformed or when the constrained decoder cannot enforce it: then the case names the
/// keyword and path the decoder reports.
public enum JSONSchemaImportError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The text is not JSON.
    case invalidJSON(GeneratedContent.JSONSyntaxError)
    /// The schema uses a keyword that generation cannot honor, such as `$dynamicRef`, or
    /// `minContains` on an array.
    case unsupportedKeyword(String, path: String)
    /// A keyword has a value that cannot be used, such as `minItems: -1` or a pattern whose syntax
    /// the decoder does not support.
    case invalidValue(keyword: String, path: String, reason: String)
    /// The schema, or a part that must be generated, allows no value at all, such as a `minimum`
    /// above the `maximum`, or an `enum` whose values all fail the schema's `type`.
    case unsatisfiable(keyword: String, path: String, reason: String)
    /// Apple's dialect requires a keyword that the schema lacks, such as `x-order` on an object.
    case missingKeyword(String, path: String)
    /// A `$ref` points to something other than the root or a `$defs` entry of the document.
    case unresolvedReference(String, path: String)
    /// The schema's parts do not fit together, for example two definitions with one name.
    case invalidSchema(reason: String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .invalidJSON(let error):
            "the schema is not valid JSON: \(error.description)"
        case .unsupportedKeyword(let keyword, let path):
            "unsupported keyword '\(keyword)' at \(path)"
        case .invalidValue(let keyword, let path, let reason):
            "invalid value for '\(keyword)' at \(path): \(reason)"
        case .unsatisfiable(let keyword, let path, let reason):
            "no value satisfies '\(keyword)' at \(path): \(reason)"
        case .missingKeyword(let keyword, let path):
            "missing keyword '\(keyword)' at \(path)"
        case .unresolvedReference(let reference, let path):
            "cannot resolve '$ref': \"\(reference)\" at \(path)"
        case .invalidSchema(let reason):
            "invalid schema: \(reason)"
        }
    }

    /// A sentence describing the error.
    public var errorDescription: String? { description }
}
