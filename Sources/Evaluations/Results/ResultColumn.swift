/// A typed name of a column of an evaluation's detailed results: the samples, the subjects or the
/// expected values.
///
/// ```swift
/// let inputs = result.detailed[evaluation.inputColumn]
/// ```
public struct ResultColumn<Value>: Sendable {
    /// The column's name.
    public let name: String

    init(name: String) {
        self.name = name
    }

    /// The samples' column.
    static var inputName: String { "Input" }
    /// The subjects' column.
    static var responseName: String { "Response" }
    /// The expected values' column.
    static var expectedName: String { "Expected" }
    /// The column of the error that kept a sample from its subject, if any.
    static var errorName: String { "Error" }
}
