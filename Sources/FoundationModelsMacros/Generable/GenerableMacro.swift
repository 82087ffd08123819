import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Generable` makes a struct or an enum generable by a language model.
///
/// The member role writes the schema, the content conversion and the partially generated type; the
/// extension role adds the `Generable` conformance with `init(_ content:)`. Both roles read the
/// declaration the same way; only the member role reports diagnostics, so each is reported once.
public struct GenerableMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        var diagnostics = DiagnosticList()
        let plan = GenerablePlan(attribute: node, declaration: declaration, diagnostics: &diagnostics)
        for diagnostic in diagnostics.diagnostics { context.diagnose(diagnostic) }
        guard let plan, !diagnostics.hasErrors else { return [] }
        return plan.members()
    }

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        var diagnostics = DiagnosticList()
        guard let plan = GenerablePlan(attribute: node, declaration: declaration, diagnostics: &diagnostics),
            !diagnostics.hasErrors
        else { return [] }
        let members = plan.extensionMembers()
        // Why: when the type already declares `Generable`, the compiler asks for no conformance;
        // the initializer is still needed unless the type wrote its own.
        let conformance = protocols.isEmpty ? "" : ": nonisolated Generable"
        if members.isEmpty, conformance.isEmpty { return [] }
        let text = lines([
            "extension \(type.trimmedDescription)\(conformance) {",
            indented(members.joined(separator: "\n\n")),
            "}"
        ])
        guard let declaration = DeclSyntax(stringLiteral: text).as(ExtensionDeclSyntax.self) else { return [] }
        return [declaration]
    }
}

/// What `@Generable` writes for one declaration.
enum GenerablePlan {
    case structure(StructExpansion)
    case enumeration(EnumExpansion)

    /// Reads a declaration, or reports why `@Generable` cannot apply to it.
    init?(attribute: AttributeSyntax, declaration: some DeclGroupSyntax, diagnostics: inout DiagnosticList) {
        let arguments = GenerableArguments(attribute, diagnostics: &diagnostics)
        let access = accessModifier(of: declaration)
        let declaresInitializer = Self.declaresContentInitializer(declaration.memberBlock.members)
        if let structure = declaration.as(StructDeclSyntax.self) {
            let stored = StoredProperties(members: structure.memberBlock.members, diagnostics: &diagnostics)
            if stored.properties.isEmpty, stored.generationID == nil, stored.hasComputedProperties {
                diagnostics.append(.onlyComputedProperties(type: structure.name.text), at: structure.name)
            }
            self = .structure(
                StructExpansion(access: access, arguments: arguments, stored: stored, declaresContentInitializer: declaresInitializer)
            )
        } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
            let cases = EnumExpansion.cases(of: enumeration, diagnostics: &diagnostics)
            self = .enumeration(
                EnumExpansion(
                    typeName: enumeration.name.text,
                    access: access,
                    arguments: arguments,
                    cases: cases,
                    declaresContentInitializer: declaresInitializer
                )
            )
        } else {
            let kind: String =
                if declaration.is(ClassDeclSyntax.self) { "a class" } else if declaration.is(ActorDeclSyntax.self) { "an actor" } else if declaration.is(ProtocolDeclSyntax.self) {
                    "a protocol"
                } else if declaration.is(ExtensionDeclSyntax.self) { "an extension" } else { "this declaration" }
            diagnostics.append(.notStructOrEnum(kind: kind), at: attribute)
            return nil
        }
    }

    func members() -> [DeclSyntax] {
        switch self {
        case .structure(let expansion): expansion.members()
        case .enumeration(let expansion): expansion.members()
        }
    }

    func extensionMembers() -> [String] {
        switch self {
        case .structure(let expansion): expansion.extensionMembers()
        case .enumeration(let expansion): expansion.extensionMembers()
        }
    }

    /// Whether the type already declares `init(_ content: GeneratedContent)`.
    private static func declaresContentInitializer(_ members: MemberBlockItemListSyntax) -> Bool {
        members.contains { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self) else { return false }
            let parameters = initializer.signature.parameterClause.parameters
            guard parameters.count == 1, let parameter = parameters.first else { return false }
            return parameter.firstName.tokenKind == .wildcard
                && TypeInspection.simpleName(parameter.type) == "GeneratedContent"
        }
    }
}
