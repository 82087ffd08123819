import FoundationModels

/// Decides natural-language argument matchers with a model, under guided generation so that the
/// answer is always a verdict.
struct ArgumentJudge: Sendable {
    /// The model that judges.
    let model: any LanguageModel

    /// The verdict the model fills in.
    ///
    /// The decision comes before the reasoning, as in model judges (design note 0009).
    @Generable
    struct Verdict {
        @Guide(description: "true when the value meets the criteria, false otherwise.")
        var meetsCriteria: Bool
        @Guide(description: "One sentence on whether the value meets the criteria.")
        var reasoning: String
    }

    /// Whether the value of an argument meets plain-language criteria.
    func decide(argument: String, value: StructuredValue, criteria: String) async throws -> Bool {
        let session = LanguageModelSession(
            model: model,
            instructions: "You check the arguments of tool calls. Answer only from the value and the criteria given."
        )
        let prompt = """
            Argument: \(argument)
            Value: \(value.jsonText)
            Criteria: \(criteria)
            Does the value meet the criteria?
            """
        let verdict = try await session.respond(to: prompt, generating: Verdict.self, options: GenerationOptions(samplingMode: .greedy))
        return verdict.content.meetsCriteria
    }
}
