public import Evaluations
public import FoundationModels
import SmartNotes
import Foundation

/// The main job (`fm notes`): meeting notes in, a `NotesDigest` out, owners resolved through
/// `TeamDirectoryTool`. Are the tasks found, their owners the directory's full names (first
/// names for people outside it, `Unassigned` for nobody), their priorities the notes' wording?
///
/// The flow is `fm notes`' (`NotesDigester` of SmartNotes): one session with the tool and the command's
/// instructions, a turn that names the people, one that must look them up (`.required`), then the
/// guided digest (`.disallowed`), greedy.
public struct ActionItemsEvaluation: Evaluation {
    /// The model of the job.
    public let model: any LanguageModel
    /// The samples (`Resources/action-items.json`).
    public let samples: [ActionItemsSample]
    /// The options of every turn: greedy with no limit, as `fm notes` asks.
    public var options = GenerationOptions(samplingMode: .greedy)

    /// Every labelled task has an item whose task contains its word.
    public let tasksFound = Metric("Tasks found")
    /// Every found task's owner is the labelled one (the directory's full name).
    public let ownersResolved = Metric("Owners resolved")
    /// Every found task's priority is the labelled one.
    public let prioritiesMatch = Metric("Priorities match")
    /// Every owner in the directory was looked up.
    public let peopleLookedUp = Metric("People looked up")

    /// `fm notes`' default instructions.
    public static let instructions = NotesDigester.defaultInstructions

    /// An evaluation of `model` on these samples.
    public init(model: any LanguageModel, samples: [ActionItemsSample]) {
        self.model = model
        self.samples = samples
    }

    /// An evaluation of `model` on the kept set, or its first `limit` samples.
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)``.
    public init(model: any LanguageModel, limit: Int? = nil) throws {
        self.init(model: model, samples: SeedSamples.prefix(try SeedSamples.load("action-items"), limit: limit))
    }

    /// The samples.
    public var dataset: ArrayLoader<ActionItemsSample> { ArrayLoader(samples: samples) }

    /// `fm notes`' turns.
    public func subject(from sample: ActionItemsSample) async throws -> ModelSubject<ActionItemsAnswer> {
        let digest = try await NotesDigester(model: model, instructions: Self.instructions).digest(of: sample.note, options: options)
        return ModelSubject(value: ActionItemsAnswer(digest.content), transcript: digest.transcript.structuredTranscript)
    }

    /// The four checks.
    public var evaluators: Evaluators {
        Evaluator { sample, subject in
            let missing = sample.items.filter { Self.item(for: $0, in: subject.value) == nil }.map(\.keyword)
            return missing.isEmpty ? tasksFound.passing() : tasksFound.failing(rationale: "missing " + missing.joined(separator: ", "))
        }
        Evaluator { sample, subject in
            let found = sample.items.compactMap { label in Self.item(for: label, in: subject.value).map { (label, $0) } }
            guard !found.isEmpty else { return ownersResolved.ignore(rationale: "no task found") }
            let wrong = found.filter { !Self.ownerMatches($1.owner, label: $0) }.map { "\($0.keyword): \($1.owner)" }
            return wrong.isEmpty ? ownersResolved.passing() : ownersResolved.failing(rationale: wrong.joined(separator: "; "))
        }
        Evaluator { sample, subject in
            let found = sample.items.compactMap { label in Self.item(for: label, in: subject.value).map { (label, $0) } }
            guard !found.isEmpty else { return prioritiesMatch.ignore(rationale: "no task found") }
            let wrong = found.filter { $1.priority != $0.priority }.map { "\($0.keyword): \($1.priority), not \($0.priority)" }
            return wrong.isEmpty ? prioritiesMatch.passing() : prioritiesMatch.failing(rationale: wrong.joined(separator: "; "))
        }
        Evaluator { sample, subject in
            let queries = subject.toolCalls.filter { $0.toolName == TeamDirectoryTool().name }.map(\.arguments.jsonString)
            let missed = sample.items.filter(\.inDirectory).compactMap { label -> String? in
                let firstName = String(label.owner.prefix { $0 != " " })
                return queries.contains { AnswerText.contains($0, firstName) } ? nil : firstName
            }
            return missed.isEmpty ? peopleLookedUp.passing() : peopleLookedUp.failing(rationale: "not looked up: " + missed.joined(separator: ", "))
        }
    }

    /// The first item whose task contains the label's word.
    static func item(for label: ActionItemsSample.Item, in answer: ActionItemsAnswer) -> ActionItemsAnswer.Item? {
        answer.items.first { AnswerText.contains($0.task, label.keyword) }
    }

    /// Whether an owner is the labelled one: the full name for people in the directory, the
    /// first name for others, and for nobody `Unassigned` or an empty owner.
    static func ownerMatches(_ owner: String, label: ActionItemsSample.Item) -> Bool {
        if label.owner == "Unassigned" {
            let owner = owner.trimmingCharacters(in: .whitespaces)
            return owner.isEmpty || AnswerText.contains(owner, "unassigned")
        }
        return AnswerText.contains(owner, label.owner)
    }

    /// The share of samples passing each check.
    public func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: tasksFound)
        aggregator.computeMean(of: ownersResolved)
        aggregator.computeMean(of: prioritiesMatch)
        aggregator.computeMean(of: peopleLookedUp)
    }
}
