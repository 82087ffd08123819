public import FoundationModels

/// A sample for a language model: a prompt (with optional instructions and schema), the value
/// expected and, for tool use, the calls expected.
///
/// ```swift
/// ModelSample(prompt: "Is 7 a prime number?", expected: true)
/// ModelSample(prompt: "Weather in Paris?", expectations: TrajectoryExpectation(expected: "getWeather"))
/// ```
///
/// In JSON (``JSONLoader``): `{"input": {"prompt": …, "instructions": …}, "output": {"value": …,
/// "expectations": …}}`; the flat form `{"prompt": …, "expected": …, "instructions": …}` is read too.
public struct ModelSample<ExpectedValue>: ModelSampleProtocol
where ExpectedValue: Decodable, ExpectedValue: Encodable, ExpectedValue: Sendable {
    /// The prompt, instructions and schema.
    public var input: ModelSampleInput
    /// The expected value and tool calls.
    public var output: ModelSampleOutput<ExpectedValue, TrajectoryExpectation>

    /// The expected value, if any.
    public var expected: ExpectedValue? { output.value }

    /// The kind of further expectations: the tool calls to make.
    public typealias Expectation = TrajectoryExpectation
    /// The kind of input: a prompt with instructions and a schema.
    public typealias Input = ModelSampleInput

    /// A sample with a text prompt. Without `expected`, the value type is `String`.
    public init(
        prompt: String,
        expected: ExpectedValue? = Optional<String>.none,
        instructions: String? = nil,
        generationSchema: GenerationSchema? = nil,
        expectations: TrajectoryExpectation? = nil
    ) {
        self.init(
            input: ModelSampleInput(prompt: Prompt(prompt), instructions: instructions.map { Instructions($0) }, generationSchema: generationSchema),
            expected: expected,
            expectations: expectations
        )
    }

    /// A sample with a prompt built from any content.
    public init(
        prompt: Prompt,
        expected: ExpectedValue? = Optional<String>.none,
        instructions: Instructions? = nil,
        generationSchema: GenerationSchema? = nil,
        expectations: TrajectoryExpectation? = nil
    ) {
        self.init(
            input: ModelSampleInput(prompt: prompt, instructions: instructions, generationSchema: generationSchema),
            expected: expected,
            expectations: expectations
        )
    }

    /// A sample from an input.
    public init(input: ModelSampleInput, expected: ExpectedValue? = Optional<String>.none, expectations: TrajectoryExpectation? = nil) {
        self.input = input
        self.output = ModelSampleOutput(value: expected, expectations: expectations)
    }
}

extension ModelSample {
    /// The prompt.
    public var prompt: Prompt { input.prompt }
    /// The prompt's text.
    public var promptDescription: String { input.promptDescription }
    /// The instructions, if any.
    public var instructions: Instructions? { input.instructions }
    /// The instructions' text, if any.
    public var instructionsDescription: String? { input.instructionsDescription }
    /// The schema of a structured answer, if any.
    public var generationSchema: GenerationSchema? { input.generationSchema }
    /// The tool calls expected, if any.
    public var expectations: TrajectoryExpectation? { output.expectations }
}

extension ModelSample: Codable {
    private enum CodingKeys: String, CodingKey {
        case input, output
        case prompt, expected, instructions, generationSchema, expectations
    }

    /// Writes `{"input": …, "output": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encode(output, forKey: .output)
    }

    /// Reads `{"input": …, "output": …}` or the flat `{"prompt", "expected", "instructions",
    /// "generationSchema", "expectations"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.input) {
            input = try container.decode(ModelSampleInput.self, forKey: .input)
            output =
                try container.decodeIfPresent(ModelSampleOutput<ExpectedValue, TrajectoryExpectation>.self, forKey: .output)
                ?? ModelSampleOutput()
            return
        }
        input = try ModelSampleInput(from: decoder)
        output = ModelSampleOutput(
            value: try container.decodeIfPresent(ExpectedValue.self, forKey: .expected),
            expectations: try container.decodeIfPresent(TrajectoryExpectation.self, forKey: .expectations)
        )
    }
}
