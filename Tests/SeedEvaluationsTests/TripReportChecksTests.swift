import Evaluations
import FoundationModels
import Testing
@testable import SeedEvaluations

/// The trip-report checks on hand-made reports: each passes a good one and fails the fault it is for.
struct TripReportChecksTests {
    let sample = TripReportSample(
        id: "t", date: "18 July",
        notes: [
            "09:00 Hollow Brook with Tomas: 5 bearded tit pinging in the reeds. Sun came out at last.",
            "09:50 Brindle Common: 32 curlew feeding on the mud at low tide; 4 brown hares in the wet grass. Drizzle on and off."
        ],
        places: ["Hollow Brook", "Brindle Common"],
        sightings: [.init(species: "bearded tit", count: 5), .init(species: "curlew", count: 32), .init(species: "brown hare", count: 4)],
        people: ["Tomas"])
    var evaluation: TripReportEvaluation {
        TripReportEvaluation(
            model: SystemLanguageModel.default, samples: [sample],
            namePool: ["Tomas", "Hollow Brook", "Brindle Common", "bearded tit", "curlew", "brown hare", "Ruth", "Gull Point", "avocet", "Ward"])
    }
    let good = TripReport(
        title: "Hollow Brook and Brindle Common, 18 July",
        stops: [
            .init(place: "Hollow Brook", sightings: [.init(species: "Bearded tit", count: 5)]),
            .init(place: "Brindle Common", sightings: [.init(species: "curlew", count: 32), .init(species: "brown hares", count: 4)])
        ],
        summary: "A morning with Tomas: bearded tits in the reeds, then curlew on the mud.")

    @Test func aGoodReportPassesEveryCheck() async throws {
        let results = try await checks(of: evaluation, sample: sample, value: good)
        #expect(
            results == [
                "Title ≤ 8 words": .passing, "Places visited": .passing, "Species listed": .passing, "Counts right": .passing,
                "Nothing invented": .passing
            ])
    }

    @Test func aNineWordTitleFails() async throws {
        var report = good
        report.title = "A long morning walk from Hollow Brook to Brindle Common"
        #expect(try await checks(of: evaluation, sample: sample, value: report)["Title ≤ 8 words"] == .failing)
    }

    @Test func aMissingPlaceOrSpeciesFails() async throws {
        var report = good
        report.stops[1].place = "the common"
        report.stops[1].sightings.removeLast()
        let results = try await checks(of: evaluation, sample: sample, value: report)
        #expect(results["Places visited"] == .failing)
        #expect(results["Species listed"] == .failing)
        #expect(results["Counts right"] == .passing)
    }

    @Test func aWrongCountFailsAndNoListedSpeciesIsNotCounted() async throws {
        var report = good
        report.stops[1].sightings[0].count = 23
        #expect(try await checks(of: evaluation, sample: sample, value: report)["Counts right"] == .failing)
        report.stops = [.init(place: "Hollow Brook", sightings: [.init(species: "birds", count: 41)])]
        let results = try await checks(of: evaluation, sample: sample, value: report)
        #expect(results["Counts right"] == .ignore)
        #expect(results["Species listed"] == .failing)
    }

    /// A species the notes lack, one of the set's names these notes lack, and a number they lack
    /// are each invented; a shorter name of a species seen, and a name inside a longer word ("Ward"
    /// in "rewarding"), are not.
    @Test func anInventedSpeciesNameOrNumberFails() async throws {
        var species = good
        species.stops[0].sightings.append(.init(species: "robin", count: 2))
        var pooled = good
        pooled.summary = "Then on to Gull Point with Ruth."
        var number = good
        number.summary = "A three-hour walk, 12 km."
        var shorter = good
        shorter.stops[0].sightings[0].species = "Tits"
        var word = good
        word.summary = "A rewarding morning with Tomas."
        let results = try await [species, pooled, number, shorter, word].asyncMap { try await checks(of: evaluation, sample: sample, value: $0) }
        #expect(results.map { $0["Nothing invented"] } == [.failing, .failing, .failing, .passing, .passing])
    }

    /// What the model is given: the day, then each note on its line; the reference report has
    /// each labelled species at the stop whose note names it.
    @Test func theInputIsTheDayAndItsNotes() throws {
        #expect(sample.input == "Notes of 18 July:\n" + sample.notes.joined(separator: "\n"))
        let expected = try #require(sample.expected)
        #expect(expected.places == sample.places)
        #expect(expected.stops.map { $0.sightings.map(\.species) } == [["bearded tit"], ["curlew", "brown hare"]])
    }
}

extension Array {
    /// Each element's result, in order, one after the other.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// Names as the invention checks look for them: whole words or their plural.
struct AnswerTextNamesTests {
    @Test(arguments: [
        ("Bea came too.", "Bea", true), ("A beautiful day.", "Bea", false), ("4 brown hares", "brown hare", true),
        ("4 brown hare.", "brown hare", true), ("brown harebells", "brown hare", false), ("Long Reach's birds", "Long Reach", true),
        ("at Gull Pointe", "Gull Point", false), ("12 Avocets", "avocet", true), ("Café at Sedge Fen", "sedge fen", true)
    ])
    func aNameIsFoundAsWholeWordsOnly(_ text: String, _ name: String, _ found: Bool) {
        #expect(AnswerText.names(text, name) == found)
    }
}
