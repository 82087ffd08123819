import ConstrainedDecoding
import JSONValues
import Foundation
import Testing

/// Random walks over the real model vocabularies (when the GGUF files exist): every completed
/// walk must be JSON that parses and satisfies its schema.
@Suite struct RealVocabularyTests {
    static let schemas: [String] = [
        ##"{"type":"object","title":"Person","properties":{"name":{"type":"string"},"age":{"type":"integer","minimum":0,"maximum":150},"nickname":{"type":"string"},"tags":{"type":"array","items":{"type":"string","enum":["a","bb","ccc"]},"minItems":1,"maxItems":3}},"required":["name","age","tags"],"x-order":["name","age","nickname","tags"],"additionalProperties":false}"##,
        ##"{"$defs":{"Node":{"type":"object","properties":{"value":{"type":"number","minimum":-5.5,"maximum":10},"children":{"type":"array","items":{"$ref":"#/$defs/Node"},"maxItems":2}},"required":["value","children"],"additionalProperties":false}},"$ref":"#/$defs/Node"}"##,
        ##"{"anyOf":[{"type":"object","properties":{"type":{"const":"circle"},"radius":{"type":"number","minimum":0}},"required":["type","radius"],"additionalProperties":false},{"type":"object","properties":{"type":{"const":"square"},"side":{"type":"integer","minimum":1,"maximum":9}},"required":["type","side"],"additionalProperties":false}]}"##,
        ##"{"type":"object","properties":{"code":{"type":"string","pattern":"^[A-Z]{2}-\\d{3}$"},"when":{"type":"string","format":"date-time"},"note":{"type":"string","minLength":2,"maxLength":5},"id":{"type":"string","format":"uuid"}},"required":["code","when","note","id"],"additionalProperties":false}"##,
        ##"{"type":"array","prefixItems":[{"type":"boolean"},{"type":"null"},{"type":"integer","exclusiveMinimum":10,"exclusiveMaximum":20}],"items":false,"minItems":3}"##,
        ##"{"type":"object","properties":{"free":{}},"required":["free"],"additionalProperties":{"type":"integer"}}"##
    ]

    static func vocabularies() -> [(String, TokenVocabulary)] {
        var result: [(String, TokenVocabulary)] = []
        if let smol = TestVocabularies.smol { result.append(("SmolLM2", smol)) }
        if let qwen = TestVocabularies.qwen { result.append(("Qwen2.5", qwen)) }
        return result
    }

    @Test(arguments: 0..<schemas.count)
    func walksProduceValidJSON(schemaIndex: Int) throws {
        let vocabularies = Self.vocabularies()
        guard !vocabularies.isEmpty else { return }
        let schemaText = Self.schemas[schemaIndex]
        let schema = try JSONReader.read(schemaText)
        for (name, vocabulary) in vocabularies {
            let grammar = try CompiledGrammar(jsonSchema: schemaText, vocabulary: vocabulary)
            var walker = RandomWalk(seed: UInt64(schemaIndex * 7919 + 1))
            var completed = 0
            for _ in 0..<12 {
                let (bytes, problem) = walker.walk(grammar, maxTokens: 300, bruteForce: false)
                #expect(problem == nil, "\(name): \(problem ?? "")")
                guard let bytes else { continue }
                completed += 1
                let text = try #require(String(validating: bytes, as: UTF8.self), "\(name): invalid UTF-8")
                let instance = try JSONReader.read(text)
                #expect(try JSONSchemaValidation.isValid(instance, schema: schema), "\(name): \(text) violates \(schemaText)")
                #expect(text == instance.serialized(layout: .canonical) || text.contains("\\"), "\(name): not in canonical layout: \(text)")
            }
            #expect(completed > 0, "\(name): no walk completed")
        }
    }

    /// Schemas whose masks go through the cached entries of automaton states (patterns, formats,
    /// keys, calls into strings and arrays, counted repetitions taken as runs) and the
    /// bounded-string tables.
    static let bruteForceSchemas: [String] = [
        ##"{"type":"object","properties":{"note":{"type":"string","minLength":2,"maxLength":30},"code":{"type":"string","pattern":"^[a-z][a-z0-9_.-]{1,40}$"}},"required":["note","code"],"additionalProperties":false}"##,
        ##"{"type":"array","items":{"type":"object","properties":{"when":{"type":"string","format":"date-time"},"n":{"type":"integer","minimum":-3,"maximum":700}},"required":["when","n"],"additionalProperties":false},"minItems":1,"maxItems":2}"##,
        ##"{"type":"string","maxLength":12}"##,
        ##"{"type":"object","properties":{"email":{"type":"string","format":"email"},"id":{"type":"string","pattern":"^[0-9a-f]{6,40}$"}},"required":["email","id"],"additionalProperties":false}"##
    ]

    /// On the real SmolLM2 vocabulary, every mask of random walks equals brute force: a token is in
    /// the mask exactly when its bytes are accepted from the matcher's state.
    @Test(arguments: 0..<bruteForceSchemas.count)
    func masksEqualBruteForceOnTheSmolLM2Vocabulary(schemaIndex: Int) throws {
        guard let smol = TestVocabularies.smol else { return }
        let schemaText = Self.bruteForceSchemas[schemaIndex]
        let grammar = try CompiledGrammar(jsonSchema: schemaText, vocabulary: smol)
        var walker = RandomWalk(seed: UInt64(schemaIndex) &* 131 &+ 17)
        var completed = 0
        for _ in 0..<3 {
            let (bytes, problem) = walker.walk(grammar, maxTokens: 150, bruteForce: true)
            #expect(problem == nil, "\(schemaText): \(problem ?? "")")
            if bytes != nil { completed += 1 }
        }
        #expect(completed > 0, "no walk completed")
    }

    /// Debugging aid: set CD_WALK_FILES to comma-separated JSONSchemaBench file names.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CD_WALK_FILES"] != nil))
    func walksOnSelectedBenchSchemas() throws {
        let smol = try #require(TestVocabularies.smol)
        for file in (ProcessInfo.processInfo.environment["CD_WALK_FILES"] ?? "").split(separator: ",") {
            let data = try Data(contentsOf: TestVocabularies.benchFolder.appendingPathComponent(String(file)))
            let schema = try #require(try JSONReader.read(String(decoding: data, as: UTF8.self))["schema"])
            let grammar = try CompiledGrammar(Grammar.jsonSchema(schema), vocabulary: smol)
            var walker = RandomWalk(seed: 7)
            for _ in 0..<20 {
                let (bytes, problem) = walker.walk(grammar, maxTokens: 300, bruteForce: false)
                #expect(problem == nil)
                guard let bytes, let text = String(validating: bytes, as: UTF8.self) else { continue }
                let valid = try JSONSchemaValidation.isValid(try JSONReader.read(text), schema: schema)
                #expect(valid, "\(file): \(text)")
            }
        }
    }
}
