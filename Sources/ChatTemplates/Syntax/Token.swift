/// One lexical token of a template: literal text, a tag delimiter, or a piece of an expression.
struct Token: Sendable {
    /// What the token is.
    enum Kind: Sendable, Equatable {
        case text(String)
        case variableBegin
        case variableEnd
        case blockBegin
        case blockEnd
        case name(String)
        case string(String)
        case integer(Int)
        case float(Double)
        case `operator`(Operator)
        case endOfInput
    }

    var kind: Kind
    var location: TemplateLocation

    /// How the token reads in an error message.
    var display: String {
        switch kind {
        case .text: return "template text"
        case .variableBegin: return "'{{'"
        case .variableEnd: return "'}}'"
        case .blockBegin: return "'{%'"
        case .blockEnd: return "'%}'"
        case .name(let name): return "'\(name)'"
        case .string(let value): return PythonFormat.stringRepr(value)
        case .integer(let value): return String(value)
        case .float(let value): return PythonFormat.floatRepr(value)
        case .operator(let op): return "'\(op.rawValue)'"
        case .endOfInput: return "end of template"
        }
    }

    /// Whether the token is the name `word` (keywords such as `in` or `endfor` lex as names).
    func isName(_ word: String) -> Bool {
        if case .name(let name) = kind { return name == word }
        return false
    }

    /// Whether the token is the operator `op`.
    func isOperator(_ op: Operator) -> Bool {
        if case .operator(let other) = kind { return other == op }
        return false
    }
}

/// Jinja's operator and punctuation tokens.
enum Operator: String, Sendable, CaseIterable {
    case floorDivide = "//"
    case power = "**"
    case equal = "=="
    case notEqual = "!="
    case greaterOrEqual = ">="
    case lessOrEqual = "<="
    case plus = "+"
    case minus = "-"
    case divide = "/"
    case multiply = "*"
    case modulo = "%"
    case tilde = "~"
    case leftBracket = "["
    case rightBracket = "]"
    case leftParen = "("
    case rightParen = ")"
    case leftBrace = "{"
    case rightBrace = "}"
    case greater = ">"
    case less = "<"
    case assign = "="
    case dot = "."
    case colon = ":"
    case pipe = "|"
    case comma = ","
    case semicolon = ";"
}
