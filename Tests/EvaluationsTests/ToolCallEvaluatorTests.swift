import Evaluations
import Foundation
import FoundationModels
import FoundationModelsTesting
import TestSupport
import Testing

/// Tool-call trajectories: every rule on hand-built transcripts, then a real model's calls.
@Suite struct ToolCallEvaluatorTests {
    typealias Sample = ModelSample<String>

    let evaluator = ToolCallEvaluator<Sample>(allPass: Metric("All"), percentagePass: Metric("Share"))

    private func call(_ name: String, _ arguments: String = "{}") throws -> Transcript.ToolCall {
        Transcript.ToolCall(id: UUID().uuidString, toolName: name, arguments: try GeneratedContent(json: arguments))
    }

    private func score(_ expectation: TrajectoryExpectation, calls: [Transcript.ToolCall], evaluator: ToolCallEvaluator<Sample>? = nil) async throws -> (Bool, Double, String) {
        let subject = ModelSubject(value: "", transcript: StructuredTranscript(toolCalls: calls))
        let metrics = try await (evaluator ?? self.evaluator).metrics(
            subject: subject, input: Sample(prompt: "task", expectations: expectation))
        return (metrics[0].value == .passing, metrics[1].doubleValue ?? -1, metrics[1].rationale ?? "")
    }

    @Test func orderedCallsMustComeInOrder() async throws {
        let expectation = TrajectoryExpectation(ordered: [ToolExpectation("search"), ToolExpectation("add")])
        #expect(try await score(expectation, calls: [call("search"), call("log"), call("add")]).0)
        let reversed = try await score(expectation, calls: [call("add"), call("search")])
        #expect(reversed.0 == false)
        #expect(reversed.1 == 0.5)
        #expect(reversed.2.contains("missing add"))
    }

    @Test func anyOrderGroupsMatchAtTheirPlaceInAnyOrder() async throws {
        let expectation = TrajectoryExpectation(ordered: [
            ToolExpectation("open"), .anyOrder([ToolExpectation("read"), ToolExpectation("stat")]), ToolExpectation("close")
        ])
        #expect(try await score(expectation, calls: [call("open"), call("stat"), call("read"), call("close")]).0)
        let early = try await score(expectation, calls: [call("stat"), call("open"), call("read"), call("close")])
        #expect(early.0 == false)
        #expect(early.1 == 0.75)
    }

    @Test func unorderedCallsMatchAnywhereOncePerCall() async throws {
        let expectation = TrajectoryExpectation(unordered: [ToolExpectation("a"), ToolExpectation("b"), ToolExpectation("c")])
        #expect(try await score(expectation, calls: [call("c"), call("a"), call("b")]).0)
        let one = try await score(expectation, calls: [call("b"), call("b")])
        #expect(one.0 == false)
        #expect(abs(one.1 - 1.0 / 3) < 1e-9)
    }

