import Foundation
import FoundationModels
import Testing
import TestSupport
@testable import CoreSpotlight

/// `SemanticRanking` with the set-up's all-MiniLM-L6-v2 on the field notes: questions in other
/// words find their notes, a subject no note has is said to be missing, the vectors are kept in
/// the index, and a model that cannot rank is a typed error.
@Suite(.requiresEmbeddingModel) struct SemanticRankingTests {
    static let ranking = Result { try SemanticRanking(modelPath: TestModels.embeddingPath) }

    func tool(_ index: CSSearchableIndex, notes: FieldNotes, ranking: SemanticRanking?) -> SpotlightSearchTool {
        var tool = SpotlightSearchTool(configuration: .init(sources: [.coreSpotlight(CoreSpotlightSource(index: index))]))
        tool.now = { notes.nowDate }
        tool.calendar = FieldNotes.calendar
        return tool.rankedByMeaning(ranking)
    }

    func found(_ question: String, _ tool: SpotlightSearchTool, notes: FieldNotes) async throws -> [String] {
        let plan = SearchPlan(query: question, when: "", contentTypes: [], now: notes.nowDate, calendar: FieldNotes.calendar)
        return try await tool.search(plan, interval: plan.interval).map(\.hit.identifier)
    }

    /// Three paraphrase questions of the set whose notes share none of their words: words find
    /// none of them, meaning finds each in the five the model reads (measured: the first two
    /// first, the lost hand lens behind a note that shares "little"; the whole set:
    /// RetrievalQualityTests).
    @Test func questionsInOtherWordsFindTheirNotes() async throws {
        let notes = try #require(FieldNotes.shared)
        let index = try await notes.index(in: try ScratchFolder.make("spotlight-meaning-tool"))
        let ranking = try Self.ranking.get()
        for (question, note) in [
            ("What did the cows damage near the river crossing, according to the reserve keeper?", "note-298"),
            ("Which raptor held itself motionless in the breeze above the roadside?", "note-291"),
            ("Where did I misplace the little magnifier?", "note-267")
        ] {
            #expect(!(try await found(question, tool(index, notes: notes, ranking: nil), notes: notes)).prefix(5).contains(note))
            let byMeaning = try await found(question, tool(index, notes: notes, ranking: ranking), notes: notes)
            #expect(byMeaning.prefix(5).contains(note), "\(question)")
        }
    }

    /// No note has an albatross: related birds come back, and the answer says that none has the
    /// word, so that the model says nothing was found unless one answers.
    @Test func aSubjectNoNoteHasIsSaidToBeMissing() async throws {
        let notes = try #require(FieldNotes.shared)
        let index = try await notes.index(in: try ScratchFolder.make("spotlight-meaning-albatross"))
        let tool = tool(index, notes: notes, ranking: try Self.ranking.get())
        let answer = try await tool.answer(for: SearchPlan(query: "albatross", when: "", contentTypes: [], now: notes.nowDate, calendar: FieldNotes.calendar))
        #expect(answer.hasPrefix("No saved note or file contains albatross. The "), "\(answer)")
        #expect(answer.contains("if none of them answers the question, tell the person that nothing was found."))
        #expect(answer.contains("Result 1: "))
        // A strong match is not padded with loosely related notes: words alone found two.
        let nests = try await tool.answer(
            for: SearchPlan(query: "heron nests", when: "last spring", contentTypes: [], now: notes.nowDate, calendar: FieldNotes.calendar))
        #expect(nests.hasPrefix("Search results for heron, nests from 1 March 2026 to 31 May 2026: 2 found, best first."), "\(nests)")
    }

    /// The vectors are computed once and kept in the index's database: a second pass computes
    /// none, a changed note one.
    @Test func vectorsAreKeptInTheIndex() async throws {
        let notes = try #require(FieldNotes.shared)
        let folder = try ScratchFolder.make("spotlight-meaning-kept")
        let index = try await notes.index(in: folder)
        let ranking = try Self.ranking.get()
        #expect(try await ranking.updateVectors(of: index) == notes.notes.count)
        let reopened = CSSearchableIndex(name: "field-notes", directory: folder)
        #expect(try await ranking.updateVectors(of: reopened) == 0)
        let changed = CSSearchableItemAttributeSet(contentType: .text)
        changed.title = "Otter spraint"
        changed.textContent = "Fresh otter spraint on the boulder below Mill Leat, with crayfish remains."
        try await reopened.indexSearchableItems([CSSearchableItem(uniqueIdentifier: "note-001", domainIdentifier: nil, attributeSet: changed)])
        #expect(try await ranking.updateVectors(of: reopened) == 1)
    }

    /// Unless told otherwise the tool ranks with the set-up's model on a small index (its
    /// vectors computed at the first search), and by words alone on one that lacks more than
    /// 500 vectors (computing none).
    @Test func theInstalledModelRanksSmallIndexesUntoldAndLeavesLargeOnesToTheApp() async throws {
        func index(_ count: Int, folder: String) async throws -> CSSearchableIndex {
            let index = CSSearchableIndex(name: "notes", directory: try ScratchFolder.make(folder))
            try await index.indexSearchableItems(
                (0..<count).map { number in
                    let attributes = CSSearchableItemAttributeSet(contentType: .text)
                    attributes.title = "Note \(number)"
                    attributes.textContent = number % 2 == 0 ? "A heron by the lake." : "An otter in the river."
                    return CSSearchableItem(uniqueIdentifier: "n\(number)", domainIdentifier: nil, attributeSet: attributes)
                })
            return index
        }
        let ranking = try #require(SemanticRanking.installed)
        for (count, vectors) in [(12, 12), (501, 0)] {
            let index = try await index(count, folder: "spotlight-meaning-untold-\(count)")
            let tool = SpotlightSearchTool(configuration: .init(sources: [.coreSpotlight(CoreSpotlightSource(index: index))]))
            _ = try await tool.call(arguments: GeneratedContent(properties: ["query": "heron"]))
            #expect(try index.vectorCoverage(model: ranking.identity).vectors == vectors, "\(count) items")
        }
    }

    @Test func aModelThatCannotRankIsATypedError() throws {
        let missing = "/nonexistent/embedding.gguf"
        let error = #expect(throws: SemanticRanking.ModelError.self) { try SemanticRanking(modelPath: missing) }
        #expect(error?.modelPath == missing)
        #expect(error?.description.contains(missing) == true)
        if TestModels.hasSmolLM2 {
            let chat = #expect(throws: SemanticRanking.ModelError.self) { try SemanticRanking(modelPath: TestModels.smolLM2Path) }
            #expect(chat?.reason.contains("not an embedding model") == true, "\(String(describing: chat))")
        }
    }
}
