import Foundation
import Testing
@testable import SpotlightIndex

/// What 100,000 notes cost: indexing time (in batches of 5,000, one transaction each), the
/// database's size, and the latency of ranked searches of two or three words and a third or
/// fourth, with and without a time filter, p50 and p99 after warm-up; also the searches' CPU time
/// (the thread's, which other work on a shared machine inflates less) and the searches of places
/// alone (each place is in a sixteenth of the notes). Opt-in: `RUN_BENCHMARKS=1`;
/// `SPOTLIGHT_NOTES` sets the count. The results go to Docs/Spotlight-benchmarks.md.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["RUN_BENCHMARKS"] != nil))
struct ScaleBenchmarkTests {
    static let species = [
        "heron", "egret", "kingfisher", "kestrel", "buzzard", "kite", "owl", "otter", "badger", "fox", "deer", "hare", "dipper", "wagtail",
        "martin", "swift", "cuckoo", "nightjar", "curlew", "lapwing", "redshank", "grebe", "swan", "goldeneye", "peregrine", "raven"
    ]
    static let places = ["lake", "brook", "marsh", "down", "carr", "pools", "quarry", "creek", "hill", "leat", "wood", "moor", "reach", "fen", "tarn", "weir"]
    static let words = [
        "feeding", "flying", "perched", "calling", "resting", "hunting", "chasing", "sitting", "crossing", "preening", "nest", "eggs",
        "juvenile", "pair", "flock", "alarm", "song", "tracks", "spraint", "rain", "mist", "frost", "wind", "sun", "dawn", "dusk"
    ]

    @Test func oneHundredThousandNotes() async throws {
        let count = ProcessInfo.processInfo.environment["SPOTLIGHT_NOTES"].flatMap(Int.init) ?? 100_000
        var seed: UInt64 = 48
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let index = try IndexFixtures.index("scale")
        let start = Date(timeIntervalSince1970: 1_717_200_000)  // June 2024
        let clock = ContinuousClock()
        var indexing = Duration.zero
        for batchStart in stride(from: 0, to: count, by: 5_000) {
            let items = (batchStart..<min(count, batchStart + 5_000)).map { number -> CSSearchableItem in
                let species = Self.species[next(Self.species.count)]
                let place = Self.places[next(Self.places.count)]
                // Forty words: a few of the common ones, the rest from a long tail of 5,000.
                let text = (0..<40).map { _ in next(4) == 0 ? Self.words[next(Self.words.count)] : "w\(next(70) * next(72))" }.joined(separator: " ")
                return IndexFixtures.note(
                    "n\(number)", title: "\(species) at the \(place)", text: "\(species) \(text) \(place)",
                    date: start.addingTimeInterval(Double(next(760)) * 86_400))
            }
            indexing += try await clock.measure { try await index.indexSearchableItems(items) }
        }
        try index.store.withWriter { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        let bytes = (try FileManager.default.attributesOfItem(atPath: index.databaseURL.path)[.size] as? Int) ?? 0
        var plain: [Double] = []
        var timed: [Double] = []
        var cpu: [Double] = []
        var places: [Double] = []
        let spring = DateInterval(start: Date(timeIntervalSince1970: 1_772_323_200), end: Date(timeIntervalSince1970: 1_780_272_000))
        for round in 0..<1_100 {
            let words = (0..<(2 + round % 2)).map { _ in round % 3 == 0 ? Self.places[next(Self.places.count)] : Self.species[next(Self.species.count)] }
            let query = FullTextQuery(terms: words + [round % 2 == 0 ? Self.words[next(Self.words.count)] : "w\(next(70) * next(72))"])
            let cpuStart = Self.threadCPUMilliseconds()
            let untimed = try clock.measure { _ = try index.searchSynchronously(FullTextSearch(query: query, limit: 5, snippetWords: 40)) }
            let cpuTime = Self.threadCPUMilliseconds() - cpuStart
            let withTime = try clock.measure {
                _ = try index.searchSynchronously(FullTextSearch(query: query, dateInterval: spring, limit: 5, snippetWords: 40))
            }
            if round >= 100 {
                plain.append(Self.milliseconds(untimed))
                timed.append(Self.milliseconds(withTime))
                cpu.append(cpuTime)
                if round % 3 == 0 { places.append(Self.milliseconds(untimed)) }
            }
        }
        func percentile(_ values: [Double], _ fraction: Double) -> Double {
            let sorted = values.sorted()
            return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
        print(
            String(
                format: "spotlight scale: %d notes indexed in %.1f s (%.0f notes/s), %.1f MB; search p50 %.2f ms, p99 %.2f ms (CPU p50 %.2f ms, p99 %.2f ms;"
                    + " places alone p50 %.2f ms, p99 %.2f ms); with a time filter p50 %.2f ms, p99 %.2f ms",
                count, Self.milliseconds(indexing) / 1000, Double(count) / (Self.milliseconds(indexing) / 1000), Double(bytes) / 1_000_000,
                percentile(plain, 0.5), percentile(plain, 0.99), percentile(cpu, 0.5), percentile(cpu, 0.99), percentile(places, 0.5),
                percentile(places, 0.99), percentile(timed, 0.5), percentile(timed, 0.99)))
        #expect(try index.store.count() == count)
    }

    /// The CPU time this thread has used, in milliseconds.
    static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}
