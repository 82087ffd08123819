import Foundation
package import JSONValues

/// One JSON form of a trace, shared by the trace file (`fm trace` reads it back), `fm serve`'s
/// `GET /v1/traces` and the OTLP exporter's attributes. Times are microseconds; absent values are
/// left out.
extension RequestTrace {
    /// The trace as a JSON object.
    package var jsonValue: JSONValue {
        var members: [JSONMember] = [
            JSONMember("id", .string(id.uuidString)), JSONMember("session_id", .string(sessionID.uuidString)),
            JSONMember("model", .string(model)),
            JSONMember("start_unix_us", .number(String(Int64((startDate.timeIntervalSince1970 * 1e6).rounded())))),
            JSONMember("duration_us", .number(String(duration.microseconds)))
        ]
        members.append(contentsOf: Self.optional("instructions", instructions.map(JSONValue.string)))
        members.append(JSONMember("tools_offered", .array(toolsOffered.map(JSONValue.string))))
        members.append(contentsOf: Self.optional("prompt", prompt.map(JSONValue.string)))
        members.append(contentsOf: Self.optional("response_schema", responseSchema.map(JSONValue.string)))
        members.append(contentsOf: Self.optional("response", response.map(JSONValue.string)))
        members.append(contentsOf: Self.optional("error", error.map(JSONValue.string)))
        members.append(JSONMember("options", .object(options.sorted { $0.key < $1.key }.map { JSONMember($0.key, .string($0.value)) })))
        members.append(JSONMember("usage", Self.json(usage)))
        members.append(contentsOf: Self.optional("ttft_us", timeToFirstToken.map(Self.microseconds)))
        members.append(JSONMember("rounds", .array(rounds.map(Self.json))))
        return .object(members)
    }

    /// Reads a trace from its JSON form.
    ///
    /// - Throws: ``TraceFormatError`` naming the member that is missing or of the wrong type.
    package init(json: JSONValue) throws(TraceFormatError) {
        func string(_ key: String, in value: JSONValue = json) throws(TraceFormatError) -> String {
            guard let text = value[key]?.stringValue else { throw TraceFormatError(member: key) }
            return text
        }
        guard let id = UUID(uuidString: try string("id")), let session = UUID(uuidString: try string("session_id")),
            let start = json["start_unix_us"]?.doubleValue, let duration = Self.duration(json["duration_us"])
        else { throw TraceFormatError(member: "id, session_id, start_unix_us or duration_us") }
        self.id = id
        self.sessionID = session
        self.model = try string("model")
        self.startDate = Date(timeIntervalSince1970: start / 1e6)
        self.duration = duration
        self.instructions = json["instructions"]?.stringValue
        self.toolsOffered = json["tools_offered"]?.arrayValue?.compactMap(\.stringValue) ?? []
        self.prompt = json["prompt"]?.stringValue
        self.responseSchema = json["response_schema"]?.stringValue
        self.response = json["response"]?.stringValue
        self.error = json["error"]?.stringValue
        var options: [String: String] = [:]
        for member in json["options"]?.objectMembers ?? [] { options[member.key] = member.value.stringValue }
        self.options = options
        self.usage = Self.usage(json["usage"])
        self.timeToFirstToken = Self.duration(json["ttft_us"])
        self.rounds = try (json["rounds"]?.arrayValue ?? []).map { (value) throws(TraceFormatError) -> Round in
            guard let start = Self.duration(value["start_us"]), let duration = Self.duration(value["duration_us"]) else {
                throw TraceFormatError(member: "rounds[].start_us")
            }
            let calls = try (value["tool_calls"]?.arrayValue ?? []).map { (call) throws(TraceFormatError) -> ToolCall in
                guard let name = call["name"]?.stringValue, let start = Self.duration(call["start_us"]),
                    let duration = Self.duration(call["duration_us"])
                else { throw TraceFormatError(member: "rounds[].tool_calls[]") }
                return ToolCall(
                    name: name, arguments: call["arguments"]?.stringValue, output: call["output"]?.stringValue,
                    error: call["error"]?.stringValue, start: start, duration: duration)
            }
            return Round(
                start: start, duration: duration, renderedPrompt: value["rendered_prompt"]?.stringValue, usage: Self.usage(value["usage"]),
                timeToFirstToken: Self.duration(value["ttft_us"]), modelLoadDuration: Self.duration(value["model_load_us"]),
                prefillDuration: Self.duration(value["prefill_us"]),
                grammarCompileDuration: Self.duration(value["grammar_compile_us"]), toolCalls: calls)
        }
    }

