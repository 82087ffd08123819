import Foundation
import LlamaBackend
internal import FoundationModelsCore
package import SpotlightIndex
import Synchronization

/// Ranking by meaning beside the words, for ``SpotlightSearchTool`` (Linux only: Apple's tool has
/// no such setting).
///
/// Word search (BM25) cannot find a note that answers a question in other words: "Which waders
/// did I see on the mudflats?" shares no word with "Redshank and curlew probing the soft mud".
/// With semantic ranking, each item also gets a vector from an embedding model (by default the
/// all-MiniLM-L6-v2 that `scripts/setup.sh` installs, on llama.cpp), kept in the index's database
/// beside its words and computed when an item is new or changed, at the next search; the items
/// nearest the query's vector join the items its words find, each scored by its similarity plus
/// its BM25 score over the most the question's words can give. On the field-notes set it finds
/// the note for 18 of 33 questions asked in other words, which word search never finds, and for
/// the worded questions nearly as often as words alone (Docs/Spotlight-benchmarks.md).
///
/// ```swift
/// let tool = SpotlightSearchTool().rankedByMeaning(try SemanticRanking())
/// ```
///
/// Vectors cost time once per item (on 2 cores, about 4 ms a note of 18 words, 18 ms one of 40
/// generated words) and about 1.9 KB each in the database; a search then adds the question's
/// vector (about 2 ms) and a pass over the items' vectors, kept in memory until the index changes
/// (about 2 ms for 10,000 items). The loaded model takes about 130 MB of memory.
public struct SemanticRanking: Sendable {
    /// The embedding model file.
    public let modelPath: String
    /// The model, on llama.cpp.
    let embedder: TextEmbedder

    /// A model that cannot rank by meaning: missing, unreadable, or not an embedding model.
    public struct ModelError: Error, CustomStringConvertible, Sendable {
        /// The model file.
        public let modelPath: String
        /// What is wrong, in words.
        public let reason: String

        public var description: String { "The embedding model at \(modelPath) cannot be used: \(reason)" }
    }

    /// The model `scripts/setup.sh` installs: all-MiniLM-L6-v2, converted to GGUF.
    public static var defaultModelPath: String { ModelCatalog.embeddingModelPath }

    /// The set-up's model, loaded once per process on first use: what ``SpotlightSearchTool``
    /// ranks with unless told otherwise, on an index that lacks at most 500 vectors (2 to 9 s of
    /// work on 2 cores; a larger index ranks by words until ``updateVectors(of:)`` computes
    /// them). `nil` when it is not installed, does not load, or `LocalModelSettings.current`
    /// says not to (`ranksByMeaning`; `FM_SEMANTIC_RANKING=0`).
    public static var installed: SemanticRanking? {
        guard LocalModelSettings.current.ranksByMeaning else { return nil }
        return shared.withLock { state in
            if let loaded = state { return loaded }
            let ranking = FileManager.default.fileExists(atPath: defaultModelPath) ? try? SemanticRanking() : nil
            state = .some(ranking)
            return ranking
        }
    }

    /// ``installed``, once loaded (or found missing).
    private static let shared = Mutex<SemanticRanking??>(nil)

    /// The most items a search computes vectors for before it ranks: 2 to 9 s of work on 2 cores,
    /// by the notes' length. A larger index gets the rest over the next searches, or at once from
    /// ``updateVectors(of:)``.
    static let vectorsPerSearch = 500

    /// Loads an embedding model (a GGUF BERT with pooling, such as all-MiniLM-L6-v2).
    ///
    /// - Parameters:
    ///   - modelPath: The model file; ``defaultModelPath`` when `nil`.
    ///   - threads: CPU threads; `LocalModelSettings.current`'s (`FM_THREADS`), or one per core,
    ///     when `nil`.
    /// - Throws: ``ModelError`` when the file is missing, corrupt or not an embedding model.
    public init(modelPath: String? = nil, threads: Int? = nil) throws(ModelError) {
        let path = modelPath ?? Self.defaultModelPath
        let threads = threads ?? LocalModelSettings.current.threads ?? ProcessInfo.processInfo.activeProcessorCount
        do {
            let model = try LlamaModelStore.shared.modelSynchronously(at: path)
            embedder = try TextEmbedder(model: model, threads: max(1, threads))
        } catch let error as LlamaError {
            throw ModelError(modelPath: path, reason: error.description + (modelPath == nil ? " (run scripts/setup.sh)" : ""))
        } catch {
            throw ModelError(modelPath: path, reason: "\(error)")
        }
        self.modelPath = path
    }

    /// Computes the vectors that the items of `index` lack (new, changed, or of another model)
    /// and stores them in its database; returns how many. Call it after indexing many items so
    /// that the next searches need not.
    ///
    /// - Throws: ``CSIndexError`` when the index cannot be read or written, ``ModelError`` when
    ///   the model fails (the vectors computed before stay stored).
    @discardableResult
    public func updateVectors(of index: CSSearchableIndex) async throws -> Int {
        try await index.updateVectors(with: self)
    }

    /// The unit vectors of `texts`, in order: their dot product is their cosine similarity.
    ///
    /// - Throws: ``ModelError`` when the model fails to compute them.
    public func vectors(for texts: [String]) throws(ModelError) -> [[Float]] {
        do {
            return try embedder.embed(texts)
        } catch {
            throw ModelError(modelPath: modelPath, reason: error.description)
        }
    }
}

extension SemanticRanking: TextEmbedding {
    /// The model's name, size and parameters: vectors of another model are computed again.
    package var identity: String {
        "\(embedder.model.name) \(embedder.model.parameterCount) \(embedder.model.sizeInBytes) \(embedder.dimensions)"
    }

    /// The length of the model's vectors (384 for all-MiniLM-L6-v2).
    package var dimensions: Int { embedder.dimensions }
}
