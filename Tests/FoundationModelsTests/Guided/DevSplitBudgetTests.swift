import Foundation
import JSONValues
import Testing
@testable import FoundationModelsCore
import TestSupport

/// Real-world schemas (the JSONSchemaBench development split) under a small token budget, on
/// SmolLM2: every answer is complete JSON that Python's `jsonschema` accepts, or the request is
/// refused (up front, naming the keyword, or with the budget's numbers). Never a truncation.
@Suite(.requiresSmolLM2) struct DevSplitBudgetTests {
    /// Schemas per subset, taken in file-name order.
    static let perSubset = 2
    static let budget = 64

    static let folder: URL = {
        if let explicit = ProcessInfo.processInfo.environment["FM_JSONSCHEMABENCH_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return TestModels.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/jsonschemabench-dev")
    }()

    /// The first schemas of each subset (the file name up to `---`, or else up to its first `_`).
    static func sample() throws -> [(name: String, text: String)] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        var taken: [String: Int] = [:]
        var result: [(String, String)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".json") {
            let subset = file.contains("---") ? file.components(separatedBy: "---")[0] : String(file.split(separator: "_").first ?? "")
            guard taken[subset, default: 0] < perSubset else { continue }
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            guard let schema = try JSONReader.read(String(decoding: data, as: UTF8.self))["schema"] else { continue }
            taken[subset, default: 0] += 1
            result.append((file, schema.jsonText()))
        }
        return result
    }

    @Test func everyAnswerIsValidOrAClearRefusal() async throws {
        let schemas = try Self.sample()
        guard !schemas.isEmpty else {
            // The split lives beside the package in the team's workspace, not in the repository.
            print("⚠️  SKIPPING: \(Self.folder.path) is absent; the dev-split budget check did not run.")
            return
        }
        var cases: [String] = []
        var names: [String] = []
        var refused = 0
        for (name, text) in schemas {
            let schema: GenerationSchema
            do {
                schema = try GenerationSchema(jsonSchema: text)
            } catch {
                // An up-front refusal must name what it refused.
                #expect(error.description.contains("'") || error.description.contains("schema"), "\(name): \(error)")
                refused += 1
                continue
            }
            let session = SessionFixtures.session(instructions: "You produce JSON.")
            do {
                let response = try await session.respond(
                    to: "Produce one realistic example instance.", schema: schema,
                    options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: Self.budget))
                let instance = response.content.jsonString
                cases.append(#"{"schema": \#(text), "instance": \#(instance)}"#)
                names.append(name)
            } catch let error as LanguageModelSession.GenerationError {
                switch error {
                case .decodingFailure(let context):
                    guard case .responseBudget? = context.details else {
                        Issue.record("\(name): a decoding failure that is not the budget's: \(context.debugDescription)")
                        continue
                    }
                    refused += 1
                case .exceededContextWindowSize, .unsupportedGuide:
                    refused += 1
                default:
                    Issue.record("\(name): \(error)")
                }
            }
        }
        let file = try ScratchFolder.file("dev-split.jsonl")
        try cases.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let validator = TestModels.packageRoot.appendingPathComponent("scripts/dev/validate_instances.py")
        let outcome = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", validator.path, file.path])
        try #require(outcome.status == 0, "the validator failed: \(outcome.stderr)")
        let verdicts = outcome.stdout.split(separator: "\n")
        #expect(verdicts.count == cases.count)
        for (name, verdict) in zip(names, verdicts) {
            #expect(verdict == "ok", "\(name): \(verdict)")
        }
        print("dev split, budget \(Self.budget): \(cases.count) answered, \(refused) refused, of \(schemas.count)")
        #expect(cases.count >= schemas.count / 2, "most schemas should be answered")
    }
}
