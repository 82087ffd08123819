import JSONValues
import ConstrainedDecoding

/// Reads a JSON Schema document into schema nodes, in one of two dialects.
///
/// - `apple`: what Apple's `GenerationSchema` encodes and decodes. Objects must carry
///   `properties`, `required`, `x-order` and `additionalProperties: false`; unknown keywords and
///   `type` arrays are rejected.
/// - `jsonSchema`: standard JSON Schema as tools write it. Property order is the document's key
///   order (or `x-order` when present), `required` may be absent, `type: [T, "null"]`, `nullable`
///   and `definitions` are read, and unknown annotation keywords are ignored.
///
/// Which keywords each dialect reads, drops or rejects is the shared table's
/// (`JSONSchemaKeyword.importRule(for:appleDialect:)`). What the schema model carries becomes
/// model nodes: types, properties in order, `required`, `enum`/`const` of strings, `pattern`,
/// bounds, item counts, `anyOf` (and a `oneOf` whose branches exclude each other), `$ref`/`$defs`.
/// A schema object using anything else the decoder enforces (`allOf`, `not`, `if`, `minLength`,
/// `format`, `multipleOf`, `patternProperties`, `uniqueItems`, an `enum` of numbers, …) is kept
/// verbatim (``SchemaKind/verbatim(_:)``, `JSONSchemaReader+Verbatim.swift`): the smallest such
/// object, so that its parent stays a model node. Annotations are dropped. What the decoder
/// refuses is refused: the keywords the table rejects as they are read, anything else when the
/// written document is compiled (`JSONSchemaReader+Enforcement.swift`), with the keyword and its
/// JSON path.
struct JSONSchemaReader {
    enum Dialect {
        case apple
        case jsonSchema
    }

    typealias ImportError = JSONSchemaImportError

    let dialect: Dialect
    let document: JSONValue
    private var definitions: [SchemaNode] = []
    private var definitionNames: Set<String> = []
    private var references: [(name: String, reference: String, path: String)] = []
    /// Schemas elsewhere in the document that a `$ref` points to (`#/properties/a`,
    /// `#/definitions/a/definitions/b`), imported as definitions named by their pointer.
    private var pointerImports: [(name: String, tokens: [String], path: String)] = []

    private init(dialect: Dialect, document: JSONValue) {
        self.dialect = dialect
        self.document = document
    }

    /// Reads a document into a generation schema.
    ///
    /// A standard document is then compiled by the decoder (``checkEnforcement(of:source:)``), and
    /// so is one in Apple's dialect that holds verbatim subschemas; the schemas of Swift types
    /// decode unchecked, as they always did. The schema keeps the grammar the check compiled, which
    /// decoding then prepares for the model instead of compiling the schema again.
    ///
    /// - Parameter source: The document as the caller wrote it (repeated keys kept), when the
    ///   decoder is to enforce it as written (``GenerationSchema/sourceJSONSchema``).
    static func read(_ document: JSONValue, dialect: Dialect, source: JSONValue? = nil) throws(ImportError) -> GenerationSchema {
        let (root, definitions) = try readParts(of: document, dialect: dialect)
        var schema = try generationSchema(root: root, definitions: definitions)
        schema.sourceJSONSchema = source
        guard dialect == .jsonSchema || schema.containsVerbatim else { return schema }
        let grammar = try checkEnforcement(of: schema, source: source ?? document)
        schema.checkedGrammar = grammar
        return schema
    }

    /// Reads a document into a dynamic schema that carries its definitions along, once the decoder
    /// has compiled it.
    ///
    /// - Parameter rootReferencesByName: Whether `"$ref": "#"` becomes a reference to the root's
    ///   name, so that the schema keeps its meaning when nested in another one.
    static func readDynamic(
        _ document: JSONValue,
        dialect: Dialect,
        rootReferencesByName: Bool
    ) throws(ImportError) -> DynamicGenerationSchema {
        var (root, definitions) = try readParts(of: document, dialect: dialect)
        // The grammar is not kept: a dynamic schema is enforced as part of the schema it joins.
        _ = try checkEnforcement(of: try generationSchema(root: root, definitions: definitions), source: document)
        if rootReferencesByName, ([root] + definitions).contains(where: Self.containsRootReference) {
            let name = root.name ?? "Root"
            root.name = name
            root = Self.replacingRootReferences(in: root, with: name)
            definitions = definitions.map { Self.replacingRootReferences(in: $0, with: name) }
        }
        return DynamicGenerationSchema(node: root, bundledDependencies: definitions)
    }

