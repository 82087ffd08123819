import Evaluations
import Foundation
import FoundationModels
import TestSupport
import Testing
@testable import SeedEvaluations

/// Each feature's evaluation end to end on SmolLM2, two samples each: the suite runs, every
/// sample gets an answer or an error and every metric, and the result survives its JSON file.
/// The scores themselves are SmolLM2's (poor) and not checked here: `fm eval run` measures them.
/// The main job's turns are bounded at 300 tokens, so that a digest that runs on cannot hold the
/// test up (in the two-turn flow SmolLM2's ran to the end of the context, about 100 s a sample on
/// 2 cores; the three-turn flow averages 3.4 s on all 55 meetings).
@Suite(.requiresSmolLM2, .serialized)
struct SeedSuiteTests {
    static let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 4096, threads: TestModels.threads, concurrentSessions: 3)

    @Test(arguments: SeedFeature.allCases)
    func theFeatureRunsEndToEnd(_ feature: SeedFeature) async throws {
        let result = try await Self.evaluate(feature)
        #expect(result.detailed.rowCount == 2)
        #expect(result.errors.evaluatorFailureCount == 0)
        #expect(result.errors.metricsNotFound.isEmpty)
        let score = FeatureScore(result)
        #expect(score.metrics.map(\.name) == feature.metricNames)
        for metric in score.metrics {
            #expect(metric.passed <= metric.counted && metric.counted <= 2, "\(metric.name)")
        }
        let saved = try result.saveJSON(to: try ScratchFolder.make("seed-eval"))
        let loaded = try EvaluationResult.loadJSON(from: saved)
        #expect(loaded.evaluationInfo["feature"] == feature.rawValue)
        #expect(loaded.detailed.rowCount == 2)
    }

    /// With a judge, each summary also gets the judge's verdict (SmolLM2 judging itself here: the
    /// verdicts are not checked, only that each is a pass or a fail with its reason).
    @Test func aJudgeAddsItsVerdictToEachSummary() async throws {
        let result = try await SeedFeature.summaries.evaluate(model: Self.model, limit: 2, judge: Self.model)
        #expect(result.errors.evaluatorFailureCount == 0)
        let score = FeatureScore(result)
        #expect(Set(score.metrics.map(\.name)) == Set(SeedFeature.summaries.metricNames + ["Faithful (judge)"]))
        let verdicts = result.detailed[metric: Metric("Faithful (judge)")]
        for row in 0..<result.detailed.rowCount {
            let verdict = try #require(verdicts[row])
            guard case .scoring(let value) = verdict.value else {
                Issue.record("row \(row): \(verdict.value)")
                continue
            }
            #expect(value == 0 || value == 1)
            #expect(!(verdict.rationale ?? "").isEmpty)
        }
    }

    /// Two samples of the feature, through `SeedFeature` (the main job directly, bounded).
    static func evaluate(_ feature: SeedFeature) async throws -> EvaluationResult {
        let info = ["ModelName": "SmolLM2-135M", "feature": feature.rawValue]
        guard feature == .actionItems else { return try await feature.evaluate(model: model, limit: 2, info: info) }
        var evaluation = try ActionItemsEvaluation(model: model, limit: 2)
        evaluation.options.maximumResponseTokens = 300
        return try await evaluation.run(info: info)
    }
}
