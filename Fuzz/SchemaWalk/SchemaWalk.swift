package import ConstrainedDecoding
import JSONValues

/// The walk that `FuzzJSONSchema` runs on every input, shared with the regression tests that
/// replay its findings: a JSON Schema compiles to a grammar, which then drives up to 200 tokens
/// over ``WalkTokenizer``'s small vocabulary, each chosen among the tokens the mask allows by a
/// generator seeded with the schema's bytes. A sound mask allows only tokens the matcher accepts.
package enum SchemaWalk {
    /// The longest walk, in tokens.
    package static let maximumTokens = 200

    /// Walks the grammar of the JSON Schema in `bytes`.
    ///
    /// - Parameter uniqueKeys: Whether the constraint refuses a repeated key in an object (the
    ///   engine's setting; see `GrammarConstraint(uniqueKeys:)`).
    /// - Returns: The first token the mask allowed and the matcher then refused, or nil when the
    ///   walk ended soundly: complete, at the end token, at a dead end (which the engine reports
    ///   as a typed error), or after ``maximumTokens`` tokens.
    /// - Throws: The reader's error for bytes that are not JSON, and `SchemaError` for a schema
    ///   that does not compile.
    package static func firstRefusedToken(schema bytes: [UInt8], uniqueKeys: Bool = true) throws -> Int32? {
        let document = try JSONReader.read(utf8: bytes)
        let compiled = try CompiledGrammar(try Grammar.jsonSchema(document), vocabulary: WalkTokenizer.vocabulary)
        let constraint = GrammarConstraint(grammar: compiled, vocabulary: WalkTokenizer(), uniqueKeys: uniqueKeys)
        var words = [UInt32](repeating: 0, count: (WalkTokenizer.tokens.count + 31) / 32)
        var seed = bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        for _ in 0..<maximumTokens where !constraint.isComplete {
            words.withUnsafeMutableBufferPointer { constraint.fillAllowedTokens($0) }
            let allowed = allowedTokens(in: words)
            guard !allowed.isEmpty else { return nil }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let token = allowed[Int((seed >> 33) % UInt64(allowed.count))]
            if token == WalkTokenizer.endOfGeneration { return nil }
            guard constraint.accept(token) else { return token }
            _ = constraint.takeForcedTokens()
        }
        return nil
    }

    /// The tokens whose bits are set in a mask.
    private static func allowedTokens(in words: [UInt32]) -> [Int32] {
        var allowed: [Int32] = []
        for (index, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                allowed.append(Int32(index * 32 + bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
        }
        return allowed
    }
}

/// The walk's tokenizer: the 256 bytes, pieces that cross JSON's structure, and an end token.
package struct WalkTokenizer: ConstraintTokenizer {
    /// Every token's bytes, by id.
    package static let tokens: [[UInt8]] = {
        var tokens: [[UInt8]] = (0..<256).map { [UInt8($0)] }
        let pieces = ["{\"", "\"}", "\": ", "\", \"", ", ", "\"]", "[\"", "true", "false", "null", "12", "-1", ".5", "e5", "\\u00", "é", "😀"]
        tokens += pieces.map { Array($0.utf8) }
        tokens.append(Array("<|end|>".utf8))
        return tokens
    }()
    /// The end token, the last one.
    package static let endOfGeneration = Int32(tokens.count - 1)
    /// The vocabulary grammars compile against.
    package static let vocabulary = TokenVocabulary(
        tokens: tokens, specialTokens: [tokens.count - 1], endOfGenerationTokens: [tokens.count - 1])

    /// A tokenizer over ``tokens``.
    package init() {}

    package var allTokenBytes: [[UInt8]] { Self.tokens }
    package var endOfGenerationTokens: [Int32] { [Self.endOfGeneration] }
    package func tokens(of text: String) -> [Int32]? { text.utf8.map { Int32($0) } }
    package func bytes(of token: Int32) -> [UInt8] { Self.tokens[Int(token)] }
}
