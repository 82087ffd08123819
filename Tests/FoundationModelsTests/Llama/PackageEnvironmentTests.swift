@testable import FoundationModelsCore
import Testing

/// The one reader of the package's variables beyond the model's.
@Suite struct PackageEnvironmentTests {
    @Test func readsEachVariableOnce() throws {
        let empty = PackageEnvironment([:])
        #expect(empty.evaluationConcurrency == 4 && empty.reportsEvaluationProgress)
        #expect(try empty.serveTraceCapacity() == nil && empty.apiKey == nil)
        let set = PackageEnvironment([
            "FM_EVAL_CONCURRENCY": "0", "FM_EVAL_PROGRESS": "0", "FM_SERVE_TRACES": "7", "FM_API_KEY": "", "FM_CONTEXT_SIZE": "2048"
        ])
        #expect(set.evaluationConcurrency == 1 && !set.reportsEvaluationProgress)
        #expect(try set.serveTraceCapacity() == 7 && set.apiKey == nil)
        #expect(set.localModelSettings.contextSize == 2048)
        #expect(throws: PackageEnvironment.NotANumber(name: "FM_SERVE_TRACES", value: "many")) {
            try PackageEnvironment(["FM_SERVE_TRACES": "many"]).serveTraceCapacity()
        }
    }
}
