/// A source of an evaluation's samples.
///
/// Use ``ArrayLoader``, ``JSONLoader`` or ``StreamLoader``, or conform your own type.
public protocol Loader<Sample>: Sendable {
    /// The kind of sample it supplies.
    associatedtype Sample: SampleProtocol
    /// The samples, in dataset order.
    var stream: any AsyncSequence<Sample, any Error> { get }
}
