import Foundation
import JSONValues

/// Request traces as OpenTelemetry spans, in OTLP/HTTP's JSON encoding (the protobuf JSON mapping
/// with OTLP's exceptions: trace and span ids as hex, enums as integers), named and attributed
/// after the GenAI semantic conventions of ``OTLPTraceExporter/semanticConventionsVersion``.
///
/// One trace per request (its trace id is the request's ``RequestTrace/id``):
///
/// ```text
/// chat SmolLM2-360M-Instruct        the request: gen_ai.* with the request's totals
/// ├─ round 1                        one model call (and the tools it called)
/// │  ├─ load model                 (the process's first request on the model)
/// │  ├─ prefill
/// │  ├─ decode
/// │  └─ execute_tool lookupTeamMember
/// └─ round 2
///    ├─ prefill
///    └─ decode
/// ```
///
/// Token counts (`gen_ai.usage.*`) sit on the request's span only, so that a back end that sums
/// them over spans counts each token once; a round's own counts are `fm.round.*`.
extension OTLPTraceExporter {
    /// The export request body for these traces: one resource, one scope, their spans.
    static func requestBody(for traces: [RequestTrace], serviceName: String, makeSpanID: () -> UInt64) -> JSONValue {
        let allSpans = traces.flatMap { spans(of: $0, makeSpanID: makeSpanID) }
        let resource: [JSONMember] = [
            attribute("service.name", .string(serviceName)),
            attribute("telemetry.sdk.name", .string("foundation-models-linux")),
            attribute("telemetry.sdk.language", .string("swift")),
            attribute("process.pid", .int(Int(ProcessInfo.processInfo.processIdentifier)))
        ]
        let scopeSpans: JSONValue = .object([
            JSONMember("scope", .object([JSONMember("name", .string(scopeName))])),
            JSONMember("spans", .array(allSpans)),
            JSONMember("schemaUrl", .string(schemaURL))
        ])
        return .object([
            JSONMember(
                "resourceSpans",
                .array([
                    .object([
                        JSONMember("resource", .object([JSONMember("attributes", .array(resource.map(\.value)))])),
                        JSONMember("scopeSpans", .array([scopeSpans])),
                        JSONMember("schemaUrl", .string(schemaURL))
                    ])
                ]))
        ])
    }

    /// How many spans a trace becomes (for batching, before encoding).
    static func spanCount(of trace: RequestTrace) -> Int {
        1
            + trace.rounds.reduce(0) { total, round in
                total + 1 + ((round.modelLoadDuration ?? .zero) > .milliseconds(1) ? 1 : 0) + (round.prefillDuration == nil ? 0 : 1)
                    + (round.timeToFirstToken == nil ? 0 : 1) + round.toolCalls.count
            }
    }

