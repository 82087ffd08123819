package import ConstrainedDecoding
import Synchronization

/// A model's constrained-decoding state that outlives requests: its vocabulary as bytes (with the
/// per-vocabulary tables) and the grammars compiled for it.
package final class ModelGrammars: Sendable {
    private let vocabulary: Vocabulary
    private let tokenVocabularyStorage = Mutex<TokenVocabulary?>(nil)
    private let compiled = Mutex<[String: CompiledGrammar]>([:])
    /// Grammars kept per model; older ones are dropped first.
    private let capacity = 256
    private let order = Mutex<[String]>([])

    init(vocabulary: Vocabulary) {
        self.vocabulary = vocabulary
    }

    /// The vocabulary as byte strings, built on first use (once per model).
    package var tokenVocabulary: TokenVocabulary {
        if let existing = tokenVocabularyStorage.withLock({ $0 }) { return existing }
        let built = TokenVocabulary(
            tokens: vocabulary.allTokenBytes,
            specialTokens: Set(vocabulary.controlTokens.map(Int.init)),
            endOfGenerationTokens: vocabulary.endOfGenerationTokens.map(Int.init))
        return tokenVocabularyStorage.withLock { storage in
            if let existing = storage { return existing }
            storage = built
            return built
        }
    }

    /// The compiled grammar of a JSON Schema document, compiling it on first use.
    ///
    /// - Throws: `SchemaError` naming the first keyword the engine cannot enforce.
    package func grammar(forJSONSchema schema: String, layout: JSONLayout = .canonical) throws(SchemaError) -> CompiledGrammar {
        try grammar(key: "schema|\(layout.keySeparator)|\(layout.itemSeparator)|" + schema) { () throws(SchemaError) in
            try Grammar.jsonSchema(schema, options: JSONSchemaOptions(layout: layout))
        }
    }

    /// A compiled grammar by key, built by `make` on first use.
    package func grammar(key: String, make: () throws(SchemaError) -> Grammar) throws(SchemaError) -> CompiledGrammar {
        if let cached = compiled.withLock({ $0[key] }) { return cached }
        let grammar = try CompiledGrammar(try make(), vocabulary: tokenVocabulary)
        compiled.withLock { $0[key] = grammar }
        order.withLock { order in
            order.append(key)
            if order.count > capacity {
                let evicted = order.removeFirst()
                compiled.withLock { _ = $0.removeValue(forKey: evicted) }
            }
        }
        return grammar
    }
}
