import CoreSpotlight
import Foundation
import FoundationModels
import SpotlightIndex
import UniformTypeIdentifiers

/// `fm bench --only spotlight`: Core Spotlight's index at scale, beside SQLite's own ranking.
///
/// Generates `notes` field notes (a title of a species and a place, forty words of text: a quarter
/// from 26 common words, the rest from a long tail of about 5,000; dates over two years), indexes
/// them in batches of 5,000 (one transaction each) in a new folder, then runs `searches` searches
/// after a tenth as many to warm up: two or three species or, one in three, places, and a common
/// or a tail word, five results each with their passages. Each search runs four ways, in turn:
/// this package's ranking without and with a three-month time filter, and FTS5's own `bm25()`
/// over every item with any word (what one writes with SQLite alone) without and with the same
/// filter. It also ranks every search exactly (no ranking budget) to report how many of the
/// exact five the default budget finds. Last, the time of `SpotlightSearchTool`'s call (what a
/// model turn waits for: the search, and the answer written for the model) over the same index
/// as the app's default one, for the same words, alternately with "last spring". No model is
/// needed. The index is the process's default (``CSSearchableIndex/storageDirectory`` is set to
/// a new folder).
package struct SpotlightBench {
    /// How many notes to index.
    package var notes: Int
    /// How many searches to time (after a tenth as many to warm up).
    package var searches: Int
    /// Progress, to standard error.
    package var log: @Sendable (String) -> Void

    package init(notes: Int = 100_000, searches: Int = 1_000, log: @escaping @Sendable (String) -> Void) {
        self.notes = notes
        self.searches = searches
        self.log = log
    }

    /// The figures, in milliseconds where they are times.
    package struct Report {
        let notes: Int
        let indexingSeconds: Double
        let databaseBytes: Int
        /// Search times by way: ours, ours with a time filter, FTS5's, FTS5's with the filter.
        let times: [String: [Double]]
        /// How many of the exact best five items the default search found, over all searches.
        let exactShare: Double

        /// The searches' ways, each run for every search, in this order.
        static let searchWays = [
            ("ours", "this package"), ("ours_time", "this package, time filter"), ("fts5", "FTS5 bm25()"), ("fts5_time", "FTS5 bm25(), time filter")
        ]
        /// Everything timed: the searches' ways and the tool's call.
        static let ways = searchWays + [("tool", "SpotlightSearchTool call")]

        func percentile(_ way: String, _ fraction: Double) -> Double {
            (times[way] ?? []).percentile(fraction)
        }

        /// `spotlight_<way>_p50_ms` and `…_p99_ms` for each way (`tool`: the tool's call), this package's p99 over FTS5's
        /// (`spotlight_p99_over_fts5`, with a filter `spotlight_time_p99_over_fts5`), the index's
        /// size and time, and `spotlight_exact_share`.
        package var jsonMembers: [String: Any] {
            var members: [String: Any] = [
                "spotlight_notes": notes, "spotlight_indexing_s": indexingSeconds, "spotlight_database_mb": Double(databaseBytes) / 1_000_000,
                "spotlight_exact_share": exactShare, "spotlight_p99_over_fts5": percentile("ours", 0.99) / percentile("fts5", 0.99),
                "spotlight_time_p99_over_fts5": percentile("ours_time", 0.99) / percentile("fts5_time", 0.99)
            ]
            for (way, _) in Self.ways {
                members["spotlight_\(way)_p50_ms"] = percentile(way, 0.5)
                members["spotlight_\(way)_p99_ms"] = percentile(way, 0.99)
            }
            return members
        }

        /// A table for people.
        package var table: String {
            var lines = [
                String(
                    format: "spotlight: %d notes indexed in %.1f s (%.0f notes/s), %.1f MB; the default search finds %.1f%% of the exact best five",
                    notes, indexingSeconds, Double(notes) / max(indexingSeconds, 1e-9), Double(databaseBytes) / 1_000_000, exactShare * 100)
            ]
            for (way, label) in Self.ways {
                lines.append("  " + label.padding(28) + String(format: "p50 %6.2f ms   p99 %6.2f ms", percentile(way, 0.5), percentile(way, 0.99)))
            }
            lines.append(
                String(
                    format: "  p99 over FTS5's: %.2f, with the time filter %.2f", percentile("ours", 0.99) / percentile("fts5", 0.99),
                    percentile("ours_time", 0.99) / percentile("fts5_time", 0.99)))
            return lines.joined(separator: "\n")
        }
    }

    static let species = [
        "heron", "egret", "kingfisher", "kestrel", "buzzard", "kite", "owl", "otter", "badger", "fox", "deer", "hare", "dipper", "wagtail",
        "martin", "swift", "cuckoo", "nightjar", "curlew", "lapwing", "redshank", "grebe", "swan", "goldeneye", "peregrine", "raven"
    ]
    static let places = ["lake", "brook", "marsh", "down", "carr", "pools", "quarry", "creek", "hill", "leat", "wood", "moor", "reach", "fen", "tarn", "weir"]
    static let words = [
        "feeding", "flying", "perched", "calling", "resting", "hunting", "chasing", "sitting", "crossing", "preening", "nest", "eggs",
        "juvenile", "pair", "flock", "alarm", "song", "tracks", "spraint", "rain", "mist", "frost", "wind", "sun", "dawn", "dusk"
    ]

    /// A fixed sequence of choices (a linear congruential generator), so that every run indexes
    /// and searches the same notes.
    struct Choices {
        var seed: UInt64 = 48

        mutating func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
    }

    /// The generated note `number`: a species and a place, forty words, a date over two years
    /// after `start`.
    static func note(_ number: Int, choices: inout Choices, start: Date) -> CSSearchableItem {
        let species = species[choices.next(species.count)]
        let place = places[choices.next(places.count)]
        let text = (0..<40).map { _ in choices.next(4) == 0 ? words[choices.next(words.count)] : "w\(choices.next(70) * choices.next(72))" }
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = "\(species) at the \(place)"
        attributes.textContent = "\(species) \(text.joined(separator: " ")) \(place)"
        attributes.contentCreationDate = start.addingTimeInterval(Double(choices.next(760)) * 86_400)
        return CSSearchableItem(uniqueIdentifier: "n\(number)", domainIdentifier: "notes", attributeSet: attributes)
    }

    package func run() async throws -> Report {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fm-bench-spotlight-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        CSSearchableIndex.storageDirectory = folder
        let index = CSSearchableIndex.default()
        var choices = Choices()
        let start = Date(timeIntervalSince1970: 1_717_200_000)  // June 2024
        let clock = ContinuousClock()
        var indexing = Duration.zero
        for batchStart in stride(from: 0, to: notes, by: 5_000) {
            let items = (batchStart..<min(notes, batchStart + 5_000)).map { Self.note($0, choices: &choices, start: start) }
            indexing += try await clock.measure { try await index.indexSearchableItems(items) }
            log("spotlight: \(batchStart + items.count) notes indexed")
        }
        // The database and its write-ahead log (not yet copied back into it).
        let bytes = [index.databaseURL.path, index.databaseURL.path + "-wal"].reduce(0) { total, path in
            total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
        let spring = DateInterval(start: Date(timeIntervalSince1970: 1_772_323_200), end: Date(timeIntervalSince1970: 1_780_272_000))
        var times: [String: [Double]] = [:]
        var shared = 0
        var exact = 0
        let warmUp = max(1, searches / 10)
        for round in 0..<(warmUp + searches) {
            let words = (0..<(2 + round % 2)).map { _ in
                round % 3 == 0 ? Self.places[choices.next(Self.places.count)] : Self.species[choices.next(Self.species.count)]
            }
            let query = FullTextQuery(terms: words + [round % 2 == 0 ? Self.words[choices.next(Self.words.count)] : "w\(choices.next(70) * choices.next(72))"])
            var found: [SearchHit] = []
            var measured: [(String, Duration)] = []
            for (way, _) in Report.searchWays {
                var search = FullTextSearch(query: query, dateInterval: way.hasSuffix("_time") ? spring : nil, limit: 5, snippetWords: 40)
                if way.hasPrefix("fts5") { search.method = .fts5BM25 }
                var hits: [SearchHit] = []
                measured.append((way, try clock.measure { hits = try index.searchSynchronously(search) }))
                if way == "ours" { found = hits }
            }
            let best = try index.searchSynchronously(FullTextSearch(query: query, limit: 5, snippetWords: 40, rankingBudget: .max))
            guard round >= warmUp else { continue }
            for (way, duration) in measured { times[way, default: []].append(duration.seconds * 1000) }
            shared += Set(found.map(\.identifier)).intersection(best.map(\.identifier)).count
            exact += best.count
            if (round - warmUp + 1) % max(1, searches / 4) == 0 { log("spotlight: \(round - warmUp + 1) of \(searches) searches") }
        }
        // The tool's call, as a model's arguments reach it.
        let tool = SpotlightSearchTool()
        for round in 0..<(warmUp + searches) {
            let words = (0..<2).map { _ in Self.species[choices.next(Self.species.count)] } + [Self.words[choices.next(Self.words.count)]]
            let arguments = GeneratedContent(properties: ["query": words.joined(separator: " "), "when": round % 2 == 0 ? "" : "last spring"])
            let duration = try await clock.measure { _ = try await tool.call(arguments: arguments) }
            if round >= warmUp { times["tool", default: []].append(duration.seconds * 1000) }
        }
        log("spotlight: \(searches) tool calls")
        return Report(
            notes: notes, indexingSeconds: indexing.seconds, databaseBytes: bytes, times: times,
            exactShare: exact == 0 ? .nan : Double(shared) / Double(exact))
    }
}
