/// A schema built at run time, for content whose shape is not known when you compile.
///
/// Combine dynamic schemas into a ``GenerationSchema`` with ``GenerationSchema/init(root:dependencies:)``,
/// which resolves references by name:
///
/// ```swift
/// let cat = DynamicGenerationSchema(name: "Cat", properties: [
///     .init(name: "name", schema: .init(type: String.self)),
///     .init(name: "age", schema: .init(type: Int.self, guides: [.range(0...20)])),
/// ])
/// let shelter = DynamicGenerationSchema(name: "Shelter", properties: [
///     .init(name: "cats", schema: .init(arrayOf: .init(referenceTo: "Cat"))),
/// ])
/// let schema = try GenerationSchema(root: shelter, dependencies: [cat])
/// ```
public struct DynamicGenerationSchema: Sendable {
    /// The schema's root node.
    var node: SchemaNode

    /// Named schemas that travel with this one (the `$defs` of an imported JSON Schema document);
    /// ``GenerationSchema/init(root:dependencies:)`` adds them to its dependencies.
    var bundledDependencies: [SchemaNode] = []

    init(node: SchemaNode, bundledDependencies: [SchemaNode] = []) {
        self.node = node
        self.bundledDependencies = bundledDependencies
    }

    /// A schema whose only value is `null`.
    public static var null: DynamicGenerationSchema {
        DynamicGenerationSchema(node: SchemaNode(kind: .null))
    }

    /// Creates an object schema from its properties.
    ///
    /// - Parameters:
    ///   - name: The object type's name, which other schemas can reference.
    ///   - description: A description of the type, for the model.
    ///   - properties: The object's properties, in the order the model should generate them.
    public init(name: String, description: String? = nil, properties: [DynamicGenerationSchema.Property]) {
        self.init(name: name, description: description, representNilExplicitlyInGeneratedContent: false, properties: properties)
    }

    /// Creates an object schema from its properties, choosing how absent optional properties appear
    /// in generated content.
    ///
    /// - Parameters:
    ///   - name: The object type's name, which other schemas can reference.
    ///   - description: A description of the type, for the model.
    ///   - explicitNil: Whether an absent optional property is written as `null` rather than left out.
    ///   - properties: The object's properties, in the order the model should generate them.
    public init(
        name: String,
        description: String? = nil,
        representNilExplicitlyInGeneratedContent explicitNil: Bool,
        properties: [DynamicGenerationSchema.Property]
    ) {
        let nodes = properties.map {
            SchemaProperty(name: $0.name, description: $0.description, node: $0.schema.node, isOptional: $0.isOptional)
        }
        self.node = SchemaNode(name: name, description: description, kind: .object(properties: nodes, representsNilExplicitly: explicitNil))
        self.bundledDependencies = properties.flatMap(\.schema.bundledDependencies)
    }

    /// Creates a schema whose values match one of several schemas.
    ///
    /// - Parameters:
    ///   - name: The type's name, which other schemas can reference.
    ///   - description: A description of the type, for the model.
    ///   - choices: The schemas a value may match.
    public init(name: String, description: String? = nil, anyOf choices: [DynamicGenerationSchema]) {
        self.node = SchemaNode(name: name, description: description, kind: .anyOf(choices.map(\.node)))
        self.bundledDependencies = choices.flatMap(\.bundledDependencies)
    }

    /// Creates a schema whose values are one of a fixed set of strings.
    ///
    /// - Parameters:
    ///   - name: The type's name, which other schemas can reference.
    ///   - description: A description of the type, for the model.
    ///   - choices: The allowed strings.
    public init(name: String, description: String? = nil, anyOf choices: [String]) {
        self.node = SchemaNode(name: name, description: description, kind: .string(StringConstraints(choices: choices, pattern: nil)))
    }

    /// Creates an array schema.
    ///
    /// - Parameters:
    ///   - itemSchema: The schema of each element.
    ///   - minimumElements: The fewest elements allowed, if any.
    ///   - maximumElements: The most elements allowed, if any.
    public init(arrayOf itemSchema: DynamicGenerationSchema, minimumElements: Int? = nil, maximumElements: Int? = nil) {
        self.node = SchemaNode(kind: .array(items: itemSchema.node, minimumCount: minimumElements, maximumCount: maximumElements))
        self.bundledDependencies = itemSchema.bundledDependencies
    }

    /// Creates the schema of a generable type, with guides.
    ///
    /// - Parameters:
    ///   - type: The type.
    ///   - guides: Constraints on the type's values.
    public init<Value: Generable>(type: Value.Type, guides: [GenerationGuide<Value>] = []) {
        self.node = SchemaNode(kind: .generable(type, guides: guides.map(\.constraint)))
    }

    /// Creates a reference to a named schema, resolved among the dependencies of the
    /// ``GenerationSchema`` that contains it.
    ///
    /// - Parameter name: The referenced schema's name.
    public init(referenceTo name: String) {
        self.node = SchemaNode(kind: .reference(.named(name)))
    }
}

extension DynamicGenerationSchema {
    /// A property of a dynamic object schema.
    public struct Property: Sendable {
        let name: String
        let description: String?
        let schema: DynamicGenerationSchema
        let isOptional: Bool

        /// Creates a property.
        ///
        /// - Parameters:
        ///   - name: The property's name.
        ///   - description: A description of the property, for the model.
        ///   - schema: The property's schema.
        ///   - isOptional: Whether the property may be left out.
        public init(name: String, description: String? = nil, schema: DynamicGenerationSchema, isOptional: Bool = false) {
            self.name = name
            self.description = description
            self.schema = schema
            self.isOptional = isOptional
        }
    }
}
