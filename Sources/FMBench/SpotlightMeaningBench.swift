package import CoreSpotlight
import Foundation
import SpotlightIndex

/// `fm bench --only spotlight`, ranking by meaning (``SemanticRanking``, the set-up's
/// all-MiniLM-L6-v2): on `notes` of ``SpotlightBench``'s generated notes, the time to compute
/// and store every note's vector, the bytes they add, then `searches` searches (after a tenth as
/// many to warm up) each run by words alone and by words and meaning (the question's vector
/// included) on the same index, in turn.
package struct SpotlightMeaningBench {
    /// How many notes to index and give vectors.
    package var notes: Int
    /// How many searches to time.
    package var searches: Int
    /// The model.
    package var ranking: SemanticRanking
    /// Progress, to standard error.
    package var log: @Sendable (String) -> Void

    package init(notes: Int = 10_000, searches: Int = 200, ranking: SemanticRanking, log: @escaping @Sendable (String) -> Void) {
        self.notes = notes
        self.searches = searches
        self.ranking = ranking
        self.log = log
    }

    /// The figures, in milliseconds where they are times.
    package struct Report {
        let notes: Int
        let vectorSeconds: Double
        let addedBytes: Int
        /// Search times: `words` alone, `meaning` (words and meaning, the question's vector
        /// included), `question_vector` (that vector alone).
        let times: [String: [Double]]

        func percentile(_ way: String, _ fraction: Double) -> Double {
            (times[way] ?? []).percentile(fraction)
        }

        /// `meaning_notes`, `meaning_vector_ms` (a note's vector), `meaning_vector_bytes` (a
        /// note's share of the database's growth), and `meaning_<way>_p50_ms` / `…_p99_ms` for
        /// `words`, `meaning` and `question_vector`.
        package var jsonMembers: [String: Any] {
            var members: [String: Any] = [
                "meaning_notes": notes, "meaning_vector_ms": vectorSeconds * 1000 / Double(max(1, notes)),
                "meaning_vector_bytes": Double(addedBytes) / Double(max(1, notes))
            ]
            for way in ["words", "question_vector", "meaning"] {
                members["meaning_\(way)_p50_ms"] = percentile(way, 0.5)
                members["meaning_\(way)_p99_ms"] = percentile(way, 0.99)
            }
            return members
        }

        /// A table for people.
        package var table: String {
            [
                String(
                    format: "meaning: %d notes' vectors in %.1f s (%.2f ms a note, %.0f bytes a note)", notes, vectorSeconds,
                    vectorSeconds * 1000 / Double(max(1, notes)), Double(addedBytes) / Double(max(1, notes))),
                "  " + "words alone".padding(28) + String(format: "p50 %6.2f ms   p99 %6.2f ms", percentile("words", 0.5), percentile("words", 0.99)),
                "  " + "words and meaning".padding(28)
                    + String(format: "p50 %6.2f ms   p99 %6.2f ms", percentile("meaning", 0.5), percentile("meaning", 0.99)),
                "  " + "  of which the question's vector".padding(28)
                    + String(format: "p50 %6.2f ms   p99 %6.2f ms", percentile("question_vector", 0.5), percentile("question_vector", 0.99))
            ].joined(separator: "\n")
        }
    }

    package func run() async throws -> Report {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fm-bench-meaning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = CSSearchableIndex(name: "notes", directory: folder)
        var choices = SpotlightBench.Choices()
        let start = Date(timeIntervalSince1970: 1_717_200_000)
        for batchStart in stride(from: 0, to: notes, by: 5_000) {
            try await index.indexSearchableItems((batchStart..<min(notes, batchStart + 5_000)).map { SpotlightBench.note($0, choices: &choices, start: start) })
        }
        let before = Self.bytes(index)
        let clock = ContinuousClock()
        log("meaning: \(notes) notes indexed; computing their vectors")
        let vectors = try clock.measure { _ = try index.updateVectorsSynchronously(with: ranking) }
        let added = Self.bytes(index) - before
        var times: [String: [Double]] = [:]
        let warmUp = max(1, searches / 10)
        for round in 0..<(warmUp + searches) {
            let words =
                (0..<2).map { _ in SpotlightBench.species[choices.next(SpotlightBench.species.count)] }
                + [SpotlightBench.words[choices.next(SpotlightBench.words.count)]]
            let query = FullTextQuery(terms: words)
            let text = words.joined(separator: " ")
            let plain = FullTextSearch(query: query, limit: 5, snippetWords: 40)
            let wordsTime = try clock.measure { _ = try index.searchSynchronously(plain) }
            var vector: [Float] = []
            let vectorTime = try clock.measure { vector = try ranking.vectors(for: [text])[0] }
            let meaningTime = try clock.measure {
                var search = plain
                search.meaning = MeaningQuery(vector: vector, model: ranking.identity)
                _ = try index.searchSynchronously(search)
            }
            guard round >= warmUp else { continue }
            times["words", default: []].append(wordsTime.seconds * 1000)
            times["question_vector", default: []].append(vectorTime.seconds * 1000)
            times["meaning", default: []].append((vectorTime + meaningTime).seconds * 1000)
        }
        log("meaning: \(searches) searches")
        return Report(notes: notes, vectorSeconds: vectors.seconds, addedBytes: added, times: times)
    }

    /// The database and its write-ahead log (not yet copied back into it).
    private static func bytes(_ index: CSSearchableIndex) -> Int {
        [index.databaseURL.path, index.databaseURL.path + "-wal"].reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }
}
