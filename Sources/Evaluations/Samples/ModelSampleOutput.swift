/// What a language-model sample expects: a value and further expectations, each optional.
public struct ModelSampleOutput<Value, Expectation>: Sendable, Codable
where Value: Decodable, Value: Encodable, Value: Sendable, Expectation: Decodable, Expectation: Encodable, Expectation: Sendable {
    /// The expected value.
    public var value: Value?
    /// Further expectations, such as the tool calls to make.
    public var expectations: Expectation?

    /// An output with an expected value and expectations, each optional.
    public init(value: Value? = nil, expectations: Expectation? = nil) {
        self.value = value
        self.expectations = expectations
    }

    private enum CodingKeys: String, CodingKey {
        case value, expectations
    }

    /// Writes `{"value": …, "expectations": …}`, leaving out what is absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encodeIfPresent(expectations, forKey: .expectations)
    }

    /// Reads what ``encode(to:)`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decodeIfPresent(Value.self, forKey: .value)
        expectations = try container.decodeIfPresent(Expectation.self, forKey: .expectations)
    }
}
