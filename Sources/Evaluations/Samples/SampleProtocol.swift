/// One row of an evaluation's dataset: an input and, optionally, the value expected from it.
///
/// ```swift
/// struct TitleSample: SampleProtocol {
///     var input: String
///     var expected: String?
/// }
/// ```
public protocol SampleProtocol: Decodable, Encodable, Sendable {
    /// What the system under test receives; its description fills the results' `Input` column.
    associatedtype Input: CustomStringConvertible
    /// The type of the value the system is expected to produce.
    associatedtype ExpectedValue
    /// What the system under test receives.
    var input: Input { get }
    /// The value expected, if the sample states one.
    var expected: ExpectedValue? { get }
}