    private static func json(_ round: Round) -> JSONValue {
        var members: [JSONMember] = [
            JSONMember("start_us", microseconds(round.start)), JSONMember("duration_us", microseconds(round.duration)),
            JSONMember("usage", json(round.usage))
        ]
        members.append(contentsOf: optional("ttft_us", round.timeToFirstToken.map(microseconds)))
        members.append(contentsOf: optional("model_load_us", round.modelLoadDuration.map(microseconds)))
        members.append(contentsOf: optional("prefill_us", round.prefillDuration.map(microseconds)))
        members.append(contentsOf: optional("decode_us", round.decodeDuration.map(microseconds)))
        members.append(contentsOf: optional("grammar_compile_us", round.grammarCompileDuration.map(microseconds)))
        members.append(contentsOf: optional("prefill_tokens_per_second", round.prefillTokensPerSecond.map { .number(JSONValue.numberText($0)) }))
        members.append(contentsOf: optional("decode_tokens_per_second", round.decodeTokensPerSecond.map { .number(JSONValue.numberText($0)) }))
        members.append(contentsOf: optional("rendered_prompt", round.renderedPrompt.map(JSONValue.string)))
        let calls = round.toolCalls.map { call -> JSONValue in
            var members = [JSONMember("name", .string(call.name)), JSONMember("start_us", microseconds(call.start)), JSONMember("duration_us", microseconds(call.duration))]
            members.append(contentsOf: optional("arguments", call.arguments.map(JSONValue.string)))
            members.append(contentsOf: optional("output", call.output.map(JSONValue.string)))
            members.append(contentsOf: optional("error", call.error.map(JSONValue.string)))
            return .object(members)
        }
        members.append(JSONMember("tool_calls", .array(calls)))
        return .object(members)
    }

    private static func json(_ usage: LanguageModelSession.Usage) -> JSONValue {
        .object([
            JSONMember("input_tokens", .number(String(usage.input.totalTokenCount))),
            JSONMember("cached_input_tokens", .number(String(usage.input.cachedTokenCount))),
            JSONMember("output_tokens", .number(String(usage.output.totalTokenCount))),
            JSONMember("reasoning_tokens", .number(String(usage.output.reasoningTokenCount)))
        ])
    }

    private static func usage(_ value: JSONValue?) -> LanguageModelSession.Usage {
        func int(_ key: String) -> Int { value?[key]?.doubleValue.map { Int($0) } ?? 0 }
        var usage = LanguageModelSession.Usage()
        usage.input = .init(totalTokenCount: int("input_tokens"), cachedTokenCount: int("cached_input_tokens"))
        usage.output = .init(totalTokenCount: int("output_tokens"), reasoningTokenCount: int("reasoning_tokens"))
        return usage
    }

    private static func microseconds(_ duration: Duration) -> JSONValue { .number(String(duration.microseconds)) }

    private static func duration(_ value: JSONValue?) -> Duration? {
        value?.doubleValue.map { Duration.microseconds(Int64($0)) }
    }

    private static func optional(_ key: String, _ value: JSONValue?) -> [JSONMember] {
        value.map { [JSONMember(key, $0)] } ?? []
    }
}

/// A trace's JSON lacks a member or has one of the wrong type.
package struct TraceFormatError: Error, CustomStringConvertible {
    /// The member.
    package var member: String
    /// The problem, in words.
    package var description: String { "the trace's \"\(member)\" is missing or not of the expected type" }
}
