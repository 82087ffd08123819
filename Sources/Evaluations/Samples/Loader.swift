/// A source of an evaluation's samples.
///
/// Use ``ArrayLoader``, ``JSONLoader`` or ``StreamLoader``, or conform your own type.
public protocol Loader<Sample>: Sendable {
    /// The kind of sample it supplies.
    associatedtype Sample: SampleProtocol
    /// The samples, in dataset order.
    var stream: any AsyncSequence<Sample, any Error> { get }
}

/// A loader of samples held in memory.
///
/// ```swift
/// ArrayLoader(samples: [ModelSample(prompt: "Is 7 a prime number?", expected: true)])
/// ```
public struct ArrayLoader<Sample>: Loader where Sample: SampleProtocol {
    private let samples: [Sample]

    /// A loader of these samples, in order.
    public init(samples: [Sample]) {
        self.samples = samples
    }

    /// The samples, in order.
    public var stream: any AsyncSequence<Sample, any Error> {
        AsyncThrowingStream<Sample, any Error> { continuation in
            for sample in samples { continuation.yield(sample) }
            continuation.finish()
        }
    }
}

extension ArrayLoader: ExpressibleByArrayLiteral {
    /// A loader of the samples written in the literal.
    public init(arrayLiteral elements: Sample...) {
        self.init(samples: elements)
    }
}

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
