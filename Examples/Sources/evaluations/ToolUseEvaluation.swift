import Evaluations
import FoundationModels

/// A team directory the model can consult: roles and office days.
struct DirectoryTool: Tool {
    let name = "teamDirectory"
    let description = "Looks up a colleague in the team directory: their role and the days they are in the office."

    @Generable
    struct Arguments {
        @Guide(description: "The colleague's first name")
        let name: String
    }

    static let people = [
        "Sara": "Sara is the product manager; in the office Monday and Tuesday.",
        "Youssef": "Youssef is the backend engineer; in the office Wednesday and Thursday.",
        "Lina": "Lina is the designer; in the office Friday."
    ]

    func call(arguments: Arguments) async throws -> String {
        Self.people.first { $0.key.lowercased() == arguments.name.lowercased() }?.value ?? "No one called \(arguments.name) in the directory."
    }
}

/// Questions only the directory answers: is the tool called, and is its answer used?
struct ToolUseEvaluation: Evaluation {
    let model: any LanguageModel

    let toolCalled = Metric("Tool called")
    let answerCorrect = Metric("Answer correct")

    static let questions = [
        ("What is Youssef's role?", "backend"),
        ("Which days is Sara in the office?", "Monday"),
        ("Who is Lina, and when can I meet her in the office?", "Friday"),
        ("What does Sara do?", "product")
    ]

    var dataset: ArrayLoader<ModelSample<String>> {
        ArrayLoader(
            samples: Self.questions.map { question, fact in
                ModelSample(
                    prompt: question, expected: fact,
                    instructions: "You answer questions about colleagues. Look them up in the team directory first.")
            })
    }

    func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
        let session = LanguageModelSession(model: model, tools: [DirectoryTool()], instructions: sample.instructions)
        let response = try await session.respond(to: sample.prompt, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 80))
        let called = session.transcript.contains { entry in
            if case .toolCalls = entry { return true }
            return false
        }
        return ModelSubject(value: (called ? "called\n" : "not called\n") + response.content, transcript: session.transcript.structuredTranscript)
    }

    var evaluators: Evaluators {
        Evaluator { _, subject in
            subject.value.hasPrefix("called\n") ? toolCalled.passing() : toolCalled.failing()
        }
        Evaluator { sample, subject in
            let answer = subject.value.split(separator: "\n", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
            return answer.localizedCaseInsensitiveContains(sample.expected ?? "") ? answerCorrect.passing() : answerCorrect.failing(rationale: answer)
        }
    }

    func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: toolCalled)
        aggregator.computeMean(of: answerCorrect)
    }
}
