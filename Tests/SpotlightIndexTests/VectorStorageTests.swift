import Foundation
import Synchronization
import Testing
@testable import SpotlightIndex

/// Items' vectors for ranking by meaning: computed once per item and model, again after a
/// change, dropped with their items, a damaged one computed again; searches by meaning obey the
/// filters. The vectors here come from `WordBuckets` (each word hashed into one of 64 buckets),
/// exact and fast, so that the storage is tested apart from any model (the model's own tests:
/// `SemanticRankingTests`).
@Suite struct VectorStorageTests {
    /// Vectors of word counts, hashed into 64 buckets, unit length; counts the texts it is given.
    final class WordBuckets: TextEmbedding {
        let identity: String
        let dimensions = 64
        let texts = Mutex(0)
        let failsAfter: Int?

        init(identity: String = "word-buckets", failsAfter: Int? = nil) {
            self.identity = identity
            self.failsAfter = failsAfter
        }

        struct Failure: Error {}

        func vectors(for texts: [String]) throws -> [[Float]] {
            let seen = self.texts.withLock { count in
                count += texts.count
                return count
            }
            if let failsAfter, seen > failsAfter { throw Failure() }
            return texts.map(vector)
        }

        func vector(_ text: String) -> [Float] {
            var vector = [Float](repeating: 0, count: dimensions)
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in word.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                vector[Int(hash % UInt64(dimensions))] += 1
            }
            let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return norm > 0 ? vector.map { $0 / norm } : vector
        }
    }

    func vectorRows(_ index: CSSearchableIndex) throws -> Int64 {
        try index.store.withWriter { connection in try connection.integer("SELECT count(*) FROM item_vectors") }
    }

    func byMeaning(_ text: String, words: String = "", in index: CSSearchableIndex, embedding: WordBuckets, domains: [String] = []) throws -> [SearchHit] {
        var search = FullTextSearch(query: FullTextQuery(words), domains: domains, limit: 5)
        search.meaning = MeaningQuery(vector: embedding.vector(text), model: embedding.identity, minimumSimilarity: 0.1)
        return try index.searchSynchronously(search)
    }

    @Test func vectorsAreComputedOnceAgainAfterAChangeAndDroppedWithTheirItems() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([
            IndexFixtures.note("1", title: "Heron", text: "grey heron fishing"), IndexFixtures.note("2", title: "Otter", text: "otter spraint on a rock"),
            IndexFixtures.note("3", title: "Kestrel", text: "kestrel hovering over the verge")
        ])
        let embedding = WordBuckets()
        #expect(try index.updateVectorsSynchronously(with: embedding) == 3)
        #expect(try index.updateVectorsSynchronously(with: embedding) == 0)
        #expect(embedding.texts.withLock { $0 } == 3)
        try await index.indexSearchableItems([IndexFixtures.note("2", title: "Otter", text: "otter cubs playing")])
        #expect(try index.updateVectorsSynchronously(with: embedding) == 1)
        try await index.deleteSearchableItems(withIdentifiers: ["3"])
        try await index.indexSearchableItems([IndexFixtures.note("4", title: "Adder", text: "adder basking")])
        #expect(try index.updateVectorsSynchronously(with: embedding) == 1)
        #expect(try vectorRows(index) == 3)
        // Another model's vectors are computed anew.
        #expect(try index.updateVectorsSynchronously(with: WordBuckets(identity: "another")) == 3)
    }

    @Test func aLimitComputesThatManyAndTheNextCallTheRest() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems((0..<7).map { IndexFixtures.note("\($0)", title: "note \($0)", text: "words \($0)") })
        let embedding = WordBuckets()
        #expect(try index.updateVectorsSynchronously(with: embedding, limit: 3) == 3)
        #expect(try index.updateVectorsSynchronously(with: embedding) == 4)
    }

    @Test func aSearchByMeaningFindsItemsWithoutTheWordsAndSaysSo() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([
            IndexFixtures.note("1", title: "Heron", text: "grey heron fishing"), IndexFixtures.note("2", title: "Otter", text: "otter spraint on a rock")
        ])
        let embedding = WordBuckets()
        // No vectors yet: nothing by meaning.
        #expect(try byMeaning("otter spraint", in: index, embedding: embedding).isEmpty)
        try index.updateVectorsSynchronously(with: embedding)
        let hits = try byMeaning("otter spraint", words: "zebra", in: index, embedding: embedding)
        #expect(hits.map(\.identifier) == ["2"])
        #expect(hits.first?.matchesWords == false)
        let worded = try byMeaning("otter spraint", words: "otter", in: index, embedding: embedding)
        #expect(worded.first?.identifier == "2")
        #expect(worded.first?.matchesWords == true)
    }

    @Test func filtersApplyToTheItemsFoundByMeaning() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([
            IndexFixtures.note("1", title: "Otter", text: "otter spraint", domain: "notes"),
            IndexFixtures.note("2", title: "Otter", text: "otter spraint", domain: "mail")
        ])
        let embedding = WordBuckets()
        try index.updateVectorsSynchronously(with: embedding)
        #expect(try byMeaning("otter spraint", in: index, embedding: embedding).count == 2)
        #expect(try byMeaning("otter spraint", in: index, embedding: embedding, domains: ["mail"]).map(\.identifier) == ["2"])
    }

    /// Kept in memory or read at every search (an index too large to keep), with a filter or
    /// without: the same items, the same similarities.
    @Test func keptAndReadVectorsRankAlike() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems(
            (0..<40).map { number in
                IndexFixtures.note(
                    "\(number)", title: "note \(number)", text: number % 3 == 0 ? "otter spraint rock \(number)" : "heron reeds \(number)",
                    domain: number % 2 == 0 ? "notes" : "mail")
            })
        let embedding = WordBuckets()
        try index.updateVectorsSynchronously(with: embedding)
        let meaning = MeaningQuery(vector: embedding.vector("otter spraint"), model: embedding.identity, minimumSimilarity: 0.1)
        for filter in [nil, (sql: "items.domain = ?", bindings: [SQLiteValue.text("mail")])] {
            let (kept, read) = try index.store.withReader { connection, statistics in
                try connection.execute("BEGIN")
                defer { try? connection.execute("COMMIT") }
                try statistics.refresh(connection)
                let kept = try IndexStore.nearest(meaning, limit: 8, including: [1, 2], filter: filter, connection: connection, statistics: statistics)
                #expect(statistics.keptVectors?.rows.count == 40)
                let read = try IndexStore.nearest(
                    meaning, limit: 8, including: [1, 2], filter: filter, connection: connection, statistics: RankingStatistics(), keepingUpTo: 0)
                return (kept, read)
            }
            #expect(!kept.nearest.isEmpty)
            #expect(kept.nearest == read.nearest)
            #expect(kept.similarities == read.similarities)
        }
    }

    @Test func aDamagedVectorIsIgnoredThenComputedAgain() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([IndexFixtures.note("1", title: "Otter", text: "otter spraint")])
        let embedding = WordBuckets()
        try index.updateVectorsSynchronously(with: embedding)
        try index.store.withWriter { connection in try connection.execute("UPDATE item_vectors SET vector = x'00ff'") }
        #expect(try byMeaning("otter spraint", in: index, embedding: embedding).isEmpty)
        #expect(try index.updateVectorsSynchronously(with: embedding) == 1)
        #expect(try byMeaning("otter spraint", in: index, embedding: embedding).map(\.identifier) == ["1"])
    }

    @Test func aFailingEmbeddingKeepsTheBatchesBeforeItAndTheIndex() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems((0..<5).map { IndexFixtures.note("\($0)", title: "note \($0)", text: "words \($0)") })
        let failing = WordBuckets(failsAfter: 2)
        #expect(throws: WordBuckets.Failure.self) { try index.store.updateVectors(with: failing, batch: 2) }
        #expect(try vectorRows(index) == 2)
        #expect(try await index.itemCount() == 5)
        #expect(try index.updateVectorsSynchronously(with: WordBuckets()) == 3)
    }
}