    /// Reads a document's root and the definitions it brings (its `$defs` and the schemas its
    /// `$ref`s point to).
    private static func readParts(of document: JSONValue, dialect: Dialect) throws(ImportError) -> (root: SchemaNode, definitions: [SchemaNode]) {
        var reader = JSONSchemaReader(dialect: dialect, document: document)
        let root = try reader.readDocument(document)
        return (root, reader.definitions)
    }

    /// The generation schema of a root and its definitions, checked as dynamic schemas are.
    private static func generationSchema(root: SchemaNode, definitions: [SchemaNode]) throws(ImportError) -> GenerationSchema {
        do {
            let validated = try GenerationSchema.validated(root: DynamicGenerationSchema(node: root, bundledDependencies: definitions), dependencies: [])
            return GenerationSchema(node: root, definitions: validated)
        } catch {
            throw .invalidSchema(reason: error.errorDescription ?? "\(error)")
        }
    }

    // MARK: - Document

    private mutating func readDocument(_ document: JSONValue) throws(ImportError) -> SchemaNode {
        if case .object = document {
            for keyword in definitionKeywords {
                guard let defs = document[keyword] else { continue }
                guard case .object(let entries) = defs else {
                    throw .invalidValue(keyword: keyword, path: "#", reason: "expected an object of schemas, found \(defs.typeName)")
                }
                for entry in entries {
                    guard definitionNames.insert(entry.key).inserted else {
                        throw .invalidValue(keyword: keyword, path: "#", reason: "'\(entry.key)' is defined in both $defs and definitions")
                    }
                }
            }
        }
        var root = try readSchema(document, path: "#", name: .root)
        while !pointerImports.isEmpty {
            let (name, tokens, path) = pointerImports.removeFirst()
            guard let value = document.value(at: tokens) else { continue }
            definitions.append(try readSchema(value, path: path, name: .definition(name)))
        }
        for (name, reference, path) in references where !definitionNames.contains(name) {
            throw .unresolvedReference(reference, path: path)
        }
        if dialect == .jsonSchema, let name = root.name, definitionNames.contains(name) {
            // Why: a root `title` is only an annotation in JSON Schema; it must not clash with a
            // definition of the same name.
            root.name = nil
        }
        return root
    }

    private var definitionKeywords: [String] {
        dialect == .apple ? ["$defs"] : ["$defs", "definitions"]
    }

    /// How a schema object is named.
    enum Naming {
        /// The document's root: named by its `title`.
        case root
        /// A `$defs` entry: named by its key.
        case definition(String)
        /// Anything else: unnamed (a `title` is only an annotation).
        case inline

        var isRoot: Bool {
            if case .root = self { true } else { false }
        }
    }

    // MARK: - Schemas

