/// What the system under test produced for one sample: a value and what evaluators may inspect.
public protocol EvaluationSubject<Value> {
    /// The type of the value produced; it matches the sample's expected value.
    associatedtype Value: Decodable, Encodable
    /// The value produced.
    var value: Value { get }
}
