package import Foundation

/// A ranked full-text search of one index: words, and optional filters on date and domain.
/// What ``CSUserQuery`` and the `SpotlightSearchTool` of `CoreSpotlight` run.
package struct FullTextSearch: Sendable {
    /// The words.
    package var query: FullTextQuery
    /// Only items whose date (``SearchableItemAttribute/datePreference``) is in this interval.
    package var dateInterval: DateInterval?
    /// Only items in these domains or their subdomains.
    package var domains: [String]
    /// Only items whose content type is, or conforms to, one of these identifiers (empty: any).
    package var contentTypes: [String]
    /// The most hits.
    package var limit: Int
    /// About how many words each passage has (``Snippet``).
    package var snippetWords: Int
    /// About how many items an any-word query ranks: the items of the rarest words that fit
    /// (``CommonWords``). A search whose words have fewer items between them is ranked exactly.
    package var rankingBudget: Int
    /// How the items are ranked: this package's way (the default), or as one would with SQLite
    /// alone, for benchmarks to compare.
    package var method: RankingMethod = .keptStatistics
    /// Ranking by meaning beside the words, when set (``MeaningQuery``).
    package var meaning: MeaningQuery?

    /// How a search ranks.
    package enum RankingMethod: Sendable {
        /// Items with every word first, then the items of the rarer words (``rankingBudget``),
        /// by `fm_bm25` with the index's statistics kept between searches.
        case keptStatistics
        /// One statement, FTS5's `bm25()` over every item with any word (each filter looked up
        /// per item): what one writes with SQLite alone. Benchmarks compare with it.
        case fts5BM25
    }

    /// The default ``rankingBudget``: about 1 ms of `fm_bm25` on a 2-core EPYC (0.13 µs an item).
    /// Over 100,000 generated notes the five it finds share 95% of the exact five (83% with
    /// 4,000), at a search p99 of about 6 ms (Docs/Spotlight-benchmarks.md).
    package static let defaultRankingBudget = 8_000

    /// Creates a search.
    package init(
        query: FullTextQuery, dateInterval: DateInterval? = nil, domains: [String] = [], contentTypes: [String] = [], limit: Int = 10,
        snippetWords: Int = 24, rankingBudget: Int = FullTextSearch.defaultRankingBudget
    ) {
        self.query = query
        self.dateInterval = dateInterval
        self.domains = domains
        self.contentTypes = contentTypes
        self.limit = limit
        self.snippetWords = snippetWords
        self.rankingBudget = rankingBudget
    }
}

/// One item found by a ``FullTextSearch``.
package struct SearchHit: Sendable {
    /// The item's stored values.
    var record: ItemRecord
    /// The relevance, higher is better (BM25 with column weights, negated from FTS5's rank).
    package var score: Double
    /// The words of the body (text content, description) around the matches.
    package var snippet: String
    /// The date date filters compare.
    package var date: Date?
    /// Whether the item has any of the query's words (`false` for an item found by meaning
    /// alone, ``MeaningQuery``).
    package var matchesWords = true

    /// The item, as Apple's type.
    package var item: CSSearchableItem {
        let item = CSSearchableItem(record)
        item.rankScore = score
        return item
    }

    /// The item's identifier.
    package var identifier: String { record.identifier }
    /// The item's title, display name, headline or subject.
    package var title: String? { record.displayTitle }
    /// The item's domain.
    package var domain: String? { record.domain }

    /// The text of one attribute (joined when it has several values), or `nil`.
    package func text(of attribute: SearchableItemAttribute) -> String? {
        guard let value = record.values[attribute.rawValue] else { return nil }
        let text = value.searchableText
        return text.isEmpty ? nil : text
    }

    /// The value of a custom key, as text, or `nil`.
    package func text(ofCustomKey name: String) -> String? {
        record.customValues[name].map(\.value.searchableText)
    }
}

