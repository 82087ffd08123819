extension GenerationSchema {
    /// A property of an object schema: its name, description, type and guides.
    public struct Property: Sendable {
        /// The property's name.
        let name: String
        /// A description of the property, for the model.
        let description: String?
        /// The property's schema, still naming its type.
        let node: SchemaNode
        /// Whether the property may be left out.
        let isOptional: Bool

        /// Creates a property of a generable type.
        ///
        /// - Parameters:
        ///   - name: The property's name.
        ///   - description: A description of the property, for the model.
        ///   - type: The property's type.
        ///   - guides: Constraints on the property's values.
        public init<Value: Generable>(
            name: String,
            description: String? = nil,
            type: Value.Type,
            guides: [GenerationGuide<Value>] = []
        ) {
            self.init(name: name, description: description, type: type, constraints: guides.map(\.constraint), isOptional: false)
        }

        /// Creates an optional property of a generable type.
        ///
        /// - Parameters:
        ///   - name: The property's name.
        ///   - description: A description of the property, for the model.
        ///   - type: The property's optional type.
        ///   - guides: Constraints on the property's values.
        public init<Value: Generable>(
            name: String,
            description: String? = nil,
            type: Value?.Type,
            guides: [GenerationGuide<Value>] = []
        ) {
            self.init(name: name, description: description, type: Value.self, constraints: guides.map(\.constraint), isOptional: true)
        }

        /// Creates a string property whose values match regular expressions.
        ///
        /// - Parameters:
        ///   - name: The property's name.
        ///   - description: A description of the property, for the model.
        ///   - type: `String.self`.
        ///   - guides: Expressions the whole string must match.
        public init<RegexOutput>(
            name: String,
            description: String? = nil,
            type: String.Type,
            guides: [Regex<RegexOutput>] = []
        ) {
            let constraints = guides.map { GuideConstraint.pattern($0._literalPattern) }
            self.init(name: name, description: description, type: String.self, constraints: constraints, isOptional: false)
        }

        /// Creates an optional string property whose values match regular expressions.
        ///
        /// - Parameters:
        ///   - name: The property's name.
        ///   - description: A description of the property, for the model.
        ///   - type: `String?.self`.
        ///   - guides: Expressions the whole string must match.
        public init<RegexOutput>(
            name: String,
            description: String? = nil,
            type: String?.Type,
            guides: [Regex<RegexOutput>] = []
        ) {
            let constraints = guides.map { GuideConstraint.pattern($0._literalPattern) }
            self.init(name: name, description: description, type: String.self, constraints: constraints, isOptional: true)
        }

        init(name: String, description: String?, type: any Generable.Type, constraints: [GuideConstraint], isOptional: Bool) {
            self.name = name
            self.description = description
            self.node = SchemaNode(kind: .generable(type, guides: constraints))
            self.isOptional = isOptional
        }

        /// The property as a node of the schema tree.
        var schemaProperty: SchemaProperty {
            SchemaProperty(name: name, description: description, node: node, isOptional: isOptional)
        }
    }
}