    private mutating func readSchema(_ value: JSONValue, path: String, name naming: Naming) throws(ImportError) -> SchemaNode {
        let members: [JSONMember]
        switch value {
        case .bool(true) where dialect == .jsonSchema:
            return SchemaNode(kind: .any)
        case .bool(false) where !naming.isRoot:
            // Why: `false` allows no value; the model has no such node, and the decoder enforces it
            // (a property that must be left out, an array that must be empty).
            return SchemaNode(kind: .verbatim(value))
        case .object(let objectMembers):
            members = objectMembers
        default:
            throw .invalidValue(keyword: "schema", path: path, reason: "expected a schema object, found \(value.typeName)")
        }
        let description = try string(value["description"], keyword: "description", path: path)
        let title = try string(value["title"], keyword: "title", path: path)
        let name: String? =
            switch naming {
            case .root: title
            case .definition(let key): key
            case .inline: dialect == .apple ? title : nil
            }
        if naming.isRoot {
            for keyword in definitionKeywords {
                guard case .object(let entries) = value[keyword] else { continue }
                for entry in entries {
                    let node = try readSchema(entry.value, path: "\(path)/\(keyword)/\(JSONPointer.escape(entry.key))", name: .definition(entry.key))
                    definitions.append(node)
                }
            }
        } else {
            try readNestedDefinitions(value, path: path)
        }
        if verbatimKeyword(in: value) != nil {
            return try verbatimNode(members, path: path, naming: naming, name: name, description: description)
        }
        var keywords: [String: JSONValue] = [:]
        for member in members {
            let (key, keywordValue) = (member.key, member.value)
            switch classify(key) {
            case .ignored: continue
            case .unsupported: throw .unsupportedKeyword(key, path: path)
            case .supported: keywords[key] = keywordValue
            }
        }

        if let reference = keywords["$ref"] {
            return SchemaNode(name: name, description: description, kind: .reference(try readReference(reference, path: path)))
        }
        var nullable = keywords["nullable"] == .bool(true)
        var node: SchemaNode
        if let choices = keywords["anyOf"] ?? keywords["oneOf"] {
            let keyword = keywords["anyOf"] != nil ? "anyOf" : "oneOf"
            guard case .array(let elements) = choices, !elements.isEmpty else {
                throw .invalidValue(keyword: keyword, path: path, reason: "expected a non-empty array of schemas")
            }
            var nodes: [SchemaNode] = []
            for (index, element) in elements.enumerated() {
                nodes.append(try readSchema(element, path: "\(path)/\(keyword)/\(index)", name: .inline))
            }
            node = SchemaNode(name: name, description: description, kind: .anyOf(nodes))
        } else {
            var types = try readTypes(keywords["type"], path: path)
            if types.count > 1, let null = types.firstIndex(of: "null") {
                types.remove(at: null)
                nullable = true
            }
            if types.isEmpty { types = [inferredType(keywords)] }
            if types.count == 1 {
                node = try readTyped(types[0], keywords: keywords, path: path, name: name, description: description, nullable: &nullable)
            } else {
                var nodes: [SchemaNode] = []
                for type in types {
                    var ignored = false
                    nodes.append(try readTyped(type, keywords: keywords, path: path, name: nil, description: nil, nullable: &ignored))
                }
                node = SchemaNode(name: name, description: description, kind: .anyOf(nodes))
            }
        }
        if nullable {
            // Why: the choice takes the schema's name, so a nullable definition stays a definition.
            var inner = node
            inner.description = nil
            inner.name = nil
            node = SchemaNode(name: node.name, description: description, kind: .anyOf([inner, SchemaNode(kind: .null)]))
        }
        return node
    }

    /// Checks `$defs` met below the root: Apple's dialect has none; in JSON Schema they are read
    /// only when a `$ref` points into them.
    private func readNestedDefinitions(_ schema: JSONValue, path: String) throws(ImportError) {
        for keyword in definitionKeywords where schema[keyword] != nil {
            guard dialect == .jsonSchema, case .object = schema[keyword] else {
                throw .unsupportedKeyword(keyword, path: path)
            }
        }
    }

    mutating func readReference(_ value: JSONValue, path: String) throws(ImportError) -> SchemaReference {
        guard case .string(let reference) = value else {
            throw .invalidValue(keyword: "$ref", path: path, reason: "expected a string, found \(value.typeName)")
        }
        if reference == "#" { return .root }
        guard reference.hasPrefix("#/") else { return try readIdentifiedReference(reference, path: path) }
        guard let tokens = JSONSchemaReferenceResolver.tokens(ofFragment: reference.dropFirst()) else {
            throw .unresolvedReference(reference, path: path)
        }
        return try readReference(to: tokens, written: reference, path: path)
    }

    /// Reads a reference to the schema at `tokens` (unescaped JSON Pointer tokens), written as
    /// `reference`: a `$defs` (or `definitions`) entry by its name, any other schema of the
    /// document as a definition named by its pointer.
    mutating func readReference(to tokens: [String], written reference: String, path: String) throws(ImportError) -> SchemaReference {
        if tokens.count == 2, definitionKeywords.contains(tokens[0]) {
            references.append((tokens[1], reference, path))
            return .named(tokens[1])
        }
        guard dialect == .jsonSchema, document.value(at: tokens) != nil else {
            throw .unresolvedReference(reference, path: path)
        }
        let name = tokens.joined(separator: "/")
        if !definitionNames.contains(name) {
            definitionNames.insert(name)
            pointerImports.append((name, tokens, reference))
        }
        return .named(name)
    }

