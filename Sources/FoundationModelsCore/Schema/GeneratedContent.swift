/// A structured value produced by the model: a JSON-like tree that keeps the order of its keys.
///
/// Generated content is what the model writes before it becomes one of your types; it also carries
/// the partial values of a streamed response, where ``isComplete`` is `false` until the value is
/// closed.
///
/// ```swift
/// let content = try GeneratedContent(json: #"{"name": "Sara", "tags": ["a", "b"#)
/// content.isComplete                            // false
/// try content.value([String].self, forProperty: "tags")   // ["a", "b"]
/// ```
public struct GeneratedContent: Sendable, Equatable, Generable, CustomDebugStringConvertible {
    /// The identity of the generated value, shared by the partial snapshots of one response.
    public var id: GenerationID?

    /// The value itself.
    private let storedKind: Kind

    /// Whether this value and every value inside it were closed.
    private let storedIsComplete: Bool

    /// The kind of value and its contents.
    public var kind: Kind { storedKind }

    /// Whether the value is complete, that is, no more text can be added to it.
    ///
    /// Content made in code is always complete; content parsed with ``init(json:)`` is complete when
    /// its text is a whole JSON document.
    public var isComplete: Bool { storedIsComplete }

    /// Creates content of a given kind.
    ///
    /// - Parameters:
    ///   - kind: The value.
    ///   - id: An identity for the value.
    public init(kind: Kind, id: GenerationID? = nil) {
        self.init(kind: kind, id: id, isComplete: kind.childrenAreComplete)
    }

    /// Creates content with an explicit completeness, as the partial JSON parser does.
    init(kind: Kind, id: GenerationID? = nil, isComplete: Bool) {
        self.id = id
        self.storedKind = kind
        self.storedIsComplete = isComplete
    }

    /// Creates an object from key-value pairs, keeping their order.
    ///
    /// When a key repeats, the last value wins and the key keeps its first position.
    ///
    /// - Parameters:
    ///   - properties: The object's properties, in order.
    ///   - id: An identity for the value.
    public init(properties: KeyValuePairs<String, any ConvertibleToGeneratedContent>, id: GenerationID? = nil) {
        var keys: [String] = []
        var values: [String: GeneratedContent] = [:]
        for (key, value) in properties {
            if values.updateValue(value.generatedContent, forKey: key) == nil { keys.append(key) }
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys), id: id)
    }

    /// Creates an object from a sequence of key-value pairs, combining the values of repeated keys.
    ///
    /// - Parameters:
    ///   - properties: The object's properties, in order.
    ///   - id: An identity for the value.
    ///   - combine: Combines the existing and the new value when a key repeats.
    /// - Throws: Rethrows what `combine` throws.
    public init<S: Sequence>(
        properties: S,
        id: GenerationID? = nil,
        uniquingKeysWith combine: (GeneratedContent, GeneratedContent) throws -> some ConvertibleToGeneratedContent
    ) rethrows where S.Element == (String, any ConvertibleToGeneratedContent) {
        var keys: [String] = []
        var values: [String: GeneratedContent] = [:]
        for (key, value) in properties {
            let content = value.generatedContent
            if let existing = values[key] {
                values[key] = try combine(existing, content).generatedContent
            } else {
                keys.append(key)
                values[key] = content
            }
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys), id: id)
    }

    /// Creates an array from a sequence of values.
    ///
    /// - Parameters:
    ///   - elements: The array's elements, in order.
    ///   - id: An identity for the value.
    public init<S: Sequence>(elements: S, id: GenerationID? = nil) where S.Element == any ConvertibleToGeneratedContent {
        self.init(kind: .array(elements.map(\.generatedContent)), id: id)
    }

    /// Creates content from a value that converts to generated content.
    ///
    /// - Parameter value: The value to convert.
    public init(_ value: some ConvertibleToGeneratedContent) {
        self = value.generatedContent
    }

    /// Creates content from a value that converts to generated content, with an identity.
    ///
    /// - Parameters:
    ///   - value: The value to convert.
    ///   - id: An identity for the value.
    public init(_ value: some ConvertibleToGeneratedContent, id: GenerationID) {
        self = value.generatedContent
        self.id = id
    }

    /// A textual form of the content for debugging: its JSON text.
    public var debugDescription: String { jsonString }
}

// MARK: - Generable

extension GeneratedContent {
    /// A schema that accepts any JSON value.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: SchemaNode(kind: .any), rootType: GeneratedContent.self)
    }

    /// Creates a copy of the given content.
    ///
    /// - Parameter content: The content to copy.
    public init(_ content: GeneratedContent) throws {
        self = content
    }

    /// The content itself.
    public var generatedContent: GeneratedContent { self }
}

// MARK: - Macro support

extension GeneratedContent {
    /// Creates an object from key-value pairs, keeping their order and leaving out the pairs whose
    /// value is `nil`: how `@Generable` writes absent optional properties.
    ///
    /// Support for the `@Generable` macro; not meant to be used directly.
    ///
    /// - Parameters:
    ///   - properties: The object's properties, in order; `nil` values are left out.
    ///   - id: An identity for the value.
    @_documentation(visibility: internal)
    public init(_omittingNilProperties properties: KeyValuePairs<String, (any ConvertibleToGeneratedContent)?>, id: GenerationID? = nil) {
        var keys: [String] = []
        var values: [String: GeneratedContent] = [:]
        for case (let key, let value?) in properties {
            if values.updateValue(value.generatedContent, forKey: key) == nil { keys.append(key) }
        }
        self.init(kind: .structure(properties: values, orderedKeys: keys), id: id)
    }
}
