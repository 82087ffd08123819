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
