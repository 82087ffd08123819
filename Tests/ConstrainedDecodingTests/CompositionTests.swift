import ConstrainedDecoding
import Testing

@Suite struct CompositionTests {
    static let arguments = ##"{"type":"object","properties":{"q":{"type":"string"}},"required":["q"],"additionalProperties":false}"##
    static let answer = ##"{"type":"object","properties":{"text":{"type":"string"}},"required":["text"],"additionalProperties":false}"##

    @Test func toolCallOrAnswer() throws {
        let grammar = Grammar.choice([
            .sequence([
                .literal("<tool_call>\n{\"name\": \"lookup\", \"arguments\": "),
                try .jsonSchema(Self.arguments),
                .literal("}\n</tool_call>")
            ]),
            try .jsonSchema(Self.answer)
        ])
        let compiled = try CompiledGrammar(grammar, vocabulary: TestVocabularies.synthetic)
        #expect(ByteChecks.accepts(compiled, "<tool_call>\n{\"name\": \"lookup\", \"arguments\": {\"q\": \"hi\"}}\n</tool_call>"))
        #expect(ByteChecks.accepts(compiled, #"{"text": "done"}"#))
        #expect(!ByteChecks.accepts(compiled, "<tool_call>\n{\"name\": \"other\""))
        #expect(!ByteChecks.accepts(compiled, #"{"q": "hi"}"#))
        let matcher = GrammarMatcher(grammar: compiled)
        try matcher.acceptString("<")
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == "tool_call>\n{\"name\": \"lookup\", \"arguments\": {\"q\": \"")
    }

    @Test func anyTextThenLiteral() throws {
        let grammar = Grammar.sequence([.literal("<think>"), .anyText(), .literal("</think>"), try .jsonSchema(##"{"type":"boolean"}"##)])
        let compiled = try CompiledGrammar(grammar, vocabulary: TestVocabularies.synthetic)
        #expect(ByteChecks.accepts(compiled, "<think>a < b, </th </think>true"))
        #expect(ByteChecks.accepts(compiled, "<think></think>false"))
        #expect(!ByteChecks.accepts(compiled, "<think>x</think>"))
        #expect(ByteChecks.accepts(try CompiledGrammar(.anyText(maxBytes: 3), vocabulary: TestVocabularies.synthetic), "é!"))
        #expect(!ByteChecks.accepts(try CompiledGrammar(.anyText(maxBytes: 3), vocabulary: TestVocabularies.synthetic), "abcd"))
    }

    @Test func anyJSON() throws {
        let compiled = try CompiledGrammar(.anyJSON(), vocabulary: TestVocabularies.synthetic)
        for text in [#"{"a": [1, {"b": null}], "c": "d"}"#, "[]", "-0.5e3", "true"] {
            #expect(ByteChecks.accepts(compiled, text), "\(text)")
        }
        #expect(!ByteChecks.accepts(compiled, #"{"a":1}"#))
    }
}
