public import FoundationModels

/// The main job (`fm notes`): meeting notes in, a ``NotesDigest`` out, with the owners' full names
/// from ``TeamDirectoryTool``. One session and two turns, as one would ask a small model: first it
/// looks the people up (the model picks whom, and must call the tool) and answers with the full
/// names it found (``LookedUpPeople``, guided, so the turn ends in a few tokens), then it writes
/// the digest from the notes and what it found (tools turned off).
///
/// ```swift
/// let digester = NotesDigester(model: SystemLanguageModel.default)
/// let digest = try await digester.digest(of: notes, options: GenerationOptions(samplingMode: .greedy)).content
/// ```
///
/// `fm notes`, `fm bench` and the seed-feature evaluation run this one flow.
public struct NotesDigester: Sendable {
    /// The instructions `fm notes` gives when none are passed.
    public static let defaultInstructions = """
        Extract a summary and a list of concrete action items from meeting notes. Only include \
        tasks that are explicitly stated. When a note mentions a person by first name, use the \
        lookupTeamMember tool to resolve their full name for the owner.
        """

    /// The model of both turns.
    public var model: any LanguageModel
    /// The session's instructions; nil for none.
    public var instructions: String?

    /// A digester on `model`.
    ///
    /// - Parameters:
    ///   - model: The model of both turns.
    ///   - instructions: The session's instructions (``defaultInstructions`` unless given).
    public init(model: any LanguageModel, instructions: String? = NotesDigester.defaultInstructions) {
        self.model = model
        self.instructions = instructions
    }

    /// The digest of `notes`, and the session's transcript.
    ///
    /// - Parameters:
    ///   - notes: The meeting notes.
    ///   - options: The options of both turns (their tool-calling modes are set here).
    /// - Returns: The digest and the transcript of the two turns.
    /// - Throws: What the session throws.
    public func digest(of notes: String, options: GenerationOptions) async throws -> (content: NotesDigest, transcript: Transcript) {
        let session = LanguageModelSession(model: model, tools: [TeamDirectoryTool()], instructions: instructions)
        var options = options
        options.toolCallingMode = .required
        _ = try await session.respond(to: Self.lookupPrompt(notes: notes), generating: LookedUpPeople.self, options: options)
        options.toolCallingMode = .disallowed
        let digest = try await session.respond(to: "Now analyze these notes:\n\n\(notes)", generating: NotesDigest.self, options: options)
        return (digest.content, session.transcript)
    }

    /// The lookup turn's prompt.
    ///
    /// "Look up every person mentioned" had the default model look up the notes' first line
    /// ("Offsite planning"); asking for each person's first name, it looked up every person in
    /// the directory in 15 of the evaluation's first 20 meetings (10 of 20 with the old prompt).
    public static func lookupPrompt(notes: String) -> String {
        "Call lookupTeamMember with the first name of each person in these notes:\n\n\(notes)"
    }
}
