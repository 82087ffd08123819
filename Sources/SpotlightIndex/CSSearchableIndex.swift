public import Foundation
import Synchronization

/// The app's searchable index: items go in, and queries find them (Apple's `CSSearchableIndex`),
/// stored on Linux in a SQLite database with a full-text (FTS5) index.
///
/// ```swift
/// let attributes = CSSearchableItemAttributeSet(contentType: .text)
/// attributes.title = "Herons at the lake"
/// attributes.textContent = "Two grey herons fishing in the reeds."
/// let item = CSSearchableItem(uniqueIdentifier: "note-1", domainIdentifier: "notes", attributeSet: attributes)
/// try await CSSearchableIndex.default().indexSearchableItems([item])
/// ```
///
/// Each index is one database file, `NAME.sqlite` in ``storageDirectory`` (by default
/// `$XDG_DATA_HOME/foundation-models/spotlight/APP`, or `~/.local/share/…` without it, where APP is
/// the process's name). Each call that writes is one transaction: all its items are stored, or,
/// when it fails or the process dies half-way, none. Several index objects, tasks and
/// processes may read and write the same index at once (SQLite's WAL mode; a writer waits up to
/// 15 seconds for another). A database written by a newer version of this package, or a damaged
/// file, fails every call with ``CSIndexError`` and is never changed.
///
/// The calls block no thread of Swift's cooperative pool: writes run on the index's own serial
/// queue, in the order they were made, and reads on a concurrent one. Cancelling the calling
/// task does not stop a write that has begun.
public final class CSSearchableIndex: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the only mutable state is `indexDelegate`, behind a Mutex,
    // and the store is Sendable.

    /// The index's name (its file name without `.sqlite`).
    let name: String
    /// The database file.
    public let databaseURL: URL
    let store: IndexStore
    private let writes: DispatchQueue
    private let delegate = Mutex<(any CSSearchableIndexDelegate)?>(nil)

    /// Whether indexing works on this device (always `true` on Linux).
    public static func isIndexingAvailable() -> Bool { true }

    /// The app's default index, in the current ``storageDirectory``.
    public static func `default`() -> CSSearchableIndex {
        let directory = storageDirectory
        return defaults.withLock { indexes in
            if let existing = indexes[directory.path] { return existing }
            let index = CSSearchableIndex(name: "default", directory: directory)
            indexes[directory.path] = index
            return index
        }
    }

    /// Creates an index with a name of its own, in the current ``storageDirectory``.
    ///
    /// - Parameter name: The name; characters other than letters, digits, `.`, `_` and `-`
    ///   become `_` in the file name.
    public convenience init(name: String) {
        self.init(name: name, directory: Self.storageDirectory)
    }

    /// Creates an index with a name and a data protection class (ignored on Linux, where the
    /// file has the process's permissions).
    public convenience init(name: String, protectionClass: FileProtectionType?) {
        self.init(name: name)
    }

    /// Creates an index in a folder of the app's choosing (Linux only).
    ///
    /// - Parameters:
    ///   - name: The index's name.
    ///   - directory: The folder of the database; made on first use.
    public init(name: String, directory: URL) {
        self.name = name
        let fileName = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
        databaseURL = directory.appendingPathComponent((fileName.isEmpty ? "_" : fileName) + ".sqlite")
        store = IndexStore(path: databaseURL.path)
        writes = DispatchQueue(label: "CoreSpotlight.index.\(fileName)")
    }

    /// The object the system asks to index items again (never called on Linux, where no system
    /// process drops or throttles the index; kept for Apple's API).
    public var indexDelegate: (any CSSearchableIndexDelegate)? {
        get { delegate.withLock { $0 } }
        set { delegate.withLock { $0 = newValue } }
    }

    // MARK: - Where indexes live

    /// The folder where ``default()`` and ``init(name:)`` keep databases (Linux only); set it
    /// before the first index is made to keep the app's indexes elsewhere.
    public static var storageDirectory: URL {
        get { directory.withLock { $0 } }
        set { directory.withLock { $0 = newValue } }
    }

    private static let directory = Mutex<URL>(defaultStorageDirectory(environment: ProcessInfo.processInfo.environment))
    private static let defaults = Mutex<[String: CSSearchableIndex]>([:])

    /// `$XDG_DATA_HOME/foundation-models/spotlight/APP`, or `~/.local/share/…` when it is unset
    /// or not absolute (the XDG base directory rules).
    static func defaultStorageDirectory(environment: [String: String], processName: String = ProcessInfo.processInfo.processName) -> URL {
        let base: URL
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = URL(fileURLWithPath: data, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share", isDirectory: true)
        }
        let app = processName.isEmpty ? "app" : processName
        return base.appendingPathComponent("foundation-models/spotlight", isDirectory: true).appendingPathComponent(app, isDirectory: true)
    }

    // MARK: - Writing

    /// Adds items, or replaces the stored items with the same identifiers, in one transaction.
    ///
    /// - Throws: ``CSIndexError``; then none of the items was stored.
    public func indexSearchableItems(_ items: [CSSearchableItem]) async throws {
        let records = items.map { ($0.record, $0.isUpdate) }
        try await onWriteQueue { store in try store.index(records) }
    }

    /// Adds or replaces items, then calls `completionHandler` with `nil` or the ``CSIndexError``.
    public func indexSearchableItems(_ items: [CSSearchableItem], completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        let records = items.map { ($0.record, $0.isUpdate) }
        onWriteQueue(completionHandler) { store in try store.index(records) }
    }

    /// Deletes the items with these identifiers (unknown ones are ignored), in one transaction.
    ///
    /// - Throws: ``CSIndexError``; then nothing was deleted.
    public func deleteSearchableItems(withIdentifiers identifiers: [String]) async throws {
        try await onWriteQueue { store in try store.delete(identifiers: identifiers) }
    }

    /// Deletes the items with these identifiers, then calls `completionHandler`.
    public func deleteSearchableItems(withIdentifiers identifiers: [String], completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        onWriteQueue(completionHandler) { store in try store.delete(identifiers: identifiers) }
    }

    /// Deletes the items of these domains and of their subdomains (`notes` also deletes
    /// `notes.archive`), in one transaction.
    ///
    /// - Throws: ``CSIndexError``; then nothing was deleted.
    public func deleteSearchableItems(withDomainIdentifiers domainIdentifiers: [String]) async throws {
        try await onWriteQueue { store in try store.delete(domains: domainIdentifiers) }
    }

    /// Deletes the items of these domains and their subdomains, then calls `completionHandler`.
    public func deleteSearchableItems(withDomainIdentifiers domainIdentifiers: [String], completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        onWriteQueue(completionHandler) { store in try store.delete(domains: domainIdentifiers) }
    }

    /// Deletes every item of the index.
    ///
    /// - Throws: ``CSIndexError``.
    public func deleteAllSearchableItems() async throws {
        try await onWriteQueue { store in try store.deleteAll() }
    }

    /// Deletes every item of the index, then calls `completionHandler`.
    public func deleteAllSearchableItems(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        onWriteQueue(completionHandler) { store in try store.deleteAll() }
    }

    // MARK: - Linux additions

    /// How many items the index holds (Linux only).
    ///
    /// - Throws: ``CSIndexError`` when the database cannot be read.
    public func itemCount() async throws -> Int {
        try await onReadQueue { store in try store.count() }
    }

    /// Runs a ranked full-text search on a concurrent queue.
    package func search(_ search: FullTextSearch, now: Date = Date()) async throws -> [SearchHit] {
        try await onReadQueue { store in try store.search(search, now: now) }
    }

    /// Runs a ranked full-text search on the calling thread (benchmarks and tests).
    package func searchSynchronously(_ search: FullTextSearch, now: Date = Date()) throws -> [SearchHit] {
        try store.search(search, now: now)
    }

    /// Computes and stores the vectors the index's items lack for ranking by meaning, up to
    /// `limit` of them (on the write queue, after the writes before it); returns how many it
    /// computed.
    package func updateVectors(with embedding: any TextEmbedding, limit: Int = .max) async throws -> Int {
        let store = self.store
        return try await onRefreshQueue { try store.updateVectors(with: embedding, limit: limit) }
    }

    /// How many items the index holds and how many vectors of `model` (on the calling thread).
    package func vectorCoverage(model: String) throws -> (items: Int, vectors: Int) {
        try store.vectorCoverage(model: model)
    }

    /// ``updateVectors(with:limit:)`` on the calling thread (benchmarks, tests, and work already
    /// on the write queue).
    @discardableResult
    package func updateVectorsSynchronously(with embedding: any TextEmbedding, limit: Int = .max) throws -> Int {
        try store.updateVectors(with: embedding, limit: limit)
    }

    /// Runs blocking work on the index's write queue, after the writes before it (file refreshes).
    package func onRefreshQueue<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            writes.async { continuation.resume(with: Swift.Result { try work() }) }
        }
    }

    // MARK: - Queues

    private func onWriteQueue(_ work: @escaping @Sendable (IndexStore) throws -> Void) async throws {
        let store = self.store
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writes.async {
                do {
                    try work(store)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private func onWriteQueue(_ completion: (@Sendable ((any Error)?) -> Void)?, _ work: @escaping @Sendable (IndexStore) throws -> Void) {
        let store = self.store
        writes.async {
            do {
                try work(store)
                completion?(nil)
            } catch {
                completion?(error)
            }
        }
    }

    func onReadQueue<Result: Sendable>(_ work: @escaping @Sendable (IndexStore) throws -> Result) async throws -> Result {
        let store = self.store
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try work(store) })
            }
        }
    }
}

/// The object the system asks to index an app's items again (Apple's `CSSearchableIndexDelegate`).
///
/// On Linux no system process drops an index, so these are never called; the protocol is here so
/// that code written for Apple's framework compiles.
public protocol CSSearchableIndexDelegate: AnyObject, Sendable {
    /// Asks the app to index all its items again, then to call `acknowledgementHandler`.
    func searchableIndex(_ searchableIndex: CSSearchableIndex, reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping @Sendable () -> Void)
    /// Asks the app to index some items again, then to call `acknowledgementHandler`.
    func searchableIndex(
        _ searchableIndex: CSSearchableIndex, reindexSearchableItemsWithIdentifiers identifiers: [String],
        acknowledgementHandler: @escaping @Sendable () -> Void)
}
