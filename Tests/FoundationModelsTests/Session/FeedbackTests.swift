import Foundation
import Testing
@testable import FoundationModelsCore
import FoundationModelsTesting

/// `logFeedbackAttachment` describes the exchange as JSON that decodes back.
@Suite struct FeedbackTests {
    func session() async throws -> LanguageModelSession {
        let session = LanguageModelSession(model: MockLanguageModel(replies: [.text("Lyon.")]), instructions: "Answer briefly.")
        _ = try await session.respond(to: "What is the capital of France?")
        return session
    }

    func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Decodes one transcript entry in the wire format.
    func entry(_ value: Any) throws -> Transcript.Entry {
        let wrapped: [String: Any] = ["type": "FoundationModels.Transcript", "version": 1, "transcript": ["entries": [value]]]
        let transcript = try JSONDecoder().decode(Transcript.self, from: JSONSerialization.data(withJSONObject: wrapped))
        return try #require(transcript.first)
    }

    @Test func theAttachmentHoldsTheTranscriptSentimentIssuesAndDesiredText() async throws {
        let session = try await session()
        let data = session.logFeedbackAttachment(
            sentiment: .negative,
            issues: [.init(category: .incorrect, explanation: "Lyon is not the capital."), .init(category: .tooVerbose)],
            desiredResponseText: "Paris.")
        let object = try object(data)
        #expect(object["type"] as? String == "FoundationModels.LanguageModelFeedback")
        #expect(object["sentiment"] as? String == "negative")
        let issues = try #require(object["issues"] as? [[String: Any]])
        #expect(issues.map { $0["category"] as? String } == ["incorrect", "tooVerbose"])
        #expect(issues[0]["explanation"] as? String == "Lyon is not the capital.")
        #expect(issues[1]["explanation"] is NSNull)

        let transcriptData = try JSONSerialization.data(withJSONObject: try #require(object["transcript"]))
        let transcript = try JSONDecoder().decode(Transcript.self, from: transcriptData)
        #expect(transcript.map(\.id) == session.transcript.map(\.id))
        #expect(transcript.map(\.description) == session.transcript.map(\.description))

        guard case .response(let desired) = try entry(try #require(object["desiredOutput"])) else {
            Issue.record("the desired output is not a response")
            return
        }
        #expect(desired.segments.joinedText == "Paris.")
    }

    @Test func desiredContentIsAStructuredResponse() async throws {
        let session = try await session()
        let content = GeneratedContent(properties: ["city": "Paris", "country": "France"])
        let object = try object(session.logFeedbackAttachment(sentiment: nil, desiredResponseContent: content))
        #expect(object["sentiment"] is NSNull)
        #expect((object["issues"] as? [Any])?.isEmpty == true)
        guard case .response(let desired) = try entry(try #require(object["desiredOutput"])),
            case .structure(let structure)? = desired.segments.first
        else {
            Issue.record("the desired output is not a structured response")
            return
        }
        #expect(structure.schemaName == "GeneratedContent")
        // The attachment's JSON sorts object keys, so compare members, not text.
        #expect(try structure.content.value(String.self, forProperty: "city") == "Paris")
        #expect(try structure.content.value(String.self, forProperty: "country") == "France")
        if case .structure(let members, _) = structure.content.kind { #expect(members.count == 2) } else { Issue.record("not an object") }
    }

    @Test func noDesiredOutputIsNull() async throws {
        let session = try await session()
        let object = try object(session.logFeedbackAttachment(sentiment: .positive))
        #expect(object["desiredOutput"] is NSNull)
        #expect(object["sentiment"] as? String == "positive")
        #expect(LanguageModelFeedback.Sentiment.allCases.count == 3)
        #expect(LanguageModelFeedback.Issue.Category.allCases.count == 8)
    }
}
