package import ConstrainedDecoding
import Synchronization

/// A model's constrained-decoding state that outlives requests: its vocabulary as bytes (with the
/// per-vocabulary tables) and the grammars compiled for it.
package final class ModelGrammars: Sendable {
    private let vocabulary: Vocabulary
    private let tokenVocabularyStorage = Mutex<TokenVocabulary?>(nil)
    /// The compiled grammars and when each was last used, behind one lock.
    private let cache = Mutex(Cache())
    /// Grammars kept per model at most; the least recently used go first.
    package let capacity: Int
    /// The bytes the kept grammars may hold together (tables and cached token masks), checked
    /// each time a grammar is added. Masks are cached as decoding visits each parse state (one
    /// is 6 KiB for a 49,152 token vocabulary, 19 KiB for 151,936), so a server taking many
    /// schemas would otherwise grow by up to the count bound times what one schema takes.
    package let byteLimit: Int

    private struct Cache {
        /// Each grammar with the moment it was last asked for.
        var entries: [GrammarKey: (grammar: CompiledGrammar, lastUse: UInt64)] = [:]
        /// Counts requests: the moments of `lastUse`.
        var clock: UInt64 = 0

        /// The grammar for `key`, marked as just used.
        mutating func use(_ key: GrammarKey) -> CompiledGrammar? {
            // One lookup (the key's hash covers the whole schema text).
            guard let index = entries.index(forKey: key) else { return nil }
            clock += 1
            entries.values[index].lastUse = clock
            return entries.values[index].grammar
        }

        mutating func add(_ grammar: CompiledGrammar, for key: GrammarKey) {
            clock += 1
            entries[key] = (grammar, clock)
        }

        /// Drops the least recently used grammars, never the newest, until both bounds hold.
        mutating func trim(capacity: Int, byteLimit: Int) {
            var bytes = entries.values.reduce(0) { $0 + $1.grammar.byteCount }
            while entries.count > 1, entries.count > capacity || bytes > byteLimit,
                let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                bytes -= oldest.value.grammar.byteCount
                entries[oldest.key] = nil
            }
        }
    }

    /// An empty cache for `vocabulary`'s model.
    ///
    /// - Parameters:
    ///   - capacity: Grammars kept at most (256 by default).
    ///   - byteLimit: Bytes the kept grammars may hold together (tables and cached masks) when
    ///     one is added (128 MiB by default).
    package init(vocabulary: Vocabulary, capacity: Int = 256, byteLimit: Int = 128 << 20) {
        self.vocabulary = vocabulary
        self.capacity = capacity
        self.byteLimit = byteLimit
    }

    /// The grammars kept now.
    package var cachedGrammarCount: Int { cache.withLock { $0.entries.count } }

    /// The bytes the kept grammars hold now (tables and cached masks).
    package var cachedByteCount: Int { cache.withLock { $0.entries.values.reduce(0) { $0 + $1.grammar.byteCount } } }

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
    ///
    /// At most `capacity` grammars are kept, holding `byteLimit` bytes together
    /// when one is added; the least recently used go first. A dropped grammar still serves the
    /// requests that hold it, and is compiled again when next asked for.
    package func grammar(for key: GrammarKey, make: () throws(SchemaError) -> Grammar) throws(SchemaError) -> CompiledGrammar {
        if let cached = cache.withLock({ $0.use(key) }) { return cached }
        let grammar = try CompiledGrammar(try make(), vocabulary: tokenVocabulary)
        return cache.withLock { cache in
            if let stored = cache.use(key) { return stored }
            cache.add(grammar, for: key)
            cache.trim(capacity: capacity, byteLimit: byteLimit)
            return grammar
        }
    }
}
