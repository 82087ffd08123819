/// Ranking by meaning beside the words of a ``FullTextSearch``: the query's vector, and how the
/// items near it join the items its words find.
///
/// Each item's vector (``IndexStore/updateVectors(with:)``) is compared with the query's by dot
/// product (cosine similarity, for unit vectors). The candidates are the best ``depth`` items by
/// words (BM25) and the ``depth`` items nearest the query that are at least
/// ``minimumSimilarity`` similar; each scores its similarity plus ``wordWeight`` times its BM25
/// score over the most BM25 can give for the query's words (so between 0 and 1: an item with
/// every rare word counts fully, one with a single common word hardly). Candidates below
/// ``relativeCutoff`` of the best score are dropped. Filters (dates, domains, content types,
/// expiry) apply to both rankings.
package struct MeaningQuery: Sendable {
    /// The query's unit vector, from the same model as the items' vectors.
    package var vector: [Float]
    /// The model's identity (``TextEmbedding/identity``): items' vectors of another are not used.
    package var model: String
    /// How many items each ranking contributes as candidates.
    package var depth: Int
    /// Items less similar than this are not candidates by meaning (an item the words find
    /// still is): below it, all-MiniLM-L6-v2 relates little.
    package var minimumSimilarity: Float
    /// How much the words count beside the meaning.
    package var wordWeight: Double
    /// Candidates scoring less than this share of the best candidate's score are left out: a
    /// strong match is not padded with loosely related items.
    package var relativeCutoff: Double

    /// The defaults measured on the field-notes set (Docs/Spotlight-benchmarks.md).
    package init(
        vector: [Float], model: String, depth: Int = 20, minimumSimilarity: Float = 0.25, wordWeight: Double = 1, relativeCutoff: Double = 0.5
    ) {
        self.vector = vector
        self.model = model
        self.depth = depth
        self.minimumSimilarity = minimumSimilarity
        self.wordWeight = wordWeight
        self.relativeCutoff = relativeCutoff
    }

    /// The candidates' scores, best first: `words` are the items the words found with their BM25
    /// scores, `bound` the most BM25 gives for the query's words, `nearest` the items nearest
    /// the query, and `similarities` every candidate's similarity (0 for an item without a
    /// vector).
    func fuse(words: [(id: Int64, score: Double)], bound: Double, nearest: [Int64], similarities: [Int64: Float]) -> [(id: Int64, score: Double)] {
        var scores: [Int64: Double] = [:]
        for (id, score) in words {
            scores[id] = Double(similarities[id] ?? 0) + wordWeight * min(1, max(0, score) / max(bound, .leastNonzeroMagnitude))
        }
        for id in nearest where scores[id] == nil {
            scores[id] = Double(similarities[id] ?? 0)
        }
        let best = scores.values.max() ?? 0
        return scores.filter { $0.value >= relativeCutoff * best }.map { (id: $0.key, score: $0.value) }.sorted {
            $0.score != $1.score ? $0.score > $1.score : $0.id < $1.id
        }
    }
}
