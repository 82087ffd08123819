import Foundation
import FoundationModels
import SpotlightIndex

/// The arguments a model fills for ``SpotlightSearchTool`` with a focused or dynamic guide
/// (Apple's schema is not public): two short strings, read with care so that what a small model
/// writes in the wrong field still works (a time in the words, words in the time).
@Generable
struct SearchRequest {
    @Guide(description: "Words to look for: the names, places, species or topics in the question. No dates.")
    var query: String
    @Guide(description: "The time the question asks about, in its words (last spring, in March 2026, yesterday), or empty.")
    var when: String
}

/// ``SearchRequest`` with the kind of content.
@Generable
struct SearchRequestWithKind {
    @Guide(description: "Words to look for: the names, places, species or topics in the question. No dates.")
    var query: String
    @Guide(description: "The time the question asks about, in its words (last spring, in March 2026, yesterday), or empty.")
    var when: String
    @Guide(description: "The kind of content, or any.")
    var kind: SearchKind
}

/// One string, the words (with any time in them): the schema a 0.5B model fills most reliably.
/// The words may not be empty (a small model made to search otherwise often searches for
/// nothing first).
@Generable
struct SearchWordsRequest {
    @Guide(description: "The key words of the question, with any date it names.", .pattern(/[A-Za-z0-9].*/))
    var query: String
}

/// The kinds of content a complete guide lets the model name (`any` first, so that a model
/// with nothing to say picks it).
@Generable
enum SearchKind: String, CaseIterable {
    case any, notes, documents, messages, events, media

    /// The content types of the kind (empty: all).
    var contentTypes: [String] {
        switch self {
        case .any, .notes: []
        case .documents: SpotlightSearchTool.ContentDomain.documents.contentTypes
        case .messages: SpotlightSearchTool.ContentDomain.communications.contentTypes
        case .events: SpotlightSearchTool.ContentDomain.calendar.contentTypes
        case .media: SpotlightSearchTool.ContentDomain.visualMedia.contentTypes + SpotlightSearchTool.ContentDomain.audio.contentTypes
        }
    }
}

/// What one search asks for, decided from the model's arguments and the present: a pure value,
/// tested without a model.
struct SearchPlan: Equatable {
    /// The words.
    var query: FullTextQuery
    /// The time, when the arguments name one.
    var interval: DateInterval?
    /// Content types to keep (empty: all).
    var contentTypes: [String]
    /// The words as written (the time phrase taken out), for ranking by meaning.
    var text: String

    /// Plans a search from the arguments' fields.
    ///
    /// A time phrase in `when` sets the interval, and its other words join the query; without
    /// one, a time phrase inside `query` sets it and leaves the query. Text that names no time
    /// is searched as words.
    init(query: String, when: String, contentTypes: [String], now: Date, calendar: Calendar) {
        var words = query
        var interval: DateInterval?
        if let phrase = DatePhrase.find(in: when, now: now, calendar: calendar) {
            interval = phrase.interval
            words += " " + phrase.remainder
            if let inQuery = DatePhrase.find(in: words, now: now, calendar: calendar), inQuery.interval == phrase.interval { words = inQuery.remainder }
        } else {
            words += " " + when
            if let phrase = DatePhrase.find(in: words, now: now, calendar: calendar) {
                interval = phrase.interval
                words = phrase.remainder
            }
        }
        self.query = FullTextQuery(words)
        self.text = words.trimmingCharacters(in: .whitespacesAndNewlines)
        self.interval = interval
        self.contentTypes = contentTypes
    }

    /// Reads the arguments of any of the schemas.
    init(arguments: GeneratedContent, domain: SpotlightSearchTool.ContentDomain?, now: Date, calendar: Calendar) {
        let query = (try? arguments.value(String.self, forProperty: "query")) ?? ""
        let when = (try? arguments.value(String.self, forProperty: "when")) ?? ""
        let kind = (try? arguments.value(String.self, forProperty: "kind")).flatMap(SearchKind.init(rawValue:))
        let types = (domain?.contentTypes ?? []) + (kind?.contentTypes ?? [])
        self.init(query: query, when: when, contentTypes: types, now: now, calendar: calendar)
    }
}
