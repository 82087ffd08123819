@testable import FoundationModelsCore
import Foundation
import Testing

/// A schema and the JSON Schema text it must produce.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    var name: String
    var schema: GenerationSchema
    var json: String
    var testDescription: String { name }

    /// Checks the ordered text, the `Codable` encoding, and a decode-encode round trip.
    func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(schema.jsonSchemaText(prettyPrinted: true) == json, sourceLocation: sourceLocation)
        #expect(
            try GeneratedContent(json: schema.jsonSchemaText()) == GeneratedContent(json: json),
            "compact and pretty text differ",
            sourceLocation: sourceLocation
        )

        let encoded = try JSONEncoder().encode(schema)
        let encodedObject = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
        let goldenObject = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
        #expect(encodedObject != nil && encodedObject == goldenObject, "JSONEncoder's output differs", sourceLocation: sourceLocation)

        let decoded = try JSONDecoder().decode(GenerationSchema.self, from: encoded)
        #expect(decoded.jsonSchemaText(prettyPrinted: true) == json, "decoding changed the schema", sourceLocation: sourceLocation)
    }
}
