/// One sample's line of results: the sample, the subject (or the error instead), the expected
/// value and each metric by name.
struct ResultRow: Sendable {
    /// The sample, and its JSON.
    var input: TableCell
    /// The sample's input as text.
    var inputDescription: String
    /// The subject and its JSON (`{"value": …}`), or `nil` when it failed.
    var response: TableCell?
    /// The expected value and its JSON, if the sample has one.
    var expected: TableCell?
    /// Why the subject could not be produced, if it could not.
    var error: String?
    /// The metrics by name.
    var metrics: [String: Metric]
    /// The metrics' names in the order the evaluators produced them.
    var metricOrder: [String] = []
}
