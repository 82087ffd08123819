import Foundation

/// What BM25 needs to know about the index besides an item's own matches, kept by one reader
/// connection between searches: how many items have each word (for the inverse document
/// frequency) and how many words each item has (for the length normalisation); and, during one
/// search with a date filter, the items that pass it.
///
/// FTS5's own `bm25()` finds both anew for every statement and every item: it reads every item
/// of every word of the query to count them, and looks each ranked item's length up in the
/// `docsize` table. Over 100,000 notes those two are most of a search's time. Here the counts are
/// made once and the lengths read once, and both are kept until the database changes: a search
/// runs in one read transaction and calls ``refresh(_:)`` first, which compares
/// `PRAGMA data_version` (changed by every commit of another connection, in this process or in
/// others) with the one the statistics were made at. The scores stay exactly `bm25()`'s
/// (``SQLiteConnection/registerBM25(_:)``, tested against it).
///
/// `@unchecked Sendable` is sound for the same reason as ``SQLiteConnection``'s: the statistics
/// belong to one pooled reader connection, which ``IndexStore`` lends to one caller at a time,
/// and only that caller (and SQLite's callbacks on its thread, during its statements) touch them.
final class RankingStatistics: @unchecked Sendable {
    /// The fewest items a search must rank before the lengths of all items are read (once per
    /// change of the database): below it, looking the ranked items' lengths up one by one costs
    /// less than reading them all.
    static let lengthsThreshold = 2_000

    /// The largest gap between the highest row id and the number of rows for which lengths are
    /// kept in an array indexed by row id (an index that deleted most of its items keeps none).
    static let sparseRowSlack: Int64 = 65_536

    /// The `PRAGMA data_version` the statistics were made at (`nil`: never refreshed).
    private(set) var dataVersion: Int64?
    /// Items per word, counted at ``dataVersion``.
    private var frequencies: [String: Int] = [:]
    /// Words per item by row id (title, keywords and body together), or -1 for a row id with no
    /// item; `nil` until read at this ``dataVersion``. Kept in memory of its own so that the
    /// ranking function can read it through a pointer for the length of a statement.
    private var lengths: UnsafeMutableBufferPointer<Int32>?
    /// The items, counted at ``dataVersion``.
    private var rows: Int?
    /// The searches that found the index at ``dataVersion`` before this one.
    private var searchesAtVersion = 0
    /// During one search with a date filter, the row ids the filter lets through (a bit each);
    /// `fm_bm25` ranks every other item last, with ``excludedScore``.
    private var passing: UnsafeMutableBufferPointer<UInt64>?

    /// The vectors of a model's search by meaning, kept until the database changes (see
    /// ``KeptVectors``); nil until a search reads them.
    var keptVectors: KeptVectors?

    /// What `fm_bm25` gives an item that ``passingRows`` leaves out: more than any score's
    /// negation, so such items come last, and the search drops them.
    static let excludedScore = Double.greatestFiniteMagnitude

    /// Forgets what the database no longer says. Call inside the read transaction the ranking
    /// statements run in, so that all of them see the version compared here.
    func refresh(_ connection: SQLiteConnection) throws(SQLiteFailure) {
        let version = try connection.integer("PRAGMA data_version")
        guard version != dataVersion else {
            searchesAtVersion += 1
            return
        }
        dataVersion = version
        searchesAtVersion = 0
        frequencies = [:]
        freeLengths()
        rows = nil
        keptVectors = nil
    }

    deinit {
        freeLengths()
        forgetPassingRows()
    }

    private func freeLengths() {
        lengths?.deallocate()
        lengths = nil
    }

    /// How many items the index has (the rows of FTS5's `docsize` table, the `N` of BM25).
    func rowCount(connection: SQLiteConnection) throws(SQLiteFailure) -> Int {
        if let rows { return rows }
        let count = Int(try connection.integer("SELECT count(*) FROM items_text_docsize"))
        rows = count
        return count
    }

    /// BM25's constants, as FTS5's `bm25()` has them.
    static let k1 = 1.2
    static let b = 0.75

    /// A phrase's inverse document frequency as FTS5's `bm25()` computes it:
    /// `ln((N − n + 0.5) / (n + 0.5))`, 1e-6 where that is not positive.
    static func idf(items: Double, hits: Double) -> Double {
        let ratio = log((items - hits + 0.5) / (hits + 0.5))
        return ratio > 0 ? ratio : 1e-6
    }

    /// The most BM25 can give an item for matching these words, however often and in however
    /// short an item: `idf · (k1 + 1)` a word.
    func highestScore(of terms: [String], connection: SQLiteConnection) throws(SQLiteFailure) -> Double {
        let items = Double(max(1, try rowCount(connection: connection)))
        var bound = 0.0
        for term in terms {
            bound += Self.idf(items: items, hits: Double(try documentFrequency(of: term, connection: connection))) * (Self.k1 + 1)
        }
        return bound
    }

