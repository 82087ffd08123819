/// A schema whose `@Generable` type references are replaced by their schemas: a root and the named
/// definitions it references, in the order they were first met.
struct ResolvedSchema: Sendable {
    /// A named definition (`$defs` entry).
    struct Definition: Sendable {
        var name: String
        var node: SchemaNode
    }

    var root: SchemaNode
    var definitions: [Definition]
}

/// Replaces `@Generable` type references by the types' schemas, hoisting named objects and named
/// choices into definitions, once per type, so that recursive types terminate.
///
/// Reading a type's `generationSchema` is cheap and never recursive: it names the types of its
/// properties without reading their schemas. The resolver reads each type's schema once and
/// remembers the definition it became; a type met again (or the root type met inside itself)
/// becomes a reference.
struct SchemaResolver {
    /// How names inside one schema map onto the resolved schema.
    private struct Scope {
        /// What a reference to the schema's own root means.
        var rootAlias: SchemaReference
        /// What a reference to a named definition of the schema means.
        var names: [String: SchemaReference]
    }

    private var definitions: [ResolvedSchema.Definition] = []
    private var definitionIndex: [String: Int] = [:]
    /// The definition (or root) each `@Generable` type became.
    private var typeReferences: [ObjectIdentifier: SchemaReference] = [:]
    /// Which type owns each definition name, to tell two types of the same name apart.
    private var nameOwners: [String: ObjectIdentifier] = [:]
    /// Named definitions of the schemas met so far, resolved when first referenced (so that
    /// definitions keep the order of their first reference, whatever order they were stored in).
    private var pending: [String: (node: SchemaNode, scope: Scope)] = [:]
    private var pendingOrder: [String] = []

    static func resolve(_ schema: GenerationSchema) -> ResolvedSchema {
        var resolver = SchemaResolver()
        if let identifier = schema.rootTypeIdentifier, schema.root.isDefinition {
            resolver.typeReferences[identifier] = .root
        }
        var scope = Scope(rootAlias: .root, names: [:])
        for definition in schema.definitions {
            if let name = definition.name { scope.names[name] = .named(name) }
        }
        if let name = schema.root.name, schema.root.isDefinition { scope.names[name] = .root }
        resolver.addPending(schema.definitions, in: scope)
        let root = resolver.resolve(schema.root, in: scope, isTop: true)
        resolver.resolveRemainingPending()
        return ResolvedSchema(
            root: root,
            definitions: resolver.definitions
        )
    }

    // MARK: - Nodes

    private mutating func resolve(_ node: SchemaNode, in scope: Scope, isTop: Bool) -> SchemaNode {
        // Why: a named object written inline (a dynamic schema's nested object, an enum case) is
        // hoisted into `$defs` like Apple's encoder does; its slot is taken before its body is
        // resolved so that definitions appear in the order they are first met, and a name already
        // defined is reused.
        var hoistedName: String?
        if !isTop, let name = node.name, node.isDefinition {
            if definitionIndex[name] != nil { return SchemaNode(kind: .reference(scope.names[name] ?? .named(name))) }
            define(name, SchemaNode(kind: .any))
            hoistedName = name
        }
        var result = node
        switch node.kind {
        case .generable(let type, let guides):
            return resolveGenerable(type, guides: guides)
        case .reference(let reference):
            result.kind = .reference(resolvedTarget(of: reference, in: scope))
        case .object(let properties, let explicitNil):
            let resolved = properties.map { property in
                var property = property
                property.node = resolve(property.node, in: scope, isTop: false)
                return property
            }
            result.kind = .object(properties: resolved, representsNilExplicitly: explicitNil)
        case .anyOf(let choices):
            result.kind = .anyOf(choices.map { resolve($0, in: scope, isTop: false) })
        case .array(let items, let minimum, let maximum):
            result.kind = .array(items: resolve(items, in: scope, isTop: false), minimumCount: minimum, maximumCount: maximum)
        case .verbatim(let value):
            // A verbatim subschema's `$ref`s are the schema's own pointers; they map like references.
            result.kind = .verbatim(
                JSONSchemaSubschemas.mappingReferences(in: value) { pointer in
                    guard let reference = SchemaReference(pointer: pointer) else { return pointer }
                    return resolvedTarget(of: reference, in: scope).pointer
                })
        case .string, .number, .boolean, .null, .any:
            break
        }
        if let name = hoistedName, let index = definitionIndex[name] {
            definitions[index].node = result
            return SchemaNode(kind: .reference(scope.names[name] ?? .named(name)))
        }
        return result
    }

