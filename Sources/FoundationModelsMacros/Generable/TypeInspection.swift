import SwiftSyntax

/// What `@Generable` reads from a property's type syntax.
///
/// The macro sees syntax, not types: it recognizes the spellings of optionals and arrays and of the
/// standard generable types, and leaves every other named type to the compiler.
enum TypeInspection {
    /// The type wrapped by an optional spelling (`T?`, `Optional<T>`), or `nil`.
    static func optionalWrapped(_ type: TypeSyntax) -> TypeSyntax? {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let generic = genericArgument(of: type, named: "Optional") { return generic }
        return nil
    }

    /// The element type of an array spelling (`[T]`, `Array<T>`), or `nil`.
    static func arrayElement(_ type: TypeSyntax) -> TypeSyntax? {
        if let array = type.as(ArrayTypeSyntax.self) { return array.element }
        if let generic = genericArgument(of: type, named: "Array") { return generic }
        return nil
    }

    /// Whether the type is spelled `GenerationID` (optionally module-qualified).
    static func isGenerationID(_ type: TypeSyntax) -> Bool {
        let base = optionalWrapped(type) ?? type
        return simpleName(base) == "GenerationID"
    }

    /// The last name of an identifier or member type without generic arguments (`String`,
    /// `Swift.String` → `String`).
    static func simpleName(_ type: TypeSyntax) -> String? {
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let member = type.as(MemberTypeSyntax.self), member.genericArgumentClause == nil {
            return member.name.text
        }
        return nil
    }

    /// Why a type cannot be generated, or `nil` when it may be (the compiler checks named types).
    static func unsupportedReason(_ type: TypeSyntax) -> String? {
        if let wrapped = optionalWrapped(type) {
            if optionalWrapped(wrapped) != nil { return "nested optionals are not supported" }
            return unsupportedReason(wrapped)
        }
        if let element = arrayElement(type) {
            if optionalWrapped(element) != nil { return "arrays of optionals are not supported" }
            return unsupportedReason(element)
        }
        if type.is(DictionaryTypeSyntax.self) || genericArgument(of: type, named: "Dictionary") != nil
            || isGeneric(type, named: "Dictionary")
        {
            return "dictionaries are not supported; use an array of a @Generable struct"
        }
        if isGeneric(type, named: "Set") { return "sets are not supported; use an array" }
        if let tuple = type.as(TupleTypeSyntax.self) {
            if tuple.elements.count == 1, let only = tuple.elements.first { return unsupportedReason(only.type) }
            return "tuples are not supported; use a @Generable struct"
        }
        if type.is(FunctionTypeSyntax.self) { return "functions are not supported" }
        if let attributed = type.as(AttributedTypeSyntax.self) { return unsupportedReason(attributed.baseType) }
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
            let kind = someOrAny.someOrAnySpecifier.tokenKind == .keyword(.some) ? "opaque ('some')" : "existential ('any')"
            return "\(kind) types are not supported; use a concrete @Generable type"
        }
        if type.is(CompositionTypeSyntax.self) { return "protocol compositions are not supported" }
        if type.is(MetatypeTypeSyntax.self) { return "metatypes are not supported" }
        if type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return "implicitly unwrapped optionals are not supported; use an optional"
        }
        return nil
    }

    /// The spelling of the partially generated type of `type`: `T.PartiallyGenerated`, with arrays
    /// as arrays of their elements' partial types and optionals unwrapped (their partial type is
    /// their wrapped type's).
    static func partiallyGeneratedType(_ type: TypeSyntax) -> TypeSyntax {
        if let wrapped = optionalWrapped(type) { return partiallyGeneratedType(wrapped) }
        if let element = arrayElement(type) {
            return TypeSyntax(ArrayTypeSyntax(element: partiallyGeneratedType(element)))
        }
        return TypeSyntax(MemberTypeSyntax(baseType: type.trimmed, name: .identifier("PartiallyGenerated")))
    }

    /// The kind of value a known type spelling stands for, for checking guides.
    enum KnownKind: Equatable {
        case string
        case integer
        case floatingPoint
        case bool
        indirect case array(element: KnownKind?)
    }

    /// The kind of a type spelling (optionals unwrapped), or `nil` for a type the macro cannot know.
    static func knownKind(_ type: TypeSyntax) -> KnownKind? {
        let base = optionalWrapped(type) ?? type
        if let element = arrayElement(base) { return .array(element: knownKind(element)) }
        switch simpleName(base) {
        case "String": return .string
        case "Int": return .integer
        case "Double", "Float", "Decimal": return .floatingPoint
        case "Bool": return .bool
        default: return nil
        }
    }

    private static func genericArgument(of type: TypeSyntax, named name: String) -> TypeSyntax? {
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == name,
            let arguments = identifier.genericArgumentClause?.arguments, arguments.count == 1,
            let argument = arguments.first?.argument
        else { return nil }
        return argument.as(TypeSyntax.self)
    }

    private static func isGeneric(_ type: TypeSyntax, named name: String) -> Bool {
        guard let identifier = type.as(IdentifierTypeSyntax.self) else { return false }
        return identifier.name.text == name && identifier.genericArgumentClause != nil
    }
}

extension TokenSyntax {
    /// The identifier without backticks (`` `default` `` → `default`), the name used in JSON.
    var unescapedName: String {
        let text = self.text
        if text.hasPrefix("`"), text.hasSuffix("`"), text.count >= 2 {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

extension TokenSyntax {
    /// The identifier as an argument label at a call site: without backticks, except for the few
    /// keywords that still need them there.
    var argumentLabel: String {
        let name = unescapedName
        return ["inout", "var", "let", "_"].contains(name) ? text : name
    }
}