    /// The spans of one request.
    static func spans(of trace: RequestTrace, makeSpanID: () -> UInt64) -> [JSONValue] {
        let traceID = hex(trace.id)
        let origin = Int64((trace.startDate.timeIntervalSince1970 * 1e6).rounded()) * 1_000
        let model = TraceModelName(trace.model)
        let rootID = makeSpanID()
        var spans: [JSONValue] = []

        var attributes: [JSONMember] = [
            attribute("gen_ai.operation.name", .string("chat")),
            attribute("gen_ai.provider.name", .string(model.provider)),
            attribute("gen_ai.request.model", .string(model.name)),
            attribute("gen_ai.conversation.id", .string(trace.sessionID.uuidString.lowercased())),
            attribute("gen_ai.output.type", .string(trace.responseSchema == nil ? "text" : "json")),
            attribute("gen_ai.usage.input_tokens", .int(trace.usage.input.totalTokenCount)),
            attribute("gen_ai.usage.output_tokens", .int(trace.usage.output.totalTokenCount)),
            attribute("fm.usage.cached_input_tokens", .int(trace.usage.input.cachedTokenCount)),
            attribute("fm.usage.reasoning_tokens", .int(trace.usage.output.reasoningTokenCount)),
            attribute("fm.request.id", .string(trace.id.uuidString.lowercased())),
            attribute("fm.model", .string(trace.model)),
            attribute("fm.rounds", .int(trace.rounds.count))
        ]
        if let temperature = trace.options["temperature"].flatMap(Double.init) {
            attributes.append(attribute("gen_ai.request.temperature", .double(temperature)))
        }
        if let limit = trace.options["maximumResponseTokens"].flatMap(Int.init) {
            attributes.append(attribute("gen_ai.request.max_tokens", .int(limit)))
        }
        if let sampling = trace.options["samplingMode"] { attributes.append(attribute("fm.sampling_mode", .string(sampling))) }
        if let mode = trace.options["toolCallingMode"] { attributes.append(attribute("fm.tool_calling_mode", .string(mode))) }
        if !trace.toolsOffered.isEmpty { attributes.append(attribute("fm.tools_offered", .strings(trace.toolsOffered))) }
        if let schema = trace.responseSchema { attributes.append(attribute("fm.response_schema", .string(schema))) }
        if let firstToken = trace.timeToFirstToken { attributes.append(attribute("fm.ttft_ms", .double(milliseconds(firstToken)))) }
        if let error = trace.error { attributes.append(attribute("error.type", .string(errorType(error)))) }
        // Text, recorded only with content on (the trace then holds it), as the conventions'
        // JSON message forms, serialized (they allow a string where a structured value is not
        // supported, and the text of a JSON attribute reads the same in every back end).
        if let instructions = trace.instructions {
            attributes.append(attribute("gen_ai.system_instructions", .string(textParts(instructions).jsonText())))
        }
        if let prompt = trace.prompt {
            attributes.append(attribute("gen_ai.input.messages", .string(messages(role: "user", text: prompt, finishReason: nil).jsonText())))
        }
        if let response = trace.response {
            attributes.append(attribute("gen_ai.output.messages", .string(messages(role: "assistant", text: response, finishReason: "stop").jsonText())))
        }
        spans.append(
            span(
                traceID: traceID, spanID: rootID, parent: nil, name: "chat \(model.name)", kind: model.kind, start: origin,
                end: origin + nanoseconds(trace.duration), attributes: attributes, error: trace.error))

        for (index, round) in trace.rounds.enumerated() {
            let roundID = makeSpanID()
            let roundStart = origin + nanoseconds(round.start)
            let modelEnd = roundStart + nanoseconds(round.duration)
            let toolsEnd = round.toolCalls.map { origin + nanoseconds($0.start + $0.duration) }.max() ?? modelEnd
            var attributes: [JSONMember] = [
                attribute("fm.round", .int(index + 1)),
                attribute("fm.round.input_tokens", .int(round.usage.input.totalTokenCount)),
                attribute("fm.round.cached_input_tokens", .int(round.usage.input.cachedTokenCount)),
                attribute("fm.round.output_tokens", .int(round.usage.output.totalTokenCount)),
                attribute("fm.model_call_ms", .double(milliseconds(round.duration)))
            ]
            if let firstToken = round.timeToFirstToken { attributes.append(attribute("fm.ttft_ms", .double(milliseconds(firstToken)))) }
            if let prefill = round.prefillDuration { attributes.append(attribute("fm.prefill_ms", .double(milliseconds(prefill)))) }
            if let load = round.modelLoadDuration { attributes.append(attribute("fm.model_load_ms", .double(milliseconds(load)))) }
            if let decode = round.decodeDuration { attributes.append(attribute("fm.decode_ms", .double(milliseconds(decode)))) }
            if let compile = round.grammarCompileDuration {
                attributes.append(attribute("fm.grammar_compile_ms", .double(milliseconds(compile))))
            }
            if let rate = round.prefillTokensPerSecond { attributes.append(attribute("fm.prefill_tokens_per_second", .double(rate))) }
            if let rate = round.decodeTokensPerSecond { attributes.append(attribute("fm.decode_tokens_per_second", .double(rate))) }
            if let rendered = round.renderedPrompt { attributes.append(attribute("fm.rendered_prompt", .string(rendered))) }
            spans.append(
                span(
                    traceID: traceID, spanID: roundID, parent: rootID, name: "round \(index + 1)", kind: model.kind, start: roundStart,
                    end: max(modelEnd, toolsEnd), attributes: attributes, error: nil))
            // Loading the model (the process's first request on it) comes before the prefill.
            let load = round.modelLoadDuration ?? .zero
            if load > .milliseconds(1) {
                spans.append(
                    span(
                        traceID: traceID, spanID: makeSpanID(), parent: roundID, name: "load model", kind: 1, start: roundStart,
                        end: roundStart + nanoseconds(load), attributes: [], error: nil))
            }
            if let prefill = round.prefillDuration {
                let computed = round.usage.input.totalTokenCount - round.usage.input.cachedTokenCount
                let start = roundStart + nanoseconds(round.prefillOffset)
                spans.append(
                    span(
                        traceID: traceID, spanID: makeSpanID(), parent: roundID, name: "prefill", kind: 1, start: start,
                        end: start + nanoseconds(prefill), attributes: [attribute("fm.computed_input_tokens", .int(max(0, computed)))], error: nil))
            }
            if let firstToken = round.timeToFirstToken {
                spans.append(
                    span(
                        traceID: traceID, spanID: makeSpanID(), parent: roundID, name: "decode", kind: 1, start: roundStart + nanoseconds(firstToken),
                        end: modelEnd, attributes: [attribute("fm.output_tokens", .int(round.usage.output.totalTokenCount))], error: nil))
            }
            for call in round.toolCalls {
                var attributes: [JSONMember] = [
                    attribute("gen_ai.operation.name", .string("execute_tool")),
                    attribute("gen_ai.tool.name", .string(call.name)),
                    attribute("gen_ai.tool.type", .string("function"))
                ]
                if let error = call.error { attributes.append(attribute("error.type", .string(errorType(error)))) }
                if let arguments = call.arguments { attributes.append(attribute("fm.tool.arguments", .string(arguments))) }
                if let output = call.output { attributes.append(attribute("fm.tool.output", .string(output))) }
                let start = origin + nanoseconds(call.start)
                spans.append(
                    span(
                        traceID: traceID, spanID: makeSpanID(), parent: roundID, name: "execute_tool \(call.name)", kind: 1, start: start,
                        end: start + nanoseconds(call.duration), attributes: attributes, error: call.error))
            }
        }
        return spans
    }

