import Foundation
package import FoundationModels
import FoundationModelsCore
import LlamaBackend

/// `fm bench`'s session-engine scenarios, through the public session API:
///
/// - **Growing conversation:** time to first token (TTFT) at turn 10 against turn 1, and against
///   turn 10 computed from scratch (emptied cache, session restored from the transcript).
/// - **Prewarm:** TTFT of a session's first request with and without `prewarm()`.
/// - **Concurrency:** aggregate decode tokens/s of 1, 2, 4 and 8 sessions decoding together, beside
///   `llama-batched-bench`'s for as many sequences in the same repeat (when the tool is set up).
/// - **Memory:** resident memory per extra concurrent session.
///
/// Each measurement is repeated and the median reported; the scenarios alternate within a repeat.
package struct SessionBench {
    /// The default model's settings (threads and context size set by `fm bench`).
    let settings: LocalModelSettings
    let repeats: Int
    /// llama.cpp's decoding of as many sequences together, the concurrency figures' reference.
    let reference: LlamaBatchedBenchRunner?
    let log: (String) -> Void

    /// The scenarios on a model's settings, each measured `repeats` times; with a `reference`, the
    /// concurrency levels are measured beside it.
    package init(settings: LocalModelSettings, repeats: Int, reference: LlamaBatchedBenchRunner? = nil, log: @escaping (String) -> Void) {
        self.settings = settings
        self.repeats = repeats
        self.reference = reference
        self.log = log
    }

    static let turns = 10
    static let concurrencyLevels = [1, 2, 4, 8]
    static let tokensPerTurn = 32
    static let concurrentTokens = 64
    /// The prompt of each `llama-batched-bench` sequence: about as long as a concurrent session's.
    static let referencePromptTokens = 32

    /// What the scenarios measured (seconds, tokens/s, bytes).
    package struct Report {
        var ttftTurn1: Double
        var ttftLastTurn: Double
        var ttftLastTurnFullPrefill: Double
        var ttftCold: Double
        var ttftPrewarmed: Double
        /// A turn appended to the 10-turn conversation, and one asked after editing its second
        /// answer in place (OS 27): the edited turn recomputes only from the edit on.
        var ttftAppended: Double
        var ttftEdited: Double
        /// Turn 10 of the same conversation on a session with a dynamic profile (OS 27), which is
        /// evaluated before every request: it must keep the cache as a plain session does.
        var ttftProfileLastTurn: Double
        /// Prompt tokens of the edited turn, and how many of them the cache held.
        var editedPromptTokens: Int
        var editedCachedTokens: Int
        var decodeRates: [Int: Double]
        /// `llama-batched-bench`'s aggregate decode tokens/s by sequences (empty without it), and
        /// ours over its, the median of the repeats' ratios.
        var referenceRates: [Int: Double] = [:]
        var overReference: [Int: Double] = [:]
        var rssPerSession: Double
        var kvPerSession: Double

        var lastOverFirst: Double { ttftLastTurn / ttftTurn1 }
        var fullPrefillOverFirst: Double { ttftLastTurnFullPrefill / ttftTurn1 }
        var prewarmRatio: Double { ttftPrewarmed / ttftCold }
        var editedOverAppended: Double { ttftEdited / ttftAppended }
        var profileOverPlain: Double { ttftProfileLastTurn / ttftLastTurn }
        func speedup(_ sessions: Int) -> Double { (decodeRates[sessions] ?? .nan) / (decodeRates[1] ?? .nan) }
        func referenceSpeedup(_ sessions: Int) -> Double { (referenceRates[sessions] ?? .nan) / (referenceRates[1] ?? .nan) }

        /// The members of `fm bench --json`.
        package var jsonMembers: [String: Any] {
            var members: [String: Any] = [
                "ttft_turn1_ms": ttftTurn1 * 1000, "ttft_turn10_ms": ttftLastTurn * 1000,
                "ttft_turn10_full_prefill_ms": ttftLastTurnFullPrefill * 1000,
                "ttft_turn10_over_turn1": lastOverFirst, "ttft_full_prefill_over_turn1": fullPrefillOverFirst,
                "ttft_cold_ms": ttftCold * 1000, "ttft_prewarmed_ms": ttftPrewarmed * 1000, "ttft_prewarm_ratio": prewarmRatio,
                "ttft_appended_ms": ttftAppended * 1000, "ttft_edited_transcript_ms": ttftEdited * 1000,
                "ttft_edited_transcript_over_append": editedOverAppended,
                "edited_prompt_tokens": editedPromptTokens, "edited_cached_tokens": editedCachedTokens,
                "ttft_turn10_profile_ms": ttftProfileLastTurn * 1000, "ttft_turn10_profile_over_plain": profileOverPlain,
                "rss_per_session_mb": rssPerSession / 1_048_576, "kv_mb_per_session": kvPerSession / 1_048_576
            ]
            for (sessions, rate) in decodeRates {
                members["decode_tps_concurrency\(sessions)"] = rate
                if sessions > 1 { members["concurrency\(sessions)_speedup"] = speedup(sessions) }
            }
            for (sessions, rate) in referenceRates {
                members["llama_batched_decode_tps_concurrency\(sessions)"] = rate
                if sessions > 1 {
                    members["llama_batched_concurrency\(sessions)_speedup"] = referenceSpeedup(sessions)
                    members["concurrency\(sessions)_speedup_over_llama_batched"] = speedup(sessions) / referenceSpeedup(sessions)
                }
            }
            for (sessions, ratio) in overReference { members["decode_concurrency\(sessions)_over_llama_batched"] = ratio }
            return members
        }

        /// The lines of `fm bench`'s table.
        package var table: String {
            func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }
            func ratio(_ value: Double) -> String { String(format: "%.2fx", value) }
            var lines = [
                "time to first token: turn 1 \(ms(ttftTurn1)), turn 10 \(ms(ttftLastTurn)) (\(ratio(lastOverFirst))), "
                    + "turn 10 recomputed \(ms(ttftLastTurnFullPrefill)) (\(ratio(fullPrefillOverFirst)))",
                "time to first token: cold \(ms(ttftCold)), prewarmed \(ms(ttftPrewarmed)) (\(ratio(prewarmRatio)))",
                "time to first token: turn 11 appended \(ms(ttftAppended)), after editing answer 2 \(ms(ttftEdited)) "
                    + "(\(ratio(editedOverAppended)); \(editedCachedTokens) of \(editedPromptTokens) prompt tokens cached)",
                "time to first token: turn 10 with a dynamic profile \(ms(ttftProfileLastTurn)) (\(ratio(profileOverPlain)) of the plain session's)"
            ]
            let rates = SessionBench.concurrencyLevels.compactMap { sessions in
                decodeRates[sessions].map { String(format: "%d: %.1f tok/s (%@)", sessions, $0, ratio(speedup(sessions))) }
            }
            lines.append("aggregate decode by concurrent sessions: " + rates.joined(separator: ", "))
            if !referenceRates.isEmpty {
                let theirs = SessionBench.concurrencyLevels.compactMap { sessions in
                    referenceRates[sessions].map { String(format: "%d: %.1f tok/s (%@)", sessions, $0, ratio(referenceSpeedup(sessions))) }
                }
                lines.append("llama-batched-bench, as many sequences: " + theirs.joined(separator: ", "))
                let ours = SessionBench.concurrencyLevels.compactMap { sessions in
                    overReference[sessions].map { String(format: "%d: %@", sessions, ratio($0)) }
                }
                lines.append("aggregate decode, ours / llama-batched-bench's (median of pairs): " + ours.joined(separator: ", "))
            }
            lines.append(
                String(
                    format: "resident memory per extra session: %.1f MB (KV cache per session: %.1f MB)",
                    rssPerSession / 1_048_576, kvPerSession / 1_048_576))
            return lines.joined(separator: "\n")
        }
    }

    package func run() async throws -> Report {
        var first: [Double] = []
        var last: [Double] = []
        var full: [Double] = []
        var cold: [Double] = []
        var warm: [Double] = []
        var appended: [Double] = []
        var edited: [Double] = []
        var profiled: [Double] = []
        var editedTokens = (prompt: 0, cached: 0)
        var rates: [Int: [Double]] = [:]
        var referenceRates: [Int: [Double]] = [:]
        var overReference: [Int: [Double]] = [:]
        let memory = try await measureMemory()
        for run in 1...repeats {
            log("session scenarios \(run)/\(repeats): growing conversation")
            let conversation = try await growingConversation()
            first.append(conversation.first)
            last.append(conversation.last)
            full.append(conversation.fullPrefill)
            appended.append(conversation.appended)
            edited.append(conversation.edited)
            editedTokens = (conversation.editedPromptTokens, conversation.editedCachedTokens)
            log("session scenarios \(run)/\(repeats): conversation with a profile")
            profiled.append(try await profileConversation())
            log("session scenarios \(run)/\(repeats): prewarm")
            let prewarm = try await prewarming(run: run)
            cold.append(prewarm.cold)
            warm.append(prewarm.warm)
            var ours: [Int: Double] = [:]
            for sessions in Self.concurrencyLevels {
                log("session scenarios \(run)/\(repeats): \(sessions) concurrent sessions")
                ours[sessions] = try await aggregateDecodeRate(sessions: sessions, run: run)
                rates[sessions, default: []].append(ours[sessions] ?? .nan)
            }
            if let reference {
                log("session scenarios \(run)/\(repeats): llama-batched-bench")
                let theirs = try reference.decodeRates(
                    promptTokens: Self.referencePromptTokens, generateTokens: Self.concurrentTokens, sequences: Self.concurrencyLevels)
                for (sessions, rate) in theirs {
                    referenceRates[sessions, default: []].append(rate)
                    overReference[sessions, default: []].append((ours[sessions] ?? .nan) / rate)
                }
            }
        }
        return Report(
            ttftTurn1: first.median, ttftLastTurn: last.median, ttftLastTurnFullPrefill: full.median,
            ttftCold: cold.median, ttftPrewarmed: warm.median, ttftAppended: appended.median, ttftEdited: edited.median,
            ttftProfileLastTurn: profiled.median,
            editedPromptTokens: editedTokens.prompt, editedCachedTokens: editedTokens.cached, decodeRates: rates.mapValues(\.median),
            referenceRates: referenceRates.mapValues(\.median), overReference: overReference.mapValues(\.median), rssPerSession: memory.perSession,
            kvPerSession: memory.kvPerSession)
    }

    // MARK: Scenarios

    /// What the growing conversation measured.
    struct Conversation {
        var first: Double
        var last: Double
        var fullPrefill: Double
        var appended: Double
        var edited: Double
        var editedPromptTokens: Int
        var editedCachedTokens: Int
    }

    /// TTFT of turns 1 and 10 of one conversation, and of turn 10 recomputed from scratch; then of
    /// turn 11 appended, and of turn 12 after the conversation's second answer was edited.
    func growingConversation() async throws -> Conversation {
        await settings.discardCachedPrompts()
        let model = SystemLanguageModel.default
        let session = LanguageModelSession(model: model, instructions: "You are a helpful assistant. Answer in two sentences.")
        let times = try await converse(session)
        let history = Transcript(entries: session.transcript.prefix(session.transcript.count - 2))

        // While the cache holds the conversation: append a turn, then edit an early answer in
        // place and ask again.
        let appended = try await timeToFirstToken(session, "Thank you. One more question: is it far?", maximumTokens: Self.tokensPerTurn)
        let secondAnswer = 4  // instructions, prompt 1, answer 1, prompt 2, answer 2
        guard case .response(var answer) = session.transcript[secondAnswer] else {
            throw BenchmarkError("entry \(secondAnswer) of the conversation is not an answer")
        }
        answer.segments = [.text(Transcript.TextSegment(content: "The Louvre, the world's most visited museum."))]
        session.transcript[secondAnswer] = .response(answer)
        var usage: LanguageModelSession.Usage?
        let edited = try await timeToFirstToken(session, "Is it open on Mondays?", maximumTokens: Self.tokensPerTurn) { usage = $0 }

        await settings.discardCachedPrompts()
        let restored = LanguageModelSession(model: model, transcript: history)
        let recomputed = try await timeToFirstToken(restored, Self.questions[Self.turns - 1], maximumTokens: Self.tokensPerTurn)
        return Conversation(
            first: times[0], last: times[Self.turns - 1], fullPrefill: recomputed, appended: appended, edited: edited,
            editedPromptTokens: usage?.input.totalTokenCount ?? 0, editedCachedTokens: usage?.input.cachedTokenCount ?? 0)
    }

    /// TTFT of turn 10 of the growing conversation on a session with a dynamic profile.
    func profileConversation() async throws -> Double {
        await settings.discardCachedPrompts()
        let profile = LanguageModelSession.Profile { Instructions("You are a helpful assistant. Answer in two sentences.") }
            .samplingMode(.greedy)
        return try await converse(LanguageModelSession(profile: profile)).last ?? 0
    }

    /// The conversation's ten questions on a session, and the TTFT of each turn.
    func converse(_ session: LanguageModelSession) async throws -> [Double] {
        var times: [Double] = []
        for turn in 0..<Self.turns {
            times.append(try await timeToFirstToken(session, Self.questions[turn], maximumTokens: Self.tokensPerTurn))
        }
        return times
    }

    /// TTFT of a first request with long instructions, without and with `prewarm()`.
    ///
    /// After `prewarm()` the bench waits 1.5 times the cold TTFT (at least half a second), as an
    /// app prewarms while its user types.
    func prewarming(run: Int) async throws -> (cold: Double, warm: Double) {
        let instructions = Self.longInstructions + " This is session \(run)."
        await settings.discardCachedPrompts()
        let coldSession = LanguageModelSession(model: SystemLanguageModel.default, instructions: instructions)
        let cold = try await timeToFirstToken(coldSession, "Summarize: Sara finalizes pricing by Friday.", maximumTokens: 8)
        await settings.discardCachedPrompts()
        let warmSession = LanguageModelSession(model: SystemLanguageModel.default, instructions: instructions)
        warmSession.prewarm()
        try await Task.sleep(for: .seconds(max(0.5, 1.5 * cold)))
        let warm = try await timeToFirstToken(warmSession, "Summarize: Sara finalizes pricing by Friday.", maximumTokens: 8)
        return (cold, warm)
    }

    /// The decode tokens/s of `sessions` sessions together, over the time all of them decode.
    func aggregateDecodeRate(sessions: Int, run: Int) async throws -> Double {
        try await ConcurrentDecoding.aggregateRate(
            model: LlamaLanguageModel(settings: concurrentSettings), sessions: sessions, run: run, maximumTokens: Self.concurrentTokens)
    }

    /// Resident memory per extra concurrent session: an engine of 8 sessions running 8, against
    /// one of 1 running 1 (same model, already loaded), per extra session.
    func measureMemory() async throws -> (perSession: Double, kvPerSession: Double) {
        log("session scenarios: memory")
        var single = settings
        single.concurrentSessions = 1
        let before1 = Self.residentBytes()
        _ = try await LanguageModelSession(model: LlamaLanguageModel(settings: single), instructions: "You count.")
            .respond(to: "Count from 1 to 20.", options: SamplingKnobs(temperature: 0, maximumTokens: Self.concurrentTokens).generationOptions)
        let one = Self.residentBytes() - before1
        let before8 = Self.residentBytes()
        _ = try await aggregateDecodeRate(sessions: 8, run: 0)
        let eight = Self.residentBytes() - before8
        let model = try LlamaModelStore.shared.vocabularyModel(at: settings.modelPath)
        return ((eight - one) / 7, Double(model.kvBytesPerToken * settings.contextSize))
    }

    /// The settings of the concurrency engine: eight sessions of the default context size.
    var concurrentSettings: LocalModelSettings {
        var concurrent = settings
        concurrent.concurrentSessions = 8
        return concurrent
    }

    // MARK: Helpers

    /// Streams a response to the end; returns the seconds until its first snapshot.
    func timeToFirstToken(
        _ session: LanguageModelSession, _ prompt: String, maximumTokens: Int,
        usage: (LanguageModelSession.Usage) -> Void = { _ in }
    ) async throws -> Double {
        let start = ContinuousClock.now
        var first: ContinuousClock.Instant?
        for try await snapshot in session.streamResponse(to: prompt, options: SamplingKnobs(temperature: 0, maximumTokens: maximumTokens).generationOptions) {
            if first == nil { first = .now }
            usage(snapshot.usage)
        }
        guard let first else { throw BenchmarkError("a benchmark response was empty") }
        return (first - start).seconds
    }

    /// The process's resident memory (`VmRSS`), in bytes.
    static func residentBytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return .nan }
        return kilobytes * 1024
    }

    static let questions = [
        "What is the capital of France?", "Name a famous museum there.", "Who painted the Mona Lisa?",
        "When was it painted?", "What other works did the painter make?", "Which one is the most famous?",
        "Where can I see it today?", "How do I get there from Paris?", "What should I eat nearby?",
        "Summarize our conversation."
    ]

    static let longInstructions = """
        You are a concise meeting assistant for a product team. You read meeting notes and extract \
        decisions, action items with their owners and due dates, open questions and risks. You never \
        invent owners or dates: when the notes do not say, you write "unassigned" or "no date". You \
        keep the team's vocabulary, you quote numbers exactly as written, and you answer in short \
        bullet lists grouped under the headings Decisions, Action items, Open questions and Risks. \
        When the notes mention a customer, you keep the customer's name. When two people disagree, you \
        record both positions without taking sides. When a decision is postponed, you list it under \
        open questions with the reason given. You write in plain English, without jargon, and you \
        never add a closing remark.
        """
}