    private func readTypes(_ value: JSONValue?, path: String) throws(ImportError) -> [String] {
        switch value {
        case nil:
            return []
        case .string(let type):
            return [type]
        case .array(let elements) where dialect == .jsonSchema:
            var types: [String] = []
            for element in elements {
                guard case .string(let type) = element else {
                    throw .invalidValue(keyword: "type", path: path, reason: "expected type names, found \(element.typeName)")
                }
                types.append(type)
            }
            return types
        case .array:
            throw .invalidValue(keyword: "type", path: path, reason: "a list of types is not part of Apple's dialect")
        case .some(let other):
            throw .invalidValue(keyword: "type", path: path, reason: "expected a type name, found \(other.typeName)")
        }
    }

    private func inferredType(_ keywords: [String: JSONValue]) -> String {
        if keywords["enum"] != nil || keywords["const"] != nil || keywords["pattern"] != nil { return "string" }
        if keywords["properties"] != nil || keywords["required"] != nil || keywords["x-order"] != nil { return "object" }
        if keywords["items"] != nil || keywords["minItems"] != nil || keywords["maxItems"] != nil { return "array" }
        if keywords["minimum"] != nil || keywords["maximum"] != nil { return "number" }
        return "any"
    }

    private mutating func readTyped(
        _ type: String,
        keywords: [String: JSONValue],
        path: String,
        name: String?,
        description: String?,
        nullable: inout Bool
    ) throws(ImportError) -> SchemaNode {
        switch type {
        case "object":
            return try readObject(keywords, path: path, name: name, description: description)
        case "array":
            return try readArray(keywords, path: path, name: name, description: description)
        case "string":
            var constraints = StringConstraints()
            constraints.choices = try readChoices(keywords, path: path, nullable: &nullable)
            constraints.pattern = try string(keywords["pattern"], keyword: "pattern", path: path)
            return SchemaNode(name: name, description: description, kind: .string(constraints))
        case "integer", "number":
            let isInteger = type == "integer"
            var constraints = NumberConstraints(isInteger: isInteger)
            constraints.minimum = try bound(keywords, "minimum", exclusive: "exclusiveMinimum", isInteger: isInteger, path: path)
            constraints.maximum = try bound(keywords, "maximum", exclusive: "exclusiveMaximum", isInteger: isInteger, path: path)
            return SchemaNode(name: name, description: description, kind: .number(constraints))
        case "boolean":
            return SchemaNode(name: name, description: description, kind: .boolean)
        case "null":
            return SchemaNode(name: name, description: description, kind: .null)
        case "any":
            return SchemaNode(name: name, description: description, kind: .any)
        default:
            throw .invalidValue(keyword: "type", path: path, reason: "unknown type '\(type)'")
        }
    }

    // MARK: - Objects and arrays

