import SwiftSyntax
import SwiftSyntaxMacros

/// `@Guide` describes and constrains a stored property of a `@Generable` type.
///
/// It expands to nothing: `@Generable` reads the attribute when it writes the type's schema. On its
/// own it only checks that it is attached to a stored instance property.
public struct GuideMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if let problem = unsupportedDeclaration(declaration) {
            context.diagnose(.init(node: node, message: GenerableMacroDiagnostic.guideOnUnsupportedDeclaration(what: problem)))
        }
        return []
    }

    /// What is wrong with the declaration `@Guide` is attached to, or `nil` when it fits.
    static func unsupportedDeclaration(_ declaration: some DeclSyntaxProtocol) -> String? {
        guard let variable = declaration.as(VariableDeclSyntax.self) else {
            return "this declaration"
        }
        if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }) {
            return "a static property"
        }
        if variable.bindings.contains(where: { StoredProperties.isComputed($0) }) {
            return "a computed property"
        }
        return nil
    }
}
