/// A loader of samples from any asynchronous sequence.
public struct StreamLoader<Sample>: Loader where Sample: SampleProtocol {
    private let source: any AsyncSequence<Sample, any Error> & Sendable

    /// A loader of the sequence's samples.
    public init(stream: some AsyncSequence<Sample, any Error> & Sendable) {
        self.source = stream
    }

    /// The sequence's samples.
    public var stream: any AsyncSequence<Sample, any Error> {
        source
    }
}
