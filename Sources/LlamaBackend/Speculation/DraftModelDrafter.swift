import Foundation

/// Drafts tokens with a smaller model that shares the main model's vocabulary (speculative
/// decoding with a draft model), for every drafting sequence of a step in one batch.
///
/// The drafter keeps its own context, with one KV sequence per engine slot, holding what it has
/// read of that slot's conversation. Each step it first catches up with the conversation (the
/// whole prompt on a sequence's first draft, afterwards the tokens verified since, as one pass for
/// all sequences together), then guesses greedily one token per pass, all sequences in one batch,
/// until a sequence has its draft or the draft model's confidence in its next guess falls under
/// ``SpeculationSettings/minimumDraftProbability``. Tokens it read that the main model then
/// rejected are dropped from its cache on the next step, by comparing with the conversation.
///
/// Lives on the engine thread, like the scheduler that owns it (not `Sendable`).
final class DraftModelDrafter {
    private let context: LlamaContext
    private let batch: TokenBatch
    private let minimumProbability: Float
    /// What each sequence of the draft context caches, at positions `0..<cached.count`.
    private var cached: [[TokenID]]
    /// Passes of the draft model so far (catching up and guessing).
    private(set) var passes = 0
    /// Passes of a few rows (guesses, and catching up with a step's verified tokens), and their
    /// seconds together: what drafting costs a step, without the prompt's first reading.
    private(set) var timedPasses = 0
    private(set) var timedSeconds = 0.0
    /// The most rows of a pass counted in ``timedPasses``.
    private let timedRows: Int

    /// A drafter running `model` with the main context's layout (sequences, tokens per sequence,
    /// batch sizes, threads).
    ///
    /// - Throws: ``LlamaError/draftModelIncompatible(path:model:reason:)`` when the draft model's
    ///   tokens are not the main model's, ``LlamaError/contextCreationFailed(contextLength:sequences:)``.
    init(model: LlamaModel, for mainModel: LlamaModel, configuration: ContextConfiguration) throws(LlamaError) {
        if let reason = Self.incompatibility(of: model.vocabulary, with: mainModel.vocabulary) {
            throw .draftModelIncompatible(path: model.path, model: mainModel.name, reason: reason)
        }
        var draftConfiguration = configuration
        draftConfiguration.adapterPath = nil
        draftConfiguration.speculation = .off
        self.context = try LlamaContext(model: model, configuration: draftConfiguration)
        self.batch = TokenBatch(capacity: configuration.batchSize)
        self.minimumProbability = configuration.speculation.minimumDraftProbability
        self.cached = Array(repeating: [], count: configuration.sequences)
        self.timedRows = configuration.sequences * (configuration.speculation.maximumDraft + 1)
    }

    /// Why a draft model's tokens cannot stand for the main model's, or `nil` when every token id
    /// means the same bytes and the same tokens end a generation.
    static func incompatibility(of draft: Vocabulary, with main: Vocabulary) -> String? {
        guard draft.count == main.count else {
            return "its vocabulary has \(draft.count) tokens, the model's \(main.count)"
        }
        guard draft.endOfGenerationTokens == main.endOfGenerationTokens else {
            return "its end-of-generation tokens differ from the model's"
        }
        let draftBytes = draft.allTokenBytes
        let mainBytes = main.allTokenBytes
        if let token = draftBytes.indices.first(where: { draftBytes[$0] != mainBytes[$0] }) {
            return "token \(token) has other bytes than in the model's vocabulary"
        }
        return nil
    }

