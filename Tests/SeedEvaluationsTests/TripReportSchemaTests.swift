import Evaluations
import Foundation
import FoundationModels
import TestSupport
import Testing
@testable import SeedEvaluations

/// The trip report's schema as the evaluation asks for it: exactly one stop per note, and species
/// names that cannot hold a count.
struct TripReportSchemaTests {
    /// Every object of a JSON value, depth first.
    static func objects(in value: Any) -> [[String: Any]] {
        switch value {
        case let object as [String: Any]: [object] + object.values.flatMap(objects(in:))
        case let array as [Any]: array.flatMap(objects(in:))
        default: []
        }
    }

    static func jsonSchema(stops: Int) throws -> [String: Any] {
        let data = try JSONEncoder().encode(try TripReport.generationSchema(stops: stops))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(arguments: [1, 3, 4])
    func theStopsAreCountedAndTheGuidesKept(_ count: Int) throws {
        let schema = try Self.jsonSchema(stops: count)
        let stops = try #require((schema["properties"] as? [String: Any])?["stops"] as? [String: Any])
        #expect(stops["minItems"] as? Int == count)
        #expect(stops["maxItems"] as? Int == count)
        #expect(stops["description"] as? String == TripReport.stopsDescription)
        let patterns = Self.objects(in: schema).compactMap { $0["pattern"] as? String }
        #expect(patterns == [#"^\p{Ll}[\p{L}' -]*$"#])
        // The type's own schema allows one to six stops.
        let own = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(TripReport.generationSchema)) as? [String: Any])
        let ownStops = try #require((own["properties"] as? [String: Any])?["stops"] as? [String: Any])
        #expect(ownStops["minItems"] as? Int == 1 && ownStops["maxItems"] as? Int == 6)
    }

    @Test func aReportOfTheSchemaDecodesAsTripReport() throws {
        let json = """
            {"title": "Two stops", "stops": [{"place": "Hollow Brook", "sightings": [{"species": "bearded tit", "count": 5}]}, \
            {"place": "Brindle Common", "sightings": []}], "summary": "Reeds, then mud."}
            """
        let report = try TripReport(GeneratedContent(json: json))
        #expect(report.places == ["Hollow Brook", "Brindle Common"])
        #expect(report.sightings == [.init(species: "bearded tit", count: 5)])
    }
}

/// The same schema with a real model: whatever SmolLM2 writes, each outing gets one stop per note
/// and no species name holds a digit or begins with a capital.
@Suite(.requiresSmolLM2)
struct TripReportSchemaModelTests {
    @Test func smolLM2WritesOneStopPerNoteAndNoCountInAName() async throws {
        let model = LlamaLanguageModel(path: TestModels.smolLM2Path, contextSize: 4096, threads: TestModels.threads)
        let evaluation = try TripReportEvaluation(model: model, limit: 2)
        for sample in evaluation.samples {
            let report = try await evaluation.subject(from: sample).value
            #expect(report.stops.count == sample.notes.count, "\(sample.id)")
            for sighting in report.sightings {
                let hasDigit = sighting.species.contains { $0.isNumber }
                #expect(!hasDigit, "\(sample.id): \(sighting.species)")
                #expect(sighting.species.first?.isLowercase == true, "\(sample.id): \(sighting.species)")
            }
        }
    }
}
