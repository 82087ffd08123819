/// The database's layout, in one place, with its version (`PRAGMA user_version`).
///
/// A database with a higher version was written by a newer package and is refused with
/// ``CSIndexError/Reason/newerSchemaVersion(found:supported:)``; one with no version but tables
/// of its own is not an index and is refused as corrupt. Neither is ever changed.
enum IndexSchema {
    /// The version this package writes and reads.
    static let version = 1

    /// The statements that create version 1.
    ///
    /// `items` holds each item's values as JSON (`record`) with the columns that filters use
    /// (`content_types`: the content type tree, space-separated, each name between spaces);
    /// `items_text` is the FTS5 index of its words by column, with the same rowid. The porter
    /// stemmer over `unicode61` matches `heron` with `herons` and `nesting` with `nest`;
    /// diacritics are folded (`café` matches `cafe`).
    static let create = """
        CREATE TABLE items(
            rowid INTEGER PRIMARY KEY,
            identifier TEXT NOT NULL UNIQUE,
            domain TEXT,
            item_date REAL,
            content_types TEXT,
            expiration REAL,
            indexed REAL NOT NULL,
            record BLOB NOT NULL
        );
        CREATE INDEX items_domain ON items(domain);
        CREATE INDEX items_filter ON items(item_date, domain, expiration);
        CREATE INDEX items_expiration ON items(expiration) WHERE expiration IS NOT NULL;
        CREATE VIRTUAL TABLE items_text USING fts5(title, keywords, body, tokenize = 'porter unicode61 remove_diacritics 2');
        PRAGMA user_version = \(version);
        """

    /// What a version-1 database made before `items_filter` gets when a writer opens it: the
    /// index that answers a date filter (with domains and expiry) without reading `items` rows,
    /// in place of `items_date` (its first column). Older packages read the result unchanged.
    static let addFilterIndex = """
        CREATE INDEX IF NOT EXISTS items_filter ON items(item_date, domain, expiration);
        DROP INDEX IF EXISTS items_date;
        """

    /// The tables a version-1 database must have.
    static let requiredTables: Set<String> = ["items", "items_text"]
}
