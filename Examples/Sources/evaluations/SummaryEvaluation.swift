import Evaluations
import FoundationModels

/// One note to summarize and the facts its summary must keep.
struct NoteSample {
    let note: String
    let facts: [String]
}

/// Summaries of meeting notes: do they keep the key facts, stay short, and stay on topic?
struct SummaryEvaluation: Evaluation {
    /// The model that writes the summaries.
    let model: any LanguageModel

    let keepsFacts = Metric("Keeps key facts")
    let concise = Metric("Concise")
    let words = Metric("Words")
    static let onTopic = ScoreDimension(
        "On topic", description: "Does the summary describe the note?",
        scale: .passFail(passDescription: "The summary describes the note.", failDescription: "The summary is about something else."))

    static let notes = [
        NoteSample(note: "The design review moved from Tuesday to Thursday at 10am. Maria will present the new onboarding flow.", facts: ["Thursday", "Maria"]),
        NoteSample(note: "Budget approved: 40,000 euros for the Q3 marketing campaign. Tom sends the plan to finance by Friday.", facts: ["40,000", "Tom"]),
        NoteSample(note: "The login bug on Android is fixed in version 2.3.1. Release to the store is planned for Monday.", facts: ["2.3.1", "Monday"]),
        NoteSample(note: "Hiring: two backend engineers start in June. Priya leads their onboarding and picks their first project.", facts: ["June", "Priya"]),
        NoteSample(note: "The office closes early on Friday for maintenance. Everyone works from home that afternoon.", facts: ["Friday", "home"])
    ]

    var dataset: ArrayLoader<ModelSample<String>> {
        ArrayLoader(
            samples: Self.notes.map { note in
                ModelSample(
                    prompt: "Summarize this meeting note in one sentence: \(note.note)",
                    expected: note.facts.joined(separator: "; "),
                    instructions: "You summarize meeting notes. Keep names, dates and numbers.")
            })
    }

    func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
        let session = LanguageModelSession(model: model, instructions: sample.instructions)
        let response = try await session.respond(to: sample.prompt, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 80))
        return ModelSubject(value: response.content, transcript: session.transcript.structuredTranscript)
    }

    var evaluators: Evaluators {
        Evaluator { sample, subject in
            // Facts are separated by semicolons: a fact may hold a comma ("40,000").
            let facts = (sample.expected ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            let missing = facts.filter { !subject.value.localizedCaseInsensitiveContains($0) }
            return missing.isEmpty ? keepsFacts.passing() : keepsFacts.failing(rationale: "missing \(missing.joined(separator: ", "))")
        }
        Evaluator { _, subject in
            let count = subject.value.split(whereSeparator: \.isWhitespace).count
            return count <= 30 ? concise.passing(rationale: "\(count) words") : concise.failing(rationale: "\(count) words")
        }
        Evaluator { _, subject in
            words.scoring(Double(subject.value.split(whereSeparator: \.isWhitespace).count))
        }
        // The judge is the default model, whichever model wrote the summary.
        ModelJudgeEvaluator(dimensions: [Self.onTopic])
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: keepsFacts)
        aggregator.computeMean(of: concise)
        aggregator.group("Length") { group in
            group.computeMean(of: words)
            group.computeMaximum(of: words)
        }
        aggregator.group("Judge") { group in
            group.computeMean(of: Self.onTopic.metric)
        }
    }
}
