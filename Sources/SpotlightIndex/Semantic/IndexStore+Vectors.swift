import Foundation

/// Items' vectors for ranking by meaning (``MeaningQuery``), kept in the index's database.
///
/// The table `item_vectors` holds one vector per item (by rowid) with the model's identity and
/// the item's `indexed` time when it was computed: a vector of another model, or of an item
/// written since, is computed again, and one whose item is gone is dropped at the next store. The
/// table is made by the first store, in any version-1 database: packages that predate it ignore it
/// (their writes leave vectors that these checks then recompute or drop).
extension IndexStore {
    /// An item that needs a vector: its rowid, when it was written, and the text to embed.
    struct PendingVector: Sendable {
        var row: Int64
        var indexed: Double
        var text: String
    }

    /// The table, made by the first store.
    static let createVectors = """
        CREATE TABLE IF NOT EXISTS item_vectors(
            rowid INTEGER PRIMARY KEY,
            indexed REAL NOT NULL,
            model TEXT NOT NULL,
            vector BLOB NOT NULL
        )
        """

    /// Whether the database has the table yet.
    static func hasVectors(_ connection: SQLiteConnection) throws -> Bool {
        try connection.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'item_vectors'") > 0
    }

    /// How many items the index holds, and how many vectors of `model` it holds (current or
    /// not): two counts, for deciding whether ranking by meaning is ready or close.
    func vectorCoverage(model: String) throws(CSIndexError) -> (items: Int, vectors: Int) {
        try withReader { connection, _ in
            let items = Int(try connection.integer("SELECT count(*) FROM items"))
            guard try Self.hasVectors(connection) else { return (items, 0) }
            return (items, Int(try connection.integer("SELECT count(*) FROM item_vectors WHERE model = ?", [.text(model)])))
        }
    }

    /// Up to `limit` items after rowid `after` without a current vector of `model` (`dimensions`
    /// long; a damaged one counts as none), in rowid order: title and body, as indexed.
    func itemsWithoutVectors(model: String, dimensions: Int, after: Int64 = 0, limit: Int) throws(CSIndexError) -> [PendingVector] {
        try withReader { connection, _ in
            let missing =
                try Self.hasVectors(connection)
                ? "LEFT JOIN item_vectors ON item_vectors.rowid = items.rowid AND item_vectors.indexed = items.indexed AND item_vectors.model = ?1 "
                    + "AND length(item_vectors.vector) = ?3 WHERE item_vectors.rowid IS NULL AND items.rowid > ?4"
                : "WHERE ?1 IS NOT NULL AND ?3 IS NOT NULL AND items.rowid > ?4"
            let sql = """
                SELECT items.rowid, items.indexed, items_text.title, items_text.body
                FROM items JOIN items_text ON items_text.rowid = items.rowid \(missing)
                ORDER BY items.rowid LIMIT ?2
                """
            let bytes = Int64(dimensions * MemoryLayout<Float>.size)
            return try connection.query(sql, [.text(model), .integer(Int64(limit)), .integer(bytes), .integer(after)]) { row in
                let title = row.optionalText(2) ?? ""
                let body = row.optionalText(3) ?? ""
                let text = title.isEmpty ? body : body.isEmpty ? title : title + ". " + body
                return PendingVector(row: row.int64(0), indexed: row.double(1), text: text)
            }
        }
    }

    /// Stores vectors of `model` in one transaction; one whose item was written again since it
    /// was read is left out. With `droppingOrphans`, vectors of items that are gone are dropped
    /// too (a pass over the table: once per update, not per batch).
    func storeVectors(_ vectors: [(item: PendingVector, vector: [Float])], model: String, droppingOrphans: Bool = true) throws(CSIndexError) {
        try write { connection in
            try connection.execute(Self.createVectors)
            let insert = try connection.prepare(
                """
                INSERT OR REPLACE INTO item_vectors(rowid, indexed, model, vector)
                SELECT rowid, indexed, ?3, ?4 FROM items WHERE rowid = ?1 AND indexed = ?2
                """)
            for (item, vector) in vectors {
                let bytes = vector.withUnsafeBufferPointer { Data(buffer: $0) }
                try insert.bind([.integer(item.row), .real(item.indexed), .text(model), .blob(bytes)])
                _ = try insert.step()
            }
            if droppingOrphans { try connection.run("DELETE FROM item_vectors WHERE rowid NOT IN (SELECT rowid FROM items)") }
        }
    }

    /// Computes and stores the vectors the index lacks for `embedding`'s model, `batch` items a
    /// transaction, up to `limit` items; returns how many it computed. One pass in rowid order:
    /// items written meanwhile behind it are found by the next call.
    ///
    /// - Throws: ``CSIndexError`` when the index cannot be read or written; the embedding's own
    ///   error when it fails (the vectors of earlier batches stay stored).
    @discardableResult
    func updateVectors(with embedding: any TextEmbedding, limit: Int = .max, batch: Int = 64) throws -> Int {
        var stored = 0
        var after: Int64 = 0
        while stored < limit {
            let work = try itemsWithoutVectors(model: embedding.identity, dimensions: embedding.dimensions, after: after, limit: min(batch, limit - stored))
            guard let last = work.last else { return stored }
            let vectors = try embedding.vectors(for: work.map(\.text))
            guard vectors.count == work.count, vectors.allSatisfy({ $0.count == embedding.dimensions }) else {
                throw CSIndexError(
                    .unknownError, reason: .storage(code: -1, message: "the embedding gave \(vectors.count) vectors for \(work.count) texts, or vectors of another length"),
                    path: path)
            }
            try storeVectors(Array(zip(work, vectors)), model: embedding.identity, droppingOrphans: after == 0)
            stored += work.count
            after = last.row
        }
        return stored
    }

