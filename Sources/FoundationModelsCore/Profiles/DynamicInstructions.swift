/// Instructions and tools that a session works out again before every model request (OS 27), so
/// that they can follow app state (``LanguageModelSession/SessionProperty``).
///
/// ```swift
/// struct NotesInstructions: DynamicInstructions {
///     @SessionProperty(\.tagLookups) var lookups
///     var body: some DynamicInstructions {
///         Instructions("You organise notes.")
///         if lookups == 0 { TagLookupTool() }
///     }
/// }
/// let session = LanguageModelSession(dynamicInstructions: NotesInstructions())
/// ```
public protocol DynamicInstructions {
    /// The instructions this value is made of.
    associatedtype Body: DynamicInstructions
    /// The instructions this value is made of.
    @DynamicInstructionsBuilder var body: Self.Body { get }
}

extension DynamicInstructions {
    /// Repeats instructions for every element of a collection.
    public typealias ForEach = DynamicInstructionsForEach
    /// A value the session owns (see ``LanguageModelSession/SessionProperty``).
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}

extension Never: DynamicInstructions {
    /// Never evaluated: `Never` is the body of instructions that have none.
    public var body: Never { noBody("Never") }
}

extension Optional: DynamicInstructions where Wrapped: DynamicInstructions {
    /// Not evaluated: an optional contributes its value, if any.
    public var body: Never { noBody("Optional") }
}

extension Optional: PrimitiveDynamicInstructions where Wrapped: DynamicInstructions {
    func resolve(into resolution: inout ProfileResolution) {
        if let value = self { resolveInstructions(value, into: &resolution) }
    }
}

extension Instructions: DynamicInstructions {
    /// The instructions' text, as dynamic instructions.
    public var body: some DynamicInstructions {
        InstructionsContent(segments: transcriptSegments)
    }
}

/// The text of ``Instructions`` inside dynamic instructions.
struct InstructionsContent: DynamicInstructions, PrimitiveDynamicInstructions {
    let segments: [Transcript.Segment]
    var body: Never { noBody("InstructionsContent") }
    func resolve(into resolution: inout ProfileResolution) {
        resolution.instructions += segments
    }
}

/// A tool inside dynamic instructions: the model may call it.
struct ToolContent<T: Tool>: DynamicInstructions, PrimitiveDynamicInstructions {
    let tool: T
    var body: Never { noBody("ToolContent") }
    func resolve(into resolution: inout ProfileResolution) {
        resolution.tools.append(tool)
    }
}

/// No instructions and no tools.
public struct EmptyDynamicInstructions: DynamicInstructions, Sendable {
    /// Empty instructions.
    public init() {}
    /// Not evaluated: there is nothing inside.
    public var body: Never { noBody("EmptyDynamicInstructions") }
}

extension EmptyDynamicInstructions: PrimitiveDynamicInstructions {
    func resolve(into resolution: inout ProfileResolution) {}
}

/// Several dynamic instructions in a row (what a builder block of several lines makes).
public struct TupleDynamicInstructions<each Content: DynamicInstructions>: DynamicInstructions {
    let contents: (repeat each Content)

    /// Instructions made of these, in order.
    ///
    /// - Parameter contents: The instructions.
    public init(_ contents: repeat each Content) {
        self.contents = (repeat each contents)
    }

    /// Not evaluated: the contents are.
    public var body: Never { noBody("TupleDynamicInstructions") }
}

extension TupleDynamicInstructions: PrimitiveDynamicInstructions {
    func resolve(into resolution: inout ProfileResolution) {
        var index = 0
        for content in repeat each contents {
            resolution.descend(String(index)) { resolveInstructions(content, into: &$0) }
            index += 1
        }
    }
}

/// One of two dynamic instructions, as an `if`/`else` chose (what a builder's `if` makes).
public struct ConditionalDynamicInstructions<TrueContent: DynamicInstructions, FalseContent: DynamicInstructions>: DynamicInstructions {
    /// Which branch was taken.
    public enum Branch {
        /// The `if` branch.
        case trueContent(TrueContent)
        /// The `else` branch.
        case falseContent(FalseContent)
    }

    let branch: Branch

    /// The instructions of one branch.
    ///
    /// - Parameter branch: The branch taken.
    public init(_ branch: Branch) {
        self.branch = branch
    }

    /// Not evaluated: the branch is.
    public var body: Never { noBody("ConditionalDynamicInstructions") }
}

extension ConditionalDynamicInstructions: PrimitiveDynamicInstructions {
    func resolve(into resolution: inout ProfileResolution) {
        switch branch {
        case .trueContent(let content): resolution.descend("t") { resolveInstructions(content, into: &$0) }
        case .falseContent(let content): resolution.descend("f") { resolveInstructions(content, into: &$0) }
        }
    }
}

/// Dynamic instructions of any type.
public struct AnyDynamicInstructions: DynamicInstructions {
    let resolver: (inout ProfileResolution) -> Void

    /// Wraps dynamic instructions.
    ///
    /// - Parameter dynamicInstructions: The instructions.
    public init(_ dynamicInstructions: any DynamicInstructions) {
        resolver = { resolveInstructions(dynamicInstructions, into: &$0) }
    }

    /// Wraps dynamic instructions (the type-erasing form).
    ///
    /// - Parameter dynamicInstructions: The instructions.
    public init(erasing dynamicInstructions: some DynamicInstructions) {
        self.init(dynamicInstructions)
    }

    /// Not evaluated: the wrapped instructions are.
    public var body: Never { noBody("AnyDynamicInstructions") }
}

extension AnyDynamicInstructions: PrimitiveDynamicInstructions {
    func resolve(into resolution: inout ProfileResolution) {
        resolver(&resolution)
    }
}

/// Dynamic instructions repeated for every element of a collection.
public struct DynamicInstructionsForEach<Data: RandomAccessCollection, ID: Hashable, Content: DynamicInstructions>: DynamicInstructions {
    let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> Content

    /// Instructions for every element, told apart by `id`.
    ///
    /// - Parameters:
    ///   - data: The elements.
    ///   - id: The path to each element's identity.
    ///   - content: The instructions for one element.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @DynamicInstructionsBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.content = content
    }

    /// Not evaluated: the elements' instructions are.
    public var body: Never { noBody("DynamicInstructionsForEach") }
}

extension DynamicInstructionsForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    /// Instructions for every element of a collection of identifiable elements.
    ///
    /// - Parameters:
    ///   - data: The elements.
    ///   - content: The instructions for one element.
    public init(_ data: Data, @DynamicInstructionsBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0.id }
        self.content = content
    }
}

extension DynamicInstructionsForEach: PrimitiveDynamicInstructions {
    func resolve(into resolution: inout ProfileResolution) {
        for element in data {
            resolution.descend("\(id(element))") { resolveInstructions(content(element), into: &$0) }
        }
    }
}