    /// One span. Kinds: 1 internal, 3 client; status 2 is an error.
    private static func span(
        traceID: String, spanID: UInt64, parent: UInt64?, name: String, kind: Int, start: Int64, end: Int64, attributes: [JSONMember],
        error: String?
    ) -> JSONValue {
        var members: [JSONMember] = [JSONMember("traceId", .string(traceID)), JSONMember("spanId", .string(hex(spanID)))]
        if let parent { members.append(JSONMember("parentSpanId", .string(hex(parent)))) }
        members += [
            JSONMember("name", .string(name)), JSONMember("kind", .number(String(kind))),
            JSONMember("startTimeUnixNano", .string(String(start))), JSONMember("endTimeUnixNano", .string(String(max(start, end)))),
            JSONMember("attributes", .array(attributes.map(\.value)))
        ]
        if let error {
            members.append(JSONMember("status", .object([JSONMember("code", .number("2")), JSONMember("message", .string(String(error.prefix(1_000))))])))
        } else {
            members.append(JSONMember("status", .object([])))
        }
        return .object(members)
    }

    /// An attribute value, in OTLP's `AnyValue` shapes.
    enum AttributeValue {
        case string(String)
        case int(Int)
        case double(Double)
        case bool(Bool)
        case strings([String])

        var json: JSONValue {
            switch self {
            case .string(let text): .object([JSONMember("stringValue", .string(text))])
            // int64 is a string in the protobuf JSON mapping.
            case .int(let value): .object([JSONMember("intValue", .string(String(value)))])
            case .double(let value): .object([JSONMember("doubleValue", .number(JSONValue.numberText(value)))])
            case .bool(let value): .object([JSONMember("boolValue", .bool(value))])
            case .strings(let texts):
                .object([
                    JSONMember("arrayValue", .object([JSONMember("values", .array(texts.map { AttributeValue.string($0).json }))]))
                ])
            }
        }
    }

