/// An error from parsing or rendering a template, or from parsing JSON for one.
///
/// Every case names where it happened and what went wrong, so that a message such as
/// `3:14: unknown filter 'tojsn'` leads straight to the offending construct.
public enum TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template source is not valid Jinja (or uses a construct this engine does not support).
    case syntax(message: String, location: TemplateLocation)
    /// Rendering failed: a type error, an undefined value used as a value, an unknown filter.
    case runtime(message: String, location: TemplateLocation)
    /// The template called `raise_exception(message)`; `message` is the template's own text.
    case raised(message: String, location: TemplateLocation)
    /// A JSON document given to ``TemplateValue/init(jsonText:)`` is malformed.
    case invalidJSON(message: String, location: TemplateLocation)

    /// The message without its location.
    public var message: String {
        switch self {
        case .syntax(let message, _), .runtime(let message, _), .raised(let message, _),
            .invalidJSON(let message, _):
            return message
        }
    }

    /// Where in the template (or JSON text) the error happened.
    public var location: TemplateLocation {
        switch self {
        case .syntax(_, let location), .runtime(_, let location), .raised(_, let location),
            .invalidJSON(_, let location):
            return location
        }
    }

    /// A one-line description: kind, `line:column` and message.
    public var description: String {
        switch self {
        case .syntax(let message, let location):
            return "template syntax error at \(location): \(message)"
        case .runtime(let message, let location):
            return "template error at \(location): \(message)"
        case .raised(let message, let location):
            return "template raised an exception at \(location): \(message)"
        case .invalidJSON(let message, let location):
            return "invalid JSON at \(location): \(message)"
        }
    }
}
