import Foundation
import Testing
@testable import SpotlightIndex

/// The ranking function `fm_bm25` gives FTS5's own `bm25()` for every item, with the items'
/// lengths read from memory or looked up, and after another connection changed the index.
@Suite struct RankingStatisticsTests {
    /// Every item's `fm_bm25` and `bm25()` for one expression, in rowid order.
    static func scores(_ groups: [[String]], store: IndexStore, loadLengths: Bool) throws -> [(ours: Double, fts5: Double)] {
        try store.withReader { connection, statistics in
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            try statistics.refresh(connection)
            // Lengths are read by the second search that finds the index unchanged.
            if loadLengths { try statistics.refresh(connection) }
            try statistics.prepareLengths(forRanking: loadLengths ? Int.max : 0, connection: connection)
            #expect((statistics.lengthTable != nil) == loadLengths)
            var counts: [Int] = []
            for term in groups.joined() { counts.append(try statistics.documentFrequency(of: term, connection: connection)) }
            let weights = SearchColumn.allCases.map { String($0.weight) }.joined(separator: ", ")
            let sql = """
                SELECT fm_bm25(items_text, \(weights), \(counts.map(String.init).joined(separator: ", "))), bm25(items_text, \(weights))
                FROM items_text WHERE items_text MATCH ? ORDER BY rowid
                """
            return try connection.query(sql, [.text(FullTextQuery.expression(groups))]) { (ours: $0.double(0), fts5: $0.double(1)) }
        }
    }

    static func expectSame(_ scores: [(ours: Double, fts5: Double)], _ comment: Comment) {
        #expect(!scores.isEmpty, comment)
        for (ours, fts5) in scores {
            #expect(ours < 0, comment)
            #expect(abs(ours - fts5) <= 1e-9 * max(1, abs(fts5)), "\(comment): \(ours) against \(fts5)")
        }
    }

    @Test func scoresAreFTS5sBM25() async throws {
        let index = try IndexFixtures.index("ranking-bm25")
        // Lengths of 5 to 20,000 words: one-, two- and three-byte varints in the docsize records.
        var items = [5, 40, 127, 128, 300, 16_383, 16_384, 20_000].enumerated().map { number, words in
            IndexFixtures.note(
                "long\(number)", title: number % 2 == 0 ? "Heron by the weir" : "Walk \(number)",
                text: (0..<words).map { $0 % 50 == 7 ? "heron" : $0 % 90 == 3 ? "weir" : "w\($0 % 400)" }.joined(separator: " "),
                keywords: number % 3 == 0 ? ["otter", "heron"] : nil)
        }
        items += (0..<30).map { IndexFixtures.note("short\($0)", title: "Otter \($0)", text: "An otter below the weir, then a heron, at stop \($0).") }
        try await index.indexSearchableItems(items)
        let expressions = [[["heron"]], [["heron", "weir", "otter"]], [["heron"], ["weir", "otter"]], [["otter"], ["heron"], ["weir"]]]
        // Looked up first: once read, the lengths stay until the index changes.
        for groups in expressions {
            Self.expectSame(try Self.scores(groups, store: index.store, loadLengths: false), "\(groups), lengths looked up")
        }
        for groups in expressions {
            Self.expectSame(try Self.scores(groups, store: index.store, loadLengths: true), "\(groups), lengths in memory")
        }
    }

    @Test func anotherConnectionsChangeIsSeen() async throws {
        let index = try IndexFixtures.index("ranking-changes")
        try await index.indexSearchableItems(
            (0..<20).map { IndexFixtures.note("n\($0)", title: "Heron \($0)", text: "A heron at stop \($0).") }
                + (0..<30).map { IndexFixtures.note("o\($0)", title: "Otter \($0)", text: "Otter tracks at stop \($0).") })
        Self.expectSame(try Self.scores([["heron"]], store: index.store, loadLengths: true), "before")
        // Longer texts for the same rows, more items with the word, and one item gone.
        try await index.indexSearchableItems(
            (0..<10).map { IndexFixtures.note("n\($0)", title: "Heron \($0)", text: String(repeating: "heron and a long walk ", count: $0 * 20)) }
                + (20..<25).map { IndexFixtures.note("n\($0)", title: "Egret \($0)", text: "Egret with a heron.") })
        try await index.deleteSearchableItems(withIdentifiers: ["n15"])
        let after = try Self.scores([["heron"]], store: index.store, loadLengths: true)
        #expect(after.count == 24)
        Self.expectSame(after, "after")
        // A search's scores are bm25()'s over the same items.
        let hits = try index.searchSynchronously(FullTextSearch(query: FullTextQuery("heron"), limit: 30))
        let expected = after.map { -$0.fts5 }.sorted(by: >)
        #expect(hits.count == expected.count)
        for (hit, score) in zip(hits, expected) {
            #expect(abs(hit.score - score) <= 1e-9 * score, "\(hit.identifier)")
        }
    }

