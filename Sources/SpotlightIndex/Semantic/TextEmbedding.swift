/// Turns texts into vectors whose dot product says how near their meanings are: what ranks an
/// index's items by meaning beside their words (``MeaningQuery``).
///
/// The index module knows no model: `CoreSpotlight`'s `SemanticRanking` gives one (all-MiniLM-L6-v2
/// on llama.cpp), and tests may give their own.
package protocol TextEmbedding: Sendable {
    /// What the vectors come from (the model and its version), stored with each item's vector:
    /// vectors of another identity are computed again.
    var identity: String { get }

    /// The length of every vector.
    var dimensions: Int { get }

    /// Unit-length vectors of `texts`, in order, all of one length.
    func vectors(for texts: [String]) throws -> [[Float]]
}
