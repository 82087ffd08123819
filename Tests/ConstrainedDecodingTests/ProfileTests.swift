import ConstrainedDecoding
import Foundation
import Testing

/// Opt-in micro-measurements (set CD_PROFILE=1); they print, they never assert timing.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CD_PROFILE"] != nil))
struct ProfileTests {
    @Test func stringStateMask() throws {
        let vocabulary = try #require(TestVocabularies.qwen ?? TestVocabularies.smol)
        let grammar = try CompiledGrammar(
            jsonSchema: ##"{"type":"object","properties":{"s":{"type":"string"},"n":{"type":"integer"}},"required":["s","n"]}"##, vocabulary: vocabulary)
        let matcher = GrammarMatcher(grammar: grammar)
        try matcher.acceptString(#"{"s": "hello"#)
        var mask = TokenBitmask(tokenCount: vocabulary.tokenCount)
        let clock = ContinuousClock()
        matcher.fillNextTokenBitmask(&mask)
        let rounds = 2000
        let start = clock.now
        for _ in 0..<rounds { matcher.fillNextTokenBitmask(&mask) }
        let perMask = (clock.now - start) / rounds
        print("string-state mask: \(perMask) per mask (\(mask.count) tokens)")
        let token = try #require((0..<vocabulary.tokenCount).first { vocabulary.bytes(of: $0) == Array(" world".utf8) })
        let start4 = clock.now
        for _ in 0..<rounds { try matcher.acceptToken(token); try matcher.rollBack(tokens: 1) }
        print("accept+rollback: \((clock.now - start4) / rounds)")
        let start5 = clock.now
        for _ in 0..<rounds { try matcher.acceptToken(token); matcher.fillNextTokenBitmask(&mask); try matcher.rollBack(tokens: 1) }
        print("accept+fill+rollback: \((clock.now - start5) / rounds)")
        try matcher.acceptString(#"", "n": 1"#)
        let start3 = clock.now
        for _ in 0..<rounds { matcher.fillNextTokenBitmask(&mask) }
        print("number-state mask: \((clock.now - start3) / rounds) per mask (\(mask.count) tokens)")
    }
}

extension ProfileTests {
    @Test func coldFills() throws {
        let vocabulary = try #require(TestVocabularies.qwen ?? TestVocabularies.smol)
        let clock = ContinuousClock()
        let cases: [(String, String, String)] = [
            ("object start", ##"{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}"##, ""),
            ("string value start", ##"{"type":"object","properties":{"s":{"type":"string"}},"required":["s"]}"##, #"{"s": "#),
            ("after string value", ##"{"type":"object","properties":{"s":{"type":"string"},"t":{"type":"string"}}}"##, #"{"s": "x""#),
            ("number digits", ##"{"type":"object","properties":{"n":{"type":"number"}},"required":["n"]}"##, #"{"n": 12"#),
            ("email body", ##"{"type":"string","format":"email"}"##, #""ab"#),
            ("uri body", ##"{"type":"string","format":"uri"}"##, #""https://a.b/c"#),
            ("date-time", ##"{"type":"string","format":"date-time"}"##, #""2024-"#),
            ("undeclared key", ##"{"type":"object","additionalProperties":{"type":"integer"}}"##, #"{""#),
            ("pattern word", ##"{"type":"string","pattern":"^[a-z ]+$"}"##, #""ab"#),
            ("any value", ##"{}"##, "")
        ]
        for (name, schema, prefix) in cases {
            var total = Duration.zero
            let rounds = 5
            for _ in 0..<rounds {
                let grammar = try CompiledGrammar(jsonSchema: schema, vocabulary: vocabulary)
                let matcher = GrammarMatcher(grammar: grammar)
                try matcher.acceptString(prefix)
                var mask = TokenBitmask(tokenCount: vocabulary.tokenCount)
                let start = clock.now
                matcher.fillNextTokenBitmask(&mask)
                total += clock.now - start
            }
            print("cold fill \(name): \(total / rounds)")
        }
    }
}
