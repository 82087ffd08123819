public import FoundationModels
import Foundation

/// Expands a few hand-written samples into a larger dataset: a model writes new samples like the
/// seeds, each generated under the sample's schema so that every row is well formed.
///
/// ```swift
/// let seeds = [ModelSample(prompt: "Summarize: the meeting moved to Friday.", expected: "Meeting now Friday.")]
/// for try await sample in seeds.makeSamples("Write short notes to summarize, with their summaries.", targetCount: 20) {
///     print(sample.promptDescription)
/// }
/// ```
///
/// Each new sample comes from a fresh session (`sessionProvider`, or the system model), shown a few
/// seeds as examples and told which prompts already exist; it is sampled at temperature 0.9 with a
/// seed that is the attempt's number, so a run with ``SamplingStrategy/slidingWindow`` repeats. A sample that repeats an existing prompt
/// or that `validator` rejects is kept in ``invalidSamples`` and the generator tries again; after
/// the strategy's retries fail in a row it stops early, with a warning on standard error.
public actor SampleGenerator<SampleType> where SampleType: ModelSampleProtocol {
    /// How the seeds shown to the model are chosen.
    public enum SamplingStrategy: Sendable {
        /// A random few seeds for each new sample; `retries` failed attempts in a row end the run.
        case random(retries: Int = 5)
        /// A window of seeds that moves by one for each new sample (five attempts in a row end the run).
        case slidingWindow
    }

    /// How seeds are chosen (`nil`: randomly, with five retries).
    public var samplingStrategy: SamplingStrategy?
    /// Decides whether a generated sample is kept.
    public var validator: (@Sendable (SampleType) async throws -> Bool)?
    /// The samples generated and kept so far (the seeds are not among them).
    public private(set) var samples: [SampleType] = []
    /// The samples generated and rejected (repeated prompts, or rejected by the validator).
    public private(set) var invalidSamples: [SampleType] = []

    private let prompt: Prompt
    private let seeds: [SampleType]
    private let targetCount: Int
    private let sessionProvider: (@Sendable () -> LanguageModelSession)?
    private let format: SampleFormat<SampleType>

    /// A generator of `ModelSample`s whose expected value is generable.
    public init<T>(
        _ prompt: Prompt, samples: [SampleType], targetCount: Int,
        sessionProvider: (@Sendable () -> LanguageModelSession)? = nil,
        samplingStrategy: SamplingStrategy? = .random(),
        validator: (@Sendable (SampleType) async throws -> Bool)? = nil
    ) where SampleType == ModelSample<T>, T: Generable, T: Decodable, T: Encodable, T: Sendable {
        self.init(
            prompt, seeds: samples, targetCount: targetCount, sessionProvider: sessionProvider,
            samplingStrategy: samplingStrategy, validator: validator, format: .modelSample(T.self))
    }

    /// A generator of samples of a generable sample type.
    public init(
        _ prompt: Prompt, samples: [SampleType], targetCount: Int,
        sessionProvider: (@Sendable () -> LanguageModelSession)? = nil,
        samplingStrategy: SamplingStrategy? = .random(),
        validator: (@Sendable (SampleType) async throws -> Bool)? = nil
    ) where SampleType: Generable {
        self.init(
            prompt, seeds: samples, targetCount: targetCount, sessionProvider: sessionProvider,
            samplingStrategy: samplingStrategy, validator: validator, format: .generable())
    }

    private init(
        _ prompt: Prompt, seeds: [SampleType], targetCount: Int, sessionProvider: (@Sendable () -> LanguageModelSession)?,
        samplingStrategy: SamplingStrategy?, validator: (@Sendable (SampleType) async throws -> Bool)?, format: SampleFormat<SampleType>
    ) {
        self.prompt = prompt
        self.seeds = seeds
        self.targetCount = targetCount
        self.sessionProvider = sessionProvider
        self.samplingStrategy = samplingStrategy
        self.validator = validator
        self.format = format
    }

    /// Generates samples until `targetCount` are kept, yielding each as it is kept.
    ///
    /// The sequence throws the model's error if a generation fails for a reason other than its
    /// content (a missing model, a cancelled task).
    nonisolated public func run() -> some AsyncSequence<SampleType, any Error> {
        AsyncThrowingStream<SampleType, any Error> { continuation in
            let task = Task {
                do {
                    try await self.generate { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func generate(_ yield: @Sendable (SampleType) -> Void) async throws {
        let strategy = samplingStrategy ?? .random()
        let allowedFailures =
            switch strategy {
            case .random(let retries): max(0, retries)
            case .slidingWindow: 5
            }
        var failuresInARow = 0
        var attempt = 0
        while samples.count < targetCount {
            try Task.checkCancellation()
            let session = sessionProvider?() ?? LanguageModelSession()
            let content = try await session.respond(
                to: request(examples: examples(for: attempt, strategy: strategy)),
                schema: try format.schema(),
                options: GenerationOptions(
                    samplingMode: .random(probabilityThreshold: 0.95, seed: UInt64(attempt + 1)), temperature: 0.9,
                    maximumResponseTokens: 512)
            ).content
            attempt += 1
            let candidate: SampleType
            do {
                candidate = try format.sample(content)
            } catch {
                failuresInARow += 1
                if failuresInARow > allowedFailures { return stopEarly() }
                continue
            }
            let isNew = !(seeds + samples).contains { format.key($0) == format.key(candidate) }
            let isValid = try await validator?(candidate) ?? true
            if isNew && isValid {
                samples.append(candidate)
                failuresInARow = 0
                yield(candidate)
            } else {
                invalidSamples.append(candidate)
                failuresInARow += 1
                if failuresInARow > allowedFailures { return stopEarly() }
            }
        }
    }

    private func stopEarly() {
        FileHandle.standardError.write(Data("Evaluations: sample generation stopped early with \(samples.count) of \(targetCount) samples: too many rejected in a row\n".utf8))
    }

    /// The seeds to show for one attempt.
    private func examples(for attempt: Int, strategy: SamplingStrategy) -> [SampleType] {
        guard !seeds.isEmpty else { return [] }
        let count = min(3, seeds.count)
        switch strategy {
        case .random:
            return Array(seeds.shuffled().prefix(count))
        case .slidingWindow:
            return (0..<count).map { seeds[(attempt + $0) % seeds.count] }
        }
    }

    private func request(examples: [SampleType]) -> Prompt {
        let shown = examples.map { "- " + format.render($0) }.joined(separator: "\n")
        let existing = (seeds + samples).suffix(30).map { "- " + format.key($0) }.joined(separator: "\n")
        let task = prompt.transcriptSegments.joinedText
        return Prompt(
            """
            \(task)

            Write one new evaluation sample in the same form as these examples:
            \(shown.isEmpty ? "(no examples)" : shown)

            It must differ from every sample that already exists; their prompts:
            \(existing.isEmpty ? "(none yet)" : existing)
            """)
    }
}

extension Array where Element: ModelSampleProtocol, Element: Generable {
    /// Generates `targetCount` new samples like these (the seeds), each valid under the sample
    /// type's schema; see ``SampleGenerator``.
    public func makeSamples(
        _ prompt: Prompt, targetCount: Int,
        sessionProvider: (@Sendable () -> LanguageModelSession)? = nil,
        validator: (@Sendable (Element) async throws -> Bool)? = nil
    ) -> some AsyncSequence<Element, any Error> {
        SampleGenerator(prompt, samples: self, targetCount: targetCount, sessionProvider: sessionProvider, validator: validator).run()
    }
}

extension Array {
    /// Generates `targetCount` new `ModelSample`s like these (the seeds): a prompt and an expected
    /// value valid under the value's schema; see ``SampleGenerator``.
    public func makeSamples<T>(
        _ prompt: Prompt, targetCount: Int,
        sessionProvider: (@Sendable () -> LanguageModelSession)? = nil,
        validator: (@Sendable (ModelSample<T>) async throws -> Bool)? = nil
    ) -> some AsyncSequence<ModelSample<T>, any Error>
    where Element == ModelSample<T>, T: Generable, T: Decodable, T: Encodable, T: Sendable {
        SampleGenerator(prompt, samples: self, targetCount: targetCount, sessionProvider: sessionProvider, validator: validator).run()
    }
}
