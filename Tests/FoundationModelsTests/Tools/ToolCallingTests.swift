import Foundation
import Testing
@testable import FoundationModelsCore
import TestSupport
import SmartNotes

// `TeamDirectoryTool` is the seed app's tool, from the SmartNotes module.

struct BrokenDirectoryTool: Tool {
    struct Outage: Error {}
    let name = "lookupTeamMember"
    let description = "Find a team member's full name and role from a partial name."

    @Generable
    struct Arguments {
        var query: String
    }

    func call(arguments: Arguments) async throws -> String { throw Outage() }
}

/// A directory that answers only when it is cancelled: it reports each call, then waits.
struct HangingDirectoryTool: Tool {
    let name = "lookupTeamMember"
    let description = "Find a team member's full name and role from a partial name."
    let started: AsyncStream<Void>.Continuation

    @Generable
    struct Arguments {
        var query: String
    }

    func call(arguments: Arguments) async throws -> String {
        started.yield()
        try await Task.sleep(for: .seconds(600))
        return "unreachable"
    }
}

@Suite(.requiresSmolLM2, .serialized) struct ToolCallingTests {
    static let instructions = "Assign action items to real team members. Use the lookup tool to resolve names."

    func kinds(_ transcript: Transcript) -> [String] {
        transcript.map { entry in
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
    }

    @Test func requiredModeMakesAValidCallAndAnswers() async throws {
        let session = await SessionFixtures.soloSession(instructions: Self.instructions, tools: [TeamDirectoryTool()])
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200, toolCallingMode: .required)
        let response = try await session.respond(to: "Who is Sara?", options: options)
        let transcript = session.transcript
        #expect(kinds(transcript).prefix(4) == ["instructions", "prompt", "toolCalls", "toolOutput"])
        #expect(kinds(transcript).last == "response")
        guard case .toolCalls(let calls) = transcript[2], case .toolOutput(let output) = transcript[3] else { return }
        #expect(calls.allSatisfy { $0.toolName == "lookupTeamMember" })
        // The arguments decode into the tool's type: they followed its schema.
        let arguments = try TeamDirectoryTool.Arguments(calls[0].arguments)
        #expect(!arguments.query.isEmpty)
        #expect(output.id == calls[0].id)
        #expect(!response.content.hasPrefix("<tool_call>"))
        // The definitions were recorded with the instructions.
        guard case .instructions(let instructions) = transcript[0] else { return }
        #expect(instructions.toolDefinitions.map(\.name) == ["lookupTeamMember"])
    }

    @Test func cancellingDuringAToolCallStopsTheRequestCleanly() async throws {
        let (started, continuation) = AsyncStream<Void>.makeStream()
        let session = await SessionFixtures.soloSession(instructions: Self.instructions, tools: [HangingDirectoryTool(started: continuation)])
        let before = session.transcript
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200, toolCallingMode: .required)
        let request = Task { try await session.respond(to: "Who is Sara?", options: options) }
        var calls = started.makeAsyncIterator()
        _ = await calls.next()
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        #expect(session.transcript == before)
        #expect(!session.isResponding)
        // The session answers the next request.
        let answer = try await session.respond(to: "Say hello.", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 8, toolCallingMode: .disallowed))
        #expect(!answer.content.isEmpty)
    }

    @Test func disallowedModeNeverCalls() async throws {
        let session = await SessionFixtures.soloSession(instructions: Self.instructions, tools: [TeamDirectoryTool()])
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 40, toolCallingMode: .disallowed)
        let response = try await session.respond(to: "Look up Sara with the tool.", options: options)
        #expect(kinds(session.transcript) == ["instructions", "prompt", "response"])
        #expect(!response.content.hasPrefix("<tool_call>"))
    }

    @Test func aThrowingToolIsAToolCallErrorAndTheTranscriptStays() async throws {
        let session = await SessionFixtures.soloSession(instructions: Self.instructions, tools: [BrokenDirectoryTool()])
        let before = session.transcript
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200, toolCallingMode: .required)
        await #expect {
            try await session.respond(to: "Who is Sara?", options: options)
        } throws: { error in
            guard let error = error as? LanguageModelSession.ToolCallError else { return false }
            return error.tool.name == "lookupTeamMember" && error.underlyingError is BrokenDirectoryTool.Outage
        }
        #expect(session.transcript == before)
        #expect(!session.isResponding)
    }

    @Test func toolsWorkWithGuidedGeneration() async throws {
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 2048, concurrentSessions: 1)
        let session = LanguageModelSession(model: model, tools: [TeamDirectoryTool()], instructions: Self.instructions)
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 250, toolCallingMode: .required)
        let response = try await session.respond(to: "Who owns pricing? Sara does.", generating: Owner.self, options: options)
        #expect(!response.content.name.isEmpty)
        #expect(kinds(session.transcript).contains("toolOutput"))
    }

    @Test func theTranscriptWithToolEntriesRoundTrips() async throws {
        let session = await SessionFixtures.soloSession(instructions: Self.instructions, tools: [TeamDirectoryTool()])
        let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200, toolCallingMode: .required)
        _ = try await session.respond(to: "Who is Lina?", options: options)
        let data = try JSONEncoder().encode(session.transcript)
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded.map(\.id) == session.transcript.map(\.id))
        #expect(decoded.map(\.description) == session.transcript.map(\.description))
    }
}

@Generable
struct Owner {
    @Guide(description: "The owner's full name.")
    var name: String
}
