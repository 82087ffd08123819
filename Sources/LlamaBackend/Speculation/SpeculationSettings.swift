/// How the engine guesses tokens ahead of the model, to verify several in one decoding pass.
///
/// With a draft model, a smaller model with the same vocabulary guesses the next tokens greedily
/// (``DraftModelDrafter``). With prompt lookup, each decoding step looks for the latest n-gram of the conversation (prompt
/// and answer so far) earlier in it, and drafts the tokens that followed it there: extraction and
/// summaries copy spans of their input, and structured answers repeat their keys. The drafted
/// tokens are fed with the next token in the same batch; each position's logits are sampled as
/// usual, and drafted tokens count only while they equal what was sampled. The output is the
/// output without speculation, token for token, greedy or seeded: a draft changes how many
/// positions one pass computes, never which token is chosen.
package struct SpeculationSettings: Sendable, Hashable {
    /// Where drafted tokens come from.
    package enum Source: Sendable, Hashable {
        /// The conversation's own earlier tokens (``PromptLookup``).
        case promptLookup
        /// A smaller model with the main model's vocabulary, the GGUF file at `path`.
        case draftModel(path: String)
    }

    /// Where drafted tokens come from.
    package var source: Source
    /// The most tokens drafted for one step; 0 turns speculation off. A generation's rows in one
    /// pass, pending tokens and draft together, stay within this plus one: with 2, a step feeds
    /// at most 3 rows of one sequence, which llama.cpp's repacked CPU kernels compute row by row
    /// exactly as a single token (from 4 rows on they take a blocked kernel that rounds
    /// differently).
    package var maximumDraft: Int
    /// The shortest n-gram whose earlier occurrence is trusted to predict what follows.
    package var minimumMatch: Int
    /// The longest n-gram looked up (longer matches are tried first).
    package var maximumMatch: Int
    /// With a draft model, the least probability the draft model must give its next guess for the
    /// draft to go on (a guess it doubts would mostly be rejected, at the cost of a row).
    package var minimumDraftProbability: Float
    /// Whether each step's draft length is chosen from measured pass costs and acceptance
    /// (``SpeculationCostModel``), so that drafting stops where it does not pay; otherwise drafts
    /// run to the adaptive length whatever they cost (what tests of verification need).
    package var adaptsToCost = true

    /// Settings; the draft is clamped to at least 0 and the match lengths to at least 1.
    package init(
        maximumDraft: Int, source: Source = .promptLookup, minimumMatch: Int = 2, maximumMatch: Int = 4,
        minimumDraftProbability: Float = 0.5
    ) {
        self.source = source
        self.minimumDraftProbability = minimumDraftProbability
        self.maximumDraft = max(0, maximumDraft)
        self.minimumMatch = max(1, minimumMatch)
        self.maximumMatch = max(self.minimumMatch, maximumMatch)
    }

    /// No speculation: one token per sequence per pass.
    package static let off = SpeculationSettings(maximumDraft: 0)

    /// Whether drafts are made at all.
    package var isEnabled: Bool { maximumDraft > 0 }

    /// The draft model's file, when drafts come from one.
    package var draftModelPath: String? {
        if isEnabled, case .draftModel(let path) = source { return path }
        return nil
    }
}
