// A few hundred field notes in the app's Core Spotlight index, then questions answered by the
// default local model through SpotlightSearchTool (the seed's askMyNotes).
//
//   swift run --package-path Examples field-notes [QUESTION...]
//
// The notes are the generated set of the package's tests (scripts/make-field-notes.py); the
// index is made in a temporary folder, so nothing is left in ~/.local/share.

import CoreSpotlight
import Foundation
import FoundationModels

struct FieldNote: Decodable {
    var id: String
    var title: String
    var text: String
    var date: String
    var place: String
}

struct FieldNoteSet: Decodable {
    var notes: [FieldNote]
}

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/CoreSpotlightTests/Fixtures/field-notes.json")
let notes = try JSONDecoder().decode(FieldNoteSet.self, from: Data(contentsOf: fixtures)).notes

guard case .available = SystemLanguageModel.default.availability else {
    print("The model is not available (\(SystemLanguageModel.default.availability)): run scripts/setup.sh.")
    exit(1)
}

// Keep this run's index apart from the user's (by default: ~/.local/share/foundation-models/spotlight/APP).
CSSearchableIndex.storageDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("field-notes-\(getpid())")
defer { try? FileManager.default.removeItem(at: CSSearchableIndex.storageDirectory) }

let dates = ISO8601DateFormatter()
let items = notes.map { note in
    let attributes = CSSearchableItemAttributeSet(contentType: .text)
    attributes.title = note.title
    attributes.textContent = note.text
    attributes.contentCreationDate = dates.date(from: note.date)
    attributes.namedLocation = note.place
    return CSSearchableItem(uniqueIdentifier: note.id, domainIdentifier: "field-notes", attributeSet: attributes)
}
let started = Date()
// Top-level code would pick the completion-handler form (which returns at once); in an async
// function the call is the `async` one, which returns when the items are stored.
func index(_ items: [CSSearchableItem]) async throws { try await CSSearchableIndex.default().indexSearchableItems(items) }
try await index(items)
print("Indexed \(items.count) notes in \(Int(Date().timeIntervalSince(started) * 1000)) ms.")

// Ranking by meaning (Linux only): with the set-up's embedding model, the tool also finds notes
// that answer in other words. The first search would compute the notes' vectors; doing it here
// keeps that out of the first answer.
if let ranking = SemanticRanking.installed {
    let computed = Date()
    let count = try await ranking.updateVectors(of: CSSearchableIndex.default())
    print("Computed \(count) notes' vectors for ranking by meaning in \(Int(Date().timeIntervalSince(computed) * 1000)) ms.")
}

let questions =
    CommandLine.arguments.count > 1
    ? Array(CommandLine.arguments.dropFirst())
    : ["Where did I lose my binoculars?", "Who told me about the heather honey?", "What was damaged on the bird blind?"]
for question in questions {
    print("\nQ: \(question)")
    print("A: \(try await askMyNotes(question))")
}
