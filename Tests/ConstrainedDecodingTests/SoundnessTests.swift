import ConstrainedDecoding
import JSONValues
import Testing

/// On a small synthetic vocabulary (single bytes, tokens that span grammar elements, split UTF-8
/// characters), every mask equals brute force — a token is allowed exactly when its bytes are
/// accepted — and random walks never dead-end and always end in valid JSON.
@Suite struct SoundnessTests {
    static let schemas: [String] = [
        ##"{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer","minimum":0,"maximum":150}},"required":["name","age"],"additionalProperties":false}"##,
        ##"{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"string","maxLength":3},"c":{"type":"boolean"},"d":{"type":"null"}},"additionalProperties":false}"##,
        ##"{"type":"array","items":{"type":"string","enum":["red","green","blue"]},"minItems":1,"maxItems":4}"##,
        ##"{"anyOf":[{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"integer"}},"required":["kind","x"],"additionalProperties":false},{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"],"additionalProperties":false}]}"##,
        ##"{"type":"object","properties":{"v":{"type":"integer","minimum":-20,"maximum":20},"kids":{"type":"array","items":{"$ref":"#"},"maxItems":2}},"required":["v","kids"],"additionalProperties":false}"##,
        ##"{"type":"string","pattern":"^(ab|a\\d)+$"}"##,
        ##"{"type":"string","minLength":1,"maxLength":4}"##,
        ##"{"type":["string","integer","null"]}"##,
        ##"{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"items":{"type":"boolean"},"maxItems":4}"##,
        ##"{"type":"object","additionalProperties":{"type":"integer"}}"##,
        ##"{}"##,
        ##"{"type":"number","minimum":-1.5,"exclusiveMaximum":12.25}"##,
        ##"{"type":"string","format":"date-time"}"##,
        ##"{"type":"object","properties":{"tag":{"type":"string","enum":["red","redder"]},"n":{"type":"integer","multipleOf":3}},"required":["tag","n"]}"##,
        // Large objects (more than four optional members): one rule per member, called by the object.
        ##"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"boolean"},"c":{"type":"string","maxLength":2},"d":{"type":"null"},"e":{"type":"integer"},"f":{"enum":[1,2]}},"additionalProperties":false}"##,
        ##"{"type":"object","properties":{"a":{"type":"integer"},"ab":{"type":"boolean"},"c":{"type":"null"},"d":{"type":"integer"},"e":{"type":"boolean"},"r":{"type":"null"}},"required":["r"],"additionalProperties":{"type":"integer"}}"##
    ]

    @Test(arguments: 0..<schemas.count)
    func masksEqualBruteForceAndWalksAreValid(schemaIndex: Int) throws {
        let schemaText = Self.schemas[schemaIndex]
        let schema = try JSONReader.read(schemaText)
        let grammar = try ByteChecks.compile(schemaText)
        var walker = RandomWalk(seed: UInt64(schemaIndex) &* 31 &+ 5)
        var completed = 0
        for _ in 0..<15 {
            let (bytes, problem) = walker.walk(grammar, maxTokens: 120, bruteForce: true)
            #expect(problem == nil, "\(schemaText): \(problem ?? "")")
            guard let bytes else { continue }
            completed += 1
            let text = try #require(String(validating: bytes, as: UTF8.self))
            let instance = try JSONReader.read(text)
            #expect(try JSONSchemaValidation.isValid(instance, schema: schema), "\(text) violates \(schemaText)")
        }
        #expect(completed > 0)
    }
}
