/// A macro bound to the scope it was defined in (its closure).
///
/// `@unchecked Sendable`: lives only during one render call, on one thread (see ``Scope``).
final class MacroObject: @unchecked Sendable {
    let definition: MacroDefinition
    let closure: Scope

    init(definition: MacroDefinition, closure: Scope) {
        self.definition = definition
        self.closure = closure
    }
}
