import Testing
@testable import LlamaBackend
import TestSupport

/// What a kept or copied KV cache computes, against computing the whole conversation afresh, on
/// the real SmolLM2 model at the llama.cpp context level.
///
/// llama.cpp's CPU kernels round differently for different batch shapes: a token decoded alone
/// and the same token inside a prompt batch get slightly different keys and values (llama-server's
/// documentation says the same of its prompt cache). So a kept cache agrees with a full re-prefill
/// up to that rounding, not bit for bit, while a copied cache is bit-identical to its source.
@Suite(.requiresSmolLM2, .serialized) struct CacheConsistencyTests {
    let model: LlamaModel
    let context: LlamaContext
    let batch = TokenBatch(capacity: 2048)

    init() throws {
        model = try TestModels.smolLM2()
        context = try LlamaContext(model: model, configuration: ContextConfiguration(tokensPerSequence: 1024, sequences: 4, threads: TestModels.threads))
    }

    /// Feeds tokens at consecutive positions of a sequence; returns the last one's logits.
    func feed(_ tokens: some Collection<TokenID>, from start: Int, sequence: Int32) throws -> [Float] {
        batch.removeAll()
        for (offset, token) in tokens.enumerated() {
            batch.append(token, position: Int32(start + offset), sequence: sequence, computeLogits: offset == tokens.count - 1)
        }
        try context.decode(batch)
        return Array(try #require(context.logits(at: Int32(batch.count - 1))))
    }

    func largestDifference(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).map { abs($0 - $1) }.max() ?? .infinity
    }

    func argmax(_ logits: [Float]) -> TokenID {
        TokenID(logits.indices.max { logits[$0] < logits[$1] } ?? 0)
    }

