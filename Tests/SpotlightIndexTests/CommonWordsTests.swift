import Foundation
import Testing
@testable import SpotlightIndex

/// An any-word search over more items than its ranking budget ranks the items of the rarer words
/// by their full BM25 score, and leaves out items whose only matches are common words unless it
/// found fewer than it was asked for.
@Suite struct CommonWordsTests {
    @Test func wordsAreTakenRarestFirstWithinTheBudget() {
        let counts = ["heron": 40, "river": 3_000, "nest": 900, "egg": 2_000]
        #expect(CommonWords.split(["river", "heron", "nest", "egg"], counts: counts, budget: 1_000) == CommonWords(rare: ["heron", "nest"], common: ["river", "egg"]))
        #expect(CommonWords.split(["river", "heron", "nest", "egg"], counts: counts, budget: 10_000) == CommonWords(rare: ["heron", "nest", "egg", "river"], common: []))
        // The rarest word is ranked even when it alone is over the budget; ties keep the query's order.
        #expect(CommonWords.split(["river", "egg"], counts: counts, budget: 100) == CommonWords(rare: ["egg"], common: ["river"]))
        #expect(CommonWords.split(["b", "a"], counts: ["a": 7, "b": 7], budget: 7) == CommonWords(rare: ["b"], common: ["a"]))
        // A word no item has is neither: the rarest word with items is always ranked.
        #expect(CommonWords.split(["note", "river"], counts: ["river": 3_000], budget: 100) == CommonWords(rare: ["river"], common: []))
    }

    @Test func itemsWithARarerWordKeepTheirExactScore() async throws {
        let index = try IndexFixtures.index("common-words")
        // "river" is in 24 items; "kingfisher" and "otter" in two each, one of them by a river.
        var items = (0..<22).map { IndexFixtures.note("r\($0)", title: "Walk \($0)", text: "Along the river, nothing much at stop \($0).") }
        items += [
            IndexFixtures.note("k1", title: "Kingfisher", text: "A kingfisher fishing from the river bank."),
            IndexFixtures.note("k2", title: "Blue flash", text: "A kingfisher over the pond, twice."),
            IndexFixtures.note("o1", title: "Otter", text: "Otter spraint under the river bridge."),
            IndexFixtures.note("o2", title: "Tracks", text: "Otter tracks in the snow by the lake.")
        ]
        try await index.indexSearchableItems(items)
        let query = FullTextQuery("kingfisher otter river")
        let exact = try index.searchSynchronously(FullTextSearch(query: query, limit: 10))
        #expect(exact.count == 10)
        #expect(Set(exact.prefix(4).map(\.identifier)) == ["k1", "k2", "o1", "o2"])
        // Four items have a rarer word: with a budget of four, they are ranked as exactly as in a full ranking.
        let budgeted = try index.searchSynchronously(FullTextSearch(query: query, limit: 4, rankingBudget: 4))
        #expect(budgeted.map(\.identifier) == Array(exact.prefix(4).map(\.identifier)))
        for (found, expected) in zip(budgeted, exact) {
            #expect(abs(found.score - expected.score) < 1e-9, "\(found.identifier)")
        }
        // Asked for more than the items with a rarer word, the search ranks them all.
        let more = try index.searchSynchronously(FullTextSearch(query: query, limit: 6, rankingBudget: 4))
        #expect(more.map(\.identifier) == Array(exact.prefix(6).map(\.identifier)))
        // With the river, the kingfisher and the otter by it rank above the other two.
        #expect(Set(budgeted.prefix(2).map(\.identifier)) == ["k1", "o1"])
    }

    @Test func itemsWithRarerWordsAloneAreSkippedOnlyWhenTheyCannotRankHigher() async throws {
        let index = try IndexFixtures.index("common-words-bound")
        // "kingfisher" is in 12 items, "river" in 16, "fields" in 155: six items have the
        // kingfisher in their title by the river, five name it once in a long walk across fields,
        // and one short note names it in its title twice.
        var items = (0..<150).map { IndexFixtures.note("f\($0)", title: "Walk \($0)", text: "Fields and hedges at stop \($0).") }
        items += (0..<10).map { IndexFixtures.note("r\($0)", title: "Bank \($0)", text: "Along the river at stop \($0).") }
        items += (0..<6).map { IndexFixtures.note("kr\($0)", title: "Kingfisher \($0)", text: "A kingfisher on the river, then gone.") }
        items += (0..<5).map {
            IndexFixtures.note("k\($0)", title: "Long walk \($0)", text: "A kingfisher once. " + String(repeating: "Then fields and hedges. ", count: 30))
        }
        items.append(IndexFixtures.note("kk", title: "Kingfisher, kingfisher", text: "Seen."))
        try await index.indexSearchableItems(items)
        // "otter" is in no item, so no item has every word and only the any-word ranking runs.
        for (text, best) in [("kingfisher river otter", "kr"), ("kingfisher fields otter", "kk")] {
            let exact = try index.searchSynchronously(FullTextSearch(query: FullTextQuery(text), limit: 5, rankingBudget: .max))
            let budgeted = try index.searchSynchronously(FullTextSearch(query: FullTextQuery(text), limit: 5, rankingBudget: 12))
            // By the river, the five items with the common word outrank any item with the
            // kingfisher alone; across the fields they do not, and the short note comes first.
            #expect(exact.first?.identifier.hasPrefix(best) == true, "\(text)")
            #expect(budgeted.map(\.identifier) == exact.map(\.identifier), "\(text)")
            for (found, expected) in zip(budgeted, exact) {
                #expect(abs(found.score - expected.score) < 1e-9, "\(text): \(found.identifier)")
            }
        }
    }
}
