import Evaluations
import FoundationModels

/// The action items of a meeting note, as the Smart Notes app asks for them.
@Generable
struct NoteActions {
    @Guide(description: "Every action item of the note")
    let items: [NoteAction]
}

/// One action item: who does what.
@Generable
struct NoteAction {
    @Guide(description: "The first name of the person who does it")
    let owner: String
    @Guide(description: "What they do, in a few words")
    let task: String
}

/// One note and the owner of each action item in it, with a word of the task.
struct ActionsSample {
    let note: String
    let expected: [(owner: String, keyword: String)]
}

/// The main job's core, guided: are the note's action items found, with the right owners?
struct ActionItemsEvaluation: Evaluation {
    let model: any LanguageModel

    let ownersFound = Metric("Owners found")
    let tasksMatched = Metric("Tasks matched")
    let extraItems = Metric("Extra items")

    static let notes = [
        ActionsSample(
            note: "Weekly sync. Sara finalizes pricing by Friday. Youssef fixes the login bug before the release. Lina shares the onboarding mockups next week.",
            expected: [("Sara", "pricing"), ("Youssef", "login"), ("Lina", "mockups")]),
        ActionsSample(
            note: "Launch retro. Tom writes the incident report. Priya books the venue for the offsite.",
            expected: [("Tom", "report"), ("Priya", "venue")]),
        ActionsSample(
            note: "Hiring sync: Maria schedules the final interviews, Ken sends the offer letters on Monday, and Ana updates the job posting.",
            expected: [("Maria", "interview"), ("Ken", "offer"), ("Ana", "posting")])
    ]

    var dataset: ArrayLoader<ModelSample<String>> {
        ArrayLoader(
            samples: Self.notes.map { sample in
                ModelSample(
                    prompt: "List the action items of this meeting note:\n\(sample.note)",
                    expected: sample.expected.map { "\($0.owner):\($0.keyword)" }.joined(separator: ","),
                    instructions: "You extract action items from meeting notes. Use only what the note says.")
            })
    }

    func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
        let session = LanguageModelSession(model: model, instructions: sample.instructions)
        let response = try await session.respond(
            to: sample.prompt, generating: NoteActions.self, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200))
        let lines = response.content.items.map { "\($0.owner): \($0.task)" }
        return ModelSubject(value: lines.joined(separator: "\n"), transcript: session.transcript.structuredTranscript)
    }

    var evaluators: Evaluators {
        Evaluator { sample, subject in
            let expected = Self.expectations(of: sample)
            let lines = subject.value.split(separator: "\n").map(String.init)
            let found = expected.filter { owner, _ in lines.contains { $0.hasPrefix(owner) } }.count
            return ownersFound.scoring(Double(found) / Double(max(1, expected.count)), rationale: "\(found) of \(expected.count)")
        }
        Evaluator { sample, subject in
            let expected = Self.expectations(of: sample)
            let lines = subject.value.split(separator: "\n").map(String.init)
            let matched = expected.filter { owner, keyword in
                lines.contains { $0.hasPrefix(owner) && $0.localizedCaseInsensitiveContains(keyword) }
            }.count
            return tasksMatched.scoring(Double(matched) / Double(max(1, expected.count)), rationale: "\(matched) of \(expected.count)")
        }
        Evaluator { sample, subject in
            let extra = max(0, subject.value.split(separator: "\n").count - Self.expectations(of: sample).count)
            return extraItems.scoring(Double(extra))
        }
    }

    /// The expected owners and task words of a sample.
    static func expectations(of sample: ModelSample<String>) -> [(owner: String, keyword: String)] {
        (sample.expected ?? "").split(separator: ",").compactMap { pair in
            let parts = pair.split(separator: ":").map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: ownersFound)
        aggregator.computeMean(of: tasksMatched)
        aggregator.computeMean(of: extraItems)
    }
}