    /// How many items have `term` (one word, matched as FTS5 matches it, stemmed).
    func documentFrequency(of term: String, connection: SQLiteConnection) throws(SQLiteFailure) -> Int {
        if let known = frequencies[term] { return known }
        let count = Int(try connection.integer("SELECT count(*) FROM items_text WHERE items_text MATCH ?", [.text(FullTextQuery.quoted(term))]))
        frequencies[term] = count
        return count
    }

    /// Reads every item's length, unless it is known, or a search ranks too few items to pay for
    /// it (``lengthsThreshold``), or this is the first search since the index changed: reading
    /// the lengths of 100,000 items takes about 15 ms, which an index written to between every
    /// two searches would pay each time, so they are read when a second search finds the index
    /// as the first did.
    func prepareLengths(forRanking items: Int, connection: SQLiteConnection) throws(SQLiteFailure) {
        guard lengths == nil, items >= Self.lengthsThreshold, searchesAtVersion > 0 else { return }
        let highest = try connection.integer("SELECT max(id) FROM items_text_docsize")
        let rows = Int64(try rowCount(connection: connection))
        let table = UnsafeMutableBufferPointer<Int32>.allocate(capacity: highest >= 0 && highest <= rows + Self.sparseRowSlack ? Int(highest) + 1 : 0)
        table.initialize(repeating: -1)
        lengths = table
        guard !table.isEmpty else { return }
        let read = try connection.prepare("SELECT id, sz FROM items_text_docsize")
        while try read.step() {
            let row = read.int64(0)
            guard row >= 0, row <= highest else { continue }
            table[Int(row)] = read.withBlob(1) { Self.tokenCount(sizes: $0) }
        }
    }

    /// Reads the row ids of the items that pass a filter (`sql`: conditions on `items` that an
    /// index answers), unless more than `limit` pass: then nothing is kept and the result is
    /// `false` (looking each ranked item up costs less than reading that many).
    func readPassingRows(where sql: String, _ bindings: [SQLiteValue], limit: Int, connection: SQLiteConnection) throws(SQLiteFailure) -> Bool {
        forgetPassingRows()
        let highest = try connection.integer("SELECT max(rowid) FROM items")
        guard highest >= 0, highest < Int64(Int32.max) else { return false }
        let read = try connection.prepare("SELECT rowid FROM items WHERE \(sql) LIMIT \(limit + 1)")
        try read.bind(bindings)
        let set = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Int(highest) / 64 + 1)
        set.initialize(repeating: 0)
        var count = 0
        do {
            while try read.step() {
                count += 1
                let row = read.int64(0)
                guard count <= limit else {
                    set.deallocate()
                    return false
                }
                guard row >= 0, row <= highest else { continue }
                set[Int(row) / 64] |= 1 << UInt64(row % 64)
            }
        } catch {
            set.deallocate()
            throw error
        }
        passing = set
        return true
    }

    /// Ends a search's filter (``readPassingRows(where:_:limit:connection:)``).
    func forgetPassingRows() {
        passing?.deallocate()
        passing = nil
    }

    /// The rows that pass the current search's filter (a bit per row id), or `nil` when no
    /// filter was read.
    var passingRows: UnsafeBufferPointer<UInt64>? {
        passing.map { UnsafeBufferPointer($0) }
    }

    /// The items' lengths by row id (-1: not known), valid until the next ``refresh(_:)``;
    /// `nil` when not read at this version.
    var lengthTable: UnsafeBufferPointer<Int32>? {
        lengths.map { UnsafeBufferPointer($0) }
    }

    /// The sum of an FTS5 `docsize` record: one SQLite varint (big-endian groups of seven bits,
    /// a set high bit meaning more follow, the ninth byte whole) per column. A record cut short
    /// counts what it has; a damaged one gives -1, and the item's length is then looked up.
    static func tokenCount(sizes: UnsafeRawBufferPointer) -> Int32 {
        var total: Int64 = 0
        var offset = 0
        while offset < sizes.count {
            var value: UInt64 = 0
            var used = 0
            while offset < sizes.count {
                let byte = sizes[offset]
                offset += 1
                used += 1
                if used == 9 {
                    value = (value << 8) | UInt64(byte)
                    break
                }
                value = (value << 7) | UInt64(byte & 0x7F)
                if byte & 0x80 == 0 { break }
            }
            guard value <= UInt64(Int32.max) else { return -1 }
            total += Int64(value)
            guard total <= Int64(Int32.max) else { return -1 }
        }
        return Int32(total)
    }
}
