/// Every current vector of one model, read once from the index's database and kept by a reader
/// connection until the database changes (``RankingStatistics/refresh(_:)`` forgets them), so
/// that a search by meaning multiplies vectors in memory instead of reading them all again.
///
/// Measured over 10,000 vectors of 384 floats on 2 cores: reading them from SQLite took about
/// 10 ms a search, a pass over kept ones about 1 ms. Kept only up to ``maximumBytes``: a larger
/// index reads them at every search.
struct KeptVectors {
    /// The model they come from.
    let model: String
    /// The length of each.
    let dimensions: Int
    /// The items' row ids, in the order of ``values``.
    private(set) var rows: [Int64] = []
    /// The vectors, one after another.
    private(set) var values: [Float] = []

    /// The most bytes of vectors a reader connection keeps (about 43,000 vectors of 384 floats).
    static let maximumBytes = 64 << 20

    init(model: String, dimensions: Int) {
        self.model = model
        self.dimensions = dimensions
    }

    /// Adds a vector from its stored bytes; ignored unless it has ``dimensions`` floats.
    mutating func append(row: Int64, bytes: UnsafeRawBufferPointer) {
        guard bytes.count == dimensions * MemoryLayout<Float>.size else { return }
        rows.append(row)
        let start = values.count
        values.append(contentsOf: repeatElement(0, count: dimensions))
        values.withUnsafeMutableBytes { buffer in
            UnsafeMutableRawBufferPointer(rebasing: buffer[(start * MemoryLayout<Float>.size)...]).copyMemory(from: bytes)
        }
    }
}
