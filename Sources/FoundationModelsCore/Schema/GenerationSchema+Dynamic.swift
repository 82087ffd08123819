extension GenerationSchema {
    /// Creates a schema from a dynamic root schema and the named schemas it references.
    ///
    /// Named objects nested inline are hoisted into the schema's definitions, as if they had been
    /// passed as dependencies.
    ///
    /// - Parameters:
    ///   - root: The schema of the values to generate.
    ///   - dependencies: The named schemas that `root` and the dependencies reference with
    ///     ``DynamicGenerationSchema/init(referenceTo:)``.
    /// - Throws: ``GenerationSchema/SchemaError`` when names repeat, a choice is empty, or a
    ///   reference names no dependency.
    public init(root: DynamicGenerationSchema, dependencies: [DynamicGenerationSchema]) throws {
        let definitions = try Self.validated(root: root, dependencies: dependencies)
        self.init(node: root.node, definitions: definitions)
    }

    /// Checks that a dynamic schema's parts fit together; returns its named definitions.
    static func validated(
        root: DynamicGenerationSchema,
        dependencies: [DynamicGenerationSchema]
    ) throws(SchemaError) -> [SchemaNode] {
        var validator = DynamicSchemaValidator(rootName: root.node.name)
        let bundled = root.bundledDependencies + dependencies.flatMap(\.bundledDependencies)
        // Why: a dependency without a name (an array, a plain type) can never be referenced.
        let definitions = (dependencies.map(\.node) + bundled).filter { $0.name != nil }
        // Why: schemas bundled with imported documents may arrive more than once (one imported
        // schema used twice); only the root and the explicit dependencies must be unique among all.
        var explicitNames: Set<String> = []
        if let name = root.node.name { explicitNames.insert(name) }
        let namedDependencyCount = dependencies.count { $0.node.name != nil }
        for (index, definition) in definitions.enumerated() {
            guard let name = definition.name else { continue }
            let isBundled = index >= namedDependencyCount
            if explicitNames.contains(name) || (!isBundled && validator.defined.contains(name)) {
                throw .duplicateType(
                    schema: root.node.name,
                    type: name,
                    context: .init(debugDescription: "The schema name '\(name)' is used by more than one schema.")
                )
            }
            if !isBundled { explicitNames.insert(name) }
            validator.defined.insert(name)
        }
        validator.defined.formUnion(explicitNames)
        try validator.visit(root.node, isTop: true)
        for definition in definitions { try validator.visit(definition, isTop: true) }
        validator.collectUndefined()
        if !validator.undefined.isEmpty {
            throw .undefinedReferences(
                schema: root.node.name,
                references: validator.undefined,
                context: .init(debugDescription: "References to undefined schemas: \(validator.undefined.joined(separator: ", ")).")
            )
        }
        var seen = Set<String>()
        return definitions.filter { definition in
            guard let name = definition.name else { return false }
            return seen.insert(name).inserted
        }
    }
}

/// Walks dynamic schema nodes, collecting names and checking properties, choices and references.
private struct DynamicSchemaValidator {
    typealias SchemaError = GenerationSchema.SchemaError

    let rootName: String?
    var defined: Set<String> = []
    var referenced: [String] = []
    var undefined: [String] = []

    init(rootName: String?) {
        self.rootName = rootName
    }

    mutating func visit(_ node: SchemaNode, isTop: Bool) throws(SchemaError) {
        if !isTop, let name = node.name, node.isDefinition { defined.insert(name) }
        switch node.kind {
        case .object(let properties, _):
            var names = Set<String>()
            for property in properties {
                guard names.insert(property.name).inserted else {
                    let schema = node.name ?? rootName ?? ""
                    throw .duplicateProperty(
                        schema: schema,
                        property: property.name,
                        context: .init(debugDescription: "The schema '\(schema)' declares '\(property.name)' more than once.")
                    )
                }
                try visit(property.node, isTop: false)
            }
        case .anyOf(let choices):
            guard !choices.isEmpty else { throw emptyChoices(node) }
            for choice in choices { try visit(choice, isTop: false) }
        case .string(let constraints):
            if let choices = constraints.choices, choices.isEmpty { throw emptyChoices(node) }
        case .array(let items, _, _):
            try visit(items, isTop: false)
        case .reference(.named(let name)):
            referenced.append(name)
        case .verbatim(let value):
            for pointer in JSONSchemaSubschemas.references(in: value) {
                if case .named(let name)? = SchemaReference(pointer: pointer) { referenced.append(name) }
            }
        case .reference(.root), .number, .boolean, .null, .any, .generable:
            break
        }
    }

    mutating func collectUndefined() {
        for name in referenced where !defined.contains(name) && !undefined.contains(name) {
            undefined.append(name)
        }
        referenced.removeAll()
    }

    private func emptyChoices(_ node: SchemaNode) -> SchemaError {
        let schema = node.name ?? rootName ?? ""
        return .emptyTypeChoices(schema: schema, context: .init(debugDescription: "The schema '\(schema)' has an empty list of choices."))
    }
}
