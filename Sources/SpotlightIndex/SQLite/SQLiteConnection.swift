internal import CSQLite
import Foundation

/// One SQLite connection: the only place that calls SQLite's C API (with its BM25 function in
/// `SQLiteConnection+BM25.swift`), translating its results into Swift values and every failure
/// into ``SQLiteFailure``.
///
/// `@unchecked Sendable` is sound because a connection is used by one thread at a time:
/// ``IndexStore`` keeps the writer inside a `Mutex` and lends each pooled reader to one caller,
/// and the connections are opened with `SQLITE_OPEN_NOMUTEX` on that understanding.
final class SQLiteConnection: @unchecked Sendable {
    /// The C handle (for this file and the BM25 function's registration).
    let handle: OpaquePointer
    /// The database file's path, for error messages.
    let path: String

    /// Opens (creating when asked) the database at `path`.
    ///
    /// - Throws: ``SQLiteFailure`` when the file cannot be opened.
    init(path: String, create: Bool) throws(SQLiteFailure) {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteFailure(code: status, message: message)
        }
        self.handle = db
        self.path = path
        sqlite3_extended_result_codes(db, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Waits up to `milliseconds` for another connection's lock before failing with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs statements that return no rows (several, separated by semicolons).
    func execute(_ sql: String) throws(SQLiteFailure) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw SQLiteFailure(code: status, message: message)
        }
    }

    /// Prepares one statement.
    func prepare(_ sql: String) throws(SQLiteFailure) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw SQLiteFailure(code: status, message: lastMessage) }
        return SQLiteStatement(statement, connection: self)
    }

    /// Runs one statement with bindings and returns its rows, each read by `row`.
    func query<Row>(_ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteStatement) -> Row) throws(SQLiteFailure) -> [Row] {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        var rows: [Row] = []
        while try statement.step() { rows.append(row(statement)) }
        return rows
    }

    /// Runs one statement with bindings, ignoring rows.
    func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteFailure) {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        while try statement.step() {}
    }

    /// The first column of the first row, as an integer (0 when there is no row).
    func integer(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteFailure) -> Int64 {
        try query(sql, bindings) { $0.int64(0) }.first ?? 0
    }

    /// The rows the last statement changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The last error message of this connection.
    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }
}

/// A prepared statement; finalized when released.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// Binds values to the parameters, in order (1-based in SQLite).
    func bind(_ values: [SQLiteValue]) throws(SQLiteFailure) {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
            case .real(let number): status = sqlite3_bind_double(statement, index, number)
            case .text(let text): status = sqlite3_bind_text(statement, index, text, -1, transient)
            case .blob(let data):
                status = data.withUnsafeBytes { bytes in
                    sqlite3_bind_blob64(statement, index, bytes.baseAddress, sqlite3_uint64(bytes.count), transient)
                }
            }
            guard status == SQLITE_OK else { throw SQLiteFailure(code: status, message: connection.lastMessage) }
        }
    }

    /// Steps once: `true` when a row is ready, `false` when the statement is done.
    func step() throws(SQLiteFailure) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteFailure(code: status, message: connection.lastMessage)
        }
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// Reads a blob column in place (valid only inside `body`).
    func withBlob<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let count = Int(sqlite3_column_bytes(statement, column))
        return body(UnsafeRawBufferPointer(start: count > 0 ? sqlite3_column_blob(statement, column) : nil, count: count))
    }

    func blob(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }
}

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns. The C macro is a
/// cast of -1 to a destructor pointer, which Swift cannot import, hence the bit cast.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value bound to a statement parameter.
enum SQLiteValue {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    init(_ text: String?) { self = text.map(SQLiteValue.text) ?? .null }
    init(_ number: Double?) { self = number.map(SQLiteValue.real) ?? .null }
}

/// A failed SQLite call: its (extended) result code and message.
struct SQLiteFailure: Error, CustomStringConvertible {
    var code: Int32
    var message: String

    /// The primary result code (the low byte of the extended one).
    var primaryCode: Int32 { code & 0xFF }

    /// Whether the file is not a database or is damaged.
    var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// Whether another connection held the lock for longer than the busy timeout.
    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// Whether the disk or the database's size limit is full.
    var isFull: Bool { primaryCode == SQLITE_FULL }

    var description: String { "SQLite error \(code): \(message)" }
}
