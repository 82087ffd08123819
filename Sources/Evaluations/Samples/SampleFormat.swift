import Foundation
import FoundationModels

/// How a sample generator writes, shows and reads one kind of sample.
struct SampleFormat<SampleType: ModelSampleProtocol>: Sendable {
    /// The schema of one new sample.
    let schema: @Sendable () throws -> GenerationSchema
    /// A sample from generated content.
    let sample: @Sendable (GeneratedContent) throws -> SampleType
    /// A sample as an example in the request.
    let render: @Sendable (SampleType) -> String
    /// What two samples must not share: the prompt.
    let key: @Sendable (SampleType) -> String

    /// `ModelSample<T>`: `{"prompt": text, "expected": T}`.
    static func modelSample<T: Generable & Codable & Sendable>(_ type: T.Type) -> SampleFormat where SampleType == ModelSample<T> {
        SampleFormat(
            schema: { try promptAndExpectedSchema(expected: T.generationSchema) },
            sample: { content in
                let prompt = try content.value(String.self, forProperty: "prompt")
                let expected = try content.value(T.self, forProperty: "expected")
                return ModelSample(prompt: prompt, expected: expected)
            },
            render: { sample in
                let expected = sample.expected.map { $0.generatedContent.jsonString } ?? "null"
                return "{\"prompt\": \(GeneratedContent(sample.promptDescription).jsonString), \"expected\": \(expected)}"
            },
            key: { $0.promptDescription })
    }

    /// A generable sample type: its own schema.
    static func generable() -> SampleFormat where SampleType: Generable {
        SampleFormat(
            schema: { SampleType.generationSchema },
            sample: { try SampleType($0) },
            render: { $0.generatedContent.jsonString },
            key: { $0.input.promptDescription })
    }

    /// An object schema with a `prompt` string and an `expected` value of the given schema, whose
    /// definitions move to the root.
    private static func promptAndExpectedSchema(expected: GenerationSchema) throws -> GenerationSchema {
        let encoded = try JSONEncoder().encode(expected)
        guard case .dictionary(var expectedSchema) = try JSONDecoder().decode(StructuredValue.self, from: encoded) else {
            throw EvaluatorError.failed(evaluator: nil, evaluatorType: "SampleGenerator", reason: "the expected value's schema is not an object")
        }
        var root: [String: StructuredValue] = [
            "type": "object",
            "properties": ["prompt": ["type": "string", "description": "The prompt of the new sample."], "expected": .null],
            "required": ["prompt", "expected"],
            "additionalProperties": false,
            "x-order": ["prompt", "expected"]
        ]
        for key in ["$defs", "definitions"] {
            if let definitions = expectedSchema.removeValue(forKey: key) { root[key] = definitions }
        }
        if case .dictionary(var properties) = root["properties"] {
            properties["expected"] = .dictionary(expectedSchema)
            root["properties"] = .dictionary(properties)
        }
        return try GenerationSchema(jsonSchema: StructuredValue.dictionary(root).jsonText)
    }
}
