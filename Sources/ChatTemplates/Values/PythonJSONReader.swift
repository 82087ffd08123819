/// A JSON parser with Python's `json.loads` semantics, for templates: keeps object key order and
/// reports errors by line and column.
///
/// Why it is not the package's strict reader (`JSONReader` in `JSONValues`): templates must see
/// what Python would give them. It accepts `NaN`, `Infinity` and `-Infinity`; numbers become
/// Python's `int` or `float` (``TemplateValue``), not exact text; a repeated key keeps its first
/// position and its last value, as in a Python `dict`; errors name a line and column, as Python's
/// do. ChatTemplates also stays free of dependencies, so that it builds and tests on its own.
struct PythonJSONReader {
    private let bytes: [UInt8]
    private var position = 0

    init(text: String) {
        bytes = Array(text.utf8)
    }

    mutating func readDocument() throws(TemplateError) -> TemplateValue {
        skipWhitespace()
        let value = try readValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw error("extra data after the JSON value") }
        return value
    }

    private mutating func readValue(depth: Int) throws(TemplateError) -> TemplateValue {
        guard depth < 512 else { throw error("nesting is too deep") }
        guard position < bytes.count else { throw error("expected a value, found the end of the text") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readKeyword("true", value: .true)
        case UInt8(ascii: "f"): return try readKeyword("false", value: .false)
        case UInt8(ascii: "n"): return try readKeyword("null", value: .none)
        case UInt8(ascii: "N"): return try readKeyword("NaN", value: .double(.nan))
        case UInt8(ascii: "I"): return try readKeyword("Infinity", value: .double(.infinity))
        default: return try readNumber()
        }
    }

    private mutating func readObject(depth: Int) throws(TemplateError) -> TemplateValue {
        position += 1
        var dictionary = TemplateDictionary()
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .object(dictionary)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            position += 1
            skipWhitespace()
            dictionary[key] = try readValue(depth: depth + 1)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(dictionary)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func readArray(depth: Int) throws(TemplateError) -> TemplateValue {
        position += 1
        var elements: [TemplateValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func readString() throws(TemplateError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                appendRun(from: runStart, into: &scalars)
                position += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            appendRun(from: runStart, into: &scalars)
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800...0xDBFF).contains(code), peek() == UInt8(ascii: "\\"),
                    position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
                {
                    let save = position
                    position += 2
                    let low = try readHex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        position = save
                    }
                }
                // A lone surrogate cannot live in a Swift string; it becomes U+FFFD.
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default:
                position -= 1
                throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
            }
            runStart = position
        }
        throw error("unterminated string")
    }

    private func appendRun(from start: Int, into scalars: inout String.UnicodeScalarView) {
        guard start < position else { return }
        scalars.append(contentsOf: String(decoding: bytes[start..<position], as: UTF8.self).unicodeScalars)
    }

    private mutating func readHex4() throws(TemplateError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(bytes[position]) else { throw error("invalid \\u escape") }
            code = code << 4 | digit
            position += 1
        }
        return code
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private mutating func readNumber() throws(TemplateError) -> TemplateValue {
        let start = position
        if peek() == UInt8(ascii: "-") {
            position += 1
            if peek() == UInt8(ascii: "I") { return try readKeyword("Infinity", value: .double(-.infinity)) }
        }
        let integerStart = position
        while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        guard position > integerStart else {
            position = start
            throw error("expected a value")
        }
        if bytes[integerStart] == UInt8(ascii: "0") && position - integerStart > 1 {
            position = integerStart
            throw error("a number cannot have leading zeros")
        }
        var isInteger = true
        if peek() == UInt8(ascii: "."), position + 1 < bytes.count,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position + 1])
        {
            isInteger = false
            position += 1
            while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            let exponentStart = position
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            let digitsStart = position
            while let digit = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) { position += 1 }
            if position == digitsStart {
                position = exponentStart
            } else {
                isInteger = false
            }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int(text) { return .int(integer) }
        guard let number = Double(text) else { throw error("invalid number '\(text)'") }
        return .double(number)
    }

    private mutating func readKeyword(_ keyword: StaticString, value: TemplateValue) throws(TemplateError)
        -> TemplateValue
    {
        let expected = UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount)
        guard position + expected.count <= bytes.count,
            bytes[position..<position + expected.count].elementsEqual(expected)
        else { throw error("expected a value") }
        position += expected.count
        return value
    }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            position += 1
        }
    }

    private func error(_ message: String) -> TemplateError {
        var line = 1
        var column = 1
        var index = 0
        while index < min(position, bytes.count) {
            if bytes[index] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return .invalidJSON(message: message, location: TemplateLocation(line: line, column: column))
    }
}
