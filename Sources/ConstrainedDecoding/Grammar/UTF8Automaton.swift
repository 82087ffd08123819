import JSONValues

/// Builds byte automata for sets of Unicode scalars, raw or as JSON string content.
enum UTF8Automaton {
    /// A closed range of scalar values.
    typealias ScalarRange = ClosedRange<UInt32>

    /// Byte-range sequences whose concatenations are exactly the UTF-8 encodings of `range`.
    static func sequences(_ range: ScalarRange) -> [[ClosedRange<UInt8>]] {
        var output: [[ClosedRange<UInt8>]] = []
        var pending: [ScalarRange] = [range]
        let lengthLimits: [UInt32] = [0x7F, 0x7FF, 0xFFFF, 0x10FFFF]
        while let current = pending.popLast() {
            // Split at encoded-length boundaries.
            var split = false
            for limit in lengthLimits.dropLast() where current.lowerBound <= limit && current.upperBound > limit {
                pending.append(current.lowerBound...limit)
                pending.append((limit + 1)...current.upperBound)
                split = true
                break
            }
            if split { continue }
            let length = current.upperBound <= 0x7F ? 1 : current.upperBound <= 0x7FF ? 2 : current.upperBound <= 0xFFFF ? 3 : 4
            if length == 1 {
                output.append([UInt8(current.lowerBound)...UInt8(current.upperBound)])
                continue
            }
            // Split so that every continuation position spans a full or aligned range.
            for index in 1..<length {
                let mask: UInt32 = (1 << (6 * UInt32(index))) - 1
                if current.lowerBound & ~mask != current.upperBound & ~mask {
                    if current.lowerBound & mask != 0 {
                        pending.append(current.lowerBound...(current.lowerBound | mask))
                        pending.append(((current.lowerBound | mask) + 1)...current.upperBound)
                        split = true
                        break
                    }
                    if current.upperBound & mask != mask {
                        pending.append(current.lowerBound...((current.upperBound & ~mask) - 1))
                        pending.append((current.upperBound & ~mask)...current.upperBound)
                        split = true
                        break
                    }
                }
            }
            if split { continue }
            let low = encode(current.lowerBound)
            let high = encode(current.upperBound)
            output.append(zip(low, high).map { $0...$1 })
        }
        return output
    }

    static func encode(_ scalar: UInt32) -> [UInt8] {
        switch scalar {
        case 0..<0x80: return [UInt8(scalar)]
        case 0x80..<0x800: return [UInt8(0xC0 | (scalar >> 6)), UInt8(0x80 | (scalar & 0x3F))]
        case 0x800..<0x10000:
            return [UInt8(0xE0 | (scalar >> 12)), UInt8(0x80 | ((scalar >> 6) & 0x3F)), UInt8(0x80 | (scalar & 0x3F))]
        default:
            return [
                UInt8(0xF0 | (scalar >> 18)), UInt8(0x80 | ((scalar >> 12) & 0x3F)),
                UInt8(0x80 | ((scalar >> 6) & 0x3F)), UInt8(0x80 | (scalar & 0x3F))
            ]
        }
    }

    /// Adds paths from `source` to `target` for one scalar of `set` (surrogates never match).
    ///
    /// With `jsonEscaped`, `"`, `\` and control characters are written as JSON escapes (the short
    /// forms where JSON has them, else `\u00XX`), everything else as raw UTF-8.
    static func addScalarSet(_ set: [ScalarRange], to nfa: inout ByteNFA, from source: Int32, to target: Int32, jsonEscaped: Bool) {
        var rawRanges: [ScalarRange] = []
        for range in set {
            var pieces: [ScalarRange] = [range]
            // Remove surrogates.
            pieces = pieces.flatMap { piece -> [ScalarRange] in
                var result: [ScalarRange] = []
                if piece.lowerBound < 0xD800 { result.append(piece.lowerBound...min(piece.upperBound, 0xD7FF)) }
                if piece.upperBound > 0xDFFF { result.append(max(piece.lowerBound, 0xE000)...piece.upperBound) }
                return result
            }
            for piece in pieces {
                if !jsonEscaped { rawRanges.append(piece); continue }
                var low = piece.lowerBound
                while low <= piece.upperBound {
                    if low < 0x20 && low != 0x09 && low != 0x0A && low != 0x0D {
                        // Other control characters are left out (a sound restriction that keeps
                        // pattern automata small): they need six-byte \u00XX escapes.
                        low += 1
                        continue
                    }
                    if low < 0x20 || low == 0x22 || low == 0x5C {
                        let escape = JSONWriter.quoted(String(Character(Unicode.Scalar(low) ?? " ")))
                        let bytes = Array(escape.utf8.dropFirst().dropLast())
                        let end = nfa.addBytes(bytes.dropLast(), from: source)
                        if let last = bytes.last { nfa.addEdge(from: end, last, last, to: target) }
                        low += 1
                        continue
                    }
                    var high = piece.upperBound
                    if low < 0x22 { high = min(high, 0x21) } else if low < 0x5C { high = min(high, 0x5B) }
                    rawRanges.append(low...high)
                    low = high + 1
                }
            }
        }
        for range in rawRanges {
            for sequence in sequences(range) {
                var current = source
                for (index, byteRange) in sequence.enumerated() {
                    let next = index == sequence.count - 1 ? target : nfa.addState()
                    nfa.addEdge(from: current, byteRange.lowerBound, byteRange.upperBound, to: next)
                    current = next
                }
            }
        }
    }

    /// Any valid UTF-8 text of at most `maxBytes` bytes.
    static func anyText(maxBytes: Int?) -> ByteNFA {
        var nfa = ByteNFA()
        nfa.accepting[0] = true
        if let maxBytes {
            // Track the byte budget: states per remaining budget, characters as paths.
            var states: [Int32] = [nfa.start]
            for _ in 0..<maxBytes { states.append(nfa.addState(accepting: true)) }
            for used in 0..<maxBytes {
                for length in 1...4 where used + length <= maxBytes {
                    let range: ScalarRange = length == 1 ? 0...0x7F : length == 2 ? 0x80...0x7FF : length == 3 ? 0x800...0xFFFF : 0x10000...0x10FFFF
                    addScalarSet([range], to: &nfa, from: states[used], to: states[used + length], jsonEscaped: false)
                }
            }
            return nfa
        }
        addScalarSet([0...0x10FFFF], to: &nfa, from: nfa.start, to: nfa.start, jsonEscaped: false)
        return nfa
    }
}
