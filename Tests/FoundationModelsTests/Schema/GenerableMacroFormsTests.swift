@testable import FoundationModelsCore
import Testing
import SmartNotes

/// The macro forms compile, and their generated members behave as the expansion says.
@Suite struct GenerableMacroFormsTests {
    @Test func seedTypesAreGenerable() throws {
        let digest = NotesDigest(
            summary: "Launch planning.",
            actionItems: [ActionItem(task: "Ship the pricing page", owner: "Sara", priority: .high)]
        )
        let decoded = try NotesDigest(GeneratedContent(json: digest.generatedContent.jsonString))
        #expect(decoded.summary == digest.summary)
        #expect(decoded.actionItems.map(\.task) == ["Ship the pricing page"])
        #expect(decoded.actionItems.first?.priority == .high)
        let tagged = try TaggedNote(GeneratedContent(json: #"{"body": "b", "tags": ["x", "y", "z"]}"#))
        #expect(tagged.tags == ["x", "y", "z"])
        let arguments = try TeamDirectoryTool.Arguments(GeneratedContent(json: #"{"query": "sara"}"#))
        #expect(arguments.query == "sara")
        #expect(TeamDirectoryTool.Arguments.generationSchema.rootTypeName == "Arguments")
    }

    @Test func explicitNilWritesNull() {
        #expect(Explicit(maybe: nil, count: 1).generatedContent.jsonString == #"{"maybe": null, "count": 1}"#)
        #expect(Shape.circle(radius: nil).generatedContent.jsonString == #"{"type": "circle", "radius": null}"#)
    }

    @Test func absentOptionalsAreLeftOut() throws {
        let record = Record(id: GenerationID(), name: "Ada", nickname: nil, tags: ["x"])
        #expect(record.generatedContent.jsonString == #"{"name": "Ada", "tags": ["x"]}"#)
        #expect(record.generatedContent.id == record.id)
        let decoded = try Record(record.generatedContent)
        #expect(decoded == record)
        #expect(record.asPartiallyGenerated().id == record.id)
    }

    @Test func storedGenerationIDComesFromTheContent() throws {
        let id = GenerationID()
        let content = GeneratedContent(properties: ["name": "Ada"], id: id)
        #expect(try Record(content).id == id)
        #expect(try Record.PartiallyGenerated(content).id == id)
        #expect(try Tracked(GeneratedContent(properties: ["label": "x"], id: id)).generationID == id)
        #expect(try Tracked(GeneratedContent(properties: ["label": "x"])).generationID == nil)
        #expect(try Tracked.PartiallyGenerated(GeneratedContent(properties: ["label": "x"], id: id)).generationID == id)
    }

    @Test func enumCaseNamesAreUnescaped() throws {
        #expect(Urgency.default.generatedContent.jsonString == #""default""#)
        #expect(try Urgency(GeneratedContent(json: #""default""#)) == .default)
        #expect(throws: GeneratedContent.ConversionError.unknownChoice("urgent", type: "Urgency")) {
            try Urgency(GeneratedContent(json: #""urgent""#))
        }
    }

    @Test func skippedMembersStayOutOfTheSchema() throws {
        #expect(Mixed.generationSchema.jsonSchemaText().contains(#""x-order":["a","b","default","observed"]"#))
        let mixed = try Mixed(GeneratedContent(json: #"{"a": 1, "b": 2, "default": "d", "observed": 0.5}"#))
        #expect(mixed.computed == 3)
        #expect(mixed.kind == "mixed")
        #expect(mixed.generatedContent.jsonString == #"{"a": 1, "b": 2, "default": "d", "observed": 0.5}"#)
    }

    @Test func ownInitializerIsKept() throws {
        #expect(try Custom(GeneratedContent(json: #"{"value": 2}"#)).value == 20)
        #expect(Custom(value: 3).generatedContent.jsonString == #"{"value": 3}"#)
    }

    @Test func propertyNamedIDIsGenerated() throws {
        let item = try Item(GeneratedContent(json: #"{"id": 7, "title": "t"}"#))
        #expect(item == Item(id: 7, title: "t"))
        #expect(try Item.PartiallyGenerated(GeneratedContent(json: #"{"id": 7"#)).id == 7)
    }

    @Test func emptyAndGenericTypes() throws {
        #expect(try Empty(GeneratedContent(json: "{}")) == Empty())
        #expect(Empty().generatedContent.jsonString == "{}")
        let box = Box(content: Priority.low)
        #expect(try Box<Priority>(GeneratedContent(json: box.generatedContent.jsonString)) == box)
        #expect(Box<Priority>.generationSchema.rootTypeName == "Box<Priority>")
    }

    @Test func generatedMembersFollowTheTypeAccessLevel() {
        // Why: `Record` is public, so a public extension in another module could use these; the
        // test compiles only if they are visible as declared.
        let partial: Record.PartiallyGenerated = Record(id: GenerationID(), name: "n", nickname: nil, tags: nil).asPartiallyGenerated()
        #expect(partial.name == "n")
        #expect(partial.nickname == nil)
    }
}
