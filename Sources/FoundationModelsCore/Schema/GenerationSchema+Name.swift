extension GenerationSchema {
    /// The schema's name: the name of the `@Generable` type it describes (or the name given to
    /// `@Generable(name:)`), the root's name for a dynamic schema, or the JSON type of an untitled
    /// root (`array`, `string`, …). Executors name response formats with it.
    public var name: String { rootTypeName }

    /// The schema under another name (what `@Generable(name:)` expands to).
    @_documentation(visibility: internal)
    public func _named(_ name: String) -> GenerationSchema {
        var schema = self
        schema.root.name = name
        schema.typeName = name
        return schema
    }
}
