import Foundation
import Testing
@testable import FoundationModelsCore
import JSONValues

/// A custom segment type of an app: a map pin, with `Codable` content.
struct MapPin: Transcript.CustomSegment {
    struct Location: Codable, Equatable, Sendable {
        var latitude: Double
        var longitude: Double
    }

    var id = "pin-1"
    var content: Location
}

/// OS 27's transcript: reasoning, attachments, custom segments, metadata, context options, and
/// editing in place; all of it through the wire format and back.
@Suite struct TranscriptOS27Tests {
    static let image = URL(fileURLWithPath: "/tmp/receipt.png")

    static func richTranscript() -> Transcript {
        let prompt = Transcript.Prompt(
            id: "p1", metadata: ["requestKind": "summary", "attempt": 2, "strict": true, "threshold": 0.5],
            segments: [
                .text(Transcript.TextSegment(id: "t1", content: "What is on this receipt?")),
                .attachment(Transcript.AttachmentSegment(id: "a1", content: .image(.init(imageURL: image, orientation: .right)), label: "receipt"))
            ],
            contextOptions: ContextOptions(includeSchemaInPrompt: false, reasoningLevel: .custom("thorough")))
        let reasoning = Transcript.Reasoning(
            id: "r1", metadata: ["provider": "scripted"], segments: [.text(Transcript.TextSegment(id: "t2", content: "A total line is near the bottom."))],
            signature: Data([0xDE, 0xAD, 0xBE, 0xEF]))
        let call = Transcript.ToolCall(id: "c1", metadata: ["latencyMS": 12], toolName: "lookup", arguments: GeneratedContent(properties: ["q": "total"]))
        let response = Transcript.Response(
            id: "resp", metadata: ["model": "scripted-1"],
            segments: [.text(Transcript.TextSegment(id: "t3", content: "It is 42 €.")), .custom(MapPin(content: .init(latitude: 48.85, longitude: 2.35)))])
        return Transcript(entries: [
            .instructions(Transcript.Instructions(id: "i", segments: [.text(Transcript.TextSegment(id: "t0", content: "Be brief."))], toolDefinitions: [])),
            .prompt(prompt), .reasoning(reasoning), .toolCalls(Transcript.ToolCalls(id: "calls", [call])),
            .toolOutput(Transcript.ToolOutput(id: "c1", toolName: "lookup", segments: [.text(Transcript.TextSegment(id: "t4", content: "42"))])),
            .response(response)
        ])
    }

    @Test func everyOS27AdditionRoundTripsThroughTheWireFormat() throws {
        let transcript = Self.richTranscript()
        let data = try JSONEncoder().encode(transcript)
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded.count == transcript.count)

        guard case .prompt(let prompt) = decoded[1] else { throw Failure("entry 1 is not the prompt") }
        #expect(prompt.contextOptions == ContextOptions(includeSchemaInPrompt: false, reasoningLevel: .custom("thorough")))
        #expect(prompt.metadata["requestKind"] as? String == "summary")
        #expect(prompt.metadata["attempt"] as? Int == 2)
        #expect(prompt.metadata["strict"] as? Bool == true)
        #expect(prompt.metadata["threshold"] as? Double == 0.5)
        guard case .attachment(let attachment) = prompt.segments[1], case .image(let image) = attachment.content else {
            throw Failure("the prompt's second segment is not an image")
        }
        #expect(attachment.label == "receipt")
        #expect(image.url == Self.image)
        #expect(image.orientation == .right)

        guard case .reasoning(let reasoning) = decoded[2] else { throw Failure("entry 2 is not reasoning") }
        #expect(reasoning.signature == Data([0xDE, 0xAD, 0xBE, 0xEF]))
        #expect(reasoning.segments.joinedText == "A total line is near the bottom.")
        #expect(reasoning.metadata["provider"] as? String == "scripted")

        guard case .toolCalls(let calls) = decoded[3] else { throw Failure("entry 3 is not tool calls") }
        #expect(calls.first?.metadata["latencyMS"] as? Int == 12)

        guard case .response(let response) = decoded[5] else { throw Failure("entry 5 is not the response") }
        #expect(response.metadata["model"] as? String == "scripted-1")
        guard case .custom(let custom) = response.segments[1] else { throw Failure("the response's custom segment is missing") }
        #expect(custom.id == "pin-1")
        // This process knows `MapPin`, but the reader cannot know which Swift type wrote a
        // segment: the content is kept as JSON and written back unchanged.
        #expect(custom.description.contains("48.85"))

