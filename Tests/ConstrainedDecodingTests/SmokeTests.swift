import ConstrainedDecoding
import Testing

@Suite struct SmokeTests {
    @Test func simpleObject() throws {
        let grammar = try ByteChecks.compile(#"{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer","minimum":0,"maximum":150}},"required":["name","age"],"additionalProperties":false}"#)
        #expect(ByteChecks.accepts(grammar, #"{"name": "Bob", "age": 42}"#))
        #expect(!ByteChecks.accepts(grammar, #"{"name": "Bob", "age": 151}"#))
        #expect(!ByteChecks.accepts(grammar, #"{"name":"Bob","age":42}"#))
        let matcher = GrammarMatcher(grammar: grammar)
        let mask = matcher.nextTokenBitmask()
        #expect(mask.contains(Int(UInt8(ascii: "{"))))
        #expect(!mask.contains(Int(UInt8(ascii: "["))))
    }
}
