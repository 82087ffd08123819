import Foundation
@testable import FoundationModelsCore
import Testing
import SmartNotes

/// The standard types' conformances: schemas, conversions and their failures.
@Suite struct GenerableBuiltInTests {
    @Test(arguments: [
        (String.generationSchema, #"{"type":"string"}"#),
        (Int.generationSchema, #"{"type":"integer"}"#),
        (Double.generationSchema, #"{"type":"number"}"#),
        (Float.generationSchema, #"{"type":"number"}"#),
        (Decimal.generationSchema, #"{"type":"number"}"#),
        (Bool.generationSchema, #"{"type":"boolean"}"#),
        ([String].generationSchema, #"{"type":"array","items":{"type":"string"}}"#),
        ([[Int]].generationSchema, #"{"type":"array","items":{"type":"array","items":{"type":"integer"}}}"#),
        (Never.generationSchema, #"{"anyOf":[]}"#)
    ])
    func schemas(_ schema: GenerationSchema, json: String) {
        #expect(schema.jsonSchemaText() == json)
    }

    @Test func rootTypeNames() {
        #expect(String.generationSchema.rootTypeName == "String")
        #expect(NotesDigest.generationSchema.rootTypeName == "NotesDigest")
        #expect([Int].generationSchema.rootTypeName == "array")
    }

    @Test func conversions() throws {
        #expect(try Int(GeneratedContent(json: "42")) == 42)
        #expect(try Double(GeneratedContent(json: "-2.5")) == -2.5)
        #expect(try Float(GeneratedContent(json: "0.25")) == 0.25)
        #expect(try Decimal(GeneratedContent(json: "0.1")) == Decimal(string: "0.1"))
        #expect(try Bool(GeneratedContent(json: "true")))
        #expect(try String(GeneratedContent(json: #""s""#)) == "s")
        #expect(try [Int](GeneratedContent(json: "[1, 2]")) == [1, 2])
        #expect(Float(0.1).generatedContent.jsonString == "0.1")
        #expect(Decimal(string: "12.34")?.generatedContent.jsonString == "12.34")
        #expect(Optional<Int>.none.generatedContent.jsonString == "null")
        #expect(Optional(3).generatedContent.jsonString == "3")
    }

    @Test func conversionFailures() {
        #expect(throws: GeneratedContent.ConversionError.unrepresentableNumber(2.5, type: "Int")) { try Int(GeneratedContent(kind: .number(2.5))) }
        #expect(throws: GeneratedContent.ConversionError.unrepresentableNumber(1e300, type: "Int")) { try Int(GeneratedContent(kind: .number(1e300))) }
        #expect(throws: GeneratedContent.ConversionError.self) { try String(GeneratedContent(kind: .number(1))) }
        #expect(throws: GeneratedContent.ConversionError.self) { try Bool(GeneratedContent(kind: .string("true"))) }
        #expect(throws: GeneratedContent.ConversionError.self) { try [Int](GeneratedContent(kind: .string("[]"))) }
        #expect(throws: GeneratedContent.ConversionError.uninhabitedType("Never")) { try Never(GeneratedContent(kind: .null)) }
        #expect(throws: GeneratedContent.ConversionError.self) { try [Int](GeneratedContent(json: #"[1, "two"]"#)) }
    }

    @Test func arraysDropALastElementThatIsNotReadyYet() throws {
        #expect(try [Priority](GeneratedContent(json: #"["low", "hi"#)) == [.low])
        #expect(throws: GeneratedContent.ConversionError.self) { try [Priority](GeneratedContent(json: #"["hi", "low"#)) }
    }

    @Test func partiallyGeneratedTypes() {
        #expect(String.PartiallyGenerated.self == String.self)
        #expect([ActionItem].PartiallyGenerated.self == [ActionItem.PartiallyGenerated].self)
        #expect(Optional<ActionItem>.PartiallyGenerated.self == ActionItem.PartiallyGenerated.self)
        #expect(Priority.PartiallyGenerated.self == Priority.self)
        #expect(5.asPartiallyGenerated() == 5)
    }
}
