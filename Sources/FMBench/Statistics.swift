/// Small figures the benchmarks and `fm bench`'s tables share.

extension String {
    /// The text padded with spaces to `width` characters (one space after it when it is longer).
    package func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

extension Array where Element == Double {
    /// The median (NaN for no values).
    package var median: Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

extension Array where Element == Double {
    /// The value at `fraction` of the sorted values, nearest rank (the 0.99 of 200 values is the
    /// 199th); NaN for no values.
    package func percentile(_ fraction: Double) -> Double {
        guard !isEmpty else { return .nan }
        let sorted = self.sorted()
        return sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}

extension Array where Element == Int {
    /// The median (the upper one of an even count; 0 for no values).
    package var median: Int {
        guard !isEmpty else { return 0 }
        return sorted()[count / 2]
    }
}

extension Duration {
    /// The duration in seconds.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
