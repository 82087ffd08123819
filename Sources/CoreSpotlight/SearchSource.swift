public import Foundation
import SpotlightIndex

/// The app's Core Spotlight index as a source of search results (Apple's `CoreSpotlightSource`).
public struct CoreSpotlightSource: @unchecked Sendable {
    // `@unchecked Sendable` as in Apple's interface: the delegate is an object the app owns.

    /// Attributes shown with each result besides its title, date and passage.
    public var fetchAttributes: [SearchableItemAttribute]
    /// The most results from this source (5 when `nil`).
    public var maximumResultCount: Int?
    /// Where results may come from.
    public var sourceOptions: CSSearchQueryContext.SourceOptions = .default
    /// The object asked to index items again (never called on Linux).
    public var searchableIndexDelegate: (any CSSearchableIndexDelegate)?
    /// The index searched (Linux only): ``CSSearchableIndex/default()`` when `nil`.
    public var searchableIndex: CSSearchableIndex?

    /// Creates a source of the app's default index.
    public init(searchableIndexDelegate: (any CSSearchableIndexDelegate)? = nil, fetchAttributes: [SearchableItemAttribute] = []) {
        self.searchableIndexDelegate = searchableIndexDelegate
        self.fetchAttributes = fetchAttributes
    }

    /// Creates a source of the app's default index.
    public init(fetchAttributes: [SearchableItemAttribute] = []) {
        self.init(searchableIndexDelegate: nil, fetchAttributes: fetchAttributes)
    }

    /// Creates a source of a given index (Linux only).
    public init(index: CSSearchableIndex, fetchAttributes: [SearchableItemAttribute] = []) {
        self.init(fetchAttributes: fetchAttributes)
        searchableIndex = index
    }
}

/// Text, Markdown and HTML files under some folders as a source of search results (Apple's
/// `FileSource`).
///
/// On Linux the files are indexed in a database of their own beside the app's indexes
/// (``CSSearchableIndex/storageDirectory``); each search first reads new and changed files again
/// (by modification time and size) and forgets deleted ones, so a large tree costs a walk per
/// search. See ``refresh()`` to do it ahead of time.
public struct FileSource: Sendable {
    /// Attributes shown with each result besides its title, date and passage.
    public var fetchAttributes: [SearchableItemAttribute]
    /// The most results from this source (5 when `nil`).
    public var maximumResultCount: Int?
    /// The folders (or files) searched; the user's documents folder when empty.
    public var scopes: [URL]

    /// Creates a source of the user's documents folder (`$XDG_DOCUMENTS_DIR` or `~/Documents`).
    public init(fetchAttributes: [SearchableItemAttribute] = []) {
        self.fetchAttributes = fetchAttributes
        self.scopes = []
    }

    /// Creates a source of some folders (Linux only).
    public init(scopes: [URL], fetchAttributes: [SearchableItemAttribute] = []) {
        self.fetchAttributes = fetchAttributes
        self.scopes = scopes
    }

    /// The scopes, or the documents folder when there are none.
    var resolvedScopes: [URL] {
        if !scopes.isEmpty { return scopes }
        let environment = ProcessInfo.processInfo.environment
        if let documents = environment["XDG_DOCUMENTS_DIR"], documents.hasPrefix("/") { return [URL(fileURLWithPath: documents)] }
        return [URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Documents")]
    }

    /// The indexer of the scopes.
    var indexer: FileIndexer { FileIndexer(scopes: resolvedScopes) }

    /// Reads new and changed files again and forgets deleted ones now (Linux only).
    ///
    /// - Throws: ``CSIndexError`` when the file index cannot be written.
    public func refresh() async throws {
        let indexer = self.indexer
        _ = try await indexer.index.onRefreshQueue { try indexer.refresh() }
    }
}

/// Where a ``SpotlightSearchTool`` searches (Apple's `SearchSource`).
public struct SearchSource: Sendable {
    enum Kind: Sendable {
        case coreSpotlight(CoreSpotlightSource)
        case files(FileSource)
    }

    let kind: Kind

    /// The app's Core Spotlight index (``CSSearchableIndex/default()``).
    public static var coreSpotlight: SearchSource { SearchSource(kind: .coreSpotlight(CoreSpotlightSource())) }

    /// An index with its options.
    public static func coreSpotlight(_ source: CoreSpotlightSource) -> SearchSource { SearchSource(kind: .coreSpotlight(source)) }

    /// The user's documents folder.
    public static var files: SearchSource { SearchSource(kind: .files(FileSource())) }

    /// Files under some folders.
    public static func files(_ source: FileSource) -> SearchSource { SearchSource(kind: .files(source)) }
}
