@testable import FMBench
import Foundation
import Testing

/// `fm bench --only spotlight` on a small index: every way (and the tool's call) is timed for
/// every search, and where no word is common (400 notes, under the ranking budget) the default
/// search finds the exact best five.
@Suite struct SpotlightBenchTests {
    @Test func aSmallIndexIsMeasuredEveryWay() async throws {
        let report = try await SpotlightBench(notes: 400, searches: 20, log: { _ in }).run()
        #expect(report.notes == 400 && report.databaseBytes > 0 && report.indexingSeconds > 0)
        for (way, _) in SpotlightBench.Report.ways {
            #expect(report.times[way]?.count == 20, "\(way)")
            #expect(report.percentile(way, 0.99) > 0, "\(way)")
        }
        #expect(report.exactShare == 1)
        let members = report.jsonMembers
        for key in ["spotlight_ours_p99_ms", "spotlight_fts5_time_p50_ms", "spotlight_p99_over_fts5", "spotlight_time_p99_over_fts5", "spotlight_exact_share"] {
            #expect((members[key] as? Double)?.isFinite == true, "\(key)")
        }
        #expect(report.table.contains("FTS5 bm25(), time filter"))
    }
}
