extension GenerationSchema {
    /// One case of an enum with associated values, as `@Generable` describes it: an object whose
    /// `type` property names the case, followed by the case's values.
    ///
    /// Support for the `@Generable` macro; not meant to be used directly.
    @_documentation(visibility: internal)
    public struct _DiscriminatedCase: Sendable {
        let name: String
        let properties: [Property]

        /// Creates a case.
        ///
        /// - Parameters:
        ///   - name: The case's name, the value of its `type` property.
        ///   - properties: The case's associated values (`value`, `value1`, … when unlabeled).
        public init(name: String, properties: [GenerationSchema.Property]) {
            self.name = name
            self.properties = properties
        }
    }

    /// Creates the schema of an enum with associated values: a choice between one object per case,
    /// each named `<Type>.Discriminated<Case>` under `$defs`.
    ///
    /// Support for the `@Generable` macro; not meant to be used directly.
    ///
    /// - Parameters:
    ///   - type: The enum.
    ///   - description: A description of the enum, for the model.
    ///   - explicitNil: Whether an absent optional value is written as `null`.
    ///   - cases: The enum's cases, in declaration order.
    @_documentation(visibility: internal)
    public init(
        type: any Generable.Type,
        description: String? = nil,
        representNilExplicitlyInGeneratedContent explicitNil: Bool = false,
        _discriminatedCases cases: [GenerationSchema._DiscriminatedCase]
    ) {
        let typeName = Self.typeName(type)
        let choices = cases.map { choice in
            let discriminator = SchemaProperty(
                name: "type",
                description: nil,
                node: SchemaNode(kind: .string(StringConstraints(choices: [choice.name], pattern: nil))),
                isOptional: false
            )
            return SchemaNode(
                name: "\(typeName).Discriminated\(choice.name.prefix(1).uppercased())\(choice.name.dropFirst())",
                description: description,
                kind: .object(
                    properties: [discriminator] + choice.properties.map(\.schemaProperty),
                    representsNilExplicitly: explicitNil
                )
            )
        }
        self.init(node: SchemaNode(name: typeName, description: description, kind: .anyOf(choices)), rootType: type)
    }
}
