import Foundation
import FoundationModelsCore
import Synchronization

/// The server's counters and latency histograms, written as Prometheus text for `GET /metrics`.
final class ServerMetrics: Sendable {
    /// A cumulative histogram with fixed bucket bounds, in seconds.
    struct Histogram {
        let bounds: [Double]
        var counts: [Int]
        var sum = 0.0
        var count = 0

        init(bounds: [Double]) {
            self.bounds = bounds
            counts = Array(repeating: 0, count: bounds.count)
        }

        mutating func observe(_ value: Double) {
            for (index, bound) in bounds.enumerated() where value <= bound { counts[index] += 1 }
            sum += value
            count += 1
        }
    }

    private struct State {
        var requests: [String: Int] = [:]
        var errors: [String: Int] = [:]
        var promptTokens = 0
        var cachedPromptTokens = 0
        var generatedTokens = 0
        var cancelled = 0
        var timeToFirstToken = Histogram(bounds: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30])
        var timePerToken = Histogram(bounds: [0.005, 0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64])
        var requestDuration = Histogram(bounds: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120])
    }

    private let state = Mutex(State())

    /// Counts a finished HTTP request by route and status.
    func recordRequest(route: String, status: Int) {
        state.withLock { $0.requests["route=\"\(route)\",status=\"\(status)\"", default: 0] += 1 }
    }

    /// Counts an error answered to a client, by its OpenAI type and code.
    func recordError(_ error: APIError) {
        state.withLock { $0.errors["type=\"\(error.type)\",code=\"\(error.code ?? "")\"", default: 0] += 1 }
    }

    /// Counts a generation the client abandoned.
    func recordCancellation() {
        state.withLock { $0.cancelled += 1 }
    }

    /// Records one completed generation's tokens and latencies.
    func recordGeneration(promptTokens: Int, cachedTokens: Int, generatedTokens: Int, timeToFirstToken: Double?, timePerToken: Double?, duration: Double) {
        state.withLock { state in
            state.promptTokens += promptTokens
            state.cachedPromptTokens += cachedTokens
            state.generatedTokens += generatedTokens
            if let timeToFirstToken { state.timeToFirstToken.observe(timeToFirstToken) }
            if let timePerToken { state.timePerToken.observe(timePerToken) }
            state.requestDuration.observe(duration)
        }
    }

    /// The Prometheus text exposition of every metric, with the gauges given.
    func exposition(running: Int, waiting: Int, connections: Int, engine: SystemLanguageModel.EngineFigures) -> String {
        state.withLock { state in
            var text = ""
            func counter(_ name: String, _ help: String, _ values: [String: Int]) {
                text += "# HELP \(name) \(help)\n# TYPE \(name) counter\n"
                for key in values.keys.sorted() { text += "\(name){\(key)} \(values[key] ?? 0)\n" }
            }
            func single(_ name: String, _ type: String, _ help: String, _ value: Int) {
                text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
            }
            func histogram(_ name: String, _ help: String, _ histogram: Histogram) {
                text += "# HELP \(name) \(help)\n# TYPE \(name) histogram\n"
                for (bound, count) in zip(histogram.bounds, histogram.counts) { text += "\(name)_bucket{le=\"\(bound)\"} \(count)\n" }
                text += "\(name)_bucket{le=\"+Inf\"} \(histogram.count)\n\(name)_sum \(histogram.sum)\n\(name)_count \(histogram.count)\n"
            }
            counter("fm_http_requests_total", "HTTP requests answered, by route and status.", state.requests)
            counter("fm_errors_total", "Errors answered to clients, by OpenAI error type and code.", state.errors)
            single("fm_generations_cancelled_total", "counter", "Generations stopped because the client disconnected.", state.cancelled)
            single("fm_prompt_tokens_total", "counter", "Prompt tokens of completed generations.", state.promptTokens)
            single("fm_prompt_tokens_cached_total", "counter", "Prompt tokens found in the KV cache instead of computed.", state.cachedPromptTokens)
            single("fm_generated_tokens_total", "counter", "Tokens generated.", state.generatedTokens)
            single("fm_active_generations", "gauge", "Generations running now.", running)
            single("fm_queue_depth", "gauge", "Generations waiting for a slot.", waiting)
            single("fm_open_connections", "gauge", "Client connections open now.", connections)
            single("fm_masked_steps_total", "counter", "Sampling steps masked by a schema or tool-call constraint.", engine.maskedSteps)
            text += "# HELP fm_mask_seconds_total Time spent computing token masks for guided generation.\n"
            text += "# TYPE fm_mask_seconds_total counter\nfm_mask_seconds_total \(engine.maskSeconds)\n"
            single("fm_forced_tokens_total", "counter", "Tokens appended by jump-forward without sampling.", engine.forcedTokens)
            single("fm_drafted_tokens_total", "counter", "Tokens drafted by speculative decoding and verified.", engine.draftedTokens)
            single("fm_accepted_draft_tokens_total", "counter", "Drafted tokens that matched the model's own.", engine.acceptedDraftTokens)
            single(
                "fm_host_cache_saved_total", "counter", "Conversations saved to host memory when another request took their slot.",
                engine.savedSequences)
            single(
                "fm_host_cache_restored_tokens_total", "counter", "Prompt tokens restored from conversations saved to host memory.",
                engine.restoredPromptTokens)
            single("fm_host_cache_bytes", "gauge", "Bytes of conversations saved to host memory (bounded by --cache-ram).", engine.hostCacheBytes)
            single(
                "fm_moved_generations_total", "counter", "Running generations moved to a lower slot to keep the busy slots side by side.",
                engine.movedGenerations)
            histogram("fm_time_to_first_token_seconds", "Time from admission to the first generated text.", state.timeToFirstToken)
            histogram("fm_time_per_output_token_seconds", "Mean time per generated token after the first, per generation.", state.timePerToken)
            histogram("fm_request_duration_seconds", "Time from admission to the end of a generation.", state.requestDuration)
            return text
        }
    }
}
