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
    /// About how many words each snippet has (FTS5's `snippet()`; at most 64).
    package var snippetWords: Int
    /// What marks a matched word in a snippet, before and after (empty for nothing).
    package var highlight: (open: String, close: String)

    /// Creates a search.
    package init(
        query: FullTextQuery, dateInterval: DateInterval? = nil, domains: [String] = [], contentTypes: [String] = [], limit: Int = 10,
        snippetWords: Int = 24, highlight: (open: String, close: String) = ("", "")
    ) {
        self.query = query
        self.dateInterval = dateInterval
        self.domains = domains
        self.contentTypes = contentTypes
        self.limit = limit
        self.snippetWords = snippetWords
        self.highlight = highlight
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
    func search(_ search: FullTextSearch, now: Date = Date()) throws(CSIndexError) -> [SearchHit] {
        var conditions = ["(items.expiration IS NULL OR items.expiration > ?)"]
        var bindings: [SQLiteValue] = [.real(now.timeIntervalSince1970)]
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
        let limit = max(0, search.limit)
        let weights = SearchColumn.allCases.map { String($0.weight) }.joined(separator: ", ")
        let words = max(1, min(64, search.snippetWords))
        let sql: String
        if let match = search.query.matchExpression {
            sql = """
                SELECT items.record, -bm25(items_text, \(weights)) AS score,
                       snippet(items_text, 2, ?, ?, '…', \(words)), items.item_date
                FROM items_text JOIN items ON items.rowid = items_text.rowid
                WHERE items_text MATCH ? AND \(conditions.joined(separator: " AND "))
                ORDER BY bm25(items_text, \(weights)) LIMIT \(limit)
                """
            bindings = [.text(search.highlight.open), .text(search.highlight.close), .text(match)] + bindings
        } else {
            sql = """
                SELECT items.record, 0, substr(items_text.body, 1, \(words * 8)), items.item_date
                FROM items JOIN items_text ON items.rowid = items_text.rowid
                WHERE \(conditions.joined(separator: " AND "))
                ORDER BY items.item_date DESC LIMIT \(limit)
                """
        }
        let finalBindings = bindings
        return try withReader { connection in
            let decoder = JSONDecoder()
            return try connection.query(sql, finalBindings) { row -> SearchHit? in
                guard let record = try? decoder.decode(ItemRecord.self, from: row.blob(0)) else { return nil }
                let date = row.optionalDouble(3).map { Date(timeIntervalSince1970: $0) }
                return SearchHit(record: record, score: row.double(1), snippet: row.text(2), date: date)
            }.compactMap { $0 }
        }
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
