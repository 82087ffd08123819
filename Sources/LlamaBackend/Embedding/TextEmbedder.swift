internal import CLlama
import Synchronization

/// One vector per text from a GGUF embedding model (a BERT such as all-MiniLM-L6-v2, converted by
/// `scripts/embedding-model-to-gguf.py`): the text's token vectors pooled as the model says (mean
/// for MiniLM) and scaled to unit length, so that the dot product of two vectors is their cosine
/// similarity.
///
/// Texts are computed together, several per pass (one sequence each, up to 32 texts and the
/// model's positions in tokens); a text longer than the model's positions keeps its first
/// ``maximumTokens`` tokens. Safe to share: passes run one at a time, and never at once with the
/// process's other llama.cpp work.
package final class TextEmbedder: Sendable {
    /// The model.
    package let model: LlamaModel
    /// The length of each vector.
    package let dimensions: Int
    /// The most tokens of one text (the model's positions); the rest of a longer text is left out.
    package let maximumTokens: Int
    /// The most tokens computed in one pass.
    private let passTokens: Int
    /// The most texts computed in one pass.
    private let passTexts: Int
    private let state: Mutex<EmbeddingContext>

    /// An embedder for `model`, using `threads` threads.
    ///
    /// - Throws: ``LlamaError/notAnEmbeddingModel(path:)`` when the model does not pool its tokens
    ///   into one vector per text, or ``LlamaError/contextCreationFailed(contextLength:sequences:)``.
    package init(model: LlamaModel, threads: Int) throws(LlamaError) {
        LlamaRuntime.ensureInitialized()
        let positions = max(8, model.trainingContextLength)
        maximumTokens = positions
        // One pass holds at most one text of the model's full length: a pass attends over all
        // its tokens (masked by text), so its buffers grow with the square of its length.
        // Measured with all-MiniLM-L6-v2 on 2 cores: passes of 2,048 tokens took 401 MB of
        // memory, passes of 512 (its positions) 181 MB, at the same speed.
        passTokens = positions
        passTexts = 32
        var parameters = llama_context_default_params()
        parameters.n_ctx = UInt32(passTokens)
        parameters.n_batch = UInt32(passTokens)
        // A model that attends both ways computes a pass in one micro-batch.
        parameters.n_ubatch = UInt32(passTokens)
        parameters.n_seq_max = UInt32(passTexts)
        parameters.n_threads = Int32(threads)
        parameters.n_threads_batch = Int32(threads)
        parameters.embeddings = true
        parameters.pooling_type = LLAMA_POOLING_TYPE_UNSPECIFIED
        parameters.no_perf = true
        guard let pointer = llama_init_from_model(model.handle.pointer, parameters) else {
            throw .contextCreationFailed(contextLength: passTokens, sequences: passTexts)
        }
        let context = EmbeddingContext(pointer: pointer, batch: TokenBatch(capacity: passTokens))
        let pooling = llama_pooling_type(pointer)
        guard pooling == LLAMA_POOLING_TYPE_MEAN || pooling == LLAMA_POOLING_TYPE_CLS || pooling == LLAMA_POOLING_TYPE_LAST else {
            throw .notAnEmbeddingModel(path: model.path)
        }
        self.model = model
        self.dimensions = Int(llama_model_n_embd(model.handle.pointer))
        self.state = Mutex(context)
    }

    /// The unit vectors of `texts`, in order (an empty text gets the vector of the model's
    /// start and end tokens alone).
    ///
    /// - Throws: ``LlamaError/tokenizationFailed(byteCount:)`` or
    ///   ``LlamaError/decodeFailed(status:)``.
    package func embed(_ texts: [String]) throws(LlamaError) -> [[Float]] {
        var tokenized: [[TokenID]] = []
        tokenized.reserveCapacity(texts.count)
        for text in texts {
            var tokens = try model.vocabulary.tokenize(text, addSpecial: true, parseSpecial: false)
            if tokens.count > maximumTokens {
                // Keep the end token, which the model was trained to see last.
                let last = tokens[tokens.count - 1]
                tokens.removeLast(tokens.count - maximumTokens + 1)
                tokens.append(last)
            }
            tokenized.append(tokens)
        }
        var vectors: [[Float]] = []
        vectors.reserveCapacity(texts.count)
        var start = 0
        while start < tokenized.count {
            var end = start
            var tokens = 0
            while end < tokenized.count, end - start < passTexts, tokens + tokenized[end].count <= passTokens {
                tokens += tokenized[end].count
                end += 1
            }
            vectors += try state.withLock { context throws(LlamaError) in
                try context.pass(Array(tokenized[start..<end]), dimensions: dimensions)
            }
            start = end
        }
        return vectors
    }
}

/// The llama.cpp context an embedder computes with, and its batch; used under the embedder's lock.
private final class EmbeddingContext {
    let pointer: OpaquePointer
    let batch: TokenBatch

    init(pointer: OpaquePointer, batch: TokenBatch) {
        self.pointer = pointer
        self.batch = batch
    }

    deinit {
        llama_free(pointer)
    }

    /// One pass over texts that fit the batch: their pooled vectors, scaled to unit length.
    func pass(_ texts: [[TokenID]], dimensions: Int) throws(LlamaError) -> [[Float]] {
        batch.removeAll()
        for (sequence, tokens) in texts.enumerated() {
            for (position, token) in tokens.enumerated() {
                batch.append(token, position: Int32(position), sequence: Int32(sequence), computeLogits: true)
            }
        }
        let status = computeGate.withLock { _ in llama_decode(pointer, batch.raw) }
        guard status == 0 else { throw .decodeFailed(status: status) }
        var vectors: [[Float]] = []
        for sequence in texts.indices {
            guard let pooled = llama_get_embeddings_seq(pointer, Int32(sequence)) else {
                throw .logitsMissing(batchIndex: Int32(sequence))
            }
            var vector = Array(UnsafeBufferPointer(start: pooled, count: dimensions))
            let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            if norm > 0 {
                for index in vector.indices { vector[index] /= norm }
            }
            vectors.append(vector)
        }
        // Each pass starts from empty sequences.
        if let memory = llama_get_memory(pointer) { llama_memory_clear(memory, true) }
        return vectors
    }
}
