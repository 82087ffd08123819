import Foundation
import Testing
@testable import FoundationModelsCore

@Suite struct TranscriptCodingTests {
    /// A transcript in Apple's wire format, written for this test in the shape the framework
    /// produces (keys in another order, structured content, tool calls and tool output).
    static let appleShaped = #"""
        {"transcript": {"entries": [
          {"tools": [{"type": "function", "function": {"name": "lookupTeamMember", "description": "Find a team member.",
             "parameters": {"additionalProperties": false, "type": "object", "required": ["query"],
               "properties": {"query": {"type": "string", "description": "A name"}}, "x-order": ["query"], "title": "Arguments"}}}],
           "role": "instructions", "id": "I1", "contents": [{"type": "text", "id": "S1", "text": "Assign owners."}]},
          {"role": "user", "options": {}, "id": "P1",
           "responseFormat": {"type": "jsonSchema", "jsonSchema": {"name": "Owner", "schema": {"additionalProperties": false,
             "type": "object", "title": "Owner", "properties": {"name": {"type": "string"}}, "x-order": ["name"], "required": ["name"]}}},
           "contents": [{"type": "text", "text": "Who owns pricing?", "id": "S2"}]},
          {"role": "response", "id": "R1", "toolCalls": [{"name": "lookupTeamMember", "arguments": "{\"query\": \"Sara\"}", "id": "C1"}]},
          {"toolName": "lookupTeamMember", "contents": [{"type": "text", "id": "S3", "text": "Sara Ben Ali"}], "id": "C1", "toolCallID": "C1", "role": "tool"},
          {"role": "response", "id": "R2", "assets": ["local.model"],
           "contents": [{"type": "structure", "structure": {"source": "Owner", "content": {"name": "Sara Ben Ali"}}, "id": "0"}]}
        ]}, "type": "FoundationModels.Transcript", "version": 1}
        """#

    @Test func decodesApplesShape() throws {
        let transcript = try JSONDecoder().decode(Transcript.self, from: Data(Self.appleShaped.utf8))
        #expect(transcript.count == 5)
        guard case .instructions(let instructions) = transcript[0], case .prompt(let prompt) = transcript[1],
            case .toolCalls(let calls) = transcript[2], case .toolOutput(let output) = transcript[3],
            case .response(let response) = transcript[4]
        else {
            Issue.record("unexpected entries \(transcript)")
            return
        }
        #expect(instructions.toolDefinitions.map(\.name) == ["lookupTeamMember"])
        #expect(instructions.segments.joinedText == "Assign owners.")
        #expect(prompt.responseFormat?.name == "Owner")
        #expect(calls.first?.toolName == "lookupTeamMember")
        #expect(calls.first?.arguments.jsonString == #"{"query": "Sara"}"#)
        #expect(output.id == "C1" && output.toolName == "lookupTeamMember")
        #expect(response.assetIDs == ["local.model"])
        guard case .structure(let structure) = response.segments.first else {
            Issue.record("expected a structured segment")
            return
        }
        #expect(structure.schemaName == "Owner")
        #expect(try structure.content.value(String.self, forProperty: "name") == "Sara Ben Ali")
    }

    @Test func roundTripsThroughTheWireFormat() throws {
        let original = try JSONDecoder().decode(Transcript.self, from: Data(Self.appleShaped.utf8))
        let data = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded.map(\.id) == original.map(\.id))
        #expect(decoded.map(\.description) == original.map(\.description))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""type":"FoundationModels.Transcript""#))
        #expect(text.contains(#""role":"tool""#) && text.contains(#""toolCallID":"C1""#))
    }

    @Test func optionsRoundTrip() throws {
        let options = GenerationOptions(samplingMode: .random(top: 5, seed: 9), temperature: 0.5, maximumResponseTokens: 30, toolCallingMode: .required)
        let transcript = Transcript(entries: [.prompt(Transcript.Prompt(segments: [.text(.init(content: "hi"))], options: options))])
        let decoded = try JSONDecoder().decode(Transcript.self, from: JSONEncoder().encode(transcript))
        guard case .prompt(let prompt) = decoded.first else {
            Issue.record("no prompt")
            return
        }
        #expect(prompt.options == options)
    }

    static let malformed: [(json: String, path: String)] = [
        (#"{"transcript": {"entries": [{"id": "A", "role": "narrator", "contents": []}]}}"#, "transcript.entries[0].role"),
        (#"{"transcript": {"entries": [{"role": "user", "contents": []}]}}"#, "transcript.entries[0].id"),
        (#"{"transcript": {"entries": [{"id": "A", "role": "user", "contents": [{"type": "image"}]}]}}"#, "transcript.entries[0].contents[0].type"),
        (#"{"transcript": {"entries": {}}}"#, "transcript.entries"),
        (#"{"type": "Other", "transcript": {"entries": []}}"#, "type"),
        (
            #"{"transcript": {"entries": [{"id": "A", "role": "response", "toolCalls": [{"id": "C", "name": "t", "arguments": "{oops"}]}]}}"#,
            "transcript.entries[0].toolCalls[0].arguments"
        ),
        // Numbers that are no whole number of their type (found by FuzzTranscript: a token limit
        // past Int.max stopped the process).
        (
            #"{"transcript": {"entries": [{"id": "A", "role": "user", "contents": [], "options": {"maximumResponseTokens": 1e300}}]}}"#,
            "transcript.entries[0].options.maximumResponseTokens"
        ),
        (
            #"{"transcript": {"entries": [{"id": "A", "role": "user", "contents": [], "options": {"sampling": {"type": "topK", "k": 2.5}}}]}}"#,
            "transcript.entries[0].options.sampling.k"
        ),
        (
            #"{"transcript": {"entries": [{"id": "A", "role": "user", "contents": [], "options": {"sampling": {"type": "greedy", "seed": -1}}}]}}"#,
            "transcript.entries[0].options.sampling.seed"
        )
    ]

    @Test(arguments: malformed)
    func malformedTranscriptsNameThePath(json: String, path: String) {
        #expect {
            _ = try JSONDecoder().decode(Transcript.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.hasPrefix(path + ":")
        }
    }
}
