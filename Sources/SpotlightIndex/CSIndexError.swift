/// An error from a searchable index (Apple's `CSIndexError`), with the reason on Linux.
///
/// `code` has Apple's codes, so that code written for Apple's framework can switch on it;
/// ``reason`` says precisely what happened to the database underneath. A database that cannot be
/// read is never replaced or emptied: the error says so, and the file stays as it was.
///
/// ```swift
/// do {
///     try await CSSearchableIndex.default().indexSearchableItems(items)
/// } catch let error as CSIndexError {
///     if case .newerSchemaVersion = error.reason { /* an update of the app wrote this index */ }
/// }
/// ```
public struct CSIndexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Apple's error codes (`CSIndexErrorCode`), with Apple's raw values.
    public enum Code: Int, Sendable, Equatable {
        /// An error that fits no other code.
        case unknownError = -1
        /// The index cannot be used (here: the database cannot be opened or read).
        case indexUnavailableError = -1000
        /// An item is not valid (here: an empty unique identifier).
        case invalidItemError = -1001
        /// The client state is not valid.
        case invalidClientStateError = -1002
        /// The connection to the indexer failed (here: another process held the database too long).
        case remoteConnectionError = -1003
        /// The index is out of space (here: the disk is full).
        case quotaExceeded = -1004
        /// Indexing is not supported.
        case indexingUnsupported = -1005
        /// The client state does not match.
        case mismatchedClientState = -1006
    }

    /// What went wrong underneath, on Linux.
    public enum Reason: Sendable, Equatable {
        /// The database was written by a newer version of this package (its schema version is
        /// `found`; this version reads up to `supported`). The file is left untouched.
        case newerSchemaVersion(found: Int, supported: Int)
        /// The file is not an index database, or it is damaged. The file is left untouched.
        case corruptDatabase(detail: String)
        /// Another connection held the database's write lock longer than the busy timeout.
        case databaseBusy
        /// The disk is full.
        case diskFull
        /// The folder for the database could not be made, or the file could not be opened.
        case cannotOpen(detail: String)
        /// An item was refused before anything was written.
        case invalidItem(detail: String)
        /// A query string could not be parsed.
        case invalidQuery(detail: String)
        /// Another SQLite failure, with its extended result code and message.
        case storage(code: Int32, message: String)
    }

    /// Apple's code for the error.
    public var code: Code
    /// What happened underneath.
    public var reason: Reason
    /// The database file, when the error concerns one.
    public var path: String?

    /// Creates an error.
    public init(_ code: Code, reason: Reason, path: String? = nil) {
        self.code = code
        self.reason = reason
        self.path = path
    }

    /// A sentence for logs.
    public var description: String {
        let place = path.map { " (\($0))" } ?? ""
        switch reason {
        case .newerSchemaVersion(let found, let supported):
            return "The search index was written by a newer version (schema \(found); this version reads up to \(supported))\(place)."
        case .corruptDatabase(let detail): return "The search index file is damaged or not an index: \(detail)\(place)."
        case .databaseBusy: return "The search index was locked by another writer for too long\(place)."
        case .diskFull: return "The disk is full\(place)."
        case .cannotOpen(let detail): return "The search index cannot be opened: \(detail)\(place)."
        case .invalidItem(let detail): return "A searchable item is not valid: \(detail)."
        case .invalidQuery(let detail): return "The query is not valid: \(detail)."
        case .storage(let code, let message): return "The search index failed (SQLite \(code): \(message))\(place)."
        }
    }
}

extension CSIndexError {
    /// The public error for a SQLite failure on the database at `path`: the one mapping.
    init(_ failure: SQLiteFailure, path: String) {
        if failure.isCorruption {
            self.init(.indexUnavailableError, reason: .corruptDatabase(detail: failure.message), path: path)
        } else if failure.isBusy {
            self.init(.remoteConnectionError, reason: .databaseBusy, path: path)
        } else if failure.isFull {
            self.init(.quotaExceeded, reason: .diskFull, path: path)
        } else {
            self.init(.unknownError, reason: .storage(code: failure.code, message: failure.message), path: path)
        }
    }
}