        // Decoded and re-encoded, the document is the same.
        let again = try JSONEncoder().encode(decoded)
        #expect(try JSONSerialization.jsonObject(with: again) as? NSDictionary == JSONSerialization.jsonObject(with: data) as? NSDictionary)
        // Everything but the custom segment (now kept as JSON, a different Swift type) is equal.
        #expect(Array(decoded.prefix(5)) == Array(transcript.prefix(5)))
    }

    @Test func aTranscriptWithoutOS27ContentEncodesAsBefore() throws {
        let transcript = Transcript(entries: [
            .prompt(Transcript.Prompt(id: "p", segments: [.text(Transcript.TextSegment(id: "t", content: "Hi"))])),
            .response(Transcript.Response(id: "r", assetIDs: [], segments: [.text(Transcript.TextSegment(id: "u", content: "Hello"))]))
        ])
        let text = String(decoding: try JSONEncoder().encode(transcript), as: UTF8.self)
        #expect(!text.contains("metadata"))
        #expect(!text.contains("contextOptions"))
    }

    @Test(arguments: [
        (#"{"type":"video","id":"x"}"#, "transcript.entries[0].contents[0].type"),
        (#"{"type":"attachment","id":"x","attachment":{"type":"audio","url":"file:///a.wav"}}"#, "transcript.entries[0].contents[0].attachment.type"),
        (
            #"{"type":"attachment","id":"x","attachment":{"type":"image","url":"file:///a.png","orientation":9}}"#,
            "transcript.entries[0].contents[0].attachment.orientation"
        ),
        (#"{"type":"attachment","id":"x","attachment":{"type":"image","url":"not a url"}}"#, "transcript.entries[0].contents[0].attachment.url"),
        (#"{"type":"custom","id":"x","custom":{"type":"MapPin"}}"#, "transcript.entries[0].contents[0].custom.content")
    ])
    func badSegmentsAreRefusedWithTheirPath(segment: String, path: String) throws {
        let document =
            #"{"type":"FoundationModels.Transcript","version":1,"transcript":{"entries":[{"id":"p","role":"user","contents":["#
            + segment + "]}]}}"
        #expect {
            _ = try JSONDecoder().decode(Transcript.self, from: Data(document.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.hasPrefix(path + ":")
        }
    }

    @Test func aReasoningEntryWithABadSignatureIsRefused() throws {
        let document = #"{"transcript":{"entries":[{"id":"r","role":"reasoning","contents":[],"signature":"%%%"}]}}"#
        #expect {
            _ = try JSONDecoder().decode(Transcript.self, from: Data(document.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.hasPrefix("transcript.entries[0].signature:")
        }
    }

    @Test func theTranscriptIsAMutableRangeReplaceableCollection() {
        var transcript = Self.richTranscript()
        #expect(transcript.history.count == transcript.count - 1)
        transcript.removeLast(2)
        #expect(transcript.count == 4)
        transcript.insert(.prompt(Transcript.Prompt(id: "p0", segments: [])), at: 1)
        #expect(transcript[1].id == "p0")
        transcript.replaceSubrange(1..<3, with: [Transcript.Entry]())
        #expect(transcript.map(\.id) == ["i", "r1", "calls"])
        transcript.history.removeAll()
        #expect(transcript.map(\.id) == ["i"])
        transcript.history = [.prompt(Transcript.Prompt(id: "again", segments: []))]
        #expect(transcript.map(\.id) == ["i", "again"])
        var empty = Transcript()
        empty.append(.prompt(Transcript.Prompt(id: "only", segments: [])))
        #expect(empty.history.map(\.id) == ["only"])
        transcript[1] = .prompt(Transcript.Prompt(id: "swapped", segments: []))
        #expect(transcript.last?.id == "swapped")
    }

    @Test func metadataEqualityComparesTypesAndValues() {
        let one = Transcript.Response(id: "r", metadata: ["n": 1], segments: [])
        #expect(one == Transcript.Response(id: "r", metadata: ["n": 1], segments: []))
        #expect(one != Transcript.Response(id: "r", metadata: ["n": "1"], segments: []))
        #expect(one != Transcript.Response(id: "r", metadata: ["n": 2], segments: []))
        #expect(one != Transcript.Response(id: "r", metadata: [:], segments: []))
    }

    @Test func structuredSegmentsNameTheirSchema() {
        var segment = Transcript.StructuredSegment(schemaName: "Receipt", content: GeneratedContent(properties: ["total": 42]))
        #expect(segment.schemaName == "Receipt")
        segment.schemaName = "Invoice"
        #expect(segment.schemaName == "Invoice")
        #expect(segment.description == #"{"total": 42}"#)
        #expect(Transcript.ResponseFormat(schema: Receipt.generationSchema).name == "Receipt")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

@Generable struct Receipt {
    var total: Int
}

@Generable(name: "trip_plan", description: "A short plan")
struct TripPlan {
    var days: Int
    var stops: [String]
}

@Generable(name: "weather_kind")
enum WeatherKind {
    case sunny, rainy
}

/// `GenerationSchema.name` and `@Generable(name:)`.
@Suite struct SchemaNameTests {
    @Test func aGenerableTypeIsNamedAfterItself() {
        #expect(Receipt.generationSchema.name == "Receipt")
    }

    @Test func generableNameRenamesTheSchema() throws {
        #expect(TripPlan.generationSchema.name == "trip_plan")
        #expect(WeatherKind.generationSchema.name == "weather_kind")
        #expect(Transcript.ResponseFormat(type: TripPlan.self).name == "trip_plan")
        let json = TripPlan.generationSchema.jsonSchemaValue()
        #expect(json["title"]?.stringValue == "trip_plan")
        #expect(json["description"]?.stringValue == "A short plan")
    }

    @Test func aRenamedTypeInsideAnotherIsReferencedByItsName() throws {
        let json = Itinerary.generationSchema.jsonSchemaValue()
        #expect(json["$defs"]?["trip_plan"] != nil)
    }

    @Test func dynamicSchemasAreNamedAfterTheirRoot() throws {
        let schema = try GenerationSchema(root: DynamicGenerationSchema(name: "Order", properties: []), dependencies: [])
        #expect(schema.name == "Order")
        #expect(GenerationSchema(type: [String].self, properties: []).name.isEmpty == false)
    }
}

@Generable struct Itinerary {
    var first: TripPlan
    var second: TripPlan
}
