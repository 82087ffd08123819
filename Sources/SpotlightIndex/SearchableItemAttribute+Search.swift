/// A column of the full-text index, with its weight in BM25 ranking.
enum SearchColumn: Int, CaseIterable, Sendable {
    /// Titles and names: a match here counts most.
    case title = 0
    /// Keywords, people, places and searchable custom keys.
    case keywords = 1
    /// The body: text content and descriptions.
    case text = 2

    /// The column's name in the FTS5 table.
    var name: String {
        switch self {
        case .title: "title"
        case .keywords: "keywords"
        case .text: "body"
        }
    }

    /// BM25's weight for matches in the column (`bm25(items_text, 4, 2, 1)`).
    var weight: Double {
        switch self {
        case .title: 4
        case .keywords: 2
        case .text: 1
        }
    }
}

extension SearchableItemAttribute {
    /// The one table of what a full-text search reads: each attribute whose words are indexed,
    /// with the column they go to. Attributes not listed are stored and returned, not searched.
    static let searchColumns: [SearchableItemAttribute: SearchColumn] = [
        .title: .title, .displayName: .title, .alternateNames: .title, .headline: .title, .subject: .title,
        .containerTitle: .title, .containerDisplayName: .title,
        .keywords: .keywords, .authorNames: .keywords, .authors: .keywords, .recipientNames: .keywords, .recipients: .keywords,
        .participants: .keywords, .editors: .keywords, .creator: .keywords, .namedLocation: .keywords, .city: .keywords,
        .stateOrProvince: .keywords, .country: .keywords, .fullyFormattedAddress: .keywords, .projects: .keywords,
        .organizations: .keywords, .theme: .keywords, .genre: .keywords, .artist: .keywords, .album: .keywords,
        .composer: .keywords, .performers: .keywords, .contributors: .keywords, .publishers: .keywords,
        .textContent: .text, .contentDescription: .text, .comment: .text, .information: .text, .instructions: .text
    ]

    /// The column an attribute's words go to, or `nil` when it is not searched.
    var searchColumn: SearchColumn? { Self.searchColumns[self] }

    /// The attributes that give an item its date for date-range searches, first present wins.
    static let datePreference: [SearchableItemAttribute] = [
        .contentCreationDate, .startDate, .recordingDate, .contentModificationDate, .importantDates, .addedDate
    ]
}