    @Test func disallowedCallsFailOnlyWhenTheirArgumentsMatch() async throws {
        let expectation = TrajectoryExpectation(
            ordered: [ToolExpectation("search")], disallowed: [ToolExpectation("delete", arguments: [.exact(argumentName: "all", value: true)])])
        #expect(try await score(expectation, calls: [call("search"), call("delete", #"{"all": false}"#)]).0)
        let banned = try await score(expectation, calls: [call("search"), call("delete", #"{"all": true}"#)])
        #expect(banned.0 == false)
        #expect(banned.1 == 0.5)
        #expect(banned.2.contains("disallowed call delete"))
    }

    @Test func unexpectedCallsCountWhenNotAllowed() async throws {
        let expectation = TrajectoryExpectation(unordered: [ToolExpectation("a"), ToolExpectation("b")], allowsAdditionalToolCalls: false)
        let extra = try await score(expectation, calls: [call("a"), call("b"), call("c")])
        #expect(extra.0 == false)
        #expect(abs(extra.1 - 2.0 / 3) < 1e-9)
        #expect(extra.2.contains("unexpected call c"))
        #expect(try await score(TrajectoryExpectation(expected: "a"), calls: [call("a"), call("z")]).0)
    }

    @Test func argumentMatchersEachCheckTheirRule() async throws {
        let arguments = #"{"city": "Paris", "days": 3, "ratio": 0.5, "code": "FR-75", "flag": true}"#
        let passing: [ArgumentMatcher] = [
            .exact(argumentName: "city", value: "Paris"), .exact(argumentName: "days", value: 3.0),
            .keyOnly(argumentName: "flag"), .oneOf(argumentName: "city", allowedValues: ["Lyon", "Paris"]),
            .range(argumentName: "days", minimum: 1, maximum: 3), .range(argumentName: "ratio", minimum: nil, maximum: 0.5),
            .pattern(argumentName: "code", regex: "^[A-Z]{2}-[0-9]+$"), .contains(argumentName: "city", substring: "ar"),
            .hasPrefix(argumentName: "code", prefix: "FR"), .hasSuffix(argumentName: "code", suffix: "75")
        ]
        let failing: [ArgumentMatcher] = [
            .exact(argumentName: "city", value: "paris"), .keyOnly(argumentName: "country"),
            .oneOf(argumentName: "days", allowedValues: [1, 2]), .range(argumentName: "days", minimum: 4, maximum: nil),
            .range(argumentName: "city", minimum: 0, maximum: 10), .pattern(argumentName: "code", regex: "^[0-9]"),
            .contains(argumentName: "city", substring: "Rome"), .hasPrefix(argumentName: "code", prefix: "75"),
            .hasSuffix(argumentName: "code", suffix: "FR")
        ]
        for matcher in passing {
            let outcome = try await score(TrajectoryExpectation(expected: "weather", arguments: [matcher]), calls: [call("weather", arguments)])
            #expect(outcome.0, "\(matcher) should pass")
        }
        for matcher in failing {
            let outcome = try await score(TrajectoryExpectation(expected: "weather", arguments: [matcher]), calls: [call("weather", arguments)])
            #expect(!outcome.0, "\(matcher) should fail")
        }
    }

    @Test func naturalLanguageMatchersAskTheModel() async throws {
        let judge = MockLanguageModel { request in
            let prompt = Fixtures.lastPrompt(of: request)
            let meets = prompt.contains("\"Paris\"")
            return .content(GeneratedContent(properties: ["reasoning": "checked", "meetsCriteria": meets]))
        }
        let evaluator = ToolCallEvaluator<Sample>(allPass: Metric("All"), percentagePass: Metric("Share"), argumentMatchModel: judge)
        let expectation = TrajectoryExpectation(expected: "weather", arguments: [.naturalLanguage(argumentName: "city", criteria: "a capital city in Europe")])
        #expect(try await score(expectation, calls: [call("weather", #"{"city": "Paris"}"#)], evaluator: evaluator).0)
        #expect(try await !score(expectation, calls: [call("weather", #"{"city": "Springfield"}"#)], evaluator: evaluator).0)
        #expect(judge.requests.count == 2)
        #expect(judge.requests.allSatisfy { $0.schema != nil })
    }

    @Test func samplesWithoutExpectationsAreIgnoredAndSubjectsNeedATranscript() async throws {
        let ignored = try await evaluator.metrics(subject: ModelSubject(value: ""), input: Sample(prompt: "task"))
        #expect(ignored.map(\.value) == [.ignore, .ignore])
        await #expect(throws: EvaluationError.self) {
            _ = try await evaluator.metrics(subject: ModelSubject(value: ""), input: Sample(prompt: "task", expectations: TrajectoryExpectation(expected: "a")))
        }
    }

    @Test func expectationsAreGenerable() throws {
        let expectation = TrajectoryExpectation(
            ordered: [ToolExpectation("search", arguments: [.contains(argumentName: "query", substring: "Dune")]), .anyOrder([ToolExpectation("a"), ToolExpectation("b")])],
            disallowed: [ToolExpectation("delete")])
        let restored = try TrajectoryExpectation(expectation.generatedContent)
        #expect(restored.ordered.count == 2)
        #expect(restored.ordered[1].isAnyOrderGroup)
        #expect(restored.disallowed.map(\.name) == ["delete"])
        let partial = try ToolExpectation.PartiallyGenerated(ToolExpectation.anyOrder([ToolExpectation("a")]).generatedContent)
        guard case .anyOrder(let members?) = partial, case .expectation(let name, _) = members[0] else {
            Issue.record("an any-order group reads as a partial group, got \(partial)")
            return
        }
        #expect(name == "a")
        #expect(try ArgumentMatcher(ArgumentMatcher.range(argumentName: "n", minimum: 1, maximum: nil).generatedContent).argumentNameForTests == "n")
        #expect(TrajectoryExpectation.generationSchema.debugDescription.contains("ordered"))
    }
}

extension ArgumentMatcher {
    var argumentNameForTests: String {
        if case .range(let name, _, _) = self { return name }
        return ""
    }
}

/// A real model's tool calls, judged by the trajectory rules.
@Suite(.enabled(if: TestModels.announceIfMissing()))
struct ToolTrajectoryModelTests {
    struct Weather: Tool {
        let name = "getWeather"
        let description = "Gets the current weather in a city."
        @Generable struct Arguments {
            @Guide(description: "The city's name.")
            var city: String
        }
        func call(arguments: Arguments) async throws -> String {
            "Sunny, 21 °C in \(arguments.city)."
        }
    }

    struct WeatherEvaluation: Evaluation {
        let allPass = Metric("Tools all pass")
        let share = Metric("Tools share")
        let dataset: ArrayLoader<ModelSample<String>>

        func subject(from sample: ModelSample<String>) async throws -> ModelSubject<String> {
            let session = LanguageModelSession(model: Fixtures.smolLM2, tools: [Weather()], instructions: "Use the weather tool to answer.")
            let response = try await session.respond(
                to: sample.prompt,
                options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 160, toolCallingMode: .required))
            return ModelSubject(value: response.content, transcript: session.transcript.structuredTranscript)
        }

        var evaluators: Evaluators {
            ToolCallEvaluator(allPass: allPass, percentagePass: share)
        }

        func aggregateMetrics(using aggregator: inout MetricsAggregator) {
            aggregator.computeMean(of: allPass)
            aggregator.computeMean(of: share)
        }
    }

    @Test func aTrajectoryThatHappensPassesAndOneThatDoesNotFails() async throws {
        let prompt = "What is the weather in Paris right now?"
        let evaluation = WeatherEvaluation(
            dataset: ArrayLoader(samples: [
                ModelSample(prompt: prompt, expectations: TrajectoryExpectation(expected: "getWeather", arguments: [.keyOnly(argumentName: "city")])),
                ModelSample(prompt: prompt, expectations: TrajectoryExpectation(expected: "getTime")),
                ModelSample(prompt: prompt, expectations: TrajectoryExpectation(ordered: [ToolExpectation("getWeather")], disallowed: [ToolExpectation("getWeather")]))
            ]))
        let result = try await evaluation.run()
        let verdicts = result.detailed[metric: evaluation.allPass].map { $0?.value }
        #expect(verdicts == [.passing, .failing, .failing])
        let calls = result.detailed[evaluation.responseColumn].compactMap { $0?.toolCalls.map(\.toolName) }
        #expect(calls.allSatisfy { $0.contains("getWeather") })
        #expect(result.detailed[metric: evaluation.share][2]?.doubleValue == 0.5)
        #expect(result.detailed[metric: evaluation.allPass][1]?.rationale?.contains("missing getTime") == true)
    }
}