    private mutating func readObject(
        _ keywords: [String: JSONValue],
        path: String,
        name: String?,
        description: String?
    ) throws(ImportError) -> SchemaNode {
        if dialect == .apple {
            // Why: `title` is not required, so that untitled objects (from imported documents) that
            // this package encodes decode again.
            for keyword in ["properties", "required", "x-order", "additionalProperties"] where keywords[keyword] == nil {
                throw .missingKeyword(keyword, path: path)
            }
        }
        // A schema for the other properties keeps the object verbatim (`verbatimKeyword(in:)`).
        switch keywords["additionalProperties"] {
        case nil, .bool(false): break
        case .bool(true) where dialect == .jsonSchema: break
        case .some:
            throw .invalidValue(
                keyword: "additionalProperties", path: path, reason: dialect == .apple ? "only false or a schema is supported" : "expected a Boolean or a schema")
        }
        var properties: [SchemaProperty] = []
        if let value = keywords["properties"] {
            guard case .object(let entries) = value else {
                throw .invalidValue(keyword: "properties", path: path, reason: "expected an object of schemas, found \(value.typeName)")
            }
            for entry in entries {
                let node = try readSchema(entry.value, path: "\(path)/properties/\(JSONPointer.escape(entry.key))", name: .inline)
                properties.append(SchemaProperty(name: entry.key, description: node.description, node: node, isOptional: true))
            }
        }
        let required = try strings(keywords["required"], keyword: "required", path: path)
        for name in required {
            guard let index = properties.firstIndex(where: { $0.name == name }) else {
                guard dialect == .jsonSchema else {
                    throw .invalidValue(keyword: "required", path: path, reason: "'\(name)' is not among the properties")
                }
                // Why: JSON Schema may require a property it does not describe; any value will do.
                properties.append(SchemaProperty(name: name, description: nil, node: SchemaNode(kind: .any), isOptional: false))
                continue
            }
            properties[index].isOptional = false
        }
        if keywords["x-order"] != nil {
            let order = try strings(keywords["x-order"], keyword: "x-order", path: path)
            var ordered: [SchemaProperty] = []
            for name in order {
                guard let property = properties.first(where: { $0.name == name }) else {
                    throw .invalidValue(keyword: "x-order", path: path, reason: "'\(name)' is not among the properties")
                }
                if !ordered.contains(where: { $0.name == name }) { ordered.append(property) }
            }
            ordered += properties.filter { property in !ordered.contains { $0.name == property.name } }
            properties = ordered
        }
        return SchemaNode(name: name, description: description, kind: .object(properties: properties, representsNilExplicitly: false))
    }

    private mutating func readArray(
        _ keywords: [String: JSONValue],
        path: String,
        name: String?,
        description: String?
    ) throws(ImportError) -> SchemaNode {
        // A list of item schemas and `uniqueItems: true` keep the array verbatim (`verbatimKeyword(in:)`).
        var items = SchemaNode(kind: .any)
        if let value = keywords["items"] {
            items = try readSchema(value, path: "\(path)/items", name: .inline)
        }
        let minimum = try count(keywords["minItems"], keyword: "minItems", path: path)
        let maximum = try count(keywords["maxItems"], keyword: "maxItems", path: path)
        return SchemaNode(name: name, description: description, kind: .array(items: items, minimumCount: minimum, maximumCount: maximum))
    }

    // MARK: - Keywords

    private enum KeywordClass {
        case supported
        case ignored
        case unsupported
    }

    /// How a key is read, per the shared keyword table (`JSONSchemaKeyword`) and this dialect.
    private func classify(_ key: String) -> KeywordClass {
        switch JSONSchemaKeyword.importRule(for: key, appleDialect: dialect == .apple) {
        case .read: .supported
        case .dropped: .ignored
        case .rejected: .unsupported
        }
    }

    /// The strings a string schema lists. Other values keep the schema verbatim
    /// (`choicesAreCarried(by:)`), so only strings (and `null`, in JSON Schema) arrive here.
    private func readChoices(_ keywords: [String: JSONValue], path: String, nullable: inout Bool) throws(ImportError) -> [String]? {
        if let constant = keywords["const"] {
            guard case .string(let value) = constant else {
                throw .invalidValue(keyword: "const", path: path, reason: "expected a string, found \(constant.typeName)")
            }
            return [value]
        }
        guard let value = keywords["enum"] else { return nil }
        guard case .array(let elements) = value, !elements.isEmpty else {
            throw .invalidValue(keyword: "enum", path: path, reason: "expected a non-empty array of strings")
        }
        var choices: [String] = []
        for element in elements {
            switch element {
            case .string(let choice): choices.append(choice)
            case .null where dialect == .jsonSchema: nullable = true
            default: throw .invalidValue(keyword: "enum", path: path, reason: "expected strings, found \(element.typeName)")
            }
        }
        return choices
    }

