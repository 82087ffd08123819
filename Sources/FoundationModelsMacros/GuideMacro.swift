import SwiftSyntax
import SwiftSyntaxMacros

/// `@Guide` is a marker read by `@Generable`; it expands to nothing itself.
public struct GuideMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
