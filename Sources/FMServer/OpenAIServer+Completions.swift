import Foundation
import FoundationModelsCore
import HTTPServer
import JSONValues
import OpenAIWire
import Synchronization

extension OpenAIServer {
    /// `POST /v1/chat/completions`: checks the request, waits for a slot (or answers 429), runs
    /// it on the model's executor and answers whole or as Server-Sent Events.
    func completions(_ request: HTTPRequest, writer: HTTPResponseWriter) async {
        let chat: ChatCompletionRequest
        let served: ServedModel
        let executorRequest: LanguageModelExecutorGenerationRequest
        do {
            let body: JSONValue
            do {
                body = try JSONReader.read(utf8: Array(request.body))
            } catch {
                throw APIError.invalid("the body is not valid JSON: \(error)", code: "invalid_json")
            }
            chat = try ChatCompletionRequest(checking: body)
            served = try servedModel(named: chat.model)
            if case .unavailable(let reason) = served.model.availability {
                throw APIError(status: 503, message: "the model is not available: \(reason)", type: "server_error", param: nil, code: "model_unavailable")
            }
            executorRequest = try ConversationBuilder(request: chat).executorRequest()
        } catch let error as APIError {
            respond(error, writer)
            return
        } catch {
            respond(.generation(error), writer)
            return
        }
        do {
            try await gate.enter()
        } catch is AdmissionGate.Overloaded {
            respond(
                APIError(
                    status: 429, message: "the server is busy: \(gate.capacity) generations are running and \(gate.queueLimit) waiting; retry shortly", type: "rate_limit_error",
                    param: nil, code: "server_overloaded"), writer)
            return
        } catch {
            metrics.recordCancellation()
            return
        }
        defer { gate.leave() }
        let stamp = CompletionStamp(
            id: "chatcmpl-" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(24),
            created: Int(Date().timeIntervalSince1970), model: chat.model ?? served.id)
        if chat.stream == true {
            await stream(chat, executorRequest, served: served, stamp: stamp, writer: writer)
        } else {
            await answer(chat, executorRequest, served: served, stamp: stamp, writer: writer)
        }
    }

    private func answer(
        _ chat: ChatCompletionRequest, _ request: LanguageModelExecutorGenerationRequest, served: ServedModel, stamp: CompletionStamp, writer: HTTPResponseWriter
    ) async {
        let timing = GenerationTiming()
        let filter = StopFilterBox(stops: request.schema == nil ? chat.stop ?? [] : [])
        do {
            let outcome = try await ExecutorRun.run(request, on: served.model, traceSessionID: traceSessionID) { piece in
                timing.markText()
                _ = filter.append(piece)
                return !filter.stopped && !writer.isClientGone
            }
            if writer.isClientGone {
                metrics.recordCancellation()
                return
            }
            let text = filter.stops.isEmpty ? outcome.text : filter.released + filter.finish()
            let usage = Self.usage(of: outcome)
            record(outcome, timing: timing)
            let response = stamp.response(
                text: text, toolCalls: outcome.toolCalls, finishReason: finishReason(outcome, chat, request, served, stopped: filter.stopped), usage: usage)
            json(200, response.jsonValue, writer)
        } catch {
            if writer.isClientGone {
                metrics.recordCancellation()
                return
            }
            // A cancellation with the client still there: the server is stopping.
            respond(error is CancellationError ? .shuttingDown : .generation(error), writer)
        }
    }

