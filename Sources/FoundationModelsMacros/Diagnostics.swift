import SwiftDiagnostics
import SwiftSyntax

/// Everything `@Generable` and `@Guide` report at compile time, each pointing at the offending
/// declaration, property, type or guide.
enum GenerableMacroDiagnostic: DiagnosticMessage, Equatable {
    /// `@Generable` on something other than a struct or an enum.
    case notStructOrEnum(kind: String)
    /// A stored property or associated value whose type cannot be generated.
    case unsupportedType(name: String, type: String, reason: String)
    /// A stored property without a type annotation.
    case missingTypeAnnotation(name: String)
    /// A stored property bound by a pattern (`let (a, b) = …`).
    case unsupportedPattern
    /// A `lazy` stored property.
    case lazyProperty(name: String)
    /// A guide that does not apply to the property's type; `subject` says what it was applied to
    /// ("'name' is 'String'").
    case guideTypeMismatch(guide: String, subject: String, applies: String)
    /// A regular-expression guide on a property that is not a string.
    case regexGuideOnNonString(name: String, type: String)
    /// More than one stored `GenerationID`.
    case duplicateGenerationID(name: String)
    /// An associated value labeled `type`, which names the case in generated content.
    case reservedAssociatedValueLabel(caseName: String)
    /// `representNilExplicitlyInGeneratedContent:` given something other than `true` or `false`.
    case representNilNotLiteral
    /// A struct whose properties are all computed: its schema is an empty object.
    case onlyComputedProperties(type: String)
    /// Two stacked `@Guide` attributes that both give a description.
    case duplicateGuideDescription(name: String)
    /// `@Guide` on a declaration other than a stored instance property.
    case guideOnUnsupportedDeclaration(what: String)

    var message: String {
        switch self {
        case .notStructOrEnum(let kind):
            "@Generable can only be applied to a struct or an enum, not \(kind)"
        case .unsupportedType(let name, let type, let reason):
            "'\(name)' cannot be generated: \(reason) ('\(type)')"
        case .missingTypeAnnotation(let name):
            "'\(name)' needs an explicit type annotation to be generated"
        case .unsupportedPattern:
            "@Generable properties must be bound to a single name"
        case .lazyProperty(let name):
            "'\(name)' is lazy; @Generable cannot generate lazy properties"
        case .guideTypeMismatch(let guide, let subject, let applies):
            "guide '.\(guide)' applies to \(applies), but \(subject)"
        case .regexGuideOnNonString(let name, let type):
            "a regular expression guide applies to String properties, but '\(name)' is '\(type)'"
        case .duplicateGenerationID(let name):
            "'\(name)' is a second GenerationID; a @Generable type can store at most one"
        case .reservedAssociatedValueLabel(let caseName):
            "the associated value label 'type' of case '\(caseName)' is reserved for the case name in generated content"
        case .representNilNotLiteral:
            "'representNilExplicitlyInGeneratedContent' must be the literal true or false"
        case .onlyComputedProperties(let type):
            "'\(type)' has only computed properties; its generated schema is an empty object"
        case .duplicateGuideDescription(let name):
            "'\(name)' has more than one @Guide description; the first one is used"
        case .guideOnUnsupportedDeclaration(let what):
            "@Guide can only be applied to a stored instance property, not \(what)"
        }
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .onlyComputedProperties, .duplicateGuideDescription: .warning
        default: .error
        }
    }

    var diagnosticID: MessageID {
        let id: String =
            switch self {
            case .notStructOrEnum: "notStructOrEnum"
            case .unsupportedType: "unsupportedType"
            case .missingTypeAnnotation: "missingTypeAnnotation"
            case .unsupportedPattern: "unsupportedPattern"
            case .lazyProperty: "lazyProperty"
            case .guideTypeMismatch: "guideTypeMismatch"
            case .regexGuideOnNonString: "regexGuideOnNonString"
            case .duplicateGenerationID: "duplicateGenerationID"
            case .reservedAssociatedValueLabel: "reservedAssociatedValueLabel"
            case .representNilNotLiteral: "representNilNotLiteral"
            case .onlyComputedProperties: "onlyComputedProperties"
            case .duplicateGuideDescription: "duplicateGuideDescription"
            case .guideOnUnsupportedDeclaration: "guideOnUnsupportedDeclaration"
            }
        return MessageID(domain: "FoundationModelsMacros", id: id)
    }
}

/// Diagnostics gathered while reading a declaration, reported once by the member role.
struct DiagnosticList {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool {
        diagnostics.contains { $0.diagMessage.severity == .error }
    }

    mutating func append(_ message: GenerableMacroDiagnostic, at node: some SyntaxProtocol) {
        diagnostics.append(Diagnostic(node: Syntax(node), message: message))
    }
}