    /// Drafts for each request (in the same order): up to `limit` greedy guesses of the draft
    /// model, fewer where its confidence falls, none if its context fails.
    func draft(_ requests: [DraftRequest]) -> [[TokenID]] {
        var drafts = Array(repeating: [TokenID](), count: requests.count)
        // The batch index of each request's newest logits, while it drafts on.
        var logitsIndex = [Int32?](repeating: nil, count: requests.count)
        do throws(LlamaError) {
            try catchUp(requests, logitsIndex: &logitsIndex)
            while true {
                batch.removeAll()
                for (number, request) in requests.enumerated() {
                    guard let index = logitsIndex[number] else { continue }
                    logitsIndex[number] = nil
                    guard let logits = context.logits(at: index), let (token, probability) = Self.mostLikely(in: logits),
                        probability >= minimumProbability
                    else { continue }
                    drafts[number].append(token)
                    guard drafts[number].count < request.limit,
                        cached[request.slot].count < context.configuration.tokensPerSequence
                    else { continue }
                    logitsIndex[number] = batch.append(
                        token, position: Int32(cached[request.slot].count), sequence: Int32(request.slot), computeLogits: true)
                    cached[request.slot].append(token)
                }
                guard batch.count > 0 else { break }
                try decode()
            }
        } catch {
            // A failing draft context only costs the drafts: forget what it holds and draft none.
            for request in requests { forget(slot: request.slot) }
            return Array(repeating: [], count: requests.count)
        }
        return drafts
    }

    /// Runs the draft model over the batch, counting the pass.
    private func decode() throws(LlamaError) {
        try context.decode(batch)
        passes += 1
        if batch.count <= timedRows {
            timedPasses += 1
            timedSeconds += context.lastPassSeconds
        }
    }

    /// How many tokens the draft context caches for `slot`.
    func cachedCount(slot: Int) -> Int {
        cached[slot].count
    }

    /// Drops what the draft context caches for `slot`.
    func forget(slot: Int) {
        context.removeTokens(of: Int32(slot), from: 0)
        cached[slot] = []
    }

    /// Brings each request's sequence up to its history, keeping the shared prefix and feeding the
    /// rest (in batch-sized passes); the last history token of each is fed with logits.
    private func catchUp(_ requests: [DraftRequest], logitsIndex: inout [Int32?]) throws(LlamaError) {
        var next = [Int](repeating: 0, count: requests.count)
        for (number, request) in requests.enumerated() {
            let slot = request.slot
            // At least the last history token is fed again, for the logits of the first guess.
            var kept = min(SlotPlanner.sharedPrefixLength(cached[slot], request.history), request.history.count - 1)
            if kept < cached[slot].count {
                if !context.removeTokens(of: Int32(slot), from: Int32(kept)) {
                    context.removeTokens(of: Int32(slot), from: 0)
                    kept = 0
                }
                cached[slot].removeLast(cached[slot].count - kept)
            }
            next[number] = kept
        }
        while true {
            batch.removeAll()
            for (number, request) in requests.enumerated() {
                let slot = request.slot
                while next[number] < request.history.count, batch.count < batch.capacity {
                    let position = next[number]
                    let isLast = position == request.history.count - 1
                    let index = batch.append(
                        request.history[position], position: Int32(position), sequence: Int32(slot), computeLogits: isLast)
                    if isLast { logitsIndex[number] = index }
                    next[number] += 1
                }
            }
            guard batch.count > 0 else { return }
            try decode()
            for (number, request) in requests.enumerated() where cached[request.slot].count < next[number] {
                cached[request.slot].append(contentsOf: request.history[cached[request.slot].count..<next[number]])
            }
        }
    }

    /// The most likely token and its probability under the logits (temperature 1).
    static func mostLikely(in logits: UnsafeMutableBufferPointer<Float>) -> (TokenID, Float)? {
        guard var best = logits.indices.first else { return nil }
        var maximum = logits[best]
        for index in logits.indices where logits[index] > maximum {
            maximum = logits[index]
            best = index
        }
        guard maximum.isFinite else { return nil }
        var total: Float = 0
        // Terms under e^-30 cannot change the sum's leading digits; skipping them skips most exps.
        for logit in logits where logit - maximum > -30 { total += expf(logit - maximum) }
        return (TokenID(best), 1 / total)
    }
}

/// What one sequence asks of a step's drafting.
struct DraftRequest {
    /// The engine slot (and sequence) drafted for.
    let slot: Int
    /// The conversation so far: the main model's cached tokens and the ones it is about to be fed.
    let history: [TokenID]
    /// The most tokens to draft.
    let limit: Int
}
