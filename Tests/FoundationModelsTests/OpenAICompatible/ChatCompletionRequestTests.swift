import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import Testing
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend
import JSONValues
import OpenAIWire
import SmartNotes

@Generable
struct RemoteCityFact {
    var city: String
    var population: Int
}

/// The mapping of executor requests to `/chat/completions` bodies.
@Suite struct ChatCompletionRequestTests {
    static let lookup = Transcript.ToolDefinition(
        name: "lookupTeamMember", description: "Find a team member.", parameters: TeamDirectoryTool.Arguments.generationSchema)

    @Test func transcriptEntriesBecomeMessages() throws {
        let call = Transcript.ToolCall(id: "call_1", toolName: "lookupTeamMember", arguments: try GeneratedContent(json: #"{"query":"Sara"}"#))
        let transcript = Transcript(entries: [
            .instructions(Transcript.Instructions(segments: [.text(.init(content: "Be brief."))], toolDefinitions: [Self.lookup])),
            .prompt(Transcript.Prompt(segments: [.text(.init(content: "Who is Sara?"))])),
            .toolCalls(Transcript.ToolCalls([call])),
            .toolOutput(Transcript.ToolOutput(id: "call_1", toolName: "lookupTeamMember", segments: [.text(.init(content: "Product Lead"))])),
            .response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: "Sara leads product."))])),
            .prompt(Transcript.Prompt(segments: [.text(.init(content: "Thanks"))]))
        ])
        let messages = try ChatCompletionRequest.messages(of: transcript).map { try JSONValueEncoder().encode($0).serialized() }
        #expect(
            messages == [
                #"{"role":"system","content":"Be brief."}"#,
                #"{"role":"user","content":"Who is Sara?"}"#,
                #"{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"lookupTeamMember","arguments":"{\"query\": \"Sara\"}"}}]}"#,
                #"{"role":"tool","tool_call_id":"call_1","content":"Product Lead"}"#,
                #"{"role":"assistant","content":"Sara leads product."}"#,
                #"{"role":"user","content":"Thanks"}"#
            ])
    }

    @Test func emptyInstructionsAreLeftOut() throws {
        let transcript = Transcript(entries: [
            .instructions(Transcript.Instructions(segments: [], toolDefinitions: [])),
            .prompt(Transcript.Prompt(segments: [.text(.init(content: "Hi"))]))
        ])
        #expect(try ChatCompletionRequest.messages(of: transcript).map { try JSONValueEncoder().encode($0).serialized() } == [#"{"role":"user","content":"Hi"}"#])
    }

    func body(_ request: LanguageModelExecutorGenerationRequest, extendedSampling: Bool = true) throws -> JSONValue {
        try ChatCompletionRequest(request, model: "smol", extendedSampling: extendedSampling).jsonValue
    }

    static let prompt = Transcript(entries: [.prompt(Transcript.Prompt(segments: [.text(.init(content: "Hi"))]))])

    @Test func toolsAndToolChoice() throws {
        let modes: [(GenerationOptions.ToolCallingMode?, String)] = [(nil, "auto"), (.allowed, "auto"), (.required, "required"), (.disallowed, "none")]
        for (mode, choice) in modes {
            let request = LanguageModelExecutorGenerationRequest(
                transcript: Self.prompt, enabledTools: [Self.lookup], generationOptions: GenerationOptions(toolCallingMode: mode))
            let json = try body(request)
            #expect(json["tool_choice"] == .string(choice))
            guard case .array(let tools) = json["tools"] else { Issue.record("no tools"); return }
            #expect(tools.count == 1)
            #expect(tools[0]["type"] == .string("function"))
            #expect(tools[0]["function"]?["name"] == .string("lookupTeamMember"))
            #expect(tools[0]["function"]?["description"] == .string("Find a team member."))
            #expect(tools[0]["function"]?["parameters"]?.serialized() == Self.lookup.parameters.jsonSchemaText())
        }
        let none = try body(LanguageModelExecutorGenerationRequest(transcript: Self.prompt, generationOptions: GenerationOptions(toolCallingMode: .required)))
        #expect(none["tools"] == nil)
        #expect(none["tool_choice"] == nil)
    }

    @Test func requiredAfterTheCallsOutputsAnswers() throws {
        // As the local backend reads `.required`: once the outputs follow the prompt, the turn answers.
        let called = Transcript(
            entries: Self.prompt.map { $0 } + [
                .toolCalls(Transcript.ToolCalls([Transcript.ToolCall(id: "c1", toolName: "lookupTeamMember", arguments: GeneratedContent("{}"))])),
                .toolOutput(Transcript.ToolOutput(id: "c1", toolName: "lookupTeamMember", segments: [.text(.init(content: "Sara"))]))
            ])
        let request = LanguageModelExecutorGenerationRequest(
            transcript: called, enabledTools: [Self.lookup], generationOptions: GenerationOptions(toolCallingMode: .required))
        #expect(try body(request)["tool_choice"] == .string("none"))
    }

    /// With `RequiredToolCalls.responseFormat`, a round that must call a tool asks for one call of
    /// its tools as the response format (each tool's name a constant, its arguments by its
    /// schema), in place of the request's own schema; the answer round after the call, and any
    /// round that may answer, keep the request's schema.
    @Test func aRequiredCallCanBeAskedForAsTheResponseFormat() throws {
        let weather = Transcript.ToolDefinition(name: "weather", description: "The weather.", parameters: RemoteCityFact.generationSchema)
        func format(_ mode: GenerationOptions.ToolCallingMode, tools: [Transcript.ToolDefinition], transcript: Transcript = Self.prompt) throws -> JSONValue? {
            let request = LanguageModelExecutorGenerationRequest(
                transcript: transcript, enabledTools: tools, schema: RemoteCityFact.generationSchema, generationOptions: GenerationOptions(toolCallingMode: mode))
            return try ChatCompletionRequest(request, model: "smol", extendedSampling: true, callsAsResponseFormat: true).jsonValue["response_format"]
        }
        let one = try #require(try format(.required, tools: [Self.lookup]))
        #expect(one["json_schema"]?["name"] == .string("tool_call"))
        let call = try #require(one["json_schema"]?["schema"])
        #expect(call["properties"]?["name"] == .object([JSONMember(key: "const", value: .string("lookupTeamMember"))]))
        #expect(call["properties"]?["arguments"]?.serialized() == Self.lookup.parameters.jsonSchemaText())
        #expect(call["required"] == .array([.string("name"), .string("arguments")]))
        let two = try #require(try format(.required, tools: [Self.lookup, weather])?["json_schema"]?["schema"]?["anyOf"]?.arrayValue)
        #expect(two.map { $0["properties"]?["name"]?["const"] } == [.string("lookupTeamMember"), .string("weather")])
        for answering in [try format(.allowed, tools: [Self.lookup]), try format(.required, tools: [])] {
            #expect(answering?["json_schema"]?["name"] == .string("RemoteCityFact"))
        }
        let called = Transcript(
            entries: Self.prompt.map { $0 } + [
                .toolCalls(Transcript.ToolCalls([Transcript.ToolCall(id: "c1", toolName: "lookupTeamMember", arguments: GeneratedContent("{}"))])),
                .toolOutput(Transcript.ToolOutput(id: "c1", toolName: "lookupTeamMember", segments: [.text(.init(content: "Sara"))]))
            ])
        #expect(try format(.required, tools: [Self.lookup], transcript: called)?["json_schema"]?["name"] == .string("RemoteCityFact"))
    }

    /// With `foldsAnsweredToolCalls`, the answer round after a required call sends the tool's
    /// output before the prompt's text in the last user message, without the call, the tool
    /// message and the tools, as local models get it; a round that may still call tools, and any
    /// round without the setting, send the transcript as it is.
    @Test func anAnswerRoundCanFoldTheToolOutputsIntoItsPrompt() throws {
        let called = Transcript(
            entries: Self.prompt.map { $0 } + [
                .toolCalls(Transcript.ToolCalls([Transcript.ToolCall(id: "c1", toolName: "lookupTeamMember", arguments: GeneratedContent("{}"))])),
                .toolOutput(Transcript.ToolOutput(id: "c1", toolName: "lookupTeamMember", segments: [.text(.init(content: "Sara"))]))
            ])
        func body(_ mode: GenerationOptions.ToolCallingMode, folds: Bool) throws -> JSONValue {
            let request = LanguageModelExecutorGenerationRequest(
                transcript: called, enabledTools: [Self.lookup], generationOptions: GenerationOptions(toolCallingMode: mode))
            return try ChatCompletionRequest(request, model: "smol", extendedSampling: true, foldsAnsweredToolCalls: folds).jsonValue
        }
        let folded = try body(.required, folds: true)
        #expect(
            folded["messages"]
                == .array([.object([JSONMember(key: "role", value: .string("user")), JSONMember(key: "content", value: .string("<tool_response>\nSara\n</tool_response>\n\nHi"))])])
        )
        #expect(folded["tools"] == nil && folded["tool_choice"] == nil)
        for unfolded in [try body(.required, folds: false), try body(.allowed, folds: true)] {
            #expect(unfolded["messages"]?.arrayValue?.count == 3)
            #expect(unfolded["tools"] != nil)
        }
    }

    @Test func schemaBecomesAStrictJSONSchemaResponseFormat() throws {
        let schema = RemoteCityFact.generationSchema
        let json = try body(LanguageModelExecutorGenerationRequest(transcript: Self.prompt, schema: schema))
        #expect(json["response_format"]?["type"] == .string("json_schema"))
        #expect(json["response_format"]?["json_schema"]?["name"] == .string("RemoteCityFact"))
        #expect(json["response_format"]?["json_schema"]?["strict"] == .bool(true))
        #expect(json["response_format"]?["json_schema"]?["schema"]?.serialized() == schema.jsonSchemaText())
        #expect(json["stream"] == .bool(true))
        #expect(json["stream_options"]?["include_usage"] == .bool(true))
        #expect(json["model"] == .string("smol"))
    }

    @Test func samplingOptions() {
        func sampling(_ options: GenerationOptions, extended: Bool = true) -> String {
            var request = ChatCompletionRequest(model: nil, messages: [])
            request.setSampling(options, extendedSampling: extended)
            return JSONValue.object((request.jsonValue.objectMembers ?? []).filter { $0.key != "messages" }).serialized()
        }
        #expect(sampling(GenerationOptions()) == "{}")
        #expect(
            sampling(GenerationOptions(samplingMode: .greedy, temperature: 0.7, maximumResponseTokens: 40))
                == #"{"temperature":0,"top_k":1,"max_tokens":40}"#)
        #expect(sampling(GenerationOptions(samplingMode: .greedy), extended: false) == #"{"temperature":0}"#)
        #expect(
            sampling(GenerationOptions(samplingMode: .random(top: 5, seed: 9), temperature: 0.5))
                == #"{"temperature":0.5,"top_k":5,"seed":9}"#)
        #expect(
            sampling(GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9, seed: nil)))
                == #"{"top_p":0.9}"#)
    }

    @Test func schemaNamesAreCleaned() {
        #expect(ChatCompletionRequest.schemaName("Array<City Fact>") == "Array_City_Fact_")
        #expect(ChatCompletionRequest.schemaName("") == "response")
    }

    @Test func headersAndEndpoint() throws {
        let configuration = OpenAICompatibleLanguageModel.Configuration(
            baseURL: try #require(URL(string: "http://127.0.0.1:8080/v1")), model: "m", apiKey: "secret",
            headers: ["X-Team": "notes"], requestTimeout: 12)
        let executor = try OpenAICompatibleLanguageModel.Executor(configuration: configuration)
        let request = executor.urlRequest(
            body: try ChatCompletionRequest(
                LanguageModelExecutorGenerationRequest(transcript: Self.prompt), model: "m", extendedSampling: true))
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/v1/chat/completions")
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
        #expect(request.value(forHTTPHeaderField: "X-Team") == "notes")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.timeoutInterval == 12)
    }
}