    /// The `limit` items nearest `meaning` among those passing `filter` (conditions on `items`)
    /// and at least ``MeaningQuery/minimumSimilarity`` similar, best first, and the similarity of
    /// each of them and of the items `including` names (whatever it is); nothing when the index
    /// has no vectors yet.
    ///
    /// The current vectors of the model are read once and kept with the reader's `statistics`
    /// until the database changes (``KeptVectors``), when they fit in `maximumBytes`; the filter
    /// is then read as the set of items that pass it.
    static func nearest(
        _ meaning: MeaningQuery, limit: Int, including: Set<Int64>, filter: (sql: String, bindings: [SQLiteValue])?, connection: SQLiteConnection,
        statistics: RankingStatistics, keepingUpTo maximumBytes: Int = KeptVectors.maximumBytes
    ) throws -> (nearest: [Int64], similarities: [Int64: Float]) {
        guard try hasVectors(connection) else { return ([], [:]) }
        let dimensions = meaning.vector.count
        let current = """
            SELECT item_vectors.rowid, item_vectors.vector FROM item_vectors JOIN items ON items.rowid = item_vectors.rowid
            WHERE item_vectors.model = ? AND item_vectors.indexed = items.indexed
            """
        var ranking = NearestItems(meaning: meaning, limit: limit, including: including)
        if let kept = statistics.keptVectors, kept.model == meaning.model, kept.dimensions == dimensions {
            ranking.rank(kept, passing: try passingRows(filter, connection: connection))
            return ranking.result
        }
        let stored = try connection.integer("SELECT count(*) FROM item_vectors WHERE model = ?", [.text(meaning.model)])
        if Int(stored) * dimensions * MemoryLayout<Float>.size <= maximumBytes {
            var kept = KeptVectors(model: meaning.model, dimensions: dimensions)
            let all = try connection.prepare(current)
            try all.bind([.text(meaning.model)])
            while try all.step() {
                all.withBlob(1) { bytes in kept.append(row: all.int64(0), bytes: bytes) }
            }
            statistics.keptVectors = kept
            ranking.rank(kept, passing: try passingRows(filter, connection: connection))
            return ranking.result
        }
        // Too many to keep: read them with the filter, one at a time.
        let statement = try connection.prepare(current + (filter.map { " AND " + $0.sql } ?? ""))
        try statement.bind([.text(meaning.model)] + (filter?.bindings ?? []))
        var item = [Float](repeating: 0, count: dimensions)
        while try statement.step() {
            statement.withBlob(1) { bytes in
                guard bytes.count == dimensions * MemoryLayout<Float>.size else { return }
                item.withUnsafeMutableBytes { $0.copyMemory(from: bytes) }
                item.withUnsafeBufferPointer { ranking.consider(statement.int64(0), $0) }
            }
        }
        return ranking.result
    }

    /// The items that pass `filter`, or nil for no filter.
    private static func passingRows(_ filter: (sql: String, bindings: [SQLiteValue])?, connection: SQLiteConnection) throws -> Set<Int64>? {
        guard let filter else { return nil }
        return Set(try connection.query("SELECT items.rowid FROM items WHERE \(filter.sql)", filter.bindings) { $0.int64(0) })
    }

    /// The dot product of two vectors of one length.
    static func dot(_ a: UnsafeBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>) -> Float {
        let lanes = 16
        var sums = SIMD16<Float>(repeating: 0)
        var index = 0
        while index + lanes <= a.count {
            sums += SIMD16<Float>(a[index..<index + lanes]) * SIMD16<Float>(b[index..<index + lanes])
            index += lanes
        }
        var sum = sums.sum()
        while index < a.count {
            sum += a[index] * b[index]
            index += 1
        }
        return sum
    }
}

/// The best items by similarity to a query, as vectors are considered one by one.
struct NearestItems {
    let meaning: MeaningQuery
    let limit: Int
    let including: Set<Int64>
    private var best: [(id: Int64, similarity: Float)] = []
    private var similarities: [Int64: Float] = [:]

    init(meaning: MeaningQuery, limit: Int, including: Set<Int64>) {
        self.meaning = meaning
        self.limit = limit
        self.including = including
    }

    /// The nearest, best first, and the similarities of them and of the items `including` names.
    var result: (nearest: [Int64], similarities: [Int64: Float]) {
        var all = similarities
        for entry in best { all[entry.id] = entry.similarity }
        return (best.map(\.id), all)
    }

    /// Considers one item's vector.
    mutating func consider(_ id: Int64, _ vector: UnsafeBufferPointer<Float>) {
        let similarity = meaning.vector.withUnsafeBufferPointer { IndexStore.dot($0, vector) }
        if including.contains(id) { similarities[id] = similarity }
        guard limit > 0, similarity >= meaning.minimumSimilarity else { return }
        if best.count == limit, let last = best.last, similarity <= last.similarity { return }
        let place = best.firstIndex { $0.similarity < similarity } ?? best.count
        best.insert((id, similarity), at: place)
        if best.count > limit { best.removeLast() }
    }

    /// Considers every kept vector whose item is in `passing` (all of them when it is nil).
    mutating func rank(_ kept: KeptVectors, passing: Set<Int64>?) {
        kept.values.withUnsafeBufferPointer { values in
            for (offset, row) in kept.rows.enumerated() where passing?.contains(row) ?? true {
                consider(row, UnsafeBufferPointer(rebasing: values[(offset * kept.dimensions)..<((offset + 1) * kept.dimensions)]))
            }
        }
    }
}
