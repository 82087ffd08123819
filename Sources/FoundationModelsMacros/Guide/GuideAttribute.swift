import SwiftParser
import SwiftSyntax
import SwiftSyntaxBuilder

/// What the `@Guide` attributes of one property say: a description and guide expressions.
///
/// Stacked attributes add up: the first description wins and the guides of every attribute apply,
/// in order. Regular expressions, whether given as `.pattern(…)` or directly, become
/// `GenerationGuide<String>` expressions that carry the pattern's source text when it is written
/// as a literal, so the decoder sees the pattern exactly as written.
struct GuideAttributes {
    /// The description expression, if any attribute gives one.
    var description: ExprSyntax?
    /// The guide expressions, ready to put in a `guides:` array.
    var guides: [ExprSyntax] = []

    /// No description and no guides.
    init() {}

    /// Reads the `@Guide` attributes of a declaration.
    ///
    /// - Parameters:
    ///   - attributes: The declaration's attributes.
    ///   - name: The property's name, for messages.
    ///   - type: The property's type, to check guides against.
    ///   - diagnostics: Where problems are reported.
    init(attributes: AttributeListSyntax, name: String, type: TypeSyntax, diagnostics: inout DiagnosticList) {
        for attribute in Self.guideAttributes(in: attributes) {
            guard case .argumentList(let arguments) = attribute.arguments else { continue }
            for argument in arguments {
                if argument.label?.text == "description" {
                    if description == nil {
                        description = argument.expression.trimmed
                    } else {
                        diagnostics.append(.duplicateGuideDescription(name: name), at: argument)
                    }
                    continue
                }
                let expression = argument.expression.trimmed
                if Self.isRegex(expression) {
                    if let kind = TypeInspection.knownKind(type), kind != .string {
                        diagnostics.append(.regexGuideOnNonString(name: name, type: type.trimmedDescription), at: argument.expression)
                        continue
                    }
                    guides.append(Self.patternGuide(for: expression))
                } else {
                    Self.check(
                        argument.expression,
                        against: TypeInspection.knownKind(type),
                        subject: "'\(name)' is '\(type.trimmedDescription)'",
                        name: name,
                        type: type,
                        diagnostics: &diagnostics
                    )
                    guides.append(PatternSourceRewriter().rewrite(expression).cast(ExprSyntax.self))
                }
            }
        }
    }

    /// The `@Guide` attributes among a declaration's attributes.
    static func guideAttributes(in attributes: AttributeListSyntax) -> [AttributeSyntax] {
        attributes.compactMap { element in
            guard case .attribute(let attribute) = element,
                TypeInspection.simpleName(attribute.attributeName) == "Guide"
            else { return nil }
            return attribute
        }
    }

    // MARK: - Regular expressions

    /// Whether an expression is a regular expression: a literal or a `Regex(…)` call.
    static func isRegex(_ expression: ExprSyntax) -> Bool {
        if expression.is(RegexLiteralExprSyntax.self) { return true }
        return regexCall(expression) != nil
    }

    /// A `GenerationGuide<String>` expression for a regular expression: `._pattern(regex, source:)`
    /// when its source text is known, `.pattern(regex)` otherwise.
    static func patternGuide(for regex: ExprSyntax) -> ExprSyntax {
        if let source = regexSource(regex) {
            let literal = StringLiteralExprSyntax(content: source)
            return "GenerationGuide<String>._pattern(\(regex), source: \(literal))"
        }
        return "GenerationGuide<String>.pattern(\(regex))"
    }

    /// The pattern text of a regex literal or of `Regex("…")` with a string literal, or `nil`.
    static func regexSource(_ expression: ExprSyntax) -> String? {
        if let literal = expression.as(RegexLiteralExprSyntax.self) {
            let text = literal.regex.text
            // Why: a multi-line `#/…/#` literal is in extended syntax, where whitespace and comments
            // do not count; its text is not the pattern, so the runtime's printed form is used.
            if literal.openingPounds != nil, text.contains("\n") { return nil }
            return text
        }
        guard let call = regexCall(expression), call.arguments.count == 1,
            let argument = call.arguments.first, argument.label == nil,
            let string = argument.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        return string.representedLiteralValue
    }

