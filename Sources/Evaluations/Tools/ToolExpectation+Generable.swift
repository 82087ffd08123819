public import FoundationModels

extension ToolExpectation: Generable {
    /// One expected call as the model writes it (groups hold these, never other groups).
    @Generable(name: "ToolCallExpectation")
    struct Call {
        @Guide(description: "The tool's name.")
        var name: String
        @Guide(description: "Checks on the call's arguments; each must pass.")
        var arguments: [ArgumentMatcher]
    }

    /// An expectation as the model writes it: one call, or a group in any order.
    @Generable(name: "ToolExpectation")
    enum Content {
        case expectation(name: String, arguments: [ArgumentMatcher])
        case anyOrder(expectations: [Call])
    }

    /// The schema of an expectation: one call (`name`, `arguments`) or an any-order group of calls.
    nonisolated public static var generationSchema: GenerationSchema {
        Content.generationSchema
    }

    /// The expectation as generated content, in the shape of ``generationSchema``.
    nonisolated public var generatedContent: GeneratedContent {
        if let members {
            return Content.anyOrder(expectations: members.map { Call(name: $0.name, arguments: $0.arguments) }).generatedContent
        }
        return Content.expectation(name: name, arguments: arguments).generatedContent
    }

    /// Reads an expectation in the shape of ``generationSchema``.
    nonisolated public init(_ content: GeneratedContent) throws {
        switch try Content(content) {
        case .expectation(let name, let arguments):
            self.init(name, arguments: arguments)
        case .anyOrder(let calls):
            self = .anyOrder(calls.map { ToolExpectation($0.name, arguments: $0.arguments) })
        }
    }

    /// An expectation while it is generated.
    nonisolated public enum PartiallyGenerated: ConvertibleFromGeneratedContent {
        /// One call, as far as it is written.
        case expectation(name: String.PartiallyGenerated?, arguments: [ArgumentMatcher].PartiallyGenerated?)
        /// A group, as far as it is written.
        case anyOrder(expectations: [ToolExpectation].PartiallyGenerated?)

        /// Reads partial content in the shape of ``ToolExpectation/generationSchema`` (or one call of
        /// a group, `{"name", "arguments"}`).
        nonisolated public init(_ content: GeneratedContent) throws {
            if case .structure(let properties, _) = content.kind, properties["type"] == nil {
                self = .expectation(
                    name: try content.value(String?.self, forProperty: "name"),
                    arguments: try content.value([ArgumentMatcher].PartiallyGenerated?.self, forProperty: "arguments"))
                return
            }
            switch try Content.PartiallyGenerated(content) {
            case .expectation(let name, let arguments):
                self = .expectation(name: name, arguments: arguments)
            case .anyOrder:
                let calls = try content.value([GeneratedContent]?.self, forProperty: "expectations")
                self = .anyOrder(expectations: try calls.map { try $0.map(ToolExpectation.PartiallyGenerated.init) })
            }
        }
    }
}
