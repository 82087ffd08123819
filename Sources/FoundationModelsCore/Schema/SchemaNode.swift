import JSONValues

/// One node of a schema tree, shared by ``GenerationSchema`` and ``DynamicGenerationSchema``.
///
/// A node built from a `@Generable` type may still hold `.generable` references to other types;
/// ``SchemaResolver`` replaces them with their schemas (hoisting named objects into `$defs`) when the
/// schema is written or handed to the decoder.
struct SchemaNode: Sendable {
    /// The type's name: the `title` of a root or a `$defs` entry, and the key of that entry.
    var name: String?
    /// The type's description.
    var description: String?
    /// What values the node allows.
    var kind: SchemaKind

    init(name: String? = nil, description: String? = nil, kind: SchemaKind) {
        self.name = name
        self.description = description
        self.kind = kind
    }

    /// Whether the node is written once under `$defs` and referenced elsewhere, rather than inline:
    /// true for named objects and named choices between schemas, as Apple's encoder does, and for
    /// named verbatim subschemas (an imported document's root, which its own `$ref`s may name).
    var isDefinition: Bool {
        guard name != nil else { return false }
        switch kind {
        case .object, .anyOf, .verbatim: return true
        default: return false
        }
    }
}

/// The values a ``SchemaNode`` allows.
indirect enum SchemaKind: Sendable {
    /// An object with these properties, in order.
    case object(properties: [SchemaProperty], representsNilExplicitly: Bool)
    /// One of these schemas.
    case anyOf([SchemaNode])
    /// A string, optionally one of `choices` or matching `pattern`.
    case string(StringConstraints)
    /// A number; `isInteger` for `Int`.
    case number(NumberConstraints)
    /// `true` or `false`.
    case boolean
    /// The JSON `null` value.
    case null
    /// Any JSON value (the schema of ``GeneratedContent``).
    case any
    /// An array of `items`, with optional bounds on its length.
    case array(items: SchemaNode, minimumCount: Int?, maximumCount: Int?)
    /// A reference to the root schema or to a named definition.
    case reference(SchemaReference)
    /// A `@Generable` type whose schema is read on resolution, with the guides of the property.
    case generable(any Generable.Type, guides: [GuideConstraint])
    /// A subschema kept as the JSON Schema it was written in, because it uses a keyword (or a value
    /// of one) that the cases above cannot carry but the constrained decoder enforces: `allOf`,
    /// `not`, `minLength`, `format`, `patternProperties`, an `enum` of numbers, `false`, ….
    ///
    /// Its `$ref`s are this schema's own (`#`, `#/$defs/<name>`, see ``SchemaReference/pointer``),
    /// so that they resolve where the value is written; the resolver maps them like
    /// ``reference(_:)``. The node's `name` and `description` are its `title` and `description`,
    /// left out of the value; nested `$defs` are left out too (the importer hoists what `$ref`s
    /// use). The value is written, and enforced, as is.
    case verbatim(JSONValue)
}

/// A property of an object node.
struct SchemaProperty: Sendable {
    var name: String
    var description: String?
    var node: SchemaNode
    var isOptional: Bool
}

/// What a string node allows.
struct StringConstraints: Sendable, Equatable {
    /// The allowed values, or `nil` for any string.
    var choices: [String]?
    /// A pattern the string must match, or `nil`.
    var pattern: String?
}

/// What a number node allows.
struct NumberConstraints: Sendable, Equatable {
    var isInteger: Bool
    var minimum: NumericBound?
    var maximum: NumericBound?
}

/// The target of a `$ref`.
enum SchemaReference: Sendable, Hashable {
    /// The whole schema (`#`).
    case root
    /// A `$defs` entry (`#/$defs/<name>`).
    case named(String)

    /// The reference as the `$ref` of a written schema: `#`, or `#/$defs/<name>` with the name
    /// escaped for a JSON Pointer.
    var pointer: String {
        switch self {
        case .root: "#"
        case .named(let name): "#/$defs/\(JSONPointer.escape(name))"
        }
    }

    /// The reference a written `$ref` spells (the inverse of ``pointer``), or nil for any other
    /// pointer.
    init?(pointer: String) {
        if pointer == "#" {
            self = .root
            return
        }
        let prefix = "#/$defs/"
        guard pointer.hasPrefix(prefix) else { return nil }
        let token = pointer.dropFirst(prefix.count)
        guard !token.contains("/") else { return nil }
        self = .named(JSONPointer.unescape(token))
    }
}

extension SchemaNode {
    /// Returns the node with a guide's constraint applied; constraints that do not fit the node's
    /// kind (which the type system normally rules out) are ignored.
    func applying(_ constraint: GuideConstraint) -> SchemaNode {
        var node = self
        switch (constraint, kind) {
        case (.constant(let value), .string(var constraints)):
            constraints.choices = [value]
            node.kind = .string(constraints)
        case (.anyOf(let values), .string(var constraints)):
            constraints.choices = values
            node.kind = .string(constraints)
        case (.pattern(let pattern), .string(var constraints)):
            constraints.pattern = pattern
            node.kind = .string(constraints)
        case (.minimum(let bound), .number(var constraints)):
            constraints.minimum = bound
            node.kind = .number(constraints)
        case (.maximum(let bound), .number(var constraints)):
            constraints.maximum = bound
            node.kind = .number(constraints)
        case (.range(let lower, let upper), .number(var constraints)):
            constraints.minimum = lower
            constraints.maximum = upper
            node.kind = .number(constraints)
        case (.minimumCount(let count), .array(let items, _, let maximum)):
            node.kind = .array(items: items, minimumCount: count, maximumCount: maximum)
        case (.maximumCount(let count), .array(let items, let minimum, _)):
            node.kind = .array(items: items, minimumCount: minimum, maximumCount: count)
        case (.count(let lower, let upper), .array(let items, _, _)):
            node.kind = .array(items: items, minimumCount: lower, maximumCount: upper)
        case (.element(let inner), .array(let items, let minimum, let maximum)):
            node.kind = .array(items: items.applying(inner), minimumCount: minimum, maximumCount: maximum)
        case (_, .generable(let type, let guides)):
            node.kind = .generable(type, guides: guides + [constraint])
        default:
            break
        }
        return node
    }

    /// The node with every constraint applied, in order.
    func applying(_ constraints: [GuideConstraint]) -> SchemaNode {
        constraints.reduce(self) { $0.applying($1) }
    }
}