/// HTTP statuses and server error bodies map to Apple's error cases.
@Suite struct OpenAICompatibleErrorTests {
    typealias GenerationError = LanguageModelSession.GenerationError

    @Test func statusesMapToCases() {
        let url = URL(string: "http://127.0.0.1:9/v1/chat/completions")
        func map(_ status: Int, _ body: String) -> GenerationError { OpenAICompatibleError.map(status: status, body: body, url: url) }

        guard case .rateLimited(let limited) = map(429, #"{"error":{"message":"slow down"}}"#) else { Issue.record("429"); return }
        #expect(limited.debugDescription.contains("slow down"))

        // llama-server's body for a prompt that does not fit.
        let llama =
            #"{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":3000,"n_ctx":2048}}"#
        guard case .exceededContextWindowSize(let context) = map(400, llama) else { Issue.record("llama 400"); return }
        guard case .contextSize(let size, let count) = context.details else { Issue.record("no details"); return }
        #expect(size == 2048 && count == 3000)

        // vLLM's shape.
        let vllm = #"{"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.","type":"BadRequestError","code":400}"#
        guard case .exceededContextWindowSize = map(400, vllm) else { Issue.record("vllm 400"); return }

        guard case .decodingFailure(let bad) = map(400, #"{"error":{"message":"Invalid schema"}}"#) else { Issue.record("400"); return }
        #expect(bad.debugDescription.contains("Invalid schema") && bad.debugDescription.contains("HTTP 400"))
        guard case .assetsUnavailable = map(401, "unauthorized") else { Issue.record("401"); return }
        guard case .assetsUnavailable = map(404, "not found") else { Issue.record("404"); return }
        guard case .assetsUnavailable(let server) = map(503, "Loading model") else { Issue.record("503"); return }
        #expect(server.debugDescription.contains("Loading model"))
    }
}
