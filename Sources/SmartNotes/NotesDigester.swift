public import FoundationModels
import Foundation

/// The main job (`fm notes`): meeting notes in, a ``NotesDigest`` out, with the owners' full names
/// from ``TeamDirectoryTool``. One session and three turns, as one would ask a small model: it
/// names the people in the notes (``PeopleNamed``, guided), then calls the tool once with those
/// names (the turn must call it, and answers with the full names found, ``LookedUpPeople``, so it
/// ends in a few tokens), then writes the digest from the notes and what it found (tools turned
/// off). Notes that name nobody skip the lookup.
///
/// Asked to look everyone up in one turn, the 1.5B default model left someone out in 45 of the
/// evaluation's 55 meetings (in the traces read, one call, for the first person named); named first and
/// asked for one call with every name, in 4 (Docs/Quality.md, "The main job in three turns").
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

    /// The model of every turn.
    public var model: any LanguageModel
    /// The session's instructions; nil for none.
    public var instructions: String?

    /// A digester on `model`.
    ///
    /// - Parameters:
    ///   - model: The model of every turn.
    ///   - instructions: The session's instructions (``defaultInstructions`` unless given).
    public init(model: any LanguageModel, instructions: String? = NotesDigester.defaultInstructions) {
        self.model = model
        self.instructions = instructions
    }

    /// The digest of `notes`, and the session's transcript.
    ///
    /// - Parameters:
    ///   - notes: The meeting notes.
    ///   - options: The options of every turn (their tool-calling modes are set here).
    /// - Returns: The digest and the session's transcript.
    /// - Throws: What the session throws.
    public func digest(of notes: String, options: GenerationOptions) async throws -> (content: NotesDigest, transcript: Transcript) {
        let session = LanguageModelSession(model: model, tools: [TeamDirectoryTool()], instructions: instructions)
        var options = options
        options.toolCallingMode = .disallowed
        let named = try await session.respond(to: Self.namingPrompt(notes: notes), generating: PeopleNamed.self, options: options)
        var firstNames: [String] = []
        for name in named.content.firstNames.map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty && !firstNames.contains(name) {
            firstNames.append(name)
        }
        var fullNames: [String] = []
        if !firstNames.isEmpty {
            options.toolCallingMode = .required
            fullNames = try await session.respond(to: Self.lookupPrompt(firstNames: firstNames), generating: LookedUpPeople.self, options: options).content.fullNames
            options.toolCallingMode = .disallowed
        }
        let digest = try await session.respond(to: Self.digestPrompt(fullNames: fullNames), generating: NotesDigest.self, options: options)
        return (digest.content, session.transcript)
    }

    /// The lookup turn's prompt: one call with every name (the tool finds each person a query
    /// names).
    public static func lookupPrompt(firstNames: [String]) -> String {
        "Call lookupTeamMember once, with the query \"\(firstNames.joined(separator: ", "))\"."
    }

    /// The digest turn's prompt, with the full names the lookup turn answered. The notes are not
    /// repeated: they are in the first turn's prompt, and the 1.5B model found fewer tasks with
    /// them written again (38 of 55 meetings against 41, 7.7 s an answer against 7.0).
    public static func digestPrompt(fullNames: [String]) -> String {
        let names = fullNames.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { return "Now analyze the notes." }
        return "Now analyze the notes. Write these owners by their full names: \(names.joined(separator: ", "))."
    }

    /// The first turn's prompt: who the notes name.
    public static func namingPrompt(notes: String) -> String {
        "Name every person in these notes by first name, in the order they appear:\n\n\(notes)"
    }
}
