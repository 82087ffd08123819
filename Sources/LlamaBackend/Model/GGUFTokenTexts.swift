/// The texts of a vocabulary's tokens as llama.cpp reads them from a GGUF header, kept in one
/// buffer: each text up to its first zero byte, and an empty one under the name llama.cpp gives
/// it, `[EMPTY_<index>]`.
struct GGUFTokenTexts {
    private var bytes: [UInt8] = []
    /// Where each token's text ends in `bytes`.
    private var ends: [Int] = []

    /// The number of tokens.
    var count: Int { ends.count }

    /// Adds the next token, from the bytes its header entry holds.
    mutating func append(_ entry: UnsafeBufferPointer<UInt8>) {
        let length = entry.firstIndex(of: 0) ?? entry.count
        if length == 0 {
            bytes += Array("[EMPTY_\(ends.count)]".utf8)
        } else {
            bytes += UnsafeBufferPointer(rebasing: entry[..<length])
        }
        ends.append(bytes.count)
    }

    /// Calls `body` with the text of the token at `index`.
    func withText<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }
}
