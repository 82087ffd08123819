/// A variable scope: a template's top level, one loop iteration, a macro call, a `with` block.
///
/// `@unchecked Sendable` is sound because scopes exist only inside one render call, which runs on
/// one thread, and no scope is reachable from anything a render returns. `TemplateValue` must be
/// `Sendable` for its public uses, and its render-only cases hold these objects.
final class Scope: @unchecked Sendable {
    var variables: [String: TemplateValue]
    let parent: Scope?

    init(parent: Scope?, variables: [String: TemplateValue] = [:]) {
        self.parent = parent
        self.variables = variables
    }

    /// The innermost binding of `name`.
    func lookup(_ name: String) -> TemplateValue? {
        var scope: Scope? = self
        while let current = scope {
            if let value = current.variables[name] { return value }
            scope = current.parent
        }
        return nil
    }
}
