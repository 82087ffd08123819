/// A benchmark that could not measure: a reference tool failed or printed nothing usable, or a
/// scenario produced too little output to time.
package struct BenchmarkError: Error, Equatable, CustomStringConvertible {
    /// What went wrong, in words.
    package var description: String

    /// An error saying what went wrong.
    package init(_ description: String) {
        self.description = description
    }
}
