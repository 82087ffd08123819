public import Foundation

/// The error thrown when a JSON Schema document cannot become a ``GenerationSchema``.
///
/// This is an addition to Apple's API. Each case names the JSON path (a JSON Pointer such as
/// `#/properties/tags/items`) of the schema object where reading stopped.
public enum JSONSchemaImportError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The text is not JSON.
    case invalidJSON(GeneratedContent.JSONSyntaxError)
    /// The schema uses a keyword that generation cannot honor, such as `allOf` or `not`.
    case unsupportedKeyword(String, path: String)
    /// A keyword has a value that cannot be used, such as an `enum` of numbers.
    case invalidValue(keyword: String, path: String, reason: String)
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