    @Test func aKeptCacheAgreesWithAFullRePrefillAndACopyIsExact() throws {
        let vocabulary = model.vocabulary
        let prompt = try vocabulary.tokenize(TestModels.chatML(system: "You are a helpful assistant.", user: "Name three rivers in Europe."))
        let nextTurn = try vocabulary.tokenize("<|im_end|>\n<|im_start|>user\nWhich one is the longest?<|im_end|>\n<|im_start|>assistant\n")

        // Kept cache: the prompt as a batch, then 24 greedy tokens decoded one by one (as the
        // engine does), then the next turn as a batch.
        var logits = try feed(prompt, from: 0, sequence: 0)
        var generated: [TokenID] = []
        for _ in 0..<24 {
            let token = argmax(logits)
            generated.append(token)
            logits = try feed([token], from: prompt.count + generated.count - 1, sequence: 0)
        }
        let history = prompt + generated
        let kept = try feed(nextTurn, from: history.count, sequence: 0)

        // Full re-prefill of the same tokens.
        let full = try feed(history + nextTurn, from: 0, sequence: 1)

        // A copy of the kept cache, then the same next turn: bit for bit the kept result.
        #expect(context.shareTokens(from: 0, to: 2, count: Int32(history.count)))
        let copied = try feed(nextTurn, from: history.count, sequence: 2)
        #expect(largestDifference(copied, kept) == 0)

        // The kept cache agrees with the full re-prefill up to rounding: logits within a fraction
        // of a unit or two (their range spans tens of units; we measured 1.06), and the same next token when it is clear.
        let range = (full.max() ?? 0) - (full.min() ?? 0)
        let difference = largestDifference(kept, full)
        #expect(range > 10)
        #expect(difference < 2, "kept cache vs full re-prefill: \(difference)")
        let sorted = full.sorted(by: >)
        if sorted[0] - sorted[1] > 2 * difference { #expect(argmax(kept) == argmax(full)) }

        // Control: a cache holding the generated tokens in the wrong order (a cache bug) is far
        // outside that tolerance.
        _ = try feed(prompt + generated.reversed(), from: 0, sequence: 3)
        let corrupted = try feed(nextTurn, from: history.count, sequence: 3)
        #expect(largestDifference(corrupted, full) > 4, "control: \(largestDifference(corrupted, full))")
    }

    @Test func aSavedStateRestoredIntoAnotherSequenceIsExact() throws {
        let vocabulary = model.vocabulary
        let prompt = try vocabulary.tokenize(TestModels.chatML(system: "You are a helpful assistant.", user: "Name two seas."))
        let nextTurn = try vocabulary.tokenize("<|im_end|>\n<|im_start|>user\nAnd a lake?<|im_end|>\n<|im_start|>assistant\n")
        _ = try feed(prompt, from: 0, sequence: 0)
        let state = try #require(context.savedState(of: 0))
        #expect(!state.isEmpty)
        let kept = try feed(nextTurn, from: prompt.count, sequence: 0)

        // Restored into another sequence (which held something else), the same next turn gives
        // bit for bit the same logits as the sequence it was saved from.
        _ = try feed(nextTurn, from: 0, sequence: 1)
        #expect(context.restoreState(state, into: 1))
        let restored = try feed(nextTurn, from: prompt.count, sequence: 1)
        #expect(largestDifference(restored, kept) == 0)

        // A state cut short, or bytes that are no state, are refused and leave the sequence
        // empty: a prompt from position 0 then decodes as on a fresh sequence.
        let fresh = try feed(prompt, from: 0, sequence: 3)
        for refused in [Array(state.prefix(state.count / 2)), [UInt8](repeating: 0xFF, count: 64), []] {
            #expect(!context.restoreState(refused, into: 2))
            #expect(largestDifference(try feed(prompt, from: 0, sequence: 2), fresh) == 0)
            context.removeTokens(of: 2, from: 0)
        }
        // An empty sequence has nothing to save.
        #expect(context.savedState(of: 2) == nil)
    }
}

extension CacheConsistencyTests {
    /// llama.cpp copies a sequence's stream into another at the start of the next decode, not at
    /// `llama_memory_seq_cp`; until then a state loaded into the source would be what the copy
    /// takes (measured before the refusal: the copy's next logits 8.7 off), and a state saved
    /// from the destination would hold the stream it had before. The context refuses both
    /// until a decode has made the copy, so the copy stays exact.
    @Test func aStateIsNeitherLoadedIntoNorSavedFromASequenceWhoseCopyIsPending() throws {
        let vocabulary = model.vocabulary
        let prompt = try vocabulary.tokenize(TestModels.chatML(system: "You are a helpful assistant.", user: "Name two seas."))
        let other = try vocabulary.tokenize(TestModels.chatML(system: "You write limericks.", user: "One about a heron."))
        let nextTurn = try vocabulary.tokenize("<|im_end|>\n<|im_start|>user\nAnd a lake?<|im_end|>\n<|im_start|>assistant\n")
        _ = try feed(other, from: 0, sequence: 3)
        let otherState = try #require(context.savedState(of: 3))
        _ = try feed(prompt, from: 0, sequence: 2)
        let expected = try feed(nextTurn, from: prompt.count, sequence: 2)
        _ = try feed(prompt, from: 0, sequence: 0)
        #expect(context.shareTokens(from: 0, to: 1, count: Int32(prompt.count)))

        #expect(context.awaitsCopy(0) && context.awaitsCopy(1) && !context.awaitsCopy(2))
        #expect(!context.restoreState(otherState, into: 0), "the copy's source is refused a state until the copy is made")
        #expect(context.savedState(of: 1)?.count == nil, "the copy's destination has nothing to save until the copy is made")
        #expect(context.savedState(of: 0)?.count != nil, "the source's own buffers are whole")
        let copied = try feed(nextTurn, from: prompt.count, sequence: 1)
        #expect(largestDifference(copied, expected) == 0)
        #expect(!context.awaitsCopy(0) && !context.awaitsCopy(1))

        // After the decode that made the copy, both work again.
        #expect(context.restoreState(otherState, into: 0))
        #expect(context.savedState(of: 1)?.count != nil)
    }
}