extension IndexStore {
    /// Runs a ranked search. Items without words (an empty query) are listed newest first.
    ///
    /// Items that have every word come first, ranked by BM25, then items with some of the words:
    /// the all-words query matches few items and is fast, and when it fills the limit the slower
    /// any-word query is not run. That one ranks the items with the query's rarer words
    /// (``CommonWords``, within ``FullTextSearch/rankingBudget``) by BM25 over all the words.
    ///
    /// The search runs in one read transaction, so that every statement and the reader's
    /// ``RankingStatistics`` (the words' item counts and the items' lengths that the ranking
    /// function `fm_bm25` reads instead of finding them anew) see one version of the index.
    ///
    /// With ``FullTextSearch/meaning``, the items nearest the query's vector are candidates too,
    /// scored by meaning and words together (``MeaningQuery``); a search without words then
    /// ranks by meaning alone.
    func search(_ search: FullTextSearch, now: Date = Date()) throws(CSIndexError) -> [SearchHit] {
        try withReader { connection, statistics in
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            try statistics.refresh(connection)
            let filter = try Self.filter(for: search, now: now, connection: connection)
            guard let meaning = search.meaning else {
                guard !search.query.terms.isEmpty else { return try newest(search, filter: filter, connection: connection) }
                let rows = try ranked(search, filter: filter, connection: connection, statistics: statistics)
                return try hits(Array(rows.prefix(search.limit)), search, connection: connection)
            }
            let depth = max(search.limit, meaning.depth)
            var byWords = search
            byWords.limit = depth
            let terms = search.query.terms
            let words = terms.isEmpty ? [] : try ranked(byWords, filter: filter, connection: connection, statistics: statistics)
            let bound = terms.isEmpty ? 1 : try statistics.highestScore(of: terms, connection: connection)
            let worded = Set(words.map(\.id))
            let near = try Self.nearest(meaning, limit: depth, including: worded, filter: filter, connection: connection, statistics: statistics)
            let fused = meaning.fuse(words: words.map { ($0.id, $0.score) }, bound: bound, nearest: near.nearest, similarities: near.similarities)
            let rows = fused.prefix(search.limit).map { RankedRow(id: $0.id, score: $0.score, matchesWords: worded.contains($0.id)) }
            return try hits(rows, search, connection: connection)
        }
    }

    /// The items the words find, best first: up to `search.limit`.
    private func ranked(
        _ search: FullTextSearch, filter: (sql: String, bindings: [SQLiteValue])?, connection: SQLiteConnection, statistics: RankingStatistics
    ) throws -> [RankedRow] {
        let terms = search.query.terms
        if search.method == .fts5BM25 {
            let ranking = Ranking(frequencies: [:], limit: search.limit, filter: filter, connection: connection, statistics: statistics, byFTS5: true)
            return try ranking.best([terms])
        }
        var frequencies: [String: Int] = [:]
        for term in terms { frequencies[term] = try statistics.documentFrequency(of: term, connection: connection) }
        let words = CommonWords.split(terms, counts: frequencies, budget: search.rankingBudget)
        let ranked = (words.common.isEmpty ? terms : words.rare).reduce(0) { $0 + frequencies[$1, default: 0] }
        try statistics.prepareLengths(forRanking: ranked, connection: connection)
        // With a date filter and many items to rank, the items that pass are read from the
        // `items_filter` index once, and `fm_bm25` leaves the others out; otherwise each
        // ranked item is looked up in `items`. Reading an id from the index costs a fraction
        // of a lookup (over 100,000 notes, about 0.3 µs against 1 µs), so up to eight ids
        // are read for each item to rank.
        var perItem = filter
        defer { statistics.forgetPassingRows() }
        let candidates = terms.reduce(0) { $0 + frequencies[$1, default: 0] }
        if let filter, search.dateInterval != nil, search.contentTypes.isEmpty, candidates >= RankingStatistics.lengthsThreshold,
            try statistics.readPassingRows(where: filter.sql, filter.bindings, limit: candidates * 8, connection: connection)
        {
            perItem = nil
        }
        let ranking = Ranking(frequencies: frequencies, limit: search.limit, filter: perItem, connection: connection, statistics: statistics)
        var rows: [RankedRow] = []
        // An item with every word needs each word in some item.
        if terms.count > 1, terms.allSatisfy({ frequencies[$0, default: 0] > 0 }) {
            rows = try ranking.best(terms.map { [$0] })
        }
        if rows.count < search.limit {
            let kept = Set(rows.map(\.id))
            rows += try ranking.best(any: terms, words: words).filter { !kept.contains($0.id) }
        }
        return Array(rows.prefix(search.limit))
    }

    /// An item's rowid and its relevance (BM25 with column weights, negated: higher is better;
    /// with ranking by meaning, the fused score).
    private struct RankedRow {
        var id: Int64
        var score: Double
        /// Whether the words found it (not meaning alone).
        var matchesWords = true
    }

