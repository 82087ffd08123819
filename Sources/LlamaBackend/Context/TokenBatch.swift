internal import CLlama

/// A reusable `llama_batch`: tokens with their positions, sequences and logit requests.
///
/// Not `Sendable`; owned with the context it feeds. Frees its buffers in `deinit`.
package final class TokenBatch {
    private(set) var raw: llama_batch
    /// The most tokens the batch holds.
    package let capacity: Int

    /// Allocates a batch for up to `capacity` tokens, each in one sequence.
    package init(capacity: Int) {
        self.capacity = capacity
        self.raw = llama_batch_init(Int32(capacity), 0, 1)
        raw.n_tokens = 0
    }

    deinit {
        llama_batch_free(raw)
    }

    /// The number of tokens in the batch.
    package var count: Int { Int(raw.n_tokens) }

    /// Empties the batch.
    package func removeAll() {
        raw.n_tokens = 0
    }

    /// Appends a token at `position` of `sequence`; returns its index in the batch.
    @discardableResult
    package func append(_ token: TokenID, position: Int32, sequence: Int32, computeLogits: Bool) -> Int32 {
        let index = Int(raw.n_tokens)
        precondition(index < capacity, "TokenBatch overflow: capacity \(capacity)")
        raw.token[index] = token
        raw.pos[index] = position
        raw.n_seq_id[index] = 1
        raw.seq_id[index]![0] = sequence
        raw.logits[index] = computeLogits ? 1 : 0
        raw.n_tokens += 1
        return Int32(index)
    }
}
