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

    /// Creates a search.
    package init(
        query: FullTextQuery, dateInterval: DateInterval? = nil, domains: [String] = [], contentTypes: [String] = [], limit: Int = 10,
        snippetWords: Int = 24
    ) {
        self.query = query
        self.dateInterval = dateInterval
        self.domains = domains
        self.contentTypes = contentTypes
        self.limit = limit
        self.snippetWords = snippetWords
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
    /// any-word query (BM25 over every item with a common word) is not run.
    func search(_ search: FullTextSearch, now: Date = Date()) throws(CSIndexError) -> [SearchHit] {
        try withReader { connection in
            let filter = try Self.filter(for: search, now: now, connection: connection)
            guard let any = search.query.matchExpression else { return try newest(search, filter: filter, connection: connection) }
            var hits: [SearchHit] = []
            if search.query.terms.count > 1, let all = search.query.allTermsExpression {
                hits = try ranked(search, match: all, filter: filter, connection: connection)
                if hits.count >= search.limit { return hits }
            }
            let kept = Set(hits.map(\.identifier))
            hits += try ranked(search, match: any, filter: filter, connection: connection).filter { !kept.contains($0.identifier) }
            return Array(hits.prefix(search.limit))
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

    /// The best `limit` items for one `MATCH` expression, with snippets.
    private func ranked(
        _ search: FullTextSearch, match: String, filter: (sql: String, bindings: [SQLiteValue])?, connection: SQLiteConnection
    ) throws -> [SearchHit] {
        let weights = SearchColumn.allCases.map { String($0.weight) }.joined(separator: ", ")
        let candidates =
            filter.map { filter in
                """
                SELECT items_text.rowid, bm25(items_text, \(weights)) FROM items_text JOIN items ON items.rowid = items_text.rowid
                WHERE items_text MATCH ?1 AND \(filter.sql)
                """
            } ?? "SELECT rowid, bm25(items_text, \(weights)) FROM items_text WHERE items_text MATCH ?1"
        // Rank every match by BM25 alone, then read the records of the few kept; their passages
        // are made in Swift (``Snippet``): FTS5's snippet() runs the MATCH again, which doubled
        // the time of a search over 100,000 items.
        let sql = """
            WITH top(id, score) AS (\(candidates) ORDER BY 2 LIMIT \(max(0, search.limit)))
            SELECT items.record, -top.score, items_text.body, items.item_date
            FROM top JOIN items_text ON items_text.rowid = top.id JOIN items ON items.rowid = top.id
            ORDER BY top.score
            """
        return try hits(sql, [.text(match)] + (filter?.bindings ?? []), connection: connection).map { hit in
            var hit = hit
            hit.snippet = Snippet.passage(of: hit.snippet, around: search.query, words: search.snippetWords)
            return hit
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
        try withReader { connection in
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
        try withReader { connection in
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
        try withReader { Int(try $0.integer("SELECT count(*) FROM items")) }
    }
}
