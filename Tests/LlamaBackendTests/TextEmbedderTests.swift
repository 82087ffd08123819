import Testing
@testable import LlamaBackend
import TestSupport

/// all-MiniLM-L6-v2, converted by scripts/embedding-model-to-gguf.py and run by llama.cpp.
@Suite(.requiresEmbeddingModel) struct TextEmbedderTests {
    static func embedder() throws -> TextEmbedder {
        try TextEmbedder(model: try LlamaModelStore.shared.modelSynchronously(at: TestModels.embeddingPath), threads: TestModels.threads ?? 2)
    }

    func dot(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }

    /// The first components of the vector that sentence-transformers' model computes for this
    /// question, from its own weights: a plain NumPy BERT forward pass (exact GELU, mean pooling,
    /// unit length) over the same WordPiece tokens, run once by hand when the converter was written.
    @Test func aVectorAgreesWithTheReferenceForwardPass() throws {
        let vector = try #require(try Self.embedder().embed(["Which waders did I see on the mudflats?"]).first)
        #expect(vector.count == 384)
        let reference: [Float] = [-0.03067, 0.03202, 0.02626, -0.02088, 0.05244, 0.03383]
        for (mine, theirs) in zip(vector, reference) {
            #expect(abs(mine - theirs) < 0.002, "\(Array(vector.prefix(6))) vs \(reference)")
        }
        #expect(abs(dot(vector, vector) - 1) < 1e-4)
    }

    /// A question is nearer the note that answers it in other words than notes about other things.
    @Test func aParaphraseIsNearerThanAnUnrelatedNote() throws {
        let vectors = try Self.embedder().embed([
            "Which waders did I see on the mudflats?",
            "Redshank and curlew probing the soft mud at Long Reach at low tide.",
            "The shutter on the Alder Carr hide is broken; reported it to the trust.",
            "Moth trap at Withy Bed: an elephant hawk-moth, pink and olive."
        ])
        let question = vectors[0]
        // Measured: 0.28 against 0.20 for the moth trap; the words have nothing in common.
        #expect(dot(question, vectors[1]) > dot(question, vectors[2]))
        #expect(dot(question, vectors[1]) > dot(question, vectors[3]))
    }

    /// Texts computed together get the vectors they get alone; a text longer than the model's
    /// positions keeps its start; no texts, no vectors.
    @Test func textsTogetherOrAloneAndTooLong() throws {
        let embedder = try Self.embedder()
        let texts = ["A kestrel hanging in the wind.", "Owl pellets under the barn beam.", String(repeating: "heron ", count: 2000)]
        let together = try embedder.embed(texts)
        #expect(together.count == 3)
        for (index, text) in texts.enumerated() {
            let alone = try #require(try embedder.embed([text]).first)
            #expect(zip(alone, together[index]).allSatisfy { abs($0 - $1) < 1e-3 })
        }
        #expect(try embedder.embed([]).isEmpty)
    }

    /// A chat model is not an embedding model: a typed error, not a crash.
    @Test(.requiresSmolLM2) func aChatModelIsRefused() throws {
        #expect(throws: LlamaError.notAnEmbeddingModel(path: TestModels.smolLM2Path)) {
            try TextEmbedder(model: try TestModels.smolLM2(), threads: 1)
        }
    }
}
