import Foundation

/// Cuts streamed text at the first stop sequence, holding back a tail that may be the start of
/// one until the next piece decides it.
struct StopSequenceFilter {
    let stops: [String]
    private var pending = ""
    /// Whether a stop sequence was found.
    private(set) var stopped = false

    init(stops: [String]) {
        self.stops = stops
    }

    /// The text that can be released after `piece`; once a stop is found, nothing more.
    mutating func append(_ piece: String) -> String {
        guard !stopped else { return "" }
        guard !stops.isEmpty else { return piece }
        pending += piece
        if let cut = stops.compactMap({ pending.range(of: $0)?.lowerBound }).min() {
            stopped = true
            let released = String(pending[..<cut])
            pending = ""
            return released
        }
        // Keep the longest tail that begins some stop sequence.
        var keep = 0
        for stop in stops {
            for length in stride(from: min(stop.count - 1, pending.count), to: 0, by: -1) where pending.hasSuffix(stop.prefix(length)) {
                keep = max(keep, length)
                break
            }
        }
        let released = String(pending.dropLast(keep))
        pending = String(pending.suffix(keep))
        return released
    }

    /// The held-back text, once the model has finished without a stop.
    mutating func finish() -> String {
        defer { pending = "" }
        return stopped ? "" : pending
    }
}