    /// Streams the answer as Server-Sent Events. The response begins with the first text (or the
    /// end), so that what fails before generating (a budget too small for the schema, an
    /// overflowing context) is still an HTTP error with its status, as for a whole response.
    private func stream(
        _ chat: ChatCompletionRequest, _ request: LanguageModelExecutorGenerationRequest, served: ServedModel, stamp: CompletionStamp, writer: HTTPResponseWriter
    ) async {
        let started = Mutex(false)
        @Sendable func send(_ chunk: ChatCompletion) -> Bool { send(chunk.jsonValue) }
        @Sendable func send(_ value: JSONValue) -> Bool {
            let first = started.withLock { started in
                defer { started = true }
                return !started
            }
            if first {
                writer.startStreaming(
                    HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")] + Self.corsHeaders))
                writer.send(Data("data: \(stamp.chunk(ChatCompletion.Delta(role: "assistant", content: "")).jsonValue.jsonText())\n\n".utf8))
            }
            return writer.send(Data("data: \(value.jsonText())\n\n".utf8))
        }
        let timing = GenerationTiming()
        let filter = StopFilterBox(stops: request.schema == nil ? chat.stop ?? [] : [])
        do {
            let outcome = try await ExecutorRun.run(request, on: served.model, traceSessionID: traceSessionID) { piece in
                timing.markText()
                let released = filter.append(piece)
                if !released.isEmpty, !send(stamp.chunk(ChatCompletion.Delta(content: released))) { return false }
                return !filter.stopped
            }
            if writer.isClientGone {
                metrics.recordCancellation()
                return
            }
            let rest = filter.finish()
            if !rest.isEmpty { _ = send(stamp.chunk(ChatCompletion.Delta(content: rest))) }
            if !outcome.toolCalls.isEmpty { _ = send(stamp.chunk(CompletionStamp.toolCallsDelta(outcome.toolCalls))) }
            _ = send(stamp.chunk(ChatCompletion.Delta(), finishReason: finishReason(outcome, chat, request, served, stopped: filter.stopped)))
            if chat.includesUsage { _ = send(stamp.usageChunk(Self.usage(of: outcome))) }
            record(outcome, timing: timing)
        } catch {
            if writer.isClientGone {
                metrics.recordCancellation()
                return
            }
            // A cancellation with the client still there: the server is stopping.
            let apiError = error is CancellationError ? APIError.shuttingDown : APIError.generation(error)
            guard started.withLock({ $0 }) else {
                respond(apiError, writer)
                return
            }
            metrics.recordError(apiError)
            _ = send(apiError.json)
        }
        writer.send(Data("data: [DONE]\n\n".utf8))
        writer.finish()
    }

    /// Why the generation ended, in OpenAI's words.
    private func finishReason(
        _ outcome: ExecutorRun.Outcome, _ chat: ChatCompletionRequest, _ request: LanguageModelExecutorGenerationRequest, _ served: ServedModel, stopped: Bool
    ) -> String {
        if !outcome.toolCalls.isEmpty { return "tool_calls" }
        if stopped || request.schema != nil { return "stop" }
        if let maximum = chat.maximumTokens, outcome.outputTokens >= maximum { return "length" }
        if outcome.promptTokens + outcome.outputTokens >= served.model.contextSize { return "length" }
        return "stop"
    }

    private func record(_ outcome: ExecutorRun.Outcome, timing: GenerationTiming) {
        let (firstToken, duration) = timing.measurements()
        let perToken = firstToken.flatMap { first in outcome.outputTokens > 1 ? (duration - first) / Double(outcome.outputTokens - 1) : nil }
        metrics.recordGeneration(
            promptTokens: outcome.promptTokens, cachedTokens: outcome.cachedPromptTokens, generatedTokens: outcome.outputTokens,
            timeToFirstToken: firstToken, timePerToken: perToken, duration: duration)
    }

    private static func usage(of outcome: ExecutorRun.Outcome) -> ChatCompletion.Usage {
        ChatCompletion.Usage(promptTokens: outcome.promptTokens, cachedTokens: outcome.cachedPromptTokens, completionTokens: outcome.outputTokens)
    }
}

/// When a generation started and produced its first text.
private final class GenerationTiming: Sendable {
    private let start = ContinuousClock.now
    private let firstText = Mutex<ContinuousClock.Instant?>(nil)

    func markText() {
        firstText.withLock { if $0 == nil { $0 = .now } }
    }

    /// Seconds to the first text (if any) and in all.
    func measurements() -> (firstToken: Double?, duration: Double) {
        let end = ContinuousClock.now
        let first = firstText.withLock { $0 }
        return (first.map { Self.seconds($0 - start) }, Self.seconds(end - start))
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// A ``StopSequenceFilter`` shared with the executor's text callback, keeping what it released.
private final class StopFilterBox: Sendable {
    private let filter: Mutex<(StopSequenceFilter, released: String)>
    let stops: [String]

    init(stops: [String]) {
        self.stops = stops
        filter = Mutex((StopSequenceFilter(stops: stops), ""))
    }

    var stopped: Bool { filter.withLock { $0.0.stopped } }
    var released: String { filter.withLock { $0.released } }

    func append(_ piece: String) -> String {
        filter.withLock { state in
            let released = state.0.append(piece)
            state.released += released
            return released
        }
    }

    func finish() -> String {
        filter.withLock { state in
            let rest = state.0.finish()
            state.released += rest
            return rest
        }
    }
}