    /// What a reference of a schema means in the resolved schema; a named definition it reaches is
    /// resolved now, if it is still waiting.
    private mutating func resolvedTarget(of reference: SchemaReference, in scope: Scope) -> SchemaReference {
        switch reference {
        case .root:
            return scope.rootAlias
        case .named(let name):
            let target = scope.names[name] ?? .named(name)
            if case .named(let definition) = target { resolvePending(definition) }
            return target
        }
    }

    private mutating func resolveGenerable(_ type: any Generable.Type, guides: [GuideConstraint]) -> SchemaNode {
        let identifier = ObjectIdentifier(type)
        if let reference = typeReferences[identifier] {
            return SchemaNode(kind: .reference(reference))
        }
        let schema = type.generationSchema
        if schema.root.isDefinition, let baseName = schema.root.name {
            let name = uniqueName(baseName, for: type)
            typeReferences[identifier] = .named(name)
            nameOwners[name] = identifier
            // Why: reserve the slot before resolving the body, so the definition keeps the position
            // of its first reference even when the body references other types.
            define(name, SchemaNode(kind: .any))
            let scope = scope(of: schema, rootAlias: .named(name))
            addPending(schema.definitions, in: scope)
            var body = resolve(schema.root, in: scope, isTop: true)
            body.name = name
            if let index = definitionIndex[name] { definitions[index].node = body }
            return SchemaNode(kind: .reference(.named(name)))
        }
        let scope = scope(of: schema, rootAlias: .root)
        addPending(schema.definitions, in: scope)
        var body = resolve(schema.root, in: scope, isTop: true)
        body.name = nil
        return body.applying(guides)
    }

    // MARK: - Definitions

    private func scope(of schema: GenerationSchema, rootAlias: SchemaReference) -> Scope {
        var scope = Scope(rootAlias: rootAlias, names: [:])
        for definition in schema.definitions {
            if let name = definition.name { scope.names[name] = .named(name) }
        }
        if let name = schema.root.name, schema.root.isDefinition { scope.names[name] = rootAlias }
        return scope
    }

    /// Remembers a schema's own named definitions, to resolve when first referenced.
    private mutating func addPending(_ nodes: [SchemaNode], in scope: Scope) {
        for node in nodes {
            guard let name = node.name, definitionIndex[name] == nil, pending[name] == nil else { continue }
            pending[name] = (node, scope)
            pendingOrder.append(name)
        }
    }

    /// Resolves a remembered definition, if it is still waiting.
    private mutating func resolvePending(_ name: String) {
        guard let (node, scope) = pending.removeValue(forKey: name) else { return }
        define(name, SchemaNode(kind: .any))
        var body = resolve(node, in: scope, isTop: true)
        body.name = name
        if let index = definitionIndex[name] { definitions[index].node = body }
    }

    /// Resolves the remembered definitions nothing referenced, by name, so that the order does not
    /// depend on how they were stored (a decoder's key order is arbitrary).
    private mutating func resolveRemainingPending() {
        for name in pendingOrder.sorted() { resolvePending(name) }
        pendingOrder.removeAll()
    }

    private mutating func define(_ name: String, _ node: SchemaNode) {
        definitionIndex[name] = definitions.count
        definitions.append(ResolvedSchema.Definition(name: name, node: node))
    }

    /// The definition name for a type: its own name, or its qualified name when another type
    /// already took that name.
    private func uniqueName(_ baseName: String, for type: any Generable.Type) -> String {
        let identifier = ObjectIdentifier(type)
        func isFree(_ name: String) -> Bool {
            definitionIndex[name] == nil || nameOwners[name] == identifier
        }
        if isFree(baseName) { return baseName }
        let qualified = String(reflecting: type)
        if isFree(qualified) { return qualified }
        var counter = 2
        while !isFree("\(qualified)_\(counter)") { counter += 1 }
        return "\(qualified)_\(counter)"
    }
}
