/// Python's semantics for template values: truthiness, `str()`, `repr()`, `==` and ordering.
///
/// Jinja2 runs on Python, so a template's output depends on these rules: `{{ 1.0 }}` prints `1.0`,
/// `{{ [1, 'a'] }}` prints `[1, 'a']`, `{{ none }}` prints `None`, and `1 == 1.0 == True`.
extension TemplateValue {
    /// Python truthiness; undefined is false.
    var isTruthy: Bool {
        switch storage {
        case .undefined, .none: return false
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .double(let value): return value != 0
        case .string(let value), .markup(let value): return !value.isEmpty
        case .list(let elements), .tuple(let elements): return !elements.isEmpty
        case .object(let dictionary): return !dictionary.isEmpty
        case .iterator, .namespace, .callable, .loop: return true
        }
    }

    /// Python's `type(value).__name__`, used in error messages.
    var typeName: String {
        switch storage {
        case .undefined: return "Undefined"
        case .none: return "NoneType"
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "float"
        case .string: return "str"
        case .markup: return "Markup"
        case .list: return "list"
        case .tuple: return "tuple"
        case .iterator: return "generator"
        case .object: return "dict"
        case .namespace: return "Namespace"
        case .callable: return "function"
        case .loop: return "LoopContext"
        }
    }

    /// Python's `str(value)`; undefined renders as the empty string.
    var pythonString: String {
        switch storage {
        case .undefined: return ""
        case .string(let value), .markup(let value): return value
        default: return pythonRepr
        }
    }

    /// Python's `repr(value)`.
    var pythonRepr: String {
        switch storage {
        case .undefined: return "Undefined"
        case .none: return "None"
        case .bool(let value): return value ? "True" : "False"
        case .int(let value): return String(value)
        case .double(let value): return PythonFormat.floatRepr(value)
        case .string(let value): return PythonFormat.stringRepr(value)
        case .markup(let value): return "Markup(" + PythonFormat.stringRepr(value) + ")"
        case .list(let elements):
            return "[" + elements.map(\.pythonRepr).joined(separator: ", ") + "]"
        case .tuple(let elements):
            if elements.count == 1 { return "(" + elements[0].pythonRepr + ",)" }
            return "(" + elements.map(\.pythonRepr).joined(separator: ", ") + ")"
        case .object(let dictionary):
            return PythonFormat.dictRepr(dictionary)
        case .namespace(let namespace):
            return "<Namespace " + PythonFormat.dictRepr(namespace.attributes) + ">"
        case .iterator:
            return "<generator object>"
        case .callable(let callable):
            return "<function \(callable.name)>"
        case .loop:
            return "<LoopContext>"
        }
    }

    /// The elements if this value is a list or a tuple.
    var sequenceElements: [TemplateValue]? {
        switch storage {
        case .list(let elements), .tuple(let elements): return elements
        default: return nil
        }
    }

    /// The value as a Python index: an integer or a boolean.
    var indexValue: Int? {
        switch storage {
        case .int(let value): return value
        case .bool(let value): return value ? 1 : 0
        default: return nil
        }
    }

    /// The value as a number (booleans count as 0 and 1, as in Python); nil for non-numbers.
    var numeric: Numeric? {
        switch storage {
        case .int(let value): return .int(value)
        case .bool(let value): return .int(value ? 1 : 0)
        case .double(let value): return .double(value)
        default: return nil
        }
    }

    /// A Python number: arithmetic keeps integers exact and promotes to double on mixing.
    enum Numeric {
        case int(Int)
        case double(Double)

        var asDouble: Double {
            switch self {
            case .int(let value): return Double(value)
            case .double(let value): return value
            }
        }
    }

    /// Python's `==`.
    func pythonEquals(_ other: TemplateValue) -> Bool {
        if case .markup = storage { return plain.pythonEquals(other) }
        if case .markup = other.storage { return pythonEquals(other.plain) }
        switch (storage, other.storage) {
        case (.undefined, .undefined), (.none, .none): return true
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.list(let a), .list(let b)), (.tuple(let a), .tuple(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.pythonEquals($1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            for (key, value) in zip(a.storedKeys, a.values) {
                guard let otherValue = b[key], value.pythonEquals(otherValue) else { return false }
            }
            return true
        case (.namespace(let a), .namespace(let b)): return a === b
        case (.loop(let a), .loop(let b)): return a === b
        default:
            guard let a = numeric, let b = other.numeric else { return false }
            switch (a, b) {
            case (.int(let x), .int(let y)): return x == y
            default: return a.asDouble == b.asDouble
            }
        }
    }

    /// Python's ordering (`<`); nil when Python would raise `TypeError`.
    func pythonLess(than other: TemplateValue) -> Bool? {
        if case .markup = storage { return plain.pythonLess(than: other) }
        if case .markup = other.storage { return pythonLess(than: other.plain) }
        switch (storage, other.storage) {
        case (.string(let a), .string(let b)):
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) { $0.value < $1.value }
        case (.list(let a), .list(let b)), (.tuple(let a), .tuple(let b)):
            for (x, y) in zip(a, b) where !x.pythonEquals(y) {
                return x.pythonLess(than: y)
            }
            return a.count < b.count
        default:
            guard let a = numeric, let b = other.numeric else { return nil }
            switch (a, b) {
            case (.int(let x), .int(let y)): return x < y
            default: return a.asDouble < b.asDouble
            }
        }
    }
}
