/// Python's notions of whitespace and line breaks, which differ from Swift's.
///
/// `str.strip()`, `str.split()` and the regex `\s` that Jinja's lexer uses all follow
/// `str.isspace()`, which also counts the ASCII separators U+001C–U+001F.
enum PythonText {
    /// Python's `str.isspace()` for one character.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
            0x3000:
            return true
        default:
            return false
        }
    }

    /// Whether `str.splitlines()` breaks a line at this character.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x1C...0x1E, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `str.strip(chars)`, `lstrip` and `rstrip`; `characters == nil` strips whitespace.
    static func strip(
        _ text: String, characters: String? = nil, leading: Bool = true, trailing: Bool = true
    ) -> String {
        let scalars = text.unicodeScalars
        let set = characters.map { Set($0.unicodeScalars) }
        func strips(_ scalar: Unicode.Scalar) -> Bool {
            if let set { return set.contains(scalar) }
            return isWhitespace(scalar)
        }
        var start = scalars.startIndex
        var end = scalars.endIndex
        if leading {
            while start < end, strips(scalars[start]) { start = scalars.index(after: start) }
        }
        if trailing {
            while end > start {
                let before = scalars.index(before: end)
                guard strips(scalars[before]) else { break }
                end = before
            }
        }
        if start == scalars.startIndex && end == scalars.endIndex { return text }
        return String(scalars[start..<end])
    }

    /// `str.splitlines(keepends=False)`.
    static func splitLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        var pendingCarriageReturn = false
        while let scalar = iterator.next() {
            if pendingCarriageReturn {
                pendingCarriageReturn = false
                if scalar == "\n" { continue }
            }
            if isLineBreak(scalar) {
                lines.append(String(current))
                current = String.UnicodeScalarView()
                pendingCarriageReturn = scalar == "\r"
            } else {
                current.append(scalar)
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }

    /// `str.split()` with no separator: runs of whitespace separate, ends are ignored.
    static func splitOnWhitespace(_ text: String, maxSplits: Int = -1, fromEnd: Bool = false) -> [String] {
        var words: [[Unicode.Scalar]] = []
        var scalars = Array(text.unicodeScalars)
        if fromEnd { scalars.reverse() }
        var index = 0
        var splits = 0
        while index < scalars.count {
            while index < scalars.count, isWhitespace(scalars[index]) { index += 1 }
            guard index < scalars.count else { break }
            if maxSplits >= 0 && splits == maxSplits {
                words.append(Array(scalars[index...]))
                break
            }
            let start = index
            while index < scalars.count, !isWhitespace(scalars[index]) { index += 1 }
            words.append(Array(scalars[start..<index]))
            splits += 1
        }
        if fromEnd {
            return words.reversed().map { String(String.UnicodeScalarView($0.reversed())) }
        }
        return words.map { String(String.UnicodeScalarView($0)) }
    }

    /// `str.split(separator, maxsplit)` and `rsplit`; the separator is not empty.
    static func split(_ text: String, separator: String, maxSplits: Int = -1, fromEnd: Bool = false) -> [String] {
        let source = Array(text.unicodeScalars)
        let needle = Array(separator.unicodeScalars)
        var pieces: [ArraySlice<Unicode.Scalar>] = []
        if fromEnd {
            var end = source.count
            var index = source.count - needle.count
            while index >= 0 {
                if maxSplits >= 0 && pieces.count == maxSplits { break }
                if source[index..<index + needle.count].elementsEqual(needle) {
                    pieces.append(source[(index + needle.count)..<end])
                    end = index
                    index -= needle.count
                } else {
                    index -= 1
                }
            }
            pieces.append(source[0..<end])
            pieces.reverse()
        } else {
            var start = 0
            var index = 0
            while index + needle.count <= source.count {
                if maxSplits >= 0 && pieces.count == maxSplits { break }
                if source[index..<index + needle.count].elementsEqual(needle) {
                    pieces.append(source[start..<index])
                    index += needle.count
                    start = index
                } else {
                    index += 1
                }
            }
            pieces.append(source[start...])
        }
        return pieces.map { String(String.UnicodeScalarView($0)) }
    }

    /// `str.replace(old, new, count)`, including Python's rule for an empty `old`.
    static func replace(_ text: String, _ old: String, with new: String, count: Int = -1) -> String {
        if old.isEmpty {
            var result = String.UnicodeScalarView()
            var replaced = 0
            for scalar in text.unicodeScalars {
                if count < 0 || replaced < count {
                    result.append(contentsOf: new.unicodeScalars)
                    replaced += 1
                }
                result.append(scalar)
            }
            if count < 0 || replaced < count { result.append(contentsOf: new.unicodeScalars) }
            return String(result)
        }
        let pieces = split(text, separator: old, maxSplits: count)
        return pieces.joined(separator: new)
    }

    /// The offset, in Unicode scalars, of the first (or last) occurrence of `needle`, or -1.
    static func find(_ text: String, _ needle: String, fromEnd: Bool = false) -> Int {
        let source = Array(text.unicodeScalars)
        let pattern = Array(needle.unicodeScalars)
        guard pattern.count <= source.count else { return -1 }
        let candidates = Array(0...(source.count - pattern.count))
        for index in fromEnd ? candidates.reversed() : candidates
        where source[index..<index + pattern.count].elementsEqual(pattern) {
            return index
        }
        return -1
    }

    /// Python's `str.capitalize()`: the first character title-cased, the rest lower-cased.
    static func capitalize(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        return first.properties.titlecaseMapping + String(text.unicodeScalars.dropFirst()).lowercased()
    }

    /// Python's `str.title()`: a cased letter after an uncased character starts a word.
    static func title(_ text: String) -> String {
        var result = ""
        var previousIsCased = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isUppercase || properties.generalCategory == .titlecaseLetter {
                if previousIsCased {
                    result += properties.lowercaseMapping
                } else {
                    result.unicodeScalars.append(scalar)
                }
                previousIsCased = true
            } else if properties.isLowercase {
                if previousIsCased {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += properties.titlecaseMapping
                }
                previousIsCased = true
            } else {
                result.unicodeScalars.append(scalar)
                previousIsCased = false
            }
        }
        return result
    }
}
