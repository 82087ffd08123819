public import Foundation
import JSONValues

extension LanguageModelSession {
    /// Describes the session's exchange with feedback, as data to attach to a bug report.
    ///
    /// Apple's framework also files the attachment with its feedback system; locally nothing is
    /// sent anywhere: the data is returned, and the caller stores or shares it. It is a JSON
    /// object (keys sorted):
    ///
    /// ```json
    /// {"type": "FoundationModels.LanguageModelFeedback", "version": 1,
    ///  "sentiment": "negative",                      // or null
    ///  "issues": [{"category": "incorrect", "explanation": "…"}],
    ///  "desiredOutput": {"id": "…", "role": "response", …},   // a transcript entry, or null
    ///  "transcript": {"type": "FoundationModels.Transcript", "version": 1, "transcript": {"entries": […]}}}
    /// ```
    ///
    /// Entries use the transcript's wire format, so `transcript` decodes with `JSONDecoder` as a
    /// ``Transcript``.
    ///
    /// - Parameters:
    ///   - sentiment: How the response was received, if known.
    ///   - issues: The problems with it.
    ///   - desiredOutput: The entry the model should have produced.
    /// - Returns: The JSON data.
    @discardableResult
    public func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?,
        issues: [LanguageModelFeedback.Issue] = [],
        desiredOutput: Transcript.Entry? = nil
    ) -> Data {
        let document = JSONValue.object([
            JSONMember("desiredOutput", desiredOutput.map(TranscriptWireFormat.entry) ?? .null),
            JSONMember(
                "issues",
                .array(
                    issues.map { issue in
                        .object([
                            JSONMember("category", .string(issue.category.wireName)),
                            JSONMember("explanation", issue.explanation.map(JSONValue.string) ?? .null)
                        ])
                    })),
            JSONMember("sentiment", sentiment.map { .string($0.wireName) } ?? .null),
            JSONMember("transcript", TranscriptWireFormat.document(of: transcript)),
            JSONMember("type", .string("FoundationModels.LanguageModelFeedback")),
            JSONMember("version", .number("1"))
        ])
        return Data(document.serialized().utf8)
    }

    /// Describes the session's exchange with feedback and the text the response should have had.
    ///
    /// - Parameters:
    ///   - sentiment: How the response was received, if known.
    ///   - issues: The problems with it.
    ///   - desiredResponseText: The text the model should have produced.
    /// - Returns: The JSON data of ``logFeedbackAttachment(sentiment:issues:desiredOutput:)``.
    @discardableResult
    public func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?,
        issues: [LanguageModelFeedback.Issue] = [],
        desiredResponseText: String?
    ) -> Data {
        let entry = desiredResponseText.map { text in
            Transcript.Entry.response(Transcript.Response(assetIDs: [], segments: [.text(Transcript.TextSegment(content: text))]))
        }
        return logFeedbackAttachment(sentiment: sentiment, issues: issues, desiredOutput: entry)
    }

    /// Describes the session's exchange with feedback and the content the response should have had.
    ///
    /// - Parameters:
    ///   - sentiment: How the response was received, if known.
    ///   - issues: The problems with it.
    ///   - desiredResponseContent: The content the model should have produced.
    /// - Returns: The JSON data of ``logFeedbackAttachment(sentiment:issues:desiredOutput:)``.
    @discardableResult
    public func logFeedbackAttachment(
        sentiment: LanguageModelFeedback.Sentiment?,
        issues: [LanguageModelFeedback.Issue] = [],
        desiredResponseContent: (any ConvertibleToGeneratedContent)?
    ) -> Data {
        let entry = desiredResponseContent.map { content in
            let structure = Transcript.StructuredSegment(schemaName: String(describing: type(of: content)), content: content.generatedContent)
            return Transcript.Entry.response(Transcript.Response(assetIDs: [], segments: [.structure(structure)]))
        }
        return logFeedbackAttachment(sentiment: sentiment, issues: issues, desiredOutput: entry)
    }
}

extension LanguageModelFeedback.Sentiment {
    /// The name in feedback data.
    var wireName: String {
        switch self {
        case .positive: "positive"
        case .negative: "negative"
        case .neutral: "neutral"
        }
    }
}

extension LanguageModelFeedback.Issue.Category {
    /// The name in feedback data.
    var wireName: String {
        switch self {
        case .unhelpful: "unhelpful"
        case .tooVerbose: "tooVerbose"
        case .didNotFollowInstructions: "didNotFollowInstructions"
        case .incorrect: "incorrect"
        case .stereotypeOrBias: "stereotypeOrBias"
        case .suggestiveOrSexual: "suggestiveOrSexual"
        case .vulgarOrOffensive: "vulgarOrOffensive"
        case .triggeredGuardrailUnexpectedly: "triggeredGuardrailUnexpectedly"
        }
    }
}
