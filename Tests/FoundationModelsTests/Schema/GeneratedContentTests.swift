@testable import FoundationModelsCore
import Testing
import SmartNotes

/// `GeneratedContent`'s initializers, accessors, JSON text and equality.
@Suite struct GeneratedContentTests {
    @Test func propertiesKeepTheirOrder() throws {
        let content = GeneratedContent(properties: [
            "zeta": "a/b", "alpha": 1, "mid": true, "beta": 2.5,
            "nested": GeneratedContent(properties: ["y": "why", "x": "ex"])
        ])
        #expect(content.jsonString == #"{"zeta": "a/b", "alpha": 1, "mid": true, "beta": 2.5, "nested": {"y": "why", "x": "ex"}}"#)
        guard case .structure(let properties, let keys) = content.kind else {
            Issue.record("expected an object, found \(content.kind)")
            return
        }
        #expect(keys == ["zeta", "alpha", "mid", "beta", "nested"])
        #expect(properties["alpha"] == GeneratedContent(kind: .number(1)))
    }

    @Test func repeatedKeysKeepTheirFirstPosition() throws {
        #expect(GeneratedContent(properties: ["a": 1, "b": 2, "a": 3]).jsonString == #"{"a": 3, "b": 2}"#)
        let pairs: [(String, any ConvertibleToGeneratedContent)] = [("a", 1), ("b", 2), ("a", 3)]
        let summed = try GeneratedContent(properties: pairs) { first, second in
            try first.value(Int.self) + second.value(Int.self)
        }
        #expect(summed.jsonString == #"{"a": 4, "b": 2}"#)
    }

    @Test func elementsKindAndIdentity() throws {
        let id = GenerationID()
        let elements: [any ConvertibleToGeneratedContent] = ["x", 2, false]
        let array = GeneratedContent(elements: elements, id: id)
        #expect(array.jsonString == #"["x", 2, false]"#)
        #expect(array.id == id)
        #expect(GeneratedContent(kind: .null).jsonString == "null")
        #expect(GeneratedContent("text").kind == .string("text"))
        #expect(GeneratedContent(42, id: id).id == id)
        #expect(try GeneratedContent(GeneratedContent(kind: .bool(true))).kind == .bool(true))
    }

    @Test func equalityIncludesIdentityAndCompleteness() throws {
        let id = GenerationID()
        #expect(GeneratedContent("a") == GeneratedContent("a"))
        #expect(GeneratedContent("a", id: id) != GeneratedContent("a"))
        #expect(GeneratedContent("a", id: id) == GeneratedContent("a", id: id))
        #expect(try GeneratedContent(json: #""a""#) == GeneratedContent("a"))
        #expect(try GeneratedContent(json: #""a"#) != GeneratedContent("a"))
        #expect(GenerationID() != GenerationID())
    }

    @Test func contentMadeInCodeIsComplete() throws {
        #expect(GeneratedContent(properties: ["a": [1, 2]]).isComplete)
        let partial = try GeneratedContent(json: "[1, 2")
        #expect(!GeneratedContent(kind: .array([partial])).isComplete)
    }

    @Test func jsonStringEscapesLikeApple() {
        let content = GeneratedContent(properties: ["text": "quote \" backslash \\ slash / newline \n tab \t bell \u{07} é 😀"])
        #expect(content.jsonString == #"{"text": "quote \" backslash \\ slash / newline \n tab \t bell \u0007 é 😀"}"#)
        #expect(content.debugDescription == content.jsonString)
    }

    /// Numbers as JSON writes them.
    @Test(arguments: [(1.0, "1"), (-0.0, "0"), (2.5, "2.5"), (0.1, "0.1"), (1e20, "1e+20"), (-3.25e-7, "-3.25e-07"), (.nan, "null")])
    func numbers(_ value: Double, text: String) {
        #expect(GeneratedContent(kind: .number(value)).jsonString == text)
    }

    @Test func valueAccessors() throws {
        let content = try GeneratedContent(json: #"{"name": "Ada", "age": 36, "nickname": null}"#)
        #expect(try content.value(String.self, forProperty: "name") == "Ada")
        #expect(try content.value(Int?.self, forProperty: "age") == 36)
        #expect(try content.value(String?.self, forProperty: "nickname") == nil)
        #expect(try content.value(String?.self, forProperty: "missing") == nil)
        #expect(throws: GeneratedContent.ConversionError.missingProperty("missing", content: content)) {
            try content.value(String.self, forProperty: "missing")
        }
        #expect(throws: GeneratedContent.ConversionError.self) { try content.value(Int.self, forProperty: "name") }
        #expect(throws: GeneratedContent.ConversionError.self) { try content.value(String?.self, forProperty: "age") }
        #expect(throws: GeneratedContent.ConversionError.self) { try GeneratedContent("x").value(Int.self, forProperty: "a") }
    }

    @Test func incompletePropertiesReadAsAbsent() throws {
        let content = try GeneratedContent(json: #"{"priority": "hi"#)
        #expect(try content.value(Priority?.self, forProperty: "priority") == nil)
        #expect(throws: GeneratedContent.ConversionError.self) { try content.value(Priority.self, forProperty: "priority") }
        let complete = try GeneratedContent(json: #"{"priority": "urgent"}"#)
        #expect(throws: GeneratedContent.ConversionError.self) { try complete.value(Priority?.self, forProperty: "priority") }
    }

    @Test func errorsDescribeThemselves() {
        #expect(GeneratedContent.ConversionError.unknownChoice("x", type: "Priority").description == "'x' is not one of the choices of Priority")
        #expect(GeneratedContent.JSONSyntaxError(offset: 3, reason: "oops").description == "invalid JSON at byte 3: oops")
    }

    @Test func generatedContentIsGenerable() throws {
        let content = GeneratedContent(properties: ["a": 1])
        #expect(try GeneratedContent(content) == content)
        #expect(content.generatedContent == content)
        #expect(GeneratedContent.generationSchema.jsonSchemaText() == #"{}"#)
        #expect(content.asPartiallyGenerated() == content)
    }
}
