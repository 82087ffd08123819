public import FoundationModels

/// The tool calls a sample expects the model to make, checked by ``ToolCallEvaluator``.
///
/// ```swift
/// TrajectoryExpectation(
///     ordered: [ToolExpectation("searchBooks"), ToolExpectation("addToShelf")],
///     disallowed: [ToolExpectation("deleteBook")]
/// )
/// ```
///
/// - `ordered`: these calls, in this order (other calls may come between them when
///   ``allowsAdditionalCalls`` is true). An ``ToolExpectation/anyOrder(_:)`` group in the list
///   matches its calls in any order at that place.
/// - `unordered`: these calls, each at least once, anywhere.
/// - `disallowed`: no call may match any of these.
/// - `allowsAdditionalCalls`: whether calls that no expectation accounts for are allowed.
public struct TrajectoryExpectation: Sendable, Codable {
    /// Calls that must happen in this order.
    public var ordered: [ToolExpectation]
    /// Calls that must happen, in any order.
    public var unordered: [ToolExpectation]
    /// Calls that must not happen.
    public var disallowed: [ToolExpectation]
    /// Whether calls beyond the expected ones are allowed.
    public var allowsAdditionalCalls: Bool

    /// Expects ordered and unordered calls; other calls are allowed unless you say otherwise.
    public init(ordered: [ToolExpectation] = [], unordered: [ToolExpectation] = [], allowsAdditionalToolCalls: Bool = true) {
        self.ordered = ordered
        self.unordered = unordered
        self.disallowed = []
        self.allowsAdditionalCalls = allowsAdditionalToolCalls
    }

    /// Expects ordered and unordered calls and forbids others that match `disallowed`.
    public init(ordered: [ToolExpectation] = [], unordered: [ToolExpectation] = [], disallowed: [ToolExpectation]) {
        self.ordered = ordered
        self.unordered = unordered
        self.disallowed = disallowed
        self.allowsAdditionalCalls = true
    }

    /// Expects these calls, in any order.
    public init(unordered: [ToolExpectation]) {
        self.init(ordered: [], unordered: unordered, allowsAdditionalToolCalls: true)
    }

    /// Expects one call of the named tool.
    public init(expected toolName: String, arguments: [ArgumentMatcher] = []) {
        self.init(ordered: [ToolExpectation(toolName, arguments: arguments)])
    }

    private enum CodingKeys: String, CodingKey {
        case ordered, unordered, disallowed, allowsAdditionalCalls
    }

    /// Writes every field (lists may be empty).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ordered, forKey: .ordered)
        try container.encode(unordered, forKey: .unordered)
        try container.encode(disallowed, forKey: .disallowed)
        try container.encode(allowsAdditionalCalls, forKey: .allowsAdditionalCalls)
    }

    /// Reads the fields; an absent list is empty and additional calls are allowed unless stated.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ordered = try container.decodeIfPresent([ToolExpectation].self, forKey: .ordered) ?? []
        unordered = try container.decodeIfPresent([ToolExpectation].self, forKey: .unordered) ?? []
        disallowed = try container.decodeIfPresent([ToolExpectation].self, forKey: .disallowed) ?? []
        allowsAdditionalCalls = try container.decodeIfPresent(Bool.self, forKey: .allowsAdditionalCalls) ?? true
    }
}

extension TrajectoryExpectation: Generable {
    /// A trajectory as the model writes it.
    @Generable(name: "TrajectoryExpectation")
    struct Content {
        @Guide(description: "Calls that must happen in this order.")
        var ordered: [ToolExpectation]
        @Guide(description: "Calls that must happen, in any order.")
        var unordered: [ToolExpectation]
        @Guide(description: "Calls that must not happen.")
        var disallowed: [ToolExpectation]
        @Guide(description: "Whether calls beyond the expected ones are allowed.")
        var allowsAdditionalCalls: Bool
    }

    /// The schema of a trajectory: its four fields.
    nonisolated public static var generationSchema: GenerationSchema {
        Content.generationSchema
    }

    /// The trajectory as generated content.
    nonisolated public var generatedContent: GeneratedContent {
        Content(ordered: ordered, unordered: unordered, disallowed: disallowed, allowsAdditionalCalls: allowsAdditionalCalls)
            .generatedContent
    }

    /// Reads a trajectory in the shape of ``generationSchema``.
    nonisolated public init(_ content: GeneratedContent) throws {
        let fields = try Content(content)
        self.ordered = fields.ordered
        self.unordered = fields.unordered
        self.disallowed = fields.disallowed
        self.allowsAdditionalCalls = fields.allowsAdditionalCalls
    }
}
