import FoundationModels
import FoundationModelsCore

/// Several sessions of one model decoding at once: the aggregate rate that the session scenarios
/// and the contention scenario measure.
enum ConcurrentDecoding {
    /// The decode tokens/s of `sessions` sessions of `model` together, over the time all of them
    /// decode (from the last one's first token to the first one's last): each counts from 1 to 500,
    /// greedy, for at most `maximumTokens` tokens.
    static func aggregateRate(model: LlamaLanguageModel, sessions: Int, run: Int, maximumTokens: Int) async throws -> Double {
        let traces = try await withThrowingTaskGroup(of: [(time: ContinuousClock.Instant, tokens: Int)].self) { group in
            for index in 0..<sessions {
                group.addTask {
                    let session = LanguageModelSession(model: model, instructions: "You count.")
                    let prompt = "Run \(run), counter \(index): count from 1 to 500, separated by commas."
                    let options = SamplingKnobs(temperature: 0, maximumTokens: maximumTokens).generationOptions
                    var trace: [(time: ContinuousClock.Instant, tokens: Int)] = []
                    for try await snapshot in session.streamResponse(to: prompt, options: options) {
                        trace.append((ContinuousClock.now, snapshot.usage.output.totalTokenCount))
                    }
                    return trace
                }
            }
            var traces: [[(time: ContinuousClock.Instant, tokens: Int)]] = []
            for try await trace in group where !trace.isEmpty { traces.append(trace) }
            return traces
        }
        guard traces.count == sessions, let start = traces.map({ $0[0].time }).max(),
            let end = traces.compactMap({ $0.last?.time }).min(), end > start
        else {
            throw BenchmarkError("the concurrent sessions did not decode together")
        }
        func tokens(_ trace: [(time: ContinuousClock.Instant, tokens: Int)], at instant: ContinuousClock.Instant) -> Int {
            trace.last { $0.time <= instant }?.tokens ?? 0
        }
        let decoded = traces.reduce(0) { $0 + tokens($1, at: end) - tokens($1, at: start) }
        return Double(decoded) / (end - start).seconds
    }
}