    /// The ranking statements of one search: `MATCH` expressions of words, ranked by `fm_bm25`
    /// with the words' item counts (or, `byFTS5`, by FTS5's own `bm25()`).
    private struct Ranking {
        var frequencies: [String: Int]
        var limit: Int
        var filter: (sql: String, bindings: [SQLiteValue])?
        var connection: SQLiteConnection
        var statistics: RankingStatistics
        /// Scores with FTS5's `bm25()` (``FullTextSearch/RankingMethod/fts5BM25``).
        var byFTS5 = false

        /// The best `limit` items with any of the words.
        ///
        /// BM25 is a sum over the words an item has, so with common words the best of two
        /// rankings is every candidate's full score: the rarer words alone (exact for items
        /// without a common word), and items with a rarer and a common word on all their words.
        /// The best `limit` of the two together are the best `limit` of all items with a rarer
        /// word. When fewer items than `limit` have a rarer word, all items are ranked.
        func best(any terms: [String], words: CommonWords) throws -> [RankedRow] {
            guard !words.common.isEmpty, !words.rare.isEmpty else { return try best([terms]) }
            let withCommon = try self.best([words.rare, words.common])
            // An item with rarer words alone scores less than `highestScore` of them: when `limit`
            // items with a common word score more, none of those can be among the best.
            if withCommon.count >= limit, let last = withCommon.last,
                last.score > (try statistics.highestScore(of: words.rare, connection: connection))
            {
                return withCommon
            }
            var best: [Int64: Double] = [:]
            for row in try self.best([words.rare]) + withCommon {
                best[row.id] = max(best[row.id] ?? -.infinity, row.score)
            }
            // Fewer than `limit` items have a rarer word: the common words' items fill the rest,
            // as an exact ranking would (this costs what the split saves, for queries that find
            // little).
            guard best.count >= limit else { return try self.best([terms]) }
            let rows = best.map { RankedRow(id: $0.key, score: $0.value) }
            return Array(rows.sorted { ($0.score, -$0.id) > ($1.score, -$1.id) }.prefix(limit))
        }

        /// The best `limit` items with a word of every group (`[[a, b], [c]]`: `(a OR b) AND c`),
        /// best first.
        func best(_ groups: [[String]]) throws -> [RankedRow] {
            let match = FullTextQuery.expression(groups)
            // One weight per column; for `fm_bm25`, then one item count per phrase, in the expression's order.
            let weights = SearchColumn.allCases.map { String($0.weight) }
            let counts = groups.joined().map { String(frequencies[$0, default: 0]) }
            let score =
                byFTS5
                ? "bm25(items_text, \(weights.joined(separator: ", ")))"
                : "\(SQLiteConnection.bm25FunctionName)(items_text, \((weights + counts).joined(separator: ", ")))"
            let candidates =
                filter.map { filter in
                    """
                    SELECT items_text.rowid, \(score) FROM items_text JOIN items ON items.rowid = items_text.rowid
                    WHERE items_text MATCH ?1 AND \(filter.sql)
                    """
                } ?? "SELECT rowid, \(score) FROM items_text WHERE items_text MATCH ?1"
            let rows = try connection.query(candidates + " ORDER BY 2 LIMIT \(max(0, limit))", [.text(match)] + (filter?.bindings ?? [])) {
                RankedRow(id: $0.int64(0), score: -$0.double(1))
            }
            // Items a filter read beforehand leaves out come last; there are fewer than `limit` others.
            return rows.filter { $0.score > -RankingStatistics.excludedScore }
        }
    }

    /// SQL conditions on `items` and their bindings; `nil` when nothing needs `items` (no filter,
    /// and no item that can expire), so that ranking reads only the full-text index.
    private static func filter(for search: FullTextSearch, now: Date, connection: SQLiteConnection) throws -> (sql: String, bindings: [SQLiteValue])? {
        var conditions: [String] = []
        var bindings: [SQLiteValue] = []
        if try connection.integer("SELECT EXISTS(SELECT 1 FROM items WHERE expiration IS NOT NULL)") != 0 {
            conditions.append("(items.expiration IS NULL OR items.expiration > ?)")
            bindings.append(.real(now.timeIntervalSince1970))
        }
        if let interval = search.dateInterval {
            conditions.append("items.item_date >= ? AND items.item_date < ?")
            bindings += [.real(interval.start.timeIntervalSince1970), .real(interval.end.timeIntervalSince1970)]
        }
        if !search.domains.isEmpty {
            let domainConditions = search.domains.map { _ in "(items.domain = ? OR substr(items.domain, 1, length(?) + 1) = ? || '.')" }
            conditions.append("(" + domainConditions.joined(separator: " OR ") + ")")
            for domain in search.domains { bindings += [.text(domain), .text(domain), .text(domain)] }
        }
        if !search.contentTypes.isEmpty {
            conditions.append("(" + search.contentTypes.map { _ in "instr(items.content_types, ?) > 0" }.joined(separator: " OR ") + ")")
            bindings += search.contentTypes.map { .text(" " + $0 + " ") }
        }
        return conditions.isEmpty ? nil : (conditions.joined(separator: " AND "), bindings)
    }

