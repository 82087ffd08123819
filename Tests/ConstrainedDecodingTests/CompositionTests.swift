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

    /// JSON Pointer escapes in a reference: `~1` is a slash, `~0` a tilde, and percent-encoding
    /// is decoded; a token without them is read as it is.
    @Test func referencesUnescapeTheirTokens() throws {
        let schema =
            ##"{"type": "object", "properties": {"a": {"$ref": "#/$defs/x~1y"}, "b": {"$ref": "#/$defs/t~0u"}, "c": {"$ref": "#/$defs/p%20q"}, "d": {"$ref": "#/$defs/~01"}}, "required": ["a", "b", "c", "d"], "additionalProperties": false, "$defs": {"x/y": {"const": 1}, "t~u": {"const": 2}, "p q": {"const": 3}, "~1": {"const": 4}, "/": {"const": 5}}}"##
        let grammar = try ByteChecks.compile(schema)
        #expect(ByteChecks.accepts(grammar, #"{"a": 1, "b": 2, "c": 3, "d": 4}"#))
        #expect(!ByteChecks.accepts(grammar, #"{"a": 1, "b": 2, "c": 3, "d": 5}"#))
        #expect(throws: SchemaError.self) { try ByteChecks.compile(##"{"$ref": "#/$defs/x~1z", "$defs": {"x/y": {"const": 1}}}"##) }
    }
}