    @Test func aCallWithTheWrongArgumentsFails() async throws {
        let index = try IndexFixtures.index("ranking-arguments")
        try await index.indexSearchableItems([IndexFixtures.note("n1", title: "Heron", text: "A heron.")])
        #expect {
            try index.store.withReader { connection, _ in
                try connection.query("SELECT fm_bm25(items_text, 1, 1) FROM items_text WHERE items_text MATCH '\"heron\"'") { $0.double(0) }
            }
        } throws: { error in
            "\(error)".contains("3 column weights and 1 item counts expected, 2 given")
        }
    }

    @Test func docsizeRecordsAreSummed() {
        func count(_ bytes: [UInt8]) -> Int32 { bytes.withUnsafeBytes { RankingStatistics.tokenCount(sizes: $0) } }
        #expect(count([]) == 0)
        #expect(count([5, 0, 3]) == 8)
        #expect(count([0x81, 0x00, 0x01]) == 129)  // 128 in two bytes, then 1
        #expect(count([0x81, 0x80, 0x00]) == 16_384)
        #expect(count([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == -1)  // too large to be a length
    }

    @Test func aDateFilterReadFromItsIndexRanksAsTheJoinDoes() async throws {
        let index = try IndexFixtures.index("ranking-filter")
        // 2,400 notes with the heron, over 400 days; the filter keeps the 60 days that the
        // filter index answers, so the search reads the passing rows first.
        let start = Date(timeIntervalSince1970: 1_760_000_000)
        let items = (0..<2_400).map { number -> CSSearchableItem in
            let title: String = number % 7 == 0 ? "Heron \(number)" : "Walk \(number)"
            let ending: String = number % 5 == 0 ? ", then an egret." : "."
            let text: String = "A heron" + String(repeating: " and reeds", count: number % 13) + ending
            let domain: String = number % 3 == 0 ? "notes.river" : "notes"
            let date = start.addingTimeInterval(Double(number % 400) * 86_400)
            return IndexFixtures.note("n\(number)", title: title, text: text, domain: domain, date: date)
        }
        try await index.indexSearchableItems(items)
        let window = DateInterval(start: start.addingTimeInterval(100 * 86_400), duration: 60 * 86_400)
        for (text, domains) in [("heron", [String]()), ("heron egret", []), ("heron egret", ["notes.river"])] {
            let found = try index.searchSynchronously(FullTextSearch(query: FullTextQuery(text), dateInterval: window, domains: domains, limit: 10))
            #expect(found.count == 10, "\(text)")
            // The same ten, scored by FTS5's bm25() over the rows that pass the same conditions.
            let weights = SearchColumn.allCases.map { String($0.weight) }.joined(separator: ", ")
            let domainCondition = domains.isEmpty ? "" : "AND (items.domain = ?3 OR substr(items.domain, 1, length(?3) + 1) = ?3 || '.')"
            let expected = try index.store.withReader { connection, _ in
                try connection.query(
                    """
                    SELECT items.identifier, bm25(items_text, \(weights)) FROM items_text JOIN items ON items.rowid = items_text.rowid
                    WHERE items_text MATCH ?1 AND items.item_date >= ?2 AND items.item_date < ?4 \(domainCondition)
                    ORDER BY 2 LIMIT 10
                    """,
                    [
                        .text(FullTextQuery(text).matchExpression ?? ""), .real(window.start.timeIntervalSince1970), .text(domains.first ?? ""),
                        .real(window.end.timeIntervalSince1970)
                    ]
                ) { (identifier: $0.text(0), score: -$0.double(1)) }
            }
            #expect(found.map(\.score).count == expected.count)
            for (hit, row) in zip(found, expected) {
                #expect(abs(hit.score - row.score) <= 1e-9 * max(1, row.score), "\(text): \(hit.identifier) against \(row.identifier)")
            }
            #expect(found.allSatisfy { $0.date.map(window.contains) == true }, "\(text)")
            #expect(found.allSatisfy { domains.isEmpty || $0.domain == "notes.river" }, "\(text)")
        }
    }

    @Test func searchesBesideAWriterStayExact() async throws {
        let index = try IndexFixtures.index("ranking-concurrent")
        // Enough items with the heron that searches read the items' lengths.
        try await index.indexSearchableItems(
            (0..<2_500).map { IndexFixtures.note("n\($0)", title: "Walk \($0)", text: "A heron" + String(repeating: " and reeds", count: $0 % 9)) })
        let query = FullTextQuery("heron reeds")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // Longer texts for old items, and new ones, batch by batch.
                for batch in 0..<10 {
                    let changed = (0..<50).map { IndexFixtures.note("n\(batch * 50 + $0)", title: "Walk", text: String(repeating: "heron ", count: 3 + batch)) }
                    let added = (0..<50).map { IndexFixtures.note("new\(batch)-\($0)", title: "Heron", text: "A heron by the reeds.") }
                    try await index.indexSearchableItems(changed + added)
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<15 {
                        let found = try await index.search(FullTextSearch(query: query, limit: 10))
                        #expect(found.count == 10)
                        #expect(zip(found, found.dropFirst()).allSatisfy { $0.score >= $1.score })
                    }
                }
            }
            try await group.waitForAll()
        }
        // Once the writer is done, every reader's statistics are of the last version.
        for _ in 0..<3 {
            let found = try index.searchSynchronously(FullTextSearch(query: query, limit: 10))
            let expected = try Self.scores([["heron", "reeds"]], store: index.store, loadLengths: true).map { -$0.fts5 }.sorted(by: >)
            #expect(found.count == 10)
            for (hit, score) in zip(found, expected) {
                #expect(abs(hit.score - score) <= 1e-9 * score, "\(hit.identifier)")
            }
        }
    }
}