    /// The ranked items' records, with passages around the words.
    ///
    /// The passages are made in Swift (``Snippet``): FTS5's snippet() runs the MATCH again, which
    /// doubled the time of a search over 100,000 items.
    private func hits(_ rows: [RankedRow], _ search: FullTextSearch, connection: SQLiteConnection) throws -> [SearchHit] {
        let read = try connection.prepare(
            "SELECT items.record, items_text.body, items.item_date FROM items JOIN items_text ON items_text.rowid = items.rowid WHERE items.rowid = ?")
        let decoder = JSONDecoder()
        return try rows.compactMap { row in
            try read.bind([.integer(row.id)])
            guard try read.step(), let record = try? decoder.decode(ItemRecord.self, from: read.blob(0)) else { return nil }
            let date = read.optionalDouble(2).map { Date(timeIntervalSince1970: $0) }
            let snippet = Snippet.passage(of: read.text(1), around: search.query, words: search.snippetWords)
            return SearchHit(record: record, score: row.score, snippet: snippet, date: date, matchesWords: row.matchesWords)
        }
    }

    /// The newest `limit` items that pass the filter (a search without words).
    private func newest(_ search: FullTextSearch, filter: (sql: String, bindings: [SQLiteValue])?, connection: SQLiteConnection) throws -> [SearchHit] {
        let words = max(1, min(64, search.snippetWords))
        let sql = """
            SELECT items.record, 0, substr(items_text.body, 1, \(words * 8)), items.item_date
            FROM items JOIN items_text ON items.rowid = items_text.rowid
            \(filter.map { "WHERE " + $0.sql } ?? "")
            ORDER BY items.item_date DESC LIMIT \(max(0, search.limit))
            """
        return try hits(sql, filter?.bindings ?? [], connection: connection)
    }

    private func hits(_ sql: String, _ bindings: [SQLiteValue], connection: SQLiteConnection) throws -> [SearchHit] {
        let decoder = JSONDecoder()
        return try connection.query(sql, bindings) { row -> SearchHit? in
            guard let record = try? decoder.decode(ItemRecord.self, from: row.blob(0)) else { return nil }
            let date = row.optionalDouble(3).map { Date(timeIntervalSince1970: $0) }
            return SearchHit(record: record, score: row.double(1), snippet: row.text(2), date: date)
        }.compactMap { $0 }
    }

    /// The items with these identifiers that exist (and have not expired), in no order.
    func records(identifiers: [String], now: Date = Date()) throws(CSIndexError) -> [ItemRecord] {
        try withReader { connection, _ in
            let statement = try connection.prepare("SELECT record FROM items WHERE identifier = ? AND (expiration IS NULL OR expiration > ?)")
            var records: [ItemRecord] = []
            for identifier in identifiers {
                try statement.bind([.text(identifier), .real(now.timeIntervalSince1970)])
                if try statement.step(), let record = try? JSONDecoder().decode(ItemRecord.self, from: statement.blob(0)) {
                    records.append(record)
                }
            }
            return records
        }
    }

    /// Items in rowid order, `limit` from the first rowid after `after` (for scanning all items).
    func records(after: Int64, limit: Int, now: Date = Date()) throws(CSIndexError) -> [(row: Int64, record: ItemRecord)] {
        try withReader { connection, _ in
            let decoder = JSONDecoder()
            return try connection.query(
                "SELECT rowid, record FROM items WHERE rowid > ? AND (expiration IS NULL OR expiration > ?) ORDER BY rowid LIMIT ?",
                [.integer(after), .real(now.timeIntervalSince1970), .integer(Int64(limit))]
            ) { row -> (row: Int64, record: ItemRecord)? in
                guard let record = try? decoder.decode(ItemRecord.self, from: row.blob(1)) else { return nil }
                return (row.int64(0), record)
            }.compactMap { $0 }
        }
    }

    /// How many items the index holds (expired ones included until the next write purges them).
    func count() throws(CSIndexError) -> Int {
        try withReader { connection, _ in Int(try connection.integer("SELECT count(*) FROM items")) }
    }
}
