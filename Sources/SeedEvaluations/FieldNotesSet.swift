public import CoreSpotlight
public import Foundation

/// The labelled field notes `askMyNotes` searches (`Resources/ask-my-notes.json`, a copy of the
/// Core Spotlight tests' set that scripts/make-seed-eval-samples.py makes): the notes, and
/// questions with the notes that answer them and the fact an answer must contain.
public struct FieldNotesSet: Decodable, Sendable {
    /// One field note.
    public struct Note: Decodable, Sendable {
        /// Its identifier in the index.
        public var id: String
        /// Its title.
        public var title: String
        /// Its text.
        public var text: String
        /// When it was written (ISO 8601).
        public var date: String
        /// Where.
        public var place: String
        /// Who was there.
        public var people: [String]

        /// The day it was written, as "4 June 2026" (UTC), or `nil` if ``date`` is not ISO 8601.
        public var day: String? {
            guard let written = ISO8601DateFormatter().date(from: date) else { return nil }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "d MMMM yyyy"
            return formatter.string(from: written)
        }
    }

    /// The set's fixed present (ISO 8601), which its time questions ("last spring") assume.
    public var now: String
    /// The notes.
    public var notes: [Note]
    /// The questions.
    public var questions: [AskMyNotesSample]

    /// The kept set.
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)``.
    public static func load() throws -> FieldNotesSet {
        try SeedSamples.load("ask-my-notes")
    }

    /// The notes as searchable items, as the seed app indexes them.
    public var items: [CSSearchableItem] {
        let formatter = ISO8601DateFormatter()
        return notes.map { note in
            let attributes = CSSearchableItemAttributeSet(contentType: .text)
            attributes.title = note.title
            attributes.textContent = note.text
            attributes.contentCreationDate = formatter.date(from: note.date)
            attributes.namedLocation = note.place
            attributes.participants = note.people.isEmpty ? nil : note.people
            return CSSearchableItem(uniqueIdentifier: note.id, domainIdentifier: "field-notes", attributeSet: attributes)
        }
    }

    /// A new index of the notes in `folder`.
    public func index(in folder: URL) async throws -> CSSearchableIndex {
        let index = CSSearchableIndex(name: "field-notes", directory: folder)
        try await index.deleteAllSearchableItems()
        try await index.indexSearchableItems(items)
        return index
    }
}
