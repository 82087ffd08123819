/// A `namespace(...)` object, whose attributes templates may assign from inside loops.
///
/// `@unchecked Sendable`: created and mutated only during one render call, on one thread (see ``Scope``).
final class NamespaceObject: @unchecked Sendable {
    var attributes: TemplateDictionary

    init(attributes: TemplateDictionary) {
        self.attributes = attributes
    }
}
