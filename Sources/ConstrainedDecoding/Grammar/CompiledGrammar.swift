/// A grammar prepared for one vocabulary: flattened tables plus a lazily filled mask cache.
///
/// Compile once per (schema, vocabulary) and create a cheap ``GrammarMatcher`` per generation. The
/// mask cache fills as matchers visit states and is shared by all of them (thread-safe).
public final class CompiledGrammar: Sendable {
    /// The vocabulary the masks are computed for.
    public let vocabulary: TokenVocabulary
    /// Keywords that were treated as annotations (for example unknown `format` values).
    public let notes: [String]
    let tables: GrammarTables
    /// The fewest bytes that finish the grammar from each parse position (budget-aware decoding).
    let distances: CompletionDistances
    let cache = MaskCache()

    /// Prepares `grammar` for `vocabulary`.
    /// - Throws: ``SchemaError`` when the grammar admits no text or is left-recursive.
    public convenience init(_ grammar: Grammar, vocabulary: TokenVocabulary) throws(SchemaError) {
        try self.init(grammar, vocabulary: vocabulary, sharesLengthMasks: true)
    }

    /// Prepares `grammar`; without `sharesLengthMasks`, every state of a length-bounded string
    /// gets a mask-cache entry of its own, and without `mergesRules` equal rules stay apart (for
    /// tests that check that sharing and merging change no mask).
    init(_ grammar: Grammar, vocabulary: TokenVocabulary, sharesLengthMasks: Bool, mergesRules: Bool = true) throws(SchemaError) {
        let checked = try (mergesRules ? grammar.mergingIdenticalRules() : grammar).validated()
        self.vocabulary = vocabulary
        self.notes = grammar.notes
        self.tables = GrammarTables(
            rules: checked.rules, root: checked.root, longestToken: sharesLengthMasks ? vocabulary.longestTokenByteCount : nil)
        self.distances = CompletionDistances(tables: tables)
    }

    /// The bytes of token masks cached so far: they are computed as decoding first visits each
    /// parse state and kept for every later request, so a grammar grows with its use.
    public var cachedMaskByteCount: Int { cache.byteCount }

    /// The bytes the grammar holds, about: its tables, its completion distances and its cached
    /// masks (what a cache of grammars pays to keep it).
    public var byteCount: Int { tables.byteCount + distances.byteCount + cache.byteCount }

    /// The length in bytes of the grammar's shortest sentence: for a JSON Schema, its smallest
    /// instance in the grammar's layout. A response needs at most this many tokens to be valid.
    public var shortestSentenceBytes: Int {
        distances.ruleMinimum[Int(tables.root)]
    }

    /// Compiles JSON Schema text for `vocabulary`.
    /// - Throws: ``SchemaError`` naming the keyword and path of anything that cannot be enforced.
    public convenience init(
        jsonSchema: String, vocabulary: TokenVocabulary, options: JSONSchemaOptions = JSONSchemaOptions()
    ) throws(SchemaError) {
        try self.init(Grammar.jsonSchema(jsonSchema, options: options), vocabulary: vocabulary)
    }

    /// The number of mask-cache entries computed so far (for diagnostics and benchmarks).
    public var cachedStateCount: Int { cache.count }
}
