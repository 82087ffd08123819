import JSONValues
import OpenAIWire
import Testing

/// The order-keeping encoder: members in the order encoded, numbers as `JSONValue` writes them,
/// and a `JSONValue` inside passed through with its numbers' text.
@Suite struct JSONValueEncoderTests {
    struct Sample: Encodable {
        var zeta = 1
        var alpha: Double = 0.1
        var missing: String?
        var list: [UInt8] = [1, 2]
        var nested = ["k": true]
        var raw = JSONValue.number("1.50e3")
        var huge = UInt64.max
    }

    @Test func keepsOrderAndNumbers() throws {
        #expect(
            try JSONValueEncoder().encode(Sample()).jsonText()
                == #"{"zeta":1,"alpha":0.1,"list":[1,2],"nested":{"k":true},"raw":1.50e3,"huge":18446744073709551615}"#)
        #expect(try JSONValueEncoder().encode([Double.nan, 2]).jsonText() == "[null,2]")
    }
}
