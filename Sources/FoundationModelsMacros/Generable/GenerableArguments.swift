import SwiftSyntax

/// The arguments of `@Generable(name:description:representNilExplicitlyInGeneratedContent:)`.
struct GenerableArguments {
    /// The schema name expression, if one was given (OS 27).
    var name: ExprSyntax?
    /// The description expression, if one other than `nil` was given.
    var description: ExprSyntax?
    /// Whether absent optionals are written as `null` in generated content.
    var representsNilExplicitly = false

    init(_ attribute: AttributeSyntax, diagnostics: inout DiagnosticList) {
        guard case .argumentList(let arguments) = attribute.arguments else { return }
        for argument in arguments {
            switch argument.label?.text {
            case "name":
                name = argument.expression.trimmed
            case "description":
                if !argument.expression.is(NilLiteralExprSyntax.self) { description = argument.expression.trimmed }
            case "representNilExplicitlyInGeneratedContent":
                if let literal = argument.expression.as(BooleanLiteralExprSyntax.self) {
                    representsNilExplicitly = literal.literal.tokenKind == .keyword(.true)
                } else {
                    diagnostics.append(.representNilNotLiteral, at: argument.expression)
                }
            default:
                break
            }
        }
    }

    /// The `description:` argument line for a generated call, or nothing.
    var descriptionArgument: String {
        description.map { "description: \($0.trimmedDescription)," } ?? ""
    }

    /// What follows the schema's initialiser call to rename it: `._named(…)`, or nothing.
    var nameSuffix: String {
        name.map { "._named(\($0.trimmedDescription))" } ?? ""
    }

    /// The `representNilExplicitlyInGeneratedContent:` argument line, or nothing.
    var explicitNilArgument: String {
        representsNilExplicitly ? "representNilExplicitlyInGeneratedContent: true," : ""
    }
}

/// The access modifier that generated members carry: the type's own when it is `public`, `package`
/// or `open` (as `public`), and none otherwise (internal members of a less visible type).
func accessModifier(of declaration: some DeclGroupSyntax) -> String {
    for modifier in declaration.modifiers {
        switch modifier.name.tokenKind {
        case .keyword(.public), .keyword(.open): return "public "
        case .keyword(.package): return "package "
        default: continue
        }
    }
    return ""
}

/// Joins generated lines, dropping empty ones.
func lines(_ parts: [String]) -> String {
    parts.filter { !$0.isEmpty }.joined(separator: "\n")
}

/// Indents every line of `text` by `levels` times four spaces.
func indented(_ text: String, _ levels: Int = 1) -> String {
    let indentation = String(repeating: "    ", count: levels)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : indentation + $0 }
        .joined(separator: "\n")
}

/// The Swift string literal for a name.
func literal(_ text: String) -> String {
    var escaped = ""
    for character in text {
        switch character {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case "\n": escaped += "\\n"
        default: escaped.append(character)
        }
    }
    return "\"\(escaped)\""
}
