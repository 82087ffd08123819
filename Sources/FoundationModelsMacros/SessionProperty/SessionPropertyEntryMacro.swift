import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@SessionPropertyEntry var name: Type = default` in an extension of `SessionPropertyValues`
/// declares a session property: a getter and setter that read and write the session's value, and
/// a peer key type whose `defaultValue` is the initial value (both public when the property is
/// public or package, so that a module can export its session properties).
///
/// ```swift
/// extension SessionPropertyValues {
///     @SessionPropertyEntry var tagLookups: Int = 0
/// }
/// // expands to
/// var tagLookups: Int {
///     get { self[__Key_tagLookups.self] }
///     set { self[__Key_tagLookups.self] = newValue }
/// }
/// struct __Key_tagLookups: SessionPropertyKey { static var defaultValue: Int { 0 } }
/// ```
public struct SessionPropertyEntryMacro: AccessorMacro, PeerMacro {
    /// The getter and setter.
    public static func expansion(
        of node: AttributeSyntax,
        providingAccessorsOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let entry = Entry(declaration, attribute: node, in: context, diagnosing: false) else { return [] }
        return [
            "get { self[\(raw: entry.keyName).self] }",
            "set { self[\(raw: entry.keyName).self] = newValue }"
        ]
    }

    /// The key type, and the diagnostics of a malformed entry.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let entry = Entry(declaration, attribute: node, in: context, diagnosing: true) else { return [] }
        return [
            """
            \(raw: entry.access)struct \(raw: entry.keyName): SessionPropertyKey {
                \(raw: entry.access)static var defaultValue: \(entry.type) { \(entry.defaultValue) }
            }
            """
        ]
    }

    /// The parts of a well-formed entry; nil (after diagnosing, once) for a malformed one.
    struct Entry {
        var name: String
        var type: TypeSyntax
        var defaultValue: ExprSyntax
        var access: String

        var keyName: String { "__Key_" + name }

        init?(_ declaration: some DeclSyntaxProtocol, attribute: AttributeSyntax, in context: some MacroExpansionContext, diagnosing: Bool) {
            func report(_ problem: SessionPropertyEntryDiagnostic, at node: some SyntaxProtocol) {
                if diagnosing { context.diagnose(Diagnostic(node: node, message: problem)) }
            }
            guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                let identifier = binding.pattern.as(IdentifierPatternSyntax.self)
            else {
                report(.notAVariable, at: attribute)
                return nil
            }
            let inValues = context.lexicalContext.contains { scope in
                scope.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription.hasSuffix("SessionPropertyValues") == true
            }
            guard inValues else {
                report(.outsideSessionPropertyValues, at: attribute)
                return nil
            }
            guard variable.bindingSpecifier.tokenKind == .keyword(.var) else {
                report(.constant(name: identifier.identifier.text), at: variable.bindingSpecifier)
                return nil
            }
            guard binding.accessorBlock == nil else {
                report(.computed(name: identifier.identifier.text), at: binding)
                return nil
            }
            guard let type = binding.typeAnnotation?.type.trimmed else {
                report(.missingType(name: identifier.identifier.text), at: binding.pattern)
                return nil
            }
            guard let value = binding.initializer?.value.trimmed else {
                report(.missingDefault(name: identifier.identifier.text), at: binding)
                return nil
            }
            name = identifier.identifier.text
            self.type = type
            defaultValue = value
            access = variable.modifiers.contains { ["public", "package"].contains($0.name.text) } ? "public " : ""
        }
    }
}

/// What `@SessionPropertyEntry` reports.
enum SessionPropertyEntryDiagnostic: DiagnosticMessage {
    case notAVariable
    case outsideSessionPropertyValues
    case constant(name: String)
    case computed(name: String)
    case missingType(name: String)
    case missingDefault(name: String)

    var message: String {
        switch self {
        case .notAVariable:
            "@SessionPropertyEntry applies to one 'var' property"
        case .outsideSessionPropertyValues:
            "@SessionPropertyEntry must be used in an extension of SessionPropertyValues"
        case .constant(let name):
            "session property '\(name)' must be declared with 'var', not 'let'"
        case .computed(let name):
            "session property '\(name)' must not have accessors; @SessionPropertyEntry writes them"
        case .missingType(let name):
            "session property '\(name)' needs a type annotation"
        case .missingDefault(let name):
            "session property '\(name)' needs a default value ('= …')"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "FoundationModelsMacros", id: "\(self)") }
    var severity: DiagnosticSeverity { .error }
}