    /// A `KeyValue` (kept in a member so that callers can collect them in order).
    private static func attribute(_ key: String, _ value: AttributeValue) -> JSONMember {
        JSONMember(key, .object([JSONMember("key", .string(key)), JSONMember("value", value.json)]))
    }

    /// The conventions' message list with one text message.
    private static func messages(role: String, text: String, finishReason: String?) -> JSONValue {
        var members = [JSONMember("role", .string(role)), JSONMember("parts", textParts(text))]
        if let finishReason { members.append(JSONMember("finish_reason", .string(finishReason))) }
        return .array([.object(members)])
    }

    private static func textParts(_ text: String) -> JSONValue {
        .array([.object([JSONMember("type", .string("text")), JSONMember("content", .string(text))])])
    }

    /// A low-cardinality name for an error described by `String(reflecting:)`: its type and
    /// case (`FoundationModelsCore.LanguageModelSession.GenerationError.exceededContextWindowSize`),
    /// without the values it carries.
    static func errorType(_ described: String) -> String {
        let name = described.prefix { $0 != "(" && $0 != ":" && $0 != " " }
        return name.isEmpty ? "_OTHER" : String(name)
    }

    static func hex(_ id: UUID) -> String {
        withUnsafeBytes(of: id.uuid) { bytes in bytes.map { hexByte($0) }.joined() }
    }

    static func hex(_ id: UInt64) -> String {
        withUnsafeBytes(of: id.bigEndian) { bytes in bytes.map { hexByte($0) }.joined() }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        (duration.seconds * 1e6).rounded() / 1e3
    }
}

/// What a trace's model description (`SystemLanguageModel(/models/SmolLM2.gguf)`) says for the
/// conventions: the model's name, its provider and whether it runs in this process.
struct TraceModelName {
    /// `gen_ai.request.model`: the GGUF file's name without extension for a local model, else
    /// the description's inner text or the type.
    var name: String
    /// `gen_ai.provider.name`: `llama.cpp` for the local models, `openai` for the
    /// OpenAI-compatible backend, else the type's name in lower case (the conventions list no
    /// value for these; custom values are allowed).
    var provider: String
    /// Span kind: internal (1) for a model in this process, client (3) for one behind HTTP.
    var kind: Int

    init(_ description: String) {
        let type = String(description.prefix { $0 != "(" })
        var inner: String?
        if let open = description.firstIndex(of: "("), description.hasSuffix(")") {
            inner = String(description[description.index(after: open)..<description.index(before: description.endIndex)])
        }
        switch type {
        case "SystemLanguageModel", "LlamaLanguageModel":
            provider = "llama.cpp"
            kind = 1
        case "OpenAICompatibleLanguageModel":
            provider = "openai"
            kind = 3
        case "PrivateCloudComputeLanguageModel":
            provider = "apple.private_cloud_compute"
            kind = 3
        default:
            provider = type.lowercased()
            kind = 1
        }
        if let inner, !inner.isEmpty {
            name = inner.contains("/") || inner.hasSuffix(".gguf") ? URL(fileURLWithPath: inner).deletingPathExtension().lastPathComponent : inner
        } else {
            name = type
        }
    }
}
