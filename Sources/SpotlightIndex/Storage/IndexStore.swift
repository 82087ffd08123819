import Foundation
import Synchronization

/// One index's database: opening it (schema checks), atomic write batches and reads, with a
/// writer connection and a pool of reader connections. Every method is synchronous and may wait
/// for another process's lock (up to ``busyTimeout``), so ``CSSearchableIndex`` calls it off the
/// cooperative pool.
///
/// SQLite's WAL mode lets readers read while a writer writes, in this process and in others;
/// writers take the write lock at the start of a batch (`BEGIN IMMEDIATE`), so two writers wait
/// for each other instead of failing half-way.
final class IndexStore: Sendable {
    /// The database file.
    let path: String

    /// How long a connection waits for another's lock before failing with `databaseBusy`.
    static let busyTimeout: Int32 = 15_000

    /// The writer connection, opened on first use; an open that failed is tried again next time.
    private let writer = Mutex<SQLiteConnection?>(nil)
    /// Reader connections not in use, each with its ranking statistics.
    private let readers = Mutex<[(connection: SQLiteConnection, statistics: RankingStatistics)]>([])

    init(path: String) {
        self.path = path
    }

    // MARK: - Opening

    /// Runs `body` with the writer connection, opening and checking the database first if needed.
    func withWriter<Result: Sendable>(_ body: (SQLiteConnection) throws -> Result) throws(CSIndexError) -> Result {
        do {
            return try writer.withLock { connection throws -> Result in
                if connection == nil { connection = try openWriter() }
                guard let connection else { preconditionFailure("the writer connection was just opened") }
                return try body(connection)
            }
        } catch let error as CSIndexError {
            throw error
        } catch let failure as SQLiteFailure {
            throw CSIndexError(failure, path: path)
        } catch {
            throw CSIndexError(.unknownError, reason: .storage(code: -1, message: "\(error)"), path: path)
        }
    }

    /// Runs `body` with a reader connection (from the pool, or newly opened) and the ranking
    /// statistics kept with it.
    func withReader<Result: Sendable>(_ body: (SQLiteConnection, RankingStatistics) throws -> Result) throws(CSIndexError) -> Result {
        do {
            // The writer's first open creates and checks the database; readers never create.
            try withWriter { _ in }
            let reader = try readers.withLock { $0.popLast() } ?? openReader()
            defer { readers.withLock { $0.append(reader) } }
            return try body(reader.connection, reader.statistics)
        } catch let error as CSIndexError {
            throw error
        } catch let failure as SQLiteFailure {
            throw CSIndexError(failure, path: path)
        } catch {
            throw CSIndexError(.unknownError, reason: .storage(code: -1, message: "\(error)"), path: path)
        }
    }

