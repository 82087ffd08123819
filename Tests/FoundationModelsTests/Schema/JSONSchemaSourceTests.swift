import ConstrainedDecoding
import Foundation
@testable import FoundationModelsCore
import JSONValues
import Testing
import SmartNotes

/// Schemas reach the decoder as `JSONValue`s: the same documents as the text they used to be
/// written as, imported documents kept exactly as read, and the importer following the shared
/// keyword table.
@Suite struct JSONSchemaSourceTests {
    static let schemas: [GenerationSchema] = [
        Review.generationSchema, Person.generationSchema, NotesDigest.generationSchema,
        ActionItem.generationSchema, TaggedNote.generationSchema, Priority.generationSchema
    ]

    @Test(arguments: schemas)
    func theDecodersValueIsTheDocumentItsTextReadsAs(_ schema: GenerationSchema) throws {
        #expect(try JSONReader.read(schema.jsonSchemaText()) == schema.jsonSchemaValue())
        #expect(try JSONReader.read(schema.jsonSchemaText(prettyPrinted: true)) == schema.jsonSchemaValue())
    }

    @Test func importedDocumentsKeepExactNumbersOrderAndRepeatedKeys() throws {
        let text = #"{"type": "object", "properties": {"b": {"type": "number", "multipleOf": 0.01, "maximum": 1.10}, "a": {"type": "string", "maxLength": 2, "maxLength": 3}}}"#
        let schema = try GenerationSchema(jsonSchema: text)
        let source = try #require(schema.sourceJSONSchema)
        #expect(source == (try JSONReader.read(text)))
        #expect(source["properties"]?.objectMembers?.map(\.key) == ["b", "a"])
        #expect(source["properties"]?["b"]?["multipleOf"] == .number("0.01"))
        #expect(source["properties"]?["b"]?["maximum"] == .number("1.10"))
        #expect(source["properties"]?["a"]?.objectMembers?.count == 3)
        // The importer reads repeated keys as JSONDecoder would: the last value wins. What the model
        // cannot carry is kept verbatim, numbers as written.
        #expect(schema.jsonSchemaText().contains(#""properties":{"b":{"type":"number","multipleOf":0.01,"maximum":1.10},"a":{"type":"string","maxLength":3}}"#))
    }

    @Test func schemasBuiltInSwiftCarryNoSource() {
        #expect(Review.generationSchema.sourceJSONSchema == nil)
    }

    @Test func theImporterRejectsWhatTheTableRejects() {
        for keyword in JSONSchemaKeyword.all where keyword.standardImport == .rejected {
            #expect(throws: JSONSchemaImportError.unsupportedKeyword(keyword.name, path: "#"), "\(keyword.name)") {
                try GenerationSchema(jsonSchema: #"{"\#(keyword.name)": true}"#)
            }
        }
        for keyword in JSONSchemaKeyword.all where keyword.appleImport == .rejected {
            #expect(throws: DecodingError.self, "\(keyword.name)") {
                try JSONDecoder().decode(GenerationSchema.self, from: Data(#"{"type": "string", "\#(keyword.name)": true}"#.utf8))
            }
        }
    }

    @Test func theImporterDropsWhatTheTableDrops() throws {
        for keyword in JSONSchemaKeyword.all where keyword.standardImport == .dropped {
            let schema = try GenerationSchema(jsonSchema: #"{"type": "string", "\#(keyword.name)": true}"#)
            #expect(schema.jsonSchemaText() == #"{"type":"string"}"#, "\(keyword.name)")
        }
        for keyword in JSONSchemaKeyword.all where keyword.appleImport == .dropped {
            let schema = try JSONDecoder().decode(GenerationSchema.self, from: Data(#"{"type": "string", "\#(keyword.name)": true}"#.utf8))
            #expect(schema.jsonSchemaText() == #"{"type":"string"}"#, "\(keyword.name)")
        }
    }
}

/// An import compiles its document once: the grammar its check builds is the one decoding prepares
/// for the model (`TurnPlan`), under the document's key.
@Suite struct JSONSchemaOneCompileTests {
    @Test func theImportKeepsTheGrammarOfTheDocumentTheDecoderEnforces() throws {
        let text = ##"{"type": "object", "properties": {"a": {"type": "string", "minLength": 2}, "b": {"$ref": "#/$defs/x%20y"}}, "$defs": {"x y": {"type": "integer"}}}"##
        let schema = try GenerationSchema(jsonSchema: text)
        let checked = try #require(schema.checkedGrammar)
        #expect(checked.key == schema.decoderDocument.jsonText())
        #expect(schema.decoderDocument == schema.sourceJSONSchema)
    }

    @Test func schemasOfSwiftTypesCarryNone() {
        #expect(Review.generationSchema.checkedGrammar == nil)
    }

    @Test func theImporterResolvesWhatTheCompilerResolves() throws {
        // Percent-encoded pointer tokens: the compiler always decoded them; the importer now shares
        // its resolver.
        let schema = try GenerationSchema(jsonSchema: ##"{"type": "object", "properties": {"b": {"$ref": "#/properties/a%20b"}, "a b": {"type": "integer"}}}"##)
        #expect(schema.jsonSchemaText().contains("a b"))
    }
}
