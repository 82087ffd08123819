/// Feedback about a session's responses, for ``LanguageModelSession/logFeedbackAttachment(sentiment:issues:desiredOutput:)``.
public struct LanguageModelFeedback {
    /// How the response was received overall.
    public enum Sentiment: Sendable, CaseIterable, Hashable {
        /// The response was good.
        case positive
        /// The response was bad.
        case negative
        /// The response was neither good nor bad.
        case neutral
    }

    /// A problem with a response.
    public struct Issue: Sendable {
        /// The kind of problem.
        public enum Category: Sendable, CaseIterable, Hashable {
            /// The response did not help.
            case unhelpful
            /// The response was longer than needed.
            case tooVerbose
            /// The response ignored the instructions.
            case didNotFollowInstructions
            /// The response was wrong.
            case incorrect
            /// The response showed a stereotype or bias.
            case stereotypeOrBias
            /// The response was suggestive or sexual.
            case suggestiveOrSexual
            /// The response was vulgar or offensive.
            case vulgarOrOffensive
            /// A guardrail blocked a request it should have allowed.
            case triggeredGuardrailUnexpectedly
        }

        /// The kind of problem.
        let category: Category
        /// What went wrong, in the user's words.
        let explanation: String?

        /// Creates an issue.
        ///
        /// - Parameters:
        ///   - category: The kind of problem.
        ///   - explanation: What went wrong.
        public init(category: LanguageModelFeedback.Issue.Category, explanation: String? = nil) {
            self.category = category
            self.explanation = explanation
        }
    }
}
