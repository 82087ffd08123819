public import FoundationModels

extension SessionPropertyValues {
    /// How many times the tagging flow has looked the person's tags up in this session.
    @SessionPropertyEntry var existingTagLookups: Int = 0
}

/// The seed app's tagging flow: look the person's existing tags up once, then answer with tags.
///
/// Before every model request the profile is evaluated again, so the lookup count decides the
/// tool-calling mode: `.required` until the tool has been called once, `.disallowed` after.
public struct TaggingProfile: LanguageModelSession.DynamicProfile {
    /// The model the requests go to.
    let model: any LanguageModel
    /// The lookups made so far in the session.
    @LanguageModelSession.SessionProperty(\.existingTagLookups) var lookups

    /// The profile on `model`.
    public init(model: any LanguageModel) {
        self.model = model
    }

    /// The instructions, the tool, the mode that follows the lookups, greedy decoding.
    public var body: some LanguageModelSession.DynamicProfile {
        // The hook takes the property alone: the profile, with its model, is not `Sendable`.
        let counter = _lookups
        return LanguageModelSession.Profile {
            Instructions(
                """
                You suggest tags for a person's field notes. First call findExistingTags once with the \
                note's topic to see the tags the person already uses. Then answer with one to five short \
                tags, reusing the existing tags that fit the note.
                """)
            FindExistingTagsTool()
        }
        .model(model)
        .toolCallingMode(lookups < 1 ? .required : .disallowed)
        .onToolCall { counter.wrappedValue += 1 }
        .samplingMode(.greedy)
        .maximumResponseTokens(120)
    }
}
