import Foundation
import TestSupport
import Testing
@testable import SeedEvaluations

/// The kept samples: enough of each, and labels that agree with their notes and the tools.
struct SeedSamplesTests {
    @Test func everyFeatureHasAtLeastFiftyLabelledSamples() async throws {
        #expect(try SeedSamples.load("note-summaries", as: [NoteSummarySample].self).count >= 50)
        #expect(try SeedSamples.load("tagging", as: [TaggingSample].self).count >= 50)
        #expect(try SeedSamples.load("action-items", as: [ActionItemsSample].self).count >= 50)
        #expect(try FieldNotesSet.load().questions.count >= 50)
        #expect(try SeedSamples.load("sign-photos", as: [SignPhotoSample].self).count >= 50)
        #expect(try SeedSamples.load("trip-reports", as: [TripReportSample].self).count >= 50)
    }

    /// Each labelled place and person is in the trip's notes, the places in order, each species
    /// in exactly one note and its count right after it there, and no species is named inside
    /// another's name or a place (the checks find species by containment).
    @Test func everyTripLabelIsInItsNotes() throws {
        let samples = try SeedSamples.load("trip-reports", as: [TripReportSample].self)
        let allSpecies = Set(samples.flatMap { $0.sightings.map(\.species) })
        let allPlaces = Set(samples.flatMap(\.places))
        for sample in samples {
            #expect((2...4).contains(sample.notes.count) && sample.places.count == sample.notes.count, "\(sample.id)")
            for (note, place) in zip(sample.notes, sample.places) { #expect(note.dropFirst(6).hasPrefix(place), "\(sample.id): \(place)") }
            for person in sample.people { #expect(sample.notes[0].contains(person), "\(sample.id): \(person)") }
            for sighting in sample.sightings {
                let notes = sample.notes.filter { AnswerText.contains($0, sighting.species) }
                #expect(notes.count == 1, "\(sample.id): \(sighting.species)")
                // The species' words (the last may be a plural), right after its count.
                let words = notes.first.map(AnswerText.words(of:)) ?? []
                let name = AnswerText.words(of: sighting.species)
                let at = (1..<max(1, words.count - name.count + 1)).first { start in
                    zip(words[start..<(start + name.count)], name).allSatisfy { $0.hasPrefix($1) }
                }
                #expect(at.map { words[$0 - 1] == String(sighting.count) } == true, "\(sample.id): \(sighting.species)")
            }
        }
        for species in allSpecies {
            #expect(allSpecies.filter { $0 != species && AnswerText.contains($0, species) }.isEmpty, "\(species)")
            #expect(allPlaces.filter { AnswerText.contains($0, species) }.isEmpty, "\(species)")
        }
    }

    /// Each photo is in the bundle, each fact and place is on its sign, and the injected word is
    /// on the sign it belongs to (five signs carry one).
    @Test func everySignPhotoIsKeptWithFactsFromItsText() throws {
        let samples = try SeedSamples.load("sign-photos", as: [SignPhotoSample].self)
        let folder = try SeedSamples.folder("sign-photos")
        for sample in samples {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(sample.image).path), "\(sample.id)")
            #expect(!sample.facts.isEmpty, "\(sample.id)")
            for fact in sample.facts { #expect(AnswerText.states(sample.text, fact: fact), "\(sample.id): \(fact)") }
            // Places are looked for ignoring case, as the checks do (a visitor centre's board writes its
            // name in capitals).
            for name in sample.names { #expect(AnswerText.contains(sample.text, name), "\(sample.id): \(name)") }
            if let word = sample.injectedWord { #expect(sample.text.contains(word), "\(sample.id)") }
        }
        #expect(samples.filter { $0.injectedWord != nil }.count == 5)
    }

    @Test func everySummaryFactAndNameIsInItsNote() throws {
        for sample in try SeedSamples.load("note-summaries", as: [NoteSummarySample].self) {
            for fact in sample.facts { #expect(AnswerText.states(sample.note, fact: fact), "\(sample.id): \(fact)") }
            for name in sample.names { #expect(sample.note.contains(name), "\(sample.id): \(name)") }
            #expect(AnswerText.wordCount(sample.headline) <= 8, "\(sample.id)")
        }
    }

    @Test func everyTaggingLabelIsAnExistingTag() throws {
        let existing = Set(FindExistingTagsTool.existingTags.map(\.tag))
        for sample in try SeedSamples.load("tagging", as: [TaggingSample].self) {
            #expect(!sample.relevantTags.isEmpty && sample.relevantTags.allSatisfy(existing.contains), "\(sample.id)")
        }
    }

    @Test func everyActionItemIsInItsNoteWithAPriority() throws {
        for sample in try SeedSamples.load("action-items", as: [ActionItemsSample].self) {
            for item in sample.items {
                #expect(AnswerText.contains(sample.note, item.keyword), "\(sample.id): \(item.keyword)")
                #expect(["low", "medium", "high"].contains(item.priority), "\(sample.id)")
                let firstName = String(item.owner.prefix { $0 != " " })
                #expect(item.owner == "Unassigned" || sample.note.contains(firstName), "\(sample.id): \(item.owner)")
            }
        }
    }

    /// The questions are the Core Spotlight tests' set: scripts/make-seed-eval-samples.py copies it.
    @Test func theQuestionsAreTheRetrievalTestsSet() throws {
        let kept = try Data(contentsOf: #require(Bundle.module.url(forResource: "Resources/ask-my-notes", withExtension: "json")))
        let fixture = try Data(
            contentsOf: TestModels.packageRoot.appendingPathComponent("Tests/CoreSpotlightTests/Fixtures/field-notes.json"))
        #expect(kept == fixture, "run scripts/make-seed-eval-samples.py")
    }
}
