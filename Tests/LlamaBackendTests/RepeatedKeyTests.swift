import ConstrainedDecoding
import JSONValues
import Testing
@testable import LlamaBackend
import TestSupport

/// Guided generation on SmolLM2 never repeats a key in an object, even where the model wants to:
/// a prompt of objects that repeat their key leads it to copy them, which a free-key schema's
/// grammar alone allows.
@Suite(.requiresSmolLM2, .serialized) struct RepeatedKeyTests {
    static let schema = #"{"type": "object", "additionalProperties": {"type": "integer"}}"#
    static let prompt = """
        Each line is one JSON object.
        {"a": 1, "a": 2, "a": 3, "a": 4}
        {"a": 1, "a": 2, "a": 3, "a": 4}
        {"a": 1, "a": 2, "a": 3, "a": 4}

        """

    /// The greedy answer as text, with or without the guard against repeated keys.
    func answer(uniqueKeys: Bool) async throws -> String {
        let engine = try #require(TestModels.smolEngine)
        let vocabulary = engine.model.vocabulary
        let grammar = try ModelGrammars(vocabulary: vocabulary).grammar(forJSONSchema: Self.schema)
        let request = GenerationRequest(
            promptTokens: try vocabulary.tokenize(Self.prompt), sampling: .init(strategy: .greedy), maximumTokens: 60,
            constraint: { GrammarConstraint(grammar: grammar, vocabulary: vocabulary, uniqueKeys: uniqueKeys) })
        var bytes: [UInt8] = []
        for try await event in engine.generate(request) {
            if case .text(_, let tokens) = event {
                for token in tokens { bytes += vocabulary.piece(for: token) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The keys of every object in `value`, object by object.
    func keyLists(_ value: JSONValue) -> [[String]] {
        switch value {
        case .object(let members): [members.map(\.key)] + members.flatMap { keyLists($0.value) }
        case .array(let items): items.flatMap(keyLists)
        default: []
        }
    }

    @Test func theModelCopiesARepeatedKeyOnlyWithoutTheGuard() async throws {
        // Without the guard, the grammar lets the model copy the repeated key.
        let unguarded = try JSONReader.read(try await answer(uniqueKeys: false))
        #expect(keyLists(unguarded).contains { Set($0).count < $0.count }, "\(unguarded)")

        let text = try await answer(uniqueKeys: true)
        let guarded = try JSONReader.read(text)
        let lists = keyLists(guarded)
        #expect(!lists.isEmpty)
        for keys in lists { #expect(Set(keys).count == keys.count, "\(text)") }
    }
}
