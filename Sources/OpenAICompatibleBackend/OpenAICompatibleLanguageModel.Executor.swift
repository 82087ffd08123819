import Foundation
public import FoundationModelsCore
import JSONValues
import OpenAIWire
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension OpenAICompatibleLanguageModel {
    /// Generates for an ``OpenAICompatibleLanguageModel``: one streamed `/chat/completions`
    /// request per model turn.
    public struct Executor: LanguageModelExecutor {
        /// The model type.
        public typealias Model = OpenAICompatibleLanguageModel

        /// How to reach the server.
        public let configuration: OpenAICompatibleLanguageModel.Configuration

        /// Creates an executor; it connects to the server only when it generates.
        ///
        /// - Parameter configuration: How to reach the server and which model to ask for.
        /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the base URL
        ///   is not an `http` or `https` URL with a host.
        public init(configuration: OpenAICompatibleLanguageModel.Configuration) throws {
            let url = configuration.baseURL
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                throw LanguageModelSession.GenerationError.assetsUnavailable(
                    .init(
                        debugDescription: "The server's base URL must be an http:// or https:// URL with a host, got \"\(url.absoluteString)\"."))
            }
            self.configuration = configuration
        }

        /// Generates a response, streaming the server's text, tool calls and usage into the channel.
        ///
        /// Cancelling the calling task cancels the HTTP request and throws `CancellationError`.
        ///
        /// - Throws: ``LanguageModelSession/GenerationError``: `assetsUnavailable` (server
        ///   unreachable, authentication, unknown model, server failure), `rateLimited` (HTTP 429),
        ///   `exceededContextWindowSize`, `decodingFailure` (a rejected request, a malformed
        ///   stream); ``LanguageModelError/unsupportedTranscriptContent(_:)`` when an image in the
        ///   transcript cannot be read; or `CancellationError`.
        public func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: OpenAICompatibleLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            do {
                _ = try await exchange(request, streamingInto: channel)
            } catch let error as OpenAICompatibleError {
                try Task.checkCancellation()
                throw error.map()
            } catch let error as URLError where error.code == .cancelled {
                throw CancellationError()
            }
        }

        /// Runs one streamed request and measures what it cost, leaving failures unmapped so that
        /// a caller with its own public errors (``PrivateCloudComputeLanguageModel``) maps them.
        ///
        /// - Returns: The tokens the exchange used: as the server reported them, or estimated.
        /// - Throws: ``OpenAICompatibleError``, or `CancellationError`.
        func exchange(
            _ request: LanguageModelExecutorGenerationRequest,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws -> ExchangeTokenCount {
            let callsAsResponseFormat = configuration.requiredToolCalls == .responseFormat
            let body = try ChatCompletionRequest(
                request, model: configuration.model, extendedSampling: configuration.sendsTopK, sendsImages: configuration.supportsImages,
                callsAsResponseFormat: callsAsResponseFormat, foldsAnsweredToolCalls: configuration.foldsAnsweredToolCalls)
            let urlRequest = self.urlRequest(body: body)
            let decoder = try await stream(
                urlRequest, into: channel, callsWrittenAsText: body.asksForCallAsAnswer(callsAsResponseFormat: callsAsResponseFormat))
            return ExchangeTokenCount(decoder, requestBodySize: urlRequest.httpBody?.count ?? 0)
        }

        /// The HTTP request for a body.
        func urlRequest(body: ChatCompletionRequest) -> URLRequest {
            var request = URLRequest(url: endpoint, timeoutInterval: configuration.requestTimeout)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            if let apiKey = configuration.apiKey {
                request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization")
            }
            for (name, value) in configuration.headers {
                request.setValue(value, forHTTPHeaderField: name)
            }
            request.httpBody = Data(body.jsonValue.jsonText().utf8)
            return request
        }

        /// `{baseURL}/chat/completions`.
        var endpoint: URL {
            configuration.baseURL.appendingPathComponent("chat/completions")
        }

        private func stream(
            _ request: URLRequest, into channel: LanguageModelExecutorGenerationChannel, callsWrittenAsText: Bool
        ) async throws -> ChatCompletionStreamDecoder {
            var parser = ServerSentEventParser()
            var decoder = ChatCompletionStreamDecoder(callsWrittenAsText: callsWrittenAsText)
            var status = 0
            var retryAfter: String?
            var isEventStream = true
            // The body of an error, or of a response that is not an event stream.
            var wholeBody = Data()
            do {
                for try await part in HTTPStreamingRequest.start(request, maximumBodySize: configuration.maximumResponseSize) {
                    switch part {
                    case .response(let response):
                        status = response.statusCode
                        retryAfter = response.value(forHTTPHeaderField: "Retry-After")
                        let contentType = response.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
                        isEventStream = contentType.isEmpty || contentType.contains("event-stream")
                    case .body(let data):
                        if !(200..<300).contains(status) || !isEventStream {
                            wholeBody.append(data)
                            continue
                        }
                        for event in try parser.feed(data) {
                            for channelEvent in try decoder.events(for: event) { await channel.send(channelEvent) }
                        }
                    }
                }
            } catch let error as ServerSentEventError {
                throw OpenAICompatibleError.malformedStream(error)
            } catch let error as OpenAICompatibleError {
                throw error
            } catch let error as HTTPStreamingRequest.BodyTooLarge {
                throw OpenAICompatibleError.responseTooLarge(limit: error.limit, url: endpoint)
            } catch let error as URLError where error.code == .cancelled {
                throw CancellationError()
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                try Task.checkCancellation()
                if status != 0 {
                    throw OpenAICompatibleError.connectionLost(url: endpoint, underlying: error)
                }
                throw OpenAICompatibleError.transport(url: endpoint, underlying: error)
            }
            // A cancelled iteration ends quietly: report the cancellation, not a partial response.
            try Task.checkCancellation()
            guard (200..<300).contains(status) else {
                throw OpenAICompatibleError.httpStatus(
                    status, body: String(decoding: wholeBody, as: UTF8.self), url: endpoint, retryAfter: retryAfter)
            }
            if !isEventStream {
                // A server that ignored `stream: true` sent the whole completion as one JSON object.
                let event = ServerSentEvent(name: nil, data: String(decoding: wholeBody, as: UTF8.self))
                for channelEvent in try decoder.events(for: event) { await channel.send(channelEvent) }
            }
            do {
                for event in try parser.finish() {
                    for channelEvent in try decoder.events(for: event) { await channel.send(channelEvent) }
                }
            } catch let error as ServerSentEventError {
                throw OpenAICompatibleError.malformedStream(error)
            }
            guard decoder.isComplete else {
                throw OpenAICompatibleError.truncated(url: endpoint)
            }
            for event in decoder.finalEvents() { await channel.send(event) }
            return decoder
        }
    }
}
