import Testing
import FoundationModels
import FoundationModelsTesting

@Generable
struct Weather {
    var city: String
    var temperature: Int
}

struct WeatherTool: Tool {
    let description = "Gets the weather of a city."

    @Generable
    struct Arguments {
        var city: String
    }

    func call(arguments: Arguments) async throws -> String {
        "It is 21 degrees in \(arguments.city)."
    }
}

struct FailingTool: Tool {
    struct Failure: Error {}
    let description = "Always fails."

    @Generable
    struct Arguments {
        var input: String
    }

    func call(arguments: Arguments) async throws -> String {
        throw Failure()
    }
}

@Suite struct MockLanguageModelTests {
    @Test func playsBackText() async throws {
        let model = MockLanguageModel(replies: [.text("Paris is the capital.")])
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        let response = try await session.respond(to: "Capital of France?")
        #expect(response.content == "Paris is the capital.")
        #expect(model.requests.count == 1)
        #expect(model.requests[0].transcript.count == 2)
    }

    @Test func streamsCumulativeSnapshots() async throws {
        let model = MockLanguageModel(replies: [.text("one two three")])
        var snapshots: [String] = []
        for try await snapshot in LanguageModelSession(model: model).streamResponse(to: "Count") {
            snapshots.append(snapshot.content)
        }
        #expect(snapshots == ["one ", "one two ", "one two three"])
    }

    @Test func generatesTypedValues() async throws {
        let content = GeneratedContent(properties: ["city": "Lyon", "temperature": 21])
        let model = MockLanguageModel(replies: [.content(content)])
        let weather = try await LanguageModelSession(model: model).respond(to: "Weather?", generating: Weather.self).content
        #expect(weather.city == "Lyon" && weather.temperature == 21)
        #expect(model.requests[0].schema != nil)
    }

    @Test func runsToolCallsAndRecordsThem() async throws {
        let model = MockLanguageModel(replies: [
            .toolCalls([(name: "WeatherTool", arguments: GeneratedContent(properties: ["city": "Lyon"]))]),
            .text("It is warm in Lyon.")
        ])
        let session = LanguageModelSession(model: model, tools: [WeatherTool()])
        let response = try await session.respond(to: "Weather in Lyon?")
        #expect(response.content == "It is warm in Lyon.")
        let kinds = session.transcript.map { entry -> String in
            switch entry {
            case .instructions: "instructions"
            case .prompt: "prompt"
            case .toolCalls: "toolCalls"
            case .toolOutput: "toolOutput"
            case .response: "response"
            case .reasoning: "reasoning"
            @unknown default: "other"
            }
        }
        #expect(kinds == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
        guard case .toolOutput(let output) = session.transcript[3], case .toolCalls(let calls) = session.transcript[2] else { return }
        #expect(output.id == calls[0].id)
        #expect(output.segments.joinedText == "It is 21 degrees in Lyon.")
        // The second request carried the tool output.
        #expect(model.requests[1].transcript.count == 4)
    }

    @Test func aThrowingToolSurfacesAsToolCallErrorAndLeavesTheTranscript() async throws {
        let model = MockLanguageModel(replies: [.toolCalls([(name: "FailingTool", arguments: GeneratedContent(properties: ["input": "x"]))])])
        let session = LanguageModelSession(model: model, tools: [FailingTool()])
        let before = session.transcript
        await #expect {
            try await session.respond(to: "Go")
        } throws: { error in
            guard let error = error as? LanguageModelSession.ToolCallError else { return false }
            return error.tool.name == "FailingTool" && error.underlyingError is FailingTool.Failure
        }
        #expect(session.transcript == before)
        #expect(!session.isResponding)
    }

    @Test func scriptedFailuresAreThrown() async throws {
        let model = MockLanguageModel(replies: [.failure(.rateLimited(.init(debugDescription: "slow down")))])
        await #expect {
            try await LanguageModelSession(model: model).respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.rateLimited = error else { return false }
            return true
        }
    }
}

/// Records when calls start and end, to show that a turn's calls run concurrently.
actor CallLog {
    var events: [String] = []
    func record(_ event: String) { events.append(event) }
}

struct SlowTool: Tool {
    let name: String
    let description = "Waits, then answers."
    let log: CallLog

    @Generable
    struct Arguments {
        var label: String
    }

    func call(arguments: Arguments) async throws -> String {
        await log.record("start \(name)")
        try await Task.sleep(for: .milliseconds(200))
        await log.record("end \(name)")
        return "done \(arguments.label)"
    }
}

@Suite struct ParallelToolCallTests {
    @Test func callsOfOneTurnRunConcurrentlyAndTheirOutputsKeepCallOrder() async throws {
        let log = CallLog()
        let model = MockLanguageModel(replies: [
            .toolCalls([
                (name: "first", arguments: GeneratedContent(properties: ["label": "A"])),
                (name: "second", arguments: GeneratedContent(properties: ["label": "B"]))
            ]),
            .text("Both done.")
        ])
        let session = LanguageModelSession(model: model, tools: [SlowTool(name: "first", log: log), SlowTool(name: "second", log: log)])
        _ = try await session.respond(to: "Run both.")
        let events = await log.events
        #expect(events.prefix(2).allSatisfy { $0.hasPrefix("start") })
        let outputs = session.transcript.compactMap { entry -> String? in
            if case .toolOutput(let output) = entry { return output.toolName }
            return nil
        }
        #expect(outputs == ["first", "second"])
    }
}
