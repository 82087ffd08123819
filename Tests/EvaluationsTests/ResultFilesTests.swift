import Evaluations
import Foundation
import FoundationModels
import TestSupport
import Testing

/// Datasets and results files: hand-written documents in, round trips out, clear errors.
@Suite struct ResultFilesTests {
    /// A JSON Lines dataset written by hand in the shape Apple's results files show for samples
    /// (`{"input": {"prompt": …}, "output": {"value": …}}`), plus the flat shape, a blank line, a
    /// line that is not JSON and a row that is not a sample (both skipped with a warning).
    static let datasetLines = """
        {"input": {"prompt": "Is 7 a prime number?", "instructions": "Answer yes or no."}, "output": {"value": true}}

        {"prompt": "Is 8 a prime number?", "expected": false}
        this line is not JSON
        {"prompt": "Is 9 a prime number?", "expected": "not a Boolean"}
        {"input": {"prompt": "Is 11 a prime number?"}, "output": {"value": true, "expectations": {"ordered": [{"name": "isPrime", "arguments": [{"exact": {"argumentName": "number", "value": 11}}]}], "allowsAdditionalCalls": false}}}
        """

    @Test func jsonLinesDatasetsLoadBothShapesAndSkipMalformedRows() async throws {
        let folder = try ScratchFolder.make("evaluations")
        let file = folder.appendingPathComponent("primes.jsonl")
        try Data(Self.datasetLines.utf8).write(to: file)
        var samples: [ModelSample<Bool>] = []
        for try await sample in JSONLoader<ModelSample<Bool>>(url: file).stream { samples.append(sample) }
        #expect(samples.map(\.promptDescription) == ["Is 7 a prime number?", "Is 8 a prime number?", "Is 11 a prime number?"])
        #expect(samples.map(\.expected) == [true, false, true])
        #expect(samples[0].instructionsDescription == "Answer yes or no.")
        let trajectory = try #require(samples[2].expectations)
        #expect(trajectory.ordered.map(\.name) == ["isPrime"])
        #expect(trajectory.allowsAdditionalCalls == false)
        #expect(trajectory.unordered.isEmpty)
    }

