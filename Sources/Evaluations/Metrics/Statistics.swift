/// The statistics aggregates compute, on values that are never empty.
enum Statistics {
    static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The most frequent value; the smallest of those tied.
    static func mode(_ values: [Double]) -> Double {
        var counts: [Double: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        let highest = counts.values.max() ?? 0
        return counts.filter { $0.value == highest }.keys.min() ?? values[0]
    }

    /// The sample variance (n − 1); 0 for one value.
    static func variance(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let average = mean(values)
        return values.reduce(0) { $0 + ($1 - average) * ($1 - average) } / Double(values.count - 1)
    }
}
