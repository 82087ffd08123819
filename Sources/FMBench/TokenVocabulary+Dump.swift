package import ConstrainedDecoding

extension TokenVocabulary {
    /// The vocabulary as text, one token per line: `id<TAB>hex bytes<TAB>kind` where kind is
    /// `normal`, `special` or `eog` (for reference engines fed the same vocabulary).
    package var dump: String {
        let eog = Set(endOfGenerationTokens)
        var lines: [String] = []
        lines.reserveCapacity(tokenCount)
        let digits = Array("0123456789abcdef".utf8)
        for id in 0..<tokenCount {
            var hex: [UInt8] = []
            for byte in tokenBytes[id] { hex.append(digits[Int(byte >> 4)]); hex.append(digits[Int(byte & 15)]) }
            let kind = eog.contains(id) ? "eog" : isSpecial[id] ? "special" : "normal"
            lines.append("\(id)\t\(String(decoding: hex, as: UTF8.self))\t\(kind)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