    /// The `Regex(…)` call in `Regex(…)`, `try Regex(…)` or `try! Regex(…)`.
    private static func regexCall(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        var expression = expression
        if let tryExpression = expression.as(TryExprSyntax.self) { expression = tryExpression.expression }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Regex" { return call }
        if let specialized = callee.as(GenericSpecializationExprSyntax.self),
            let reference = specialized.expression.as(DeclReferenceExprSyntax.self),
            reference.baseName.text == "Regex"
        {
            return call
        }
        return nil
    }

    // MARK: - Checking guides against types

    private static let stringGuides: Set<String> = ["constant", "anyOf", "pattern", "_pattern"]
    private static let numberGuides: Set<String> = ["minimum", "maximum", "range"]
    private static let arrayGuides: Set<String> = ["minimumCount", "maximumCount", "count", "element"]

    /// Reports a guide whose name shows it cannot apply to a property of a known type.
    ///
    /// - Parameters:
    ///   - guide: The guide expression, in the source tree (for the diagnostic's position).
    ///   - kind: The kind of the values the guide constrains, or `nil` when the macro cannot know it.
    ///   - subject: What the guide was applied to, for the message ("'name' is 'String'").
    ///   - name: The property's name.
    ///   - type: The type of the values the guide constrains.
    ///   - diagnostics: Where problems are reported.
    private static func check(
        _ guide: ExprSyntax,
        against kind: TypeInspection.KnownKind?,
        subject: String,
        name: String,
        type: TypeSyntax,
        diagnostics: inout DiagnosticList
    ) {
        guard let kind, let call = guide.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return }
        let guideName = member.declName.baseName.text
        let applies: String
        let fits: Bool
        if stringGuides.contains(guideName) {
            applies = "String properties"
            fits = kind == .string
        } else if numberGuides.contains(guideName) {
            applies = "numeric properties (Int, Float, Double, Decimal)"
            fits = kind == .integer || kind == .floatingPoint
        } else if arrayGuides.contains(guideName) {
            applies = "array properties"
            guard case .array(let element) = kind else {
                diagnostics.append(.guideTypeMismatch(guide: guideName, subject: subject, applies: applies), at: guide)
                return
            }
            fits = true
            if guideName == "element", let inner = call.arguments.first?.expression,
                let elementType = TypeInspection.arrayElement(TypeInspection.optionalWrapped(type) ?? type)
            {
                check(
                    inner,
                    against: element,
                    subject: "the elements of '\(name)' are '\(elementType.trimmedDescription)'",
                    name: name,
                    type: elementType,
                    diagnostics: &diagnostics
                )
            }
        } else {
            return
        }
        if !fits {
            diagnostics.append(.guideTypeMismatch(guide: guideName, subject: subject, applies: applies), at: guide)
        }
    }
}

/// Rewrites `.pattern(<regex literal>)` inside guide expressions (including inside `.element(…)`)
/// to `._pattern(<regex>, source: "<text>")`, so that the pattern's source text reaches the schema.
final class PatternSourceRewriter: SyntaxRewriter {
    override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
        let visited = super.visit(node)
        guard let call = visited.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "pattern",
            call.arguments.count == 1,
            let argument = call.arguments.first, argument.label == nil,
            GuideAttributes.regexSource(argument.expression) != nil
        else { return visited }
        let base = member.base.map { "\($0.trimmedDescription)" } ?? ""
        let regex = argument.expression.trimmed
        let literal = StringLiteralExprSyntax(content: GuideAttributes.regexSource(regex) ?? "")
        return "\(raw: base)._pattern(\(regex), source: \(literal))"
    }
}
