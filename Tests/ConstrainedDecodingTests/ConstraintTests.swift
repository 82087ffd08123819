import ConstrainedDecoding
import Testing

/// The engine's token constraints without a model: a grammar as a constraint (masks, acceptance,
/// canonical jump-forward) and the trigger / free / constrained state machine of tool turns, on a
/// small vocabulary with a longest-match tokenizer.
@Suite struct ConstraintTests {
    /// A tokenizer that takes the longest token at each position (deterministic and canonical for
    /// these vocabularies), with the last token as end of generation.
    struct LongestMatchTokenizer: ConstraintTokenizer {
        let pieces: [String]
        var allTokenBytes: [[UInt8]] { pieces.map { Array($0.utf8) } }
        var endOfGenerationTokens: [Int32] { [Int32(pieces.count - 1)] }

        func tokens(of text: String) -> [Int32]? {
            let bytes = Array(text.utf8)
            var position = 0
            var result: [Int32] = []
            while position < bytes.count {
                var best: (token: Int, length: Int)?
                for (token, piece) in allTokenBytes.enumerated().dropLast() where !piece.isEmpty && piece.count > (best?.length ?? 0) {
                    if bytes[position...].starts(with: piece) { best = (token, piece.count) }
                }
                guard let best else { return nil }
                result.append(Int32(best.token))
                position += best.length
            }
            return result
        }

        func bytes(of token: Int32) -> [UInt8] { allTokenBytes[Int(token)] }

        func id(_ piece: String) -> Int32 { Int32(pieces.firstIndex(of: piece)!) }

        var vocabulary: TokenVocabulary {
            TokenVocabulary(tokens: allTokenBytes.dropLast() + [[]], endOfGenerationTokens: [pieces.count - 1])
        }
    }

    static let words = LongestMatchTokenizer(pieces: ["h", "e", "l", "o", " ", "w", "r", "d", "he", "hello", " world", "<eos>"])

    func allowed(_ constraint: some TokenConstraint, count: Int) -> Set<Int32> {
        var words = [UInt32](repeating: 0, count: (count + 31) / 32)
        words.withUnsafeMutableBufferPointer { constraint.fillAllowedTokens($0) }
        return Set((0..<count).filter { words[$0 >> 5] & (1 << UInt32($0 & 31)) != 0 }.map(Int32.init))
    }

    @Test func aGrammarConstraintMasksAcceptsAndCompletes() throws {
        let tokenizer = Self.words
        let grammar = try CompiledGrammar(.literal("hello world"), vocabulary: tokenizer.vocabulary)
        let constraint = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: false)
        #expect(allowed(constraint, count: tokenizer.pieces.count) == [tokenizer.id("h"), tokenizer.id("he"), tokenizer.id("hello")])
        #expect(!constraint.accept(tokenizer.id("w")))
        #expect(constraint.accept(tokenizer.id("hello")))
        #expect(!constraint.isComplete)
        #expect(constraint.takeForcedTokens().isEmpty)  // jump-forward is off
        #expect(constraint.accept(tokenizer.id(" world")))
        #expect(constraint.isComplete)
    }

    @Test func jumpForwardAppendsForcedTokensOnlyWhenTheyAreCanonical() throws {
        let tokenizer = Self.words
        let grammar = try CompiledGrammar(.literal("hello world"), vocabulary: tokenizer.vocabulary)

        // After "hello", " world" is forced and tokenizes the same after it: appended, complete.
        let canonical = GrammarConstraint(grammar: grammar, vocabulary: tokenizer)
        #expect(canonical.accept(tokenizer.id("hello")))
        #expect(canonical.takeForcedTokens() == [tokenizer.id(" world")])
        #expect(canonical.isComplete)

        // After "he", the tokenizer would have written "hello" instead: nothing is forced.
        let split = GrammarConstraint(grammar: grammar, vocabulary: tokenizer)
        #expect(split.accept(tokenizer.id("he")))
        #expect(split.takeForcedTokens().isEmpty)
        #expect(split.accept(tokenizer.id("l")))
    }

    static let tools = LongestMatchTokenizer(pieces: ["<", "tc", ">", "<tc>", "X", "</tc>", "a", "b", " ", "```", "<eos>"])

    @Test func textThatLeavesTheTriggerIsFree() throws {
        let tokenizer = Self.tools
        let grammar = try CompiledGrammar(.literal("<tc>X</tc>"), vocabulary: tokenizer.vocabulary)
        let constraint = TriggeredConstraint(trigger: "<tc>", grammar: grammar, vocabulary: tokenizer)
        let first = allowed(constraint, count: tokenizer.pieces.count)
        for piece in ["<", "<tc>", "a", "tc", "<eos>"] { #expect(first.contains(tokenizer.id(piece)), "\(piece)") }
        #expect(constraint.accept(tokenizer.id("a")))
        #expect(!constraint.isConstrained)
        #expect(allowed(constraint, count: tokenizer.pieces.count).count == tokenizer.pieces.count)
        #expect(constraint.accept(tokenizer.id("</tc>")))
    }

    @Test func textThatTakesTheTriggerFollowsTheGrammarToTheEnd() throws {
        let tokenizer = Self.tools
        let grammar = try CompiledGrammar(.literal("<tc>X</tc>"), vocabulary: tokenizer.vocabulary)
        let constraint = TriggeredConstraint(trigger: "<tc>", grammar: grammar, vocabulary: tokenizer)
        #expect(constraint.accept(tokenizer.id("<")))
        #expect(constraint.accept(tokenizer.id("tc")))
        #expect(!constraint.isConstrained)
        #expect(constraint.accept(tokenizer.id(">")))
        #expect(constraint.isConstrained)
        #expect(allowed(constraint, count: tokenizer.pieces.count) == [tokenizer.id("X")])
        #expect(!constraint.accept(tokenizer.id("a")))
        #expect(constraint.accept(tokenizer.id("X")))
        #expect(!constraint.isComplete)
        #expect(constraint.accept(tokenizer.id("</tc>")))
        #expect(constraint.isComplete)
    }

    @Test func aTriggerWithoutGrammarCannotBeWrittenAndExcludedStartsAreOut() {
        let tokenizer = Self.tools
        let constraint = TriggeredConstraint(trigger: "<tc>", grammar: nil, vocabulary: tokenizer, excludedStarts: [UInt8(ascii: "`")])
        let first = allowed(constraint, count: tokenizer.pieces.count)
        #expect(!first.contains(tokenizer.id("<tc>")))
        #expect(!first.contains(tokenizer.id("```")))
        #expect(!first.contains(tokenizer.id(" ")))  // whitespace alone could precede the fence
        #expect(first.contains(tokenizer.id("<")) && first.contains(tokenizer.id("a")))
        #expect(!constraint.accept(tokenizer.id("```")))
        #expect(constraint.accept(tokenizer.id("<")))
        #expect(constraint.accept(tokenizer.id("tc")))
        #expect(!constraint.accept(tokenizer.id(">")))  // would complete the forbidden trigger
        #expect(constraint.accept(tokenizer.id("a")))  // "<tca" leaves it: free from here
        #expect(!constraint.isConstrained)
    }
}
