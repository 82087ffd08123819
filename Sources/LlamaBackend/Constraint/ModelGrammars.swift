package import ConstrainedDecoding
import Synchronization

/// A model's constrained-decoding state that outlives requests: its vocabulary as bytes (with the
/// per-vocabulary tables) and the grammars compiled for it.
package final class ModelGrammars: Sendable {
    private let vocabulary: Vocabulary
    private let tokenVocabularyStorage = Mutex<TokenVocabulary?>(nil)
    /// The compiled grammars and the order they were added in, behind one lock.
    private let cache = Mutex(Cache())
    /// Grammars kept per model; older ones are dropped first.
    private let capacity = 256

    private struct Cache {
        var grammars: [GrammarKey: CompiledGrammar] = [:]
        var order: [GrammarKey] = []
    }

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
        try grammar(for: .jsonSchema(schema, layout: layout)) { () throws(SchemaError) in
            try Grammar.jsonSchema(schema, options: JSONSchemaOptions(layout: layout))
        }
    }

    /// A compiled grammar by key, built by `make` on first use. Compiling happens outside the
    /// lock: two requests for a new key may both compile it, and the first stored wins.
    package func grammar(for key: GrammarKey, make: () throws(SchemaError) -> Grammar) throws(SchemaError) -> CompiledGrammar {
        if let cached = cache.withLock({ $0.grammars[key] }) { return cached }
        let grammar = try CompiledGrammar(try make(), vocabulary: tokenVocabulary)
        return cache.withLock { cache in
            if let stored = cache.grammars[key] { return stored }
            cache.grammars[key] = grammar
            cache.order.append(key)
            if cache.order.count > capacity {
                cache.grammars[cache.order.removeFirst()] = nil
            }
            return grammar
        }
    }
}
