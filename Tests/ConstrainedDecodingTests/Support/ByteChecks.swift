import ConstrainedDecoding

/// Helpers that check byte-level acceptance of whole strings against a grammar.
enum ByteChecks {
    static func compile(_ schema: String, options: JSONSchemaOptions = JSONSchemaOptions()) throws -> CompiledGrammar {
        try CompiledGrammar(jsonSchema: schema, vocabulary: TestVocabularies.synthetic, options: options)
    }

    /// Whether `text` is a complete sentence of the grammar.
    static func accepts(_ grammar: CompiledGrammar, _ text: String) -> Bool {
        let matcher = GrammarMatcher(grammar: grammar)
        do { try matcher.acceptString(text) } catch { return false }
        return matcher.canTerminate
    }

    /// Whether `text` is a prefix of some sentence of the grammar.
    static func acceptsPrefix(_ grammar: CompiledGrammar, _ text: String) -> Bool {
        let matcher = GrammarMatcher(grammar: grammar)
        do { try matcher.acceptString(text) } catch { return false }
        return true
    }
}
