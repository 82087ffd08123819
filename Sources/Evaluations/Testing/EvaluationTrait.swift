import Foundation
public import Testing

/// A Swift Testing trait that runs an evaluation once, before the test (before all of a
/// parameterized test's cases), and makes its result available inside the test as
/// `EvaluationContext.current.result`.
///
/// ```swift
/// @Test(.evaluates(SummaryEvaluation(), info: ["model": "qwen2.5-coder-0.5b"]))
/// func summaries() {
///     let result = EvaluationContext.current.result
///     #expect(result.aggregateValue(.mean(of: SummaryEvaluation.keepsFacts)) >= 0.8)
/// }
/// ```
///
/// The result is also attached to the test as a JSON file (Swift Testing attachments, saved when
/// the test run is given an attachments folder). If the evaluation itself fails (its dataset cannot
/// be loaded), the test fails with that error and its body does not run.
public struct EvaluationTrait: TestTrait, TestScoping {
    let evaluation: any Evaluation
    let info: [String: String]

    /// Runs the evaluation, then the test with its result in scope.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        let result = try await evaluation.run(info: info)
        Attachment.record(
            [UInt8](try result.jsonData(includeReportMetadata: true)),
            named: result.fileName)
        try await EvaluationContext.$scoped.withValue(EvaluationContext(result: result)) {
            try await function()
        }
    }

    /// Runs the evaluation once for the whole test, so that a parameterized test's cases share one
    /// result rather than running the evaluation once each.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> EvaluationTrait? {
        testCase == nil ? self : nil
    }

    /// The trait provides its scope to each test it is applied to.
    public typealias TestScopeProvider = EvaluationTrait
}

extension TestTrait where Self == EvaluationTrait {
    /// Runs `evaluation` before the test; read its result with `EvaluationContext.current.result`.
    ///
    /// - Parameters:
    ///   - evaluation: The evaluation to run.
    ///   - info: Facts kept with the result, such as the model's name.
    public static func evaluates(_ evaluation: any Evaluation, info: [String: String] = [:]) -> Self {
        EvaluationTrait(evaluation: evaluation, info: info)
    }
}
