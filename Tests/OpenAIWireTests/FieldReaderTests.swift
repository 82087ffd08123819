import JSONValues
import OpenAIWire
import Testing

/// The typed field reader: `null` and absence read as nil, the last of repeated keys wins, and
/// each wrong type or value is an error naming the field with its path.
@Suite struct FieldReaderTests {
    static let reader = FieldReader(
        members: [
            JSONMember("s", .string("a")), JSONMember("s", .string("b")), JSONMember("nothing", .null), JSONMember("b", .bool(true)),
            JSONMember("x", .number("2.0")), JSONMember("big", .number("1e30")), JSONMember("list", .array([])),
            JSONMember("o", .object([JSONMember("k", .number("1"))]))
        ], path: "p.")

    @Test func readsEachType() throws {
        let reader = Self.reader
        #expect(try reader.string("s") == "b")
        #expect(try reader.string("nothing") == nil && reader.string("absent") == nil)
        #expect(try reader.bool("b") == true)
        #expect(try reader.number("x", in: 0...3) == 2)
        #expect(try reader.integer("x", in: 0...3) == 2)
        #expect(try reader.array("list") == [])
        #expect(try reader.nested("o")?.integer("k", in: 0...1) == 1)
        #expect(try reader.nested("o")?.path == "p.o.")
    }

    @Test func namesTheFieldInEachError() {
        let reader = Self.reader
        #expect(throws: WireError("p.b must be a string", param: "p.b")) { try reader.string("b") }
        #expect(throws: WireError("p.s must be true or false", param: "p.s")) { try reader.bool("s") }
        #expect(throws: WireError("p.s must be a number", param: "p.s")) { try reader.number("s", in: 0...1) }
        #expect(throws: WireError("p.x must be a number from 0.0 to 1.0, got 2.0", param: "p.x")) { try reader.number("x", in: 0...1) }
        #expect(throws: WireError("p.big must be an integer, got 1e30", param: "p.big")) { try reader.integer("big", in: 0...1) }
        #expect(throws: WireError("p.x must be at least 5, got 2.0", param: "p.x")) { try reader.integer("x", in: 5...9) }
        #expect(throws: WireError("p.s must be an integer", param: "p.s")) { try reader.integer("s", in: 0...1) }
        #expect(throws: WireError("p.o must be a list", param: "p.o")) { try reader.array("o") }
        #expect(throws: WireError("p.list must be an object", param: "p.list")) { try reader.object("list") }
    }
}
