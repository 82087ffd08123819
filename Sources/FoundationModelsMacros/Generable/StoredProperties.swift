import SwiftSyntax

/// A stored property that `@Generable` generates.
struct GenerableProperty {
    /// The property's name in generated content (without backticks).
    var name: String
    /// The property's identifier as written, for Swift code.
    var identifier: TokenSyntax
    /// The property's declared type.
    var type: TypeSyntax
    /// Whether the type is spelled as an optional.
    var isOptional: Bool
    /// The property's `@Guide` description and guides.
    var guides: GuideAttributes
}

/// The stored properties of a struct, as `@Generable` sees them.
///
/// Computed properties, static properties and `let` constants with an initial value are not
/// generated; a stored `GenerationID` is filled from the content's identity instead.
struct StoredProperties {
    /// The generated properties, in declaration order.
    var properties: [GenerableProperty] = []
    /// The stored `GenerationID` property, if any.
    var generationID: (identifier: TokenSyntax, isOptional: Bool)?
    /// Whether the type declares computed instance properties.
    var hasComputedProperties = false

    /// Whether a generated property is named `id`, so the partially generated type cannot add its
    /// own `id: GenerationID`.
    var hasGeneratedIDProperty: Bool {
        properties.contains { $0.name == "id" }
    }

    init(members: MemberBlockItemListSyntax, diagnostics: inout DiagnosticList) {
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            read(variable, diagnostics: &diagnostics)
        }
    }

    private mutating func read(_ variable: VariableDeclSyntax, diagnostics: inout DiagnosticList) {
        let modifiers = variable.modifiers.map(\.name.tokenKind)
        if modifiers.contains(.keyword(.static)) || modifiers.contains(.keyword(.class)) { return }
        let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let bindings = Array(variable.bindings)
        for (index, binding) in bindings.enumerated() {
            if Self.isComputed(binding) {
                hasComputedProperties = true
                continue
            }
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                diagnostics.append(.unsupportedPattern, at: binding.pattern)
                continue
            }
            let identifier = pattern.identifier.trimmed
            let name = identifier.unescapedName
            if isConstant, binding.initializer != nil { continue }
            if modifiers.contains(.keyword(.lazy)) {
                diagnostics.append(.lazyProperty(name: name), at: binding)
                continue
            }
            // Why: in `var a, b: Int` the annotation of a later binding covers the earlier ones.
            guard let writtenType = bindings[index...].lazy.compactMap({ $0.typeAnnotation?.type }).first else {
                diagnostics.append(.missingTypeAnnotation(name: name), at: binding)
                continue
            }
            let type = writtenType.trimmed
            if TypeInspection.isGenerationID(type) {
                if generationID != nil {
                    diagnostics.append(.duplicateGenerationID(name: name), at: binding)
                } else {
                    generationID = (identifier, TypeInspection.optionalWrapped(type) != nil)
                }
                continue
            }
            if let reason = TypeInspection.unsupportedReason(type) {
                diagnostics.append(.unsupportedType(name: name, type: type.trimmedDescription, reason: reason), at: writtenType)
                continue
            }
            let guides = GuideAttributes(attributes: variable.attributes, name: name, type: type, diagnostics: &diagnostics)
            properties.append(
                GenerableProperty(
                    name: name,
                    identifier: identifier,
                    type: type,
                    isOptional: TypeInspection.optionalWrapped(type) != nil,
                    guides: guides
                )
            )
        }
    }

    /// Whether a binding is a computed property (a getter, or accessors other than observers).
    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessorBlock = binding.accessorBlock else { return false }
        switch accessorBlock.accessors {
        case .getter:
            return true
        case .accessors(let accessors):
            return accessors.contains { accessor in
                switch accessor.accessorSpecifier.tokenKind {
                case .keyword(.willSet), .keyword(.didSet): false
                default: true
                }
            }
        @unknown default:
            return true
        }
    }
}