    private func bound(
        _ keywords: [String: JSONValue],
        _ keyword: String,
        exclusive: String,
        isInteger: Bool,
        path: String
    ) throws(ImportError) -> NumericBound? {
        let isLower = keyword == "minimum"
        var inclusive: Double?
        if let value = keywords[keyword] {
            guard case .number(let text) = value, let number = Double(text), number.isFinite else {
                throw .invalidValue(keyword: keyword, path: path, reason: "expected a number, found \(value.typeName)")
            }
            inclusive = number
        }
        guard isInteger else { return inclusive.map(NumericBound.double) }
        var rounded = inclusive.map { isLower ? $0.rounded(.up) : $0.rounded(.down) }
        // An exclusive bound reaches the model only on integers (otherwise the schema is verbatim),
        // as the nearest inclusive one; the tighter of the two bounds holds.
        if let value = keywords[exclusive] {
            guard case .number(let text) = value, let number = Double(text), number.isFinite else {
                throw .invalidValue(keyword: exclusive, path: path, reason: "expected a number, found \(value.typeName)")
            }
            let bound = isLower ? (number + 1).rounded(.down) : (number - 1).rounded(.up)
            rounded = rounded.map { isLower ? max($0, bound) : min($0, bound) } ?? bound
        }
        guard let rounded else { return nil }
        // Why: a bound beyond Int's range (often 2^63 written as a double) bounds nothing more.
        if rounded >= 9.2e18 { return .integer(Int.max) }
        if rounded <= -9.2e18 { return .integer(Int.min) }
        return .integer(Int(rounded))
    }

    private func count(_ value: JSONValue?, keyword: String, path: String) throws(ImportError) -> Int? {
        guard let value else { return nil }
        guard case .number(let text) = value, let number = Double(text), let count = Int(exactly: number), count >= 0 else {
            throw .invalidValue(keyword: keyword, path: path, reason: "expected a non-negative integer")
        }
        return count
    }

    private func string(_ value: JSONValue?, keyword: String, path: String) throws(ImportError) -> String? {
        guard let value else { return nil }
        guard case .string(let string) = value else {
            throw .invalidValue(keyword: keyword, path: path, reason: "expected a string, found \(value.typeName)")
        }
        return string
    }

    private func strings(_ value: JSONValue?, keyword: String, path: String) throws(ImportError) -> [String] {
        guard let value else { return [] }
        guard case .array(let elements) = value else {
            throw .invalidValue(keyword: keyword, path: path, reason: "expected an array of strings, found \(value.typeName)")
        }
        var strings: [String] = []
        for element in elements {
            guard case .string(let string) = element else {
                throw .invalidValue(keyword: keyword, path: path, reason: "expected an array of strings, found \(element.typeName)")
            }
            strings.append(string)
        }
        return strings
    }

    // MARK: - Root references

    private static func containsRootReference(_ node: SchemaNode) -> Bool {
        switch node.kind {
        case .reference(.root): true
        case .object(let properties, _): properties.contains { containsRootReference($0.node) }
        case .anyOf(let choices): choices.contains { containsRootReference($0) }
        case .array(let items, _, _): containsRootReference(items)
        case .verbatim(let value): JSONSchemaSubschemas.references(in: value).contains(SchemaReference.root.pointer)
        case .reference(.named), .string, .number, .boolean, .null, .any, .generable: false
        }
    }

    private static func replacingRootReferences(in node: SchemaNode, with name: String) -> SchemaNode {
        var node = node
        switch node.kind {
        case .reference(.root):
            node.kind = .reference(.named(name))
        case .object(let properties, let explicitNil):
            node.kind = .object(
                properties: properties.map { property in
                    var property = property
                    property.node = replacingRootReferences(in: property.node, with: name)
                    return property
                },
                representsNilExplicitly: explicitNil
            )
        case .anyOf(let choices):
            node.kind = .anyOf(choices.map { replacingRootReferences(in: $0, with: name) })
        case .array(let items, let minimum, let maximum):
            node.kind = .array(items: replacingRootReferences(in: items, with: name), minimumCount: minimum, maximumCount: maximum)
        case .verbatim(let value):
            let target = SchemaReference.named(name).pointer
            node.kind = .verbatim(JSONSchemaSubschemas.mappingReferences(in: value) { $0 == SchemaReference.root.pointer ? target : $0 })
        case .reference(.named), .string, .number, .boolean, .null, .any, .generable:
            break
        }
        return node
    }
}
