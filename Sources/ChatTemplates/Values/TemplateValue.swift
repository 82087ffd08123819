/// A value a template sees: Python's JSON-like types plus Jinja's `undefined`.
///
/// Build values with the static constructors, with literals, or from JSON text (which keeps key
/// order, as Python's `json.loads` does):
///
/// ```swift
/// let tool = try TemplateValue(jsonText: #"{"type": "function", "function": {"name": "get_weather"}}"#)
/// let flag: TemplateValue = true
/// let context: [String: TemplateValue] = ["enable_thinking": false, "date_string": "26 Jul 2024"]
/// ```
///
/// Integers and doubles stay distinct (`1` renders as `1`, `1.0` as `1.0`), as in Python.
public struct TemplateValue: Sendable {
    /// The runtime representation; the reference-typed cases exist only while a template renders.
    enum Storage: Sendable {
        case undefined(UndefinedHint)
        case none
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        /// A string marked safe by `|safe` or `|escape` (markupsafe's `Markup`): `+` escapes plain
        /// strings joined to it, which some templates (functionary) depend on.
        case markup(String)
        case list([TemplateValue])
        case tuple([TemplateValue])
        /// What Jinja's `map`, `select` and similar filters return: a Python generator, always truthy,
        /// iterable, without `len()` or JSON form.
        case iterator([TemplateValue])
        case object(TemplateDictionary)
        case namespace(NamespaceObject)
        case callable(Callable)
        case loop(LoopObject)
    }

    var storage: Storage

    init(storage: Storage) {
        self.storage = storage
    }

    /// Jinja's undefined value: falsy, renders as nothing, `is defined` is false.
    public static let undefined = TemplateValue(storage: .undefined(.unknown))
    /// Python's `None` (`none` in templates); renders as `None`.
    public static let none = TemplateValue(storage: .none)

    /// A string value.
    public static func string(_ value: String) -> TemplateValue { TemplateValue(storage: .string(value)) }
    /// An integer value.
    public static func int(_ value: Int) -> TemplateValue { TemplateValue(storage: .int(value)) }
    /// A floating-point value; renders with Python's `repr` (`1.0`, `1e-05`).
    public static func double(_ value: Double) -> TemplateValue { TemplateValue(storage: .double(value)) }
    /// A boolean value; renders as `True` or `False`.
    public static func bool(_ value: Bool) -> TemplateValue { TemplateValue(storage: .bool(value)) }
    /// A list value.
    public static func array(_ elements: [TemplateValue]) -> TemplateValue { TemplateValue(storage: .list(elements)) }
    /// A dictionary value, ordered like a Python `dict`.
    public static func object(_ dictionary: TemplateDictionary) -> TemplateValue {
        TemplateValue(storage: .object(dictionary))
    }

    static func undefined(_ hint: UndefinedHint) -> TemplateValue { TemplateValue(storage: .undefined(hint)) }
    static func tuple(_ elements: [TemplateValue]) -> TemplateValue { TemplateValue(storage: .tuple(elements)) }
    static func iterator(_ elements: [TemplateValue]) -> TemplateValue { TemplateValue(storage: .iterator(elements)) }
    static let `true` = TemplateValue(storage: .bool(true))
    static let `false` = TemplateValue(storage: .bool(false))
    static let emptyString = TemplateValue(storage: .string(""))

    /// Whether this is the undefined value.
    public var isUndefined: Bool {
        if case .undefined = storage { return true }
        return false
    }

    /// Whether this is `None`.
    public var isNone: Bool {
        if case .none = storage { return true }
        return false
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        switch storage {
        case .string(let value), .markup(let value): return value
        default: return nil
        }
    }

    /// The value with a safe-marked string turned back into a plain string.
    var plain: TemplateValue {
        if case .markup(let text) = storage { return .string(text) }
        return self
    }

    /// The integer, if this is an integer (booleans are not integers here).
    public var intValue: Int? {
        if case .int(let value) = storage { return value }
        return nil
    }

    /// The number as a double, if this is an integer or a double.
    public var doubleValue: Double? {
        switch storage {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    /// The boolean, if this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = storage { return value }
        return nil
    }

    /// The elements, if this is a list (or a tuple produced by a template).
    public var arrayValue: [TemplateValue]? {
        switch storage {
        case .list(let elements), .tuple(let elements): return elements
        default: return nil
        }
    }

    /// The dictionary, if this is a dictionary.
    public var objectValue: TemplateDictionary? {
        if case .object(let dictionary) = storage { return dictionary }
        return nil
    }
}

/// What was missing when a value came out undefined, for the error raised if it is then misused.
enum UndefinedHint: Sendable {
    case unknown
    case variable(String)
    case attribute(owner: String, name: String)
    case item(owner: String, key: String)
    case message(String)

    /// Jinja's wording for the error raised when an undefined value is used as a value.
    var message: String {
        switch self {
        case .unknown: return "value is undefined"
        case .variable(let name): return "'\(name)' is undefined"
        case .attribute(let owner, let name): return "'\(owner)' has no attribute '\(name)'"
        case .item(let owner, let key): return "'\(owner)' has no item \(key)"
        case .message(let message): return message
        }
    }
}

extension TemplateValue: Equatable {
    /// Structural equality: same type and same contents, dictionary keys compared in order.
    ///
    /// This is not Python's `==` (under which `1 == 1.0` and `True == 1`); templates use that one.
    public static func == (lhs: TemplateValue, rhs: TemplateValue) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.undefined, .undefined), (.none, .none): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)), (.markup(let a), .markup(let b)): return a == b
        case (.iterator(let a), .iterator(let b)): return a == b
        case (.list(let a), .list(let b)), (.tuple(let a), .tuple(let b)): return a == b
        case (.object(let a), .object(let b)): return a == b
        case (.namespace(let a), .namespace(let b)): return a === b
        case (.loop(let a), .loop(let b)): return a === b
        default: return false
        }
    }
}

extension TemplateValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// Creates a string value from a literal.
    public init(stringLiteral value: String) { self.init(storage: .string(value)) }
    /// Creates an integer value from a literal.
    public init(integerLiteral value: Int) { self.init(storage: .int(value)) }
    /// Creates a double value from a literal.
    public init(floatLiteral value: Double) { self.init(storage: .double(value)) }
    /// Creates a boolean value from a literal.
    public init(booleanLiteral value: Bool) { self.init(storage: .bool(value)) }
    /// Creates a list value from a literal.
    public init(arrayLiteral elements: TemplateValue...) { self.init(storage: .list(elements)) }
    /// Creates a dictionary value from a literal, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(storage: .object(TemplateDictionary(elements)))
    }
    /// Creates `None` from `nil`.
    public init(nilLiteral: ()) { self.init(storage: .none) }
}

extension TemplateValue: CustomStringConvertible {
    /// The value as Python's `str()` renders it, which is what `{{ value }}` prints.
    public var description: String { pythonString }
}
