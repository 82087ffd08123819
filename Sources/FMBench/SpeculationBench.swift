import Foundation
package import FoundationModels

/// `fm bench --only speculation`: a job (the main job, `fm notes`'s flow, greedy) run with
/// speculation (prompt lookup, or a draft model) and without, interleaved, each from a cold prompt
/// cache. Reports the wall time of each, their ratio per pair of back-to-back runs (the speed-up),
/// how many tokens were drafted and how many held, and whether the answers were the same.
package struct SpeculationBench {
    let settings: LocalModelSettings
    let speculation: LocalModelSettings.Speculation
    let repeats: Int
    let job: @Sendable () async throws -> String
    let log: @Sendable (String) -> Void

    /// A benchmark of `job` under these settings, without speculation and with `speculation`.
    package init(
        settings: LocalModelSettings, speculation: LocalModelSettings.Speculation = .promptLookup, repeats: Int,
        job: @escaping @Sendable () async throws -> String, log: @escaping @Sendable (String) -> Void
    ) {
        self.settings = settings
        self.speculation = speculation
        self.repeats = repeats
        self.job = job
        self.log = log
    }

    /// What the benchmark measured.
    package struct Report {
        let speculation: LocalModelSettings.Speculation
        /// Seconds per run, without and with speculation.
        let plainSeconds: [Double]
        let speculativeSeconds: [Double]
        /// Tokens drafted and accepted over the speculative runs, and the model passes each kind
        /// of run took (medians).
        let drafted: Int
        let accepted: Int
        let plainPasses: Int
        let speculativePasses: Int
        /// The draft model's passes over the speculative runs.
        let draftModelPasses: Int
        let sameOutput: Bool
        /// The model the job ran on.
        let modelPath: String

        var speedups: [Double] { zip(plainSeconds, speculativeSeconds).map { $0 / $1 } }

        /// `lookup` or `draft`, as the JSON keys name the kind of speculation.
        var kind: String { speculation.draftModelPath == nil ? "lookup" : "draft" }

        /// The figures as JSON members (`speculative_lookup_*`, `speculative_draft_*`).
        package var jsonMembers: [String: Any] {
            let none = kind == "lookup" ? "speculative_none" : "speculative_draft_none"
            return [
                "speculative_\(kind)_speedup": speedups.median, "speculative_\(kind)_speedup_runs": speedups,
                "speculative_\(kind)_seconds": speculativeSeconds.median, "\(none)_seconds": plainSeconds.median,
                "speculative_\(kind)_draft_length": speculation.maximumDraftLength,
                "speculative_\(kind)_drafted_tokens": drafted, "speculative_\(kind)_accepted_tokens": accepted,
                "speculative_\(kind)_passes": speculativePasses, "\(none)_passes": plainPasses,
                "speculative_\(kind)_draft_model_passes": draftModelPasses,
                "speculative_\(kind)_same_output": sameOutput, "speculative_\(kind)_model": modelPath
            ]
        }

        /// The figures as a table.
        package var table: String {
            let acceptance = drafted == 0 ? 0 : Double(accepted) / Double(drafted) * 100
            let source = speculation.draftModelPath.map { "draft model \(URL(fileURLWithPath: $0).lastPathComponent)" } ?? "prompt lookup"
            return [
                "speculation: the main job (fm notes flow, greedy) on \(URL(fileURLWithPath: modelPath).lastPathComponent), "
                    + "\(source) (up to \(speculation.maximumDraftLength) a step) vs none, cold cache, medians",
                String(
                    format: "  none %.2f s (%d model passes), %@ %.2f s (%d passes): %.2fx (pairs %.2f-%.2f)", plainSeconds.median,
                    plainPasses, kind, speculativeSeconds.median, speculativePasses, speedups.median, speedups.min() ?? .nan,
                    speedups.max() ?? .nan),
                String(
                    format: "  drafted %d tokens, %d held (%.0f%%), %d draft-model passes; same answer: %@", drafted, accepted, acceptance,
                    draftModelPasses, sameOutput ? "yes" : "NO")
            ].joined(separator: "\n")
        }
    }

    /// Runs the job once each way as a warm-up (model load), then `repeats` interleaved pairs.
    package func run() async throws -> Report {
        var plain = settings
        plain.speculation = .none
        var speculative = settings
        speculative.speculation = speculation
        let previous = LocalModelSettings.current
        defer { LocalModelSettings.current = previous }
        var plainSeconds: [Double] = []
        var speculativeSeconds: [Double] = []
        var plainPasses: [Int] = []
        var speculativePasses: [Int] = []
        var drafted = 0
        var accepted = 0
        var draftModelPasses = 0
        var sameOutput = true
        for run in 0...repeats {
            var answers: [String] = []
            let kind = speculation.draftModelPath == nil ? "lookup" : "draft"
            for (label, variant) in [("none", plain), (kind, speculative)] {
                log(run == 0 ? "speculation warm-up: \(label)" : "speculation run \(run)/\(repeats): \(label)")
                LocalModelSettings.current = variant
                await variant.discardCachedPrompts()
                let before = await SystemLanguageModel.default.engineFigures()
                let start = ContinuousClock.now
                answers.append(try await job())
                let seconds = (ContinuousClock.now - start).seconds
                let after = await SystemLanguageModel.default.engineFigures()
                guard run > 0 else { continue }
                if variant.speculation == .none {
                    plainSeconds.append(seconds)
                    plainPasses.append(after.decodeCalls - before.decodeCalls)
                } else {
                    speculativeSeconds.append(seconds)
                    speculativePasses.append(after.decodeCalls - before.decodeCalls)
                    drafted += after.draftedTokens - before.draftedTokens
                    accepted += after.acceptedDraftTokens - before.acceptedDraftTokens
                    draftModelPasses += after.draftModelPasses - before.draftModelPasses
                }
            }
            if answers[0] != answers[1] {
                sameOutput = false
                log("speculation changed the answer:\n--- none\n\(answers[0])\n--- \(kind)\n\(answers[1])")
            }
        }
        return Report(
            speculation: speculation, plainSeconds: plainSeconds, speculativeSeconds: speculativeSeconds, drafted: drafted, accepted: accepted,
            plainPasses: plainPasses.median, speculativePasses: speculativePasses.median, draftModelPasses: draftModelPasses,
            sameOutput: sameOutput, modelPath: settings.modelPath)
    }
}
