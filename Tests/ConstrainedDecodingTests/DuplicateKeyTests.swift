import Foundation
@testable import ConstrainedDecoding
import SchemaWalk
import Testing

/// No object in guided output repeats a key: the guard's scanner on its own, and the constraint's
/// masks, acceptance, look-ahead and jump-forward with it on a small vocabulary.
@Suite struct DuplicateKeyTests {
    func continuations(after text: String) -> Set<String> {
        var keys = DuplicateKeyGuard()
        let unique = keys.advance(Array(text.utf8))
        #expect(unique)
        return Set(keys.forbiddenContinuations.map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func theGuardNamesTheEndingsOfTheKeysTheObjectHas() {
        #expect(continuations(after: #"{"a": 1, ""#) == [#"a""#])
        #expect(continuations(after: #"{"ab": 1, "b": 2, "a"#) == [#"b""#])
        #expect(continuations(after: #"{"ab": 1, "x"#).isEmpty)
        // Outside a key there is nothing to forbid: in a value, or before the key's quote.
        #expect(continuations(after: #"{"a": ""#).isEmpty)
        #expect(continuations(after: #"{"a": 1, "#).isEmpty)
    }

    @Test func eachObjectHasItsOwnKeys() {
        // The inner object knows only its own key; once it closes, the outer object's keys count.
        #expect(continuations(after: #"{"a": 1, "b": {"a": 2, ""#) == [#"a""#])
        #expect(continuations(after: #"{"a": 1, "b": {"c": 2}, ""#) == [#"a""#, #"b""#])
        #expect(continuations(after: #"[{"a": 1}, {""#).isEmpty)
    }

    @Test func bracesAndQuotesInsideStringsAreText() {
        #expect(continuations(after: #"{"a": "{\"b\": [1", ""#) == [#"a""#])
        #expect(continuations(after: #""{\"q\": 1, \""#).isEmpty)  // a top-level string
        #expect(continuations(after: #"<tool_call>{"name": "f", ""#) == [#"name""#])
    }

    @Test func keysCompareAsWritten() {
        var keys = DuplicateKeyGuard()
        let unique = keys.advance(Array(#"{"a\"b": 1, "#.utf8))
        #expect(unique)
        #expect(!keys.allows(Array(#""a\"b""#.utf8)))
        #expect(keys.allows(Array(#""a\"c""#.utf8)))
        #expect(keys.allows(Array(#""a": 2}"#.utf8)))
        var repeated = keys
        let repeatedIsUnique = repeated.advance(Array(#""a\"b": 2"#.utf8))
        #expect(!repeatedIsUnique)
    }

    // MARK: - In the constraint

    static let tokenizer = ConstraintTests.LongestMatchTokenizer(pieces: [
        "{", "\"", "a", "b", "a\"", "\": ", "1", ", ", "}", "ab", "al", "pha", "beta", "<eos>"
    ])
    static let freeKeys = #"{"type": "object", "additionalProperties": {"type": "integer"}}"#

    func allowed(_ constraint: GrammarConstraint) -> Set<String> {
        let tokenizer = Self.tokenizer
        let ids = ConstraintTests().allowed(constraint, count: tokenizer.pieces.count)
        return Set(ids.map { tokenizer.pieces[Int($0)] })
    }

    func accept(_ pieces: [String], into constraint: GrammarConstraint) {
        for piece in pieces { #expect(constraint.accept(Self.tokenizer.id(piece)), "\(piece)") }
    }

    @Test func theMaskNeverFinishesAKeyTheObjectHas() throws {
        let tokenizer = Self.tokenizer
        let grammar = try CompiledGrammar(jsonSchema: Self.freeKeys, vocabulary: tokenizer.vocabulary)
        let guarded = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: false)
        let unguarded = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: false, uniqueKeys: false)
        for constraint in [guarded, unguarded] { accept(["{", "\"", "a", "\": ", "1", ", ", "\""], into: constraint) }

        // The grammar alone allows the key "a" again; the guard takes out the token that ends it.
        #expect(allowed(unguarded).contains("a\""))
        #expect(!allowed(guarded).contains("a\""))
        #expect(allowed(guarded).isSuperset(of: ["a", "b", "ab"]))
        #expect(!guarded.accept(tokenizer.id("a\"")))

        // After "a", the closing quote would repeat it: every token that starts with it is out.
        accept(["a"], into: guarded)
        #expect(allowed(guarded).isDisjoint(with: ["\"", "\": "]))
        #expect(allowed(guarded).contains("b"))
        accept(["b", "\": ", "1", "}"], into: guarded)
        #expect(guarded.isComplete || guarded.tokensToFinish == 0)
    }

    @Test func aDraftIsCutBeforeTheTokenThatRepeatsAKey() throws {
        let tokenizer = Self.tokenizer
        let grammar = try CompiledGrammar(jsonSchema: Self.freeKeys, vocabulary: tokenizer.vocabulary)
        let constraint = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: false)
        accept(["{", "\"", "a", "\": ", "1", ", "], into: constraint)
        let draft = ["\"", "b", "\": ", "1", ", ", "\"", "a", "\": ", "1"].map(tokenizer.id)
        #expect(constraint.acceptedPrefixLength(of: draft) == 7)
        let unguarded = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: false, uniqueKeys: false)
        accept(["{", "\"", "a", "\": ", "1", ", "], into: unguarded)
        #expect(unguarded.acceptedPrefixLength(of: draft) == draft.count)
    }

    @Test func forcedTextNeverFinishesAKeyTheObjectHas() throws {
        // JSON Schemas never force a repeated key (free keys exclude the declared ones, and
        // propertyNames allows only declared ones); a grammar written by hand can.
        let tokenizer = Self.tokenizer
        let grammar = try CompiledGrammar(.literal(#"{"alpha": 1, "alpha": 1}"#), vocabulary: tokenizer.vocabulary)
        let unguarded = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, uniqueKeys: false)
        accept(["{"], into: unguarded)
        #expect(unguarded.takeForcedTokens().count == 12)

        let guarded = GrammarConstraint(grammar: grammar, vocabulary: tokenizer)
        accept(["{"], into: guarded)
        #expect(guarded.takeForcedTokens().isEmpty)
        // Token by token, the second key cannot be closed: a dead end, never a repeated key.
        accept(["\"", "al", "pha", "\": ", "1", ", ", "\"", "al", "pha"], into: guarded)
        #expect(allowed(guarded).isEmpty)
    }
}

/// The walk of the FuzzJSONSchema target (`SchemaWalk`), on its small vocabulary: every token
/// the mask allows must be accepted.
@Suite struct FuzzJSONSchemaRegressionTests {
    /// FuzzJSONSchema's finding: after `{"ra": {…, ", ": …, ` the mask allowed the token `", "`,
    /// which writes the key `, ` again in one token, and the guard then refused it.
    @Test func aTokenThatWritesARepeatedKeyWholeIsNotAllowed() throws {
        let schema = try #require(
            Data(
                base64Encoded:
                    "eyJ0eXBlIjoib2JqZWN0IiwidGl0bGUiOiJOb3RlIiwicHJPcHRpb25hbCI6eyJ0aXRsZSI6eyJ0eXBlIjoic3RyaW5nIiwibWF4TGVuZ3RoIjoyMH0sInIndGluZyI6eyJ0eXBlIjoiaW50ZWdlciIsIm1pbmltdW0iOjEsIm1heGltdW0iOjV9LCJ0YWdzIjp7InR5cGUiOiJhcnJheSIsIml0ZW1zIjp7ImVudW0iOlsiYSIsImIiXX0sIm1heEl0ZW1zIjozfSwiZHVlIjp7InR5cGUiOiJzdHJpbmciLCJmb3JtYXQiOiJkYXRlIn0sImlkIjp7InR5cGUiOiJzdHL///9uaW5nIiwicGF0dGVybiI6Il5bYS16XXs0fVswLTldKyQifX0sInJlcXVpcmVkIjpbInRpdGxlIiwicmEiLCJkdWUiLCJpZCJdLCJhZGRpdGlvbmFsUHJvcGVydGllYCI6ZmFsc2V9Cg=="
            ))
        #expect(try SchemaWalk.firstRefusedToken(schema: Array(schema), uniqueKeys: true) == nil)
        #expect(try SchemaWalk.firstRefusedToken(schema: Array(schema), uniqueKeys: false) == nil)
    }
}
