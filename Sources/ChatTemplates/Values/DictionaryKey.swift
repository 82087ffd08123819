/// A hashable dictionary key, normalized as Python hashes: `True`, `1` and `1.0` are one key.
enum DictionaryKey: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case none

    /// The key for a value, or nil when Python would call the value unhashable.
    init?(_ value: TemplateValue) {
        switch value.storage {
        case .string(let text), .markup(let text): self = .string(text)
        case .int(let number): self = .int(number)
        case .bool(let flag): self = .int(flag ? 1 : 0)
        case .double(let number):
            if let integer = Int(exactly: number) { self = .int(integer) } else { self = .double(number) }
        case .none: self = .none
        default: return nil
        }
    }

    /// The key as a template value.
    var value: TemplateValue {
        switch self {
        case .string(let text): return .string(text)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .none: return .none
        }
    }

    /// The key as `json.dumps` writes it.
    var jsonKey: String {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .double(let number): return PythonFormat.floatRepr(number)
        case .none: return "null"
        }
    }
}
