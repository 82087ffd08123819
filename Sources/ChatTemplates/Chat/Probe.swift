/// The probe conversation's texts and the string arithmetic the probes need (by UTF-8 offset).
enum Probe {
    static let userText = "ProbeUserMessage7f3a"
    static let secondUserText = "ProbeUserFollowUp9c1e"
    static let assistantText = "ProbeAssistantReply4b2d"
    static let toolName = "probe_tool_5e8a"
    static let argumentName = "probe_argument"
    static let argumentValue = "probe_value_2c7f"
    static let callID = "pr0be0001"

    static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        var count = 0
        for (x, y) in zip(a.utf8, b.utf8) {
            guard x == y else { break }
            count += 1
        }
        // Never split a multi-byte character.
        let bytes = Array(a.utf8)
        while count > 0, count < bytes.count, bytes[count] & 0xC0 == 0x80 { count -= 1 }
        return count
    }

    /// The UTF-8 offset where `needle` first starts in `text`.
    static func offset(of needle: String, in text: String) -> Int? {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - pattern.count) where haystack[start..<start + pattern.count].elementsEqual(pattern) {
            return start
        }
        return nil
    }

    /// The UTF-8 offset just after the last occurrence of `needle` in `text`.
    static func offset(after needle: String, in text: String) -> Int? {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
        for start in stride(from: haystack.count - pattern.count, through: 0, by: -1)
        where haystack[start..<start + pattern.count].elementsEqual(pattern) {
            return start + pattern.count
        }
        return nil
    }

    static func text(_ text: String, after offset: Int) -> String {
        String(decoding: text.utf8.dropFirst(offset), as: UTF8.self)
    }

    static func text(_ text: String, upTo offset: Int) -> String {
        String(decoding: text.utf8.prefix(offset), as: UTF8.self)
    }

    static func text(_ text: String, from start: Int, to end: Int) -> String {
        guard start <= end else { return "" }
        return String(decoding: Array(text.utf8)[start..<end], as: UTF8.self)
    }

    /// Cuts a trailing, unclosed `<…` or `[…` (the start of the next special token) off `text`.
    static func trimmingPartialToken(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let opener = scalars.lastIndex(where: { $0 == "<" || $0 == "[" }) else { return text }
        let closer: Unicode.Scalar = scalars[opener] == "<" ? ">" : "]"
        if scalars[opener...].contains(closer) { return text }
        return String(String.UnicodeScalarView(scalars[..<opener]))
    }

    /// The index of the `}` that closes the `{` at `start`, skipping JSON strings.
    static func matchingBrace(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<scalars.count {
            let scalar = scalars[index]
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
                continue
            }
            switch scalar {
            case "\"": inString = true
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