    @Test func jsonArrayDatasetsLoadToo() async throws {
        let folder = try ScratchFolder.make("evaluations")
        let file = folder.appendingPathComponent("summaries.json")
        try Data(#"[{"prompt": "Summarize: the sky is blue.", "expected": "Blue sky."}, {"prompt": "Summarize: it rains."}]"#.utf8).write(to: file)
        var samples: [ModelSample<String>] = []
        for try await sample in JSONLoader<ModelSample<String>>(url: file).stream { samples.append(sample) }
        #expect(samples.count == 2)
        #expect(samples[0].expected == "Blue sky.")
        #expect(samples[1].expected == nil)
    }

    @Test func samplesRoundTripThroughJSON() throws {
        let schema = GenerationSchema(type: Int.self, properties: [])
        let sample = ModelSample(
            prompt: "Count the r's in strawberry.", expected: 3, instructions: "Answer with a number.",
            generationSchema: schema,
            expectations: TrajectoryExpectation(
                ordered: [.anyOrder([ToolExpectation("count", arguments: [.exact(argumentName: "letter", value: "r")]), ToolExpectation("lookup")])],
                disallowed: [ToolExpectation("guess")]))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(sample)
        let decoded = try JSONDecoder().decode(ModelSample<Int>.self, from: data)
        #expect(decoded.promptDescription == sample.promptDescription)
        #expect(decoded.instructionsDescription == "Answer with a number.")
        #expect(decoded.expected == 3)
        #expect(decoded.generationSchema != nil)
        let group = try #require(decoded.expectations?.ordered.first)
        #expect(group.isAnyOrderGroup)
        #expect(decoded.expectations?.disallowed.map(\.name) == ["guess"])
        #expect(try encoder.encode(decoded) == data)
    }

    @Test func argumentValuesAreWrittenAsPlainJSON() throws {
        let values: [ArgumentValue] = ["Paris", 3, 2.5, true]
        #expect(String(decoding: try JSONEncoder().encode(values), as: UTF8.self) == #"["Paris",3,2.5,true]"#)
        let structured: StructuredValue = ["city": "Paris", "days": [1, 2], "note": .null]
        let decoded = try JSONDecoder().decode(StructuredValue.self, from: try JSONEncoder().encode(structured))
        #expect(decoded == structured)
        #expect(ArgumentValue.int(3).structuredValue == .int(3))
    }

    @Test func resultsRoundTripThroughSaveAndLoad() async throws {
        let evaluation = LengthEvaluation(prompts: [("abc", 3), ("please fail", 1), ("abcd", 9)])
        let result = try await evaluation.run(info: ["model": "none"])
        let folder = try ScratchFolder.make("evaluations")
        let file = try result.saveJSON(to: folder.appendingPathComponent("results"), includeReportMetadata: true)
        #expect(file.lastPathComponent.hasPrefix("LengthEvaluation-"))
        #expect(file.pathExtension == "json")
        let loaded = try EvaluationResult.loadJSON(from: file)
        #expect(loaded.resultID == result.resultID)
        #expect(loaded.evaluationID == result.evaluationID)
        #expect(loaded.evaluationInfo == ["model": "none"])
        #expect(abs(loaded.startTime.timeIntervalSince(result.startTime)) < 1)
        #expect(loaded.groupedSummary == result.groupedSummary)
        #expect(loaded.summary.columnNames == result.summary.columnNames)
        #expect(loaded.detailed.columnNames == result.detailed.columnNames)
        #expect(loaded.detailed[metric: evaluation.exact].map { $0?.value } == [.passing, .ignore, .failing])
        #expect(loaded.detailed[metric: evaluation.exact][2]?.rationale == "got 4")
        #expect(loaded.detailed[evaluation.inputColumn].map { $0?.promptDescription } == ["abc", "please fail", "abcd"])
        #expect(loaded.detailed[evaluation.responseColumn].map { $0?.value } == [3, nil, 4])
        #expect(loaded.detailed[evaluation.expectedColumn].map { $0 } == [3, 1, 9])
        #expect(loaded.errors == result.errors)
        #expect(loaded.reportMetadata["sampleCount"] as? Int == 3)
        // Times are stored to the millisecond: the documents agree but for the last digits of the
        // duration.
        #expect(abs(loaded.duration - result.duration) < 0.002)
        #expect(try withoutDuration(loaded) == withoutDuration(result))
    }

    @Test func resultsRoundTripThroughJSONLines() async throws {
        let first = try await LengthEvaluation(prompts: [("a", 1)]).run(info: ["run": "1"])
        let second = try await LengthEvaluation(prompts: [("a", 2), ("bb", 2)]).run(info: ["run": "2"])
        let file = try ScratchFolder.make("evaluations").appendingPathComponent("runs.jsonl")
        try [first, second].saveJSONLines(to: file)
        let lines = String(decoding: try Data(contentsOf: file), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        let loaded = try await EvaluationResult.loadJSONLines(from: file)
        #expect(loaded.map(\.evaluationInfo) == [["run": "1"], ["run": "2"]])
        #expect(loaded.map { $0.aggregateValue(.mean(of: Metric("Exact"))) } == [1, 0.5])
    }

    @Test func badResultsFilesGiveTypedErrors() async throws {
        let folder = try ScratchFolder.make("evaluations")
        let missing = folder.appendingPathComponent("missing.json")
        #expect(throws: EvaluationResultsError.fileNotFound(missing)) { try EvaluationResult.loadJSON(from: missing) }
        let empty = folder.appendingPathComponent("empty.json")
        try Data("  \n".utf8).write(to: empty)
        #expect(throws: EvaluationResultsError.emptyJSONFile) { try EvaluationResult.loadJSON(from: empty) }
        await #expect(throws: EvaluationResultsError.emptyJSONFile) { try await EvaluationResult.loadJSONLines(from: empty) }
        for text in ["{\"not\": \"a result\"}", "[1, 2", #"{"format": "something-else"}"#] {
            #expect(throws: EvaluationResultsError.invalidJSONFormat) { try EvaluationResult(jsonData: Data(text.utf8)) }
        }
        #expect(EvaluationResultsError.fileNotFound(missing).errorDescription?.contains("missing.json") == true)
    }

    @Test func jsonRepresentableTablesHoldOnlyPlainValues() async throws {
        let evaluation = LengthEvaluation(prompts: [("abc", 3), ("ab", 5)])
        let result = try await evaluation.run()
        let detailed = try result.jsonRepresentableDataFrame(of: .detailed)
        #expect(detailed.columnNames.contains("Exact rationale"))
        #expect(detailed["Exact", Double.self].map { $0 } == [1, 0])
        #expect(detailed["Input", String.self][0]?.contains("\"prompt\":\"abc\"") == true)
        let summary = try result.jsonRepresentableDataFrame(of: .summary)
        #expect(summary["Mean of Exact", Double.self][0] == 0.5)
        #expect(result.detailed.description.contains("Exact"))
    }

    private func withoutDuration(_ result: EvaluationResult) throws -> String {
        let text = String(decoding: try result.jsonData(includeReportMetadata: true), as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.contains("\"duration\"") }.joined(separator: "\n")
    }
}
