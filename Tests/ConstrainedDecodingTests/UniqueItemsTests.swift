import Foundation
@testable import ConstrainedDecoding
import JSONValues
import Testing

/// `uniqueItems: true` over scalar items, enforced while decoding: each finished item is excluded
/// from the next ones (the guard's scanner alone, then the constraint's masks, and random walks
/// whose every output is valid and unique).
@Suite struct UniqueItemsTests {
    func continuations(after text: String) -> Set<String> {
        var guardState = DuplicateKeyGuard()
        for byte in text.utf8 {
            guardState.markInnermostArrayUnique()
            let unique = guardState.advance([byte])
            #expect(unique, "\(text)")
        }
        guardState.markInnermostArrayUnique()
        return Set(guardState.forbiddenContinuations.map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func theGuardNamesTheEndingsOfEarlierItems() {
        #expect(continuations(after: #"["ab", "a"#) == [#"b""#])
        #expect(continuations(after: #"["ab", "#) == [#""ab""#])
        #expect(continuations(after: #"["ab", "c"#).isEmpty)
        let ends = [",", "]", " ", "\n", "\r", "\t"]
        #expect(continuations(after: "[12, 1") == Set(ends.map { "2" + $0 }))
        #expect(continuations(after: "[true, ") == Set(ends.map { "true" + $0 }))
        // Without the mark, arrays keep repeats.
        var plain = DuplicateKeyGuard()
        let plainUnique = plain.advance(Array(#"["a", "a"]"#.utf8))
        #expect(plainUnique)
    }

    @Test func aRepeatedItemIsRefusedAtTheByteThatFinishesIt() {
        var guardState = DuplicateKeyGuard()
        _ = guardState.advance(Array("[".utf8))
        guardState.markInnermostArrayUnique()
        let firstItems = guardState.advance(Array(#""a", 1, "#.utf8))
        #expect(firstItems)
        #expect(!guardState.allows(Array(#""a""#.utf8)))
        #expect(guardState.allows(Array(#""ab""#.utf8)))
        #expect(!guardState.allows(Array("1]".utf8)))
        #expect(guardState.allows(Array("10]".utf8)))
        // Items nested in objects are their own arrays.
        var nested = DuplicateKeyGuard()
        let nestedUnique = nested.advance(Array(#"{"t": ["x"], "u": ["x"]}"#.utf8))
        #expect(nestedUnique)
    }

    static let tokenizer = ConstraintTests.LongestMatchTokenizer(pieces: [
        "[", "]", "\"", "a", "b", "c", "ab", "\"a\"", "\"b\",", "\", \"", ", ", ",", "1", "2", "12", "\"]", "{", "}", "\"tags\": ",
        "\"also\": ", " ", ": ", "t", "g", "s", "l", "o", "<eos>"
    ])

    @Test func theMaskLeavesOutTheTokensThatRepeatAnItem() throws {
        let tokenizer = Self.tokenizer
        let schema = #"{"type": "array", "items": {"type": "string"}, "uniqueItems": true}"#
        let grammar = try CompiledGrammar(jsonSchema: schema, vocabulary: tokenizer.vocabulary)
        let constraint = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: false)
        for piece in ["[", "\"a\"", ", "] { #expect(constraint.accept(tokenizer.id(piece)), "\(piece)") }
        let allowed = Set(ConstraintTests().allowed(constraint, count: tokenizer.pieces.count).map { tokenizer.pieces[Int($0)] })
        #expect(!allowed.contains("\"a\""))
        #expect(allowed.contains("\"b\","))
        #expect(allowed.contains("\""))
        #expect(constraint.accept(tokenizer.id("\"")))
        #expect(constraint.accept(tokenizer.id("a")))
        // "a" again would be closed by any token that starts with the quote.
        let afterA = Set(ConstraintTests().allowed(constraint, count: tokenizer.pieces.count).map { tokenizer.pieces[Int($0)] })
        #expect(afterA.isDisjoint(with: ["\"", "\", \"", "\"]"]))
        #expect(afterA.contains("b"))
        #expect(!constraint.accept(tokenizer.id("\"]")))
    }

    @Test func aListedValueIsNotBegunWhenOnlyARepeatCouldFinishIt() throws {
        let tokenizer = Self.tokenizer
        let schema = #"{"type": "array", "items": {"enum": ["a", "b", "ab"]}, "uniqueItems": true}"#
        let grammar = try CompiledGrammar(jsonSchema: schema, vocabulary: tokenizer.vocabulary)
        let constraint = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: false)
        for piece in ["[", "\"", "b", "\"", ", ", "\""] { #expect(constraint.accept(tokenizer.id(piece)), "\(piece)") }
        // "b" is taken and nothing else starts with it: the token b would be a dead end.
        let allowed = Set(ConstraintTests().allowed(constraint, count: tokenizer.pieces.count).map { tokenizer.pieces[Int($0)] })
        #expect(!allowed.contains("b"))
        #expect(allowed.isSuperset(of: ["a", "ab"]))
    }

    @Test(arguments: [
        #"{"type": "array", "items": {"type": "string", "maxLength": 3}, "uniqueItems": true, "minItems": 2, "maxItems": 6}"#,
        #"{"type": "array", "items": {"enum": ["a", "b", "ab", "c"]}, "uniqueItems": true, "minItems": 1}"#,
        #"{"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 30}, "uniqueItems": true, "maxItems": 5}"#,
        #"{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true, "minItems": 3}, "also": {"type": "array", "items": {"type": "string"}}}, "required": ["tags", "also"]}"#
    ])
    func randomWalksWriteOnlyValidUniqueArrays(schema: String) throws {
        let tokenizer = Self.tokenizer
        let grammar = try CompiledGrammar(jsonSchema: schema, vocabulary: tokenizer.vocabulary)
        let document = try JSONReader.read(schema)
        var random = SystemRandomNumberGenerator()
        var finished = 0
        for _ in 0..<60 {
            let constraint = GrammarConstraint(grammar: grammar, vocabulary: tokenizer, jumpForward: false)
            var text: [UInt8] = []
            for step in 0..<80 where !constraint.isComplete {
                // After 30 tokens, only tokens that bring the end closer, as the budget would.
                var words = [UInt32](repeating: 0, count: (tokenizer.pieces.count + 31) / 32)
                words.withUnsafeMutableBufferPointer { buffer in
                    constraint.fillAllowedTokens(buffer)
                    if step >= 30 { constraint.narrowToClosingTokens(buffer) }
                }
                let allowed = (0..<tokenizer.pieces.count).filter { words[$0 >> 5] & (1 << UInt32($0 & 31)) != 0 }.map(Int32.init)
                // (With this small vocabulary a number can still meet a dead end: "1" begun when
                // 1, 11 and 12 are taken and no token writes another digit. Byte-level
                // vocabularies have every byte.)
                guard let token = allowed.randomElement(using: &random) else { break }
                if token == Int32(tokenizer.pieces.count - 1) { break }
                #expect(constraint.accept(token))
                text += tokenizer.bytes(of: token)
            }
            guard constraint.isComplete || constraint.tokensToFinish == 0 else { continue }
            finished += 1
            let value = try JSONReader.read(String(decoding: text, as: UTF8.self))
            #expect(try JSONSchemaValidation.isValid(value, schema: document), "\(String(decoding: text, as: UTF8.self))")
            for array in Self.arrays(in: value, schema: document) {
                #expect(Set(array.map { $0.jsonText() }).count == array.count, "\(String(decoding: text, as: UTF8.self))")
            }
        }
        #expect(finished > 30)
    }

    /// The arrays of a value that its schema marks unique (the root, or the properties named).
    static func arrays(in value: JSONValue, schema: JSONValue) -> [[JSONValue]] {
        if schema["uniqueItems"] == .bool(true), let items = value.arrayValue { return [items] }
        var found: [[JSONValue]] = []
        for member in value.objectMembers ?? [] {
            if let property = schema["properties"]?[member.key] { found += arrays(in: member.value, schema: property) }
        }
        return found
    }
}
