/// Jinja's built-in tests (`value is name`), following `jinja2/tests.py`.
extension Interpreter {
    /// The tests this engine implements, for capability checks.
    static let testNames: Set<String> = [
        "boolean", "callable", "defined", "divisibleby", "eq", "equalto", "escaped", "even", "false", "filter",
        "float", "ge", "greaterthan", "gt", "in", "integer", "iterable", "le", "lessthan", "lower", "lt", "mapping",
        "ne", "none", "number", "odd", "sameas", "sequence", "string", "test", "true", "undefined", "upper", "==",
        "!=", "<", "<=", ">", ">="
    ]

    func applyTest(_ name: String, to value: TemplateValue, arguments: CallArguments, in scope: Scope)
        throws(TemplateError) -> Bool
    {
        let value = value.plain
        let location = arguments.location
        func argument() throws(TemplateError) -> TemplateValue {
            guard let first = arguments.positional.first ?? arguments.keyword.first?.value else {
                throw .runtime(message: "the test '\(name)' needs an argument", location: location)
            }
            return first
        }
        switch name {
        case "defined": return !value.isUndefined
        case "undefined": return value.isUndefined
        case "none": return value.isNone
        case "boolean": return value.boolValue != nil
        case "true": return value.boolValue == true
        case "false": return value.boolValue == false
        case "integer": return value.intValue != nil
        case "float":
            if case .double = value.storage { return true }
            return false
        case "number": return value.numeric != nil
        case "string": return value.stringValue != nil
        case "mapping": return value.objectValue != nil
        case "iterable", "sequence":
            switch value.storage {
            case .string, .list, .tuple, .object, .undefined: return true
            default: return false
            }
        case "callable":
            switch value.storage {
            case .callable, .undefined: return true
            default: return false
            }
        case "escaped": return false
        case "lower":
            let text = value.pythonString
            return text.unicodeScalars.contains { $0.properties.isCased } && text == text.lowercased()
        case "upper":
            let text = value.pythonString
            return text.unicodeScalars.contains { $0.properties.isCased } && text == text.uppercased()
        case "even", "odd":
            // Jinja computes `value % 2`, which formats a string rather than failing.
            let remainder = try binary(.modulo, value, .int(2), location: location)
            return remainder.pythonEquals(.int(name == "even" ? 0 : 1))
        case "divisibleby":
            let divisor = try argument()
            return try binary(.modulo, value, divisor, location: location).pythonEquals(.int(0))
        case "eq", "equalto", "==": return value.pythonEquals(try argument())
        case "ne", "!=": return !value.pythonEquals(try argument())
        case "lt", "lessthan", "<": return try compare(.less, value, try argument(), location: location)
        case "le", "<=": return try compare(.lessOrEqual, value, try argument(), location: location)
        case "gt", "greaterthan", ">": return try compare(.greater, value, try argument(), location: location)
        case "ge", ">=": return try compare(.greaterOrEqual, value, try argument(), location: location)
        case "in": return try contains(try argument(), value, location: location)
        case "sameas":
            let other = try argument()
            switch (value.storage, other.storage) {
            case (.none, .none), (.undefined, .undefined): return true
            case (.bool(let a), .bool(let b)): return a == b
            case (.namespace(let a), .namespace(let b)): return a === b
            default: return false
            }
        case "filter": return Self.filterNames.contains(value.pythonString)
        case "test": return Self.testNames.contains(value.pythonString)
        default:
            throw .runtime(message: "no test named '\(name)'", location: location)
        }
    }
}
