/// The latest few timings of one kind of pass, and their median once there are enough: the cost
/// figure the engine's measured policies (``DecodingPassWidth``, ``MicroBatchLayout``) compare.
struct RecentTimes {
    /// Timings kept; the oldest goes first.
    static let kept = 5
    /// Timings needed before the median counts.
    static let needed = 2

    private(set) var values: [Double] = []

    /// Adds a timing, dropping the oldest beyond ``kept``.
    mutating func append(_ seconds: Double) {
        values.append(seconds)
        if values.count > Self.kept { values.removeFirst() }
    }

    /// The median of the kept timings, once there are ``needed``.
    var median: Double? {
        guard values.count >= Self.needed else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
