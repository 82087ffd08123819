import Foundation
@testable import CoreSpotlight

/// The generated field notes and their labelled questions (scripts/make-field-notes.py).
struct FieldNotes: Decodable {
    struct Note: Decodable {
        var id: String
        var title: String
        var text: String
        var date: String
        var place: String
        var people: [String]
    }

    struct Question: Decodable {
        var id: String
        var question: String
        var answer: String
        var relevant: [String]
        var kind: String
    }

    var now: String
    var notes: [Note]
    var questions: [Question]

    /// The set, read once.
    static let shared: FieldNotes? = {
        guard let url = Bundle.module.url(forResource: "Fixtures/field-notes", withExtension: "json"),
            let data = try? Data(contentsOf: url)
        else { return nil }
        return try? JSONDecoder().decode(FieldNotes.self, from: data)
    }()

    /// The set's fixed present.
    var nowDate: Date { ISO8601DateFormatter().date(from: now) ?? Date() }

    /// A calendar in UTC, as the set's dates are.
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        calendar.firstWeekday = 2
        return calendar
    }()

    /// The notes as searchable items, as a notes app would index them.
    var items: [CSSearchableItem] {
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

    /// A new index in a scratch folder holding the notes.
    func index(in folder: URL) async throws -> CSSearchableIndex {
        let index = CSSearchableIndex(name: "field-notes", directory: folder)
        try await index.indexSearchableItems(items)
        return index
    }
}
