import ConstrainedDecoding
import JSONValues
import FuzzSupport

/// libFuzzer entry: any bytes as a JSON Schema (users import real-world ones; `fm serve` takes
/// them from the network). A schema compiles to a grammar or throws `SchemaError`; a grammar then
/// drives a walk of up to 200 tokens over a small vocabulary, choosing among the allowed tokens
/// with a generator seeded by the input. Every token the mask allows must be accepted: a mask
/// that allows what the matcher rejects would make the engine fail mid-answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONSchema(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? JSONReader.read(utf8: bytes),
        let grammar = try? Grammar.jsonSchema(document),
        let compiled = try? CompiledGrammar(grammar, vocabulary: ByteTokenizer.vocabulary)
    else { return 0 }
    let constraint = GrammarConstraint(grammar: compiled, vocabulary: ByteTokenizer())
    var words = [UInt32](repeating: 0, count: (ByteTokenizer.tokens.count + 31) / 32)
    var seed = bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    for _ in 0..<200 where !constraint.isComplete {
        words.withUnsafeMutableBufferPointer { constraint.fillAllowedTokens($0) }
        var allowed: [Int32] = []
        for (index, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                allowed.append(Int32(index * 32 + bits.trailingZeroBitCount))
                bits &= bits &- 1
            }
        }
        guard !allowed.isEmpty else { return 0 }  // a dead end is reported by the engine as a typed error
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let token = allowed[Int((seed >> 33) % UInt64(allowed.count))]
        if ByteTokenizer.endOfGeneration.contains(token) { return 0 }
        guard constraint.accept(token) else {
            fatalError("the mask allowed token \(token) that the matcher rejected")  // the fuzzer's finding
        }
        _ = constraint.takeForcedTokens()
    }
    return 0
}

/// A small tokenizer: the 256 bytes, pieces that cross JSON's structure, and an end token.
struct ByteTokenizer: ConstraintTokenizer {
    static let tokens: [[UInt8]] = {
        var tokens: [[UInt8]] = (0..<256).map { [UInt8($0)] }
        let pieces = ["{\"", "\"}", "\": ", "\", \"", ", ", "\"]", "[\"", "true", "false", "null", "12", "-1", ".5", "e5", "\\u00", "é", "😀"]
        tokens += pieces.map { Array($0.utf8) }
        tokens.append(Array("<|end|>".utf8))
        return tokens
    }()
    static let endOfGeneration: [Int32] = [Int32(tokens.count - 1)]
    static let vocabulary = TokenVocabulary(tokens: tokens, specialTokens: [tokens.count - 1], endOfGenerationTokens: [tokens.count - 1])

    var allTokenBytes: [[UInt8]] { Self.tokens }
    var endOfGenerationTokens: [Int32] { Self.endOfGeneration }
    func tokens(of text: String) -> [Int32]? { text.utf8.map { Int32($0) } }
    func bytes(of token: Int32) -> [UInt8] { Self.tokens[Int(token)] }
}

/// The executable's entry (SwiftPM links `FuzzJSONSchema_main` as `main`).
@_cdecl("FuzzJSONSchema_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzJSONSchema(data!, size) }
}