    private func openWriter() throws -> SQLiteConnection {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw CSIndexError(.indexUnavailableError, reason: .cannotOpen(detail: "cannot make the folder: \(error.localizedDescription)"), path: path)
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, create: true)
        } catch {
            throw CSIndexError(.indexUnavailableError, reason: .cannotOpen(detail: error.message), path: path)
        }
        connection.setBusyTimeout(milliseconds: Self.busyTimeout)
        // Connections that open one new index at once (index objects of one process, or
        // processes) race through this; some steps (switching the file to WAL while another
        // connection does) fail as busy without waiting for the timeout, so the whole preparation
        // is tried again until the timeout has passed.
        let deadline = ContinuousClock.now + .milliseconds(Int(Self.busyTimeout))
        while true {
            do {
                try prepare(connection)
                break
            } catch let failure as SQLiteFailure where failure.isBusy && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.005)
            }
        }
        try checkTables(connection)
        return connection
    }

    /// Checks the version, switches the file to WAL, and creates the schema when the file has
    /// none.
    private func prepare(_ connection: SQLiteConnection) throws {
        try checkVersion(connection)
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;")
        if try connection.integer("PRAGMA user_version") == 0 {
            // Two processes may create the same new index at once: the write lock decides, and
            // the loser finds the schema made.
            try inTransaction(connection) {
                try checkVersion(connection)
                if try connection.integer("PRAGMA user_version") == 0 { try connection.execute(IndexSchema.create) }
            }
        }
        // A database without `items` is refused after this, as damaged.
        let missingIndex = "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'items_filter'"
        let hasItems = "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'items'"
        if try connection.integer(missingIndex) == 0, try connection.integer(hasItems) == 1 {
            try inTransaction(connection) {
                try checkVersion(connection)
                try connection.execute(IndexSchema.addFilterIndex)
            }
        }
    }

    /// Runs `body` in a write transaction, rolled back if it throws.
    private func inTransaction(_ connection: SQLiteConnection, _ body: () throws -> Void) throws {
        try connection.execute("BEGIN IMMEDIATE")
        do {
            try body()
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    private func openReader() throws -> (connection: SQLiteConnection, statistics: RankingStatistics) {
        let connection = try SQLiteConnection(path: path, create: false)
        connection.setBusyTimeout(milliseconds: Self.busyTimeout)
        try connection.execute("PRAGMA query_only = 1")
        let statistics = RankingStatistics()
        try connection.registerBM25(statistics)
        return (connection, statistics)
    }

    /// Refuses a newer schema, and a database with tables but no version (not an index).
    private func checkVersion(_ connection: SQLiteConnection) throws {
        // The tables are counted before the version is read. Outside a transaction each read sees
        // the latest commit, and a schema is committed with its version, so tables seen first mean
        // a version at least as new; read the other way round, another connection's schema
        // committed between the two reads looked like tables without a version.
        let tables = try connection.integer("SELECT count(*) FROM sqlite_master")
        let version = Int(try connection.integer("PRAGMA user_version"))
        if version > IndexSchema.version {
            throw CSIndexError(.indexUnavailableError, reason: .newerSchemaVersion(found: version, supported: IndexSchema.version), path: path)
        }
        if version == 0, tables > 0 {
            throw CSIndexError(.indexUnavailableError, reason: .corruptDatabase(detail: "the database has tables but no index schema version"), path: path)
        }
    }

    private func checkTables(_ connection: SQLiteConnection) throws {
        let names = Set(try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'") { $0.text(0) })
        let missing = IndexSchema.requiredTables.subtracting(names)
        if !missing.isEmpty {
            throw CSIndexError(.indexUnavailableError, reason: .corruptDatabase(detail: "missing tables \(missing.sorted().joined(separator: ", "))"), path: path)
        }
    }

    // MARK: - Writing

    /// Runs `body` in one write transaction: everything it wrote is committed, or nothing is.
    func write(_ body: (SQLiteConnection) throws -> Void) throws(CSIndexError) {
        try withWriter { connection in
            try inTransaction(connection) {
                try body(connection)
                try purgeExpired(connection)
            }
        }
    }

    /// Adds or replaces items, in one transaction. Updates (`isUpdate`) keep the stored values
    /// they do not set.
    func index(_ records: [(record: ItemRecord, isUpdate: Bool)], now: Date = Date()) throws(CSIndexError) {
        for (record, _) in records where record.identifier.isEmpty {
            throw CSIndexError(.invalidItemError, reason: .invalidItem(detail: "an item has an empty unique identifier"))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try write { connection in
            let find = try connection.prepare("SELECT rowid, record FROM items WHERE identifier = ?")
            let insert = try connection.prepare(
                "INSERT INTO items(identifier, domain, item_date, content_types, expiration, indexed, record) VALUES (?, ?, ?, ?, ?, ?, ?)")
            let update = try connection.prepare(
                "UPDATE items SET domain = ?, item_date = ?, content_types = ?, expiration = ?, indexed = ?, record = ? WHERE rowid = ?")
            let deleteText = try connection.prepare("DELETE FROM items_text WHERE rowid = ?")
            let insertText = try connection.prepare("INSERT INTO items_text(rowid, title, keywords, body) VALUES (?, ?, ?, ?)")
            for (incoming, isUpdate) in records {
                try find.bind([.text(incoming.identifier)])
                var existingRow: Int64?
                var record = incoming
                if try find.step() {
                    existingRow = find.int64(0)
                    if isUpdate, let stored = try? JSONDecoder().decode(ItemRecord.self, from: find.blob(1)) {
                        record = stored.merged(with: incoming)
                    }
                }
                let blob = try encoder.encode(record)
                let date = record.itemDate?.timeIntervalSince1970
                let expiration = record.expiration?.timeIntervalSince1970
                let types = record.contentTypes.map { " " + $0.joined(separator: " ") + " " }
                let row: Int64
                if let existingRow {
                    try update.bind([
                        SQLiteValue(record.domain), SQLiteValue(date), SQLiteValue(types), SQLiteValue(expiration), .real(now.timeIntervalSince1970), .blob(blob),
                        .integer(existingRow)
                    ])
                    while try update.step() {}
                    try deleteText.bind([.integer(existingRow)])
                    while try deleteText.step() {}
                    row = existingRow
                } else {
                    try insert.bind([
                        .text(record.identifier), SQLiteValue(record.domain), SQLiteValue(date), SQLiteValue(types), SQLiteValue(expiration),
                        .real(now.timeIntervalSince1970), .blob(blob)
                    ])
                    while try insert.step() {}
                    row = try connection.integer("SELECT last_insert_rowid()")
                }
                let texts = record.columnTexts
                try insertText.bind([.integer(row)] + texts.map { SQLiteValue.text($0) })
                while try insertText.step() {}
            }
        }
    }

    /// Deletes the items with these identifiers, in one transaction.
    func delete(identifiers: [String]) throws(CSIndexError) {
        try write { connection in
            for identifier in identifiers {
                try delete(where: "identifier = ?", [.text(identifier)], in: connection)
            }
        }
    }

    /// Deletes the items in these domains and their subdomains (`notes` takes `notes.2026`).
    func delete(domains: [String]) throws(CSIndexError) {
        try write { connection in
            for domain in domains {
                try delete(where: "domain = ?1 OR substr(domain, 1, length(?1) + 1) = ?1 || '.'", [.text(domain)], in: connection)
            }
        }
    }

    /// Deletes every item.
    func deleteAll() throws(CSIndexError) {
        try write { connection in
            try connection.execute("DELETE FROM items_text; DELETE FROM items;")
        }
    }

    private func delete(where condition: String, _ bindings: [SQLiteValue], in connection: SQLiteConnection) throws {
        try connection.run("DELETE FROM items_text WHERE rowid IN (SELECT rowid FROM items WHERE \(condition))", bindings)
        try connection.run("DELETE FROM items WHERE \(condition)", bindings)
    }

    /// Removes items whose expiration date has passed.
    private func purgeExpired(_ connection: SQLiteConnection, now: Date = Date()) throws {
        try delete(where: "expiration IS NOT NULL AND expiration <= ?", [.real(now.timeIntervalSince1970)], in: connection)
    }
}
