extension TemplateValue {
    /// Parses JSON text into a value, keeping object key order as Python's `json.loads` does.
    ///
    /// Numbers without a fraction or exponent become integers, others doubles; `NaN` and
    /// `Infinity` are accepted as Python accepts them. A repeated key keeps its first position
    /// and its last value.
    ///
    /// - Parameter jsonText: One JSON document (leading and trailing whitespace allowed).
    /// - Throws: ``TemplateError/invalidJSON(message:location:)`` naming the line and column.
    public init(jsonText: String) throws(TemplateError) {
        var reader = JSONReader(text: jsonText)
        self = try reader.readDocument()
    }

    /// The value as JSON, formatted as Python's `json.dumps(value, ensure_ascii=False)` would.
    ///
    /// - Parameters:
    ///   - indent: Spaces per level; `nil` writes one line with `", "` and `": "` separators.
    ///   - sortKeys: Whether to sort object keys (by code point) instead of keeping their order.
    /// - Throws: ``TemplateError/runtime(message:location:)`` when the value holds `undefined`.
    public func jsonText(indent: Int? = nil, sortKeys: Bool = false) throws(TemplateError) -> String {
        var options = JSONWriter.Options()
        options.indent = indent.map { String(repeating: " ", count: $0) }
        options.sortKeys = sortKeys
        if indent != nil { options.itemSeparator = "," }
        var output = ""
        do {
            try JSONWriter(options: options).write(self, into: &output, level: 0)
        } catch {
            throw .runtime(message: error.message, location: TemplateLocation(line: 1, column: 1))
        }
        return output
    }
}

/// Python's `json.dumps`, with the options transformers' `tojson` filter exposes.
struct JSONWriter {
    /// `json.dumps` keyword arguments.
    struct Options {
        var ensureASCII = false
        /// The text for one indentation level; nil for single-line output.
        var indent: String?
        var itemSeparator = ", "
        var keySeparator = ": "
        var sortKeys = false
    }

    /// A value `json.dumps` rejects, such as `undefined`.
    struct UnserializableError: Error {
        var message: String
    }

    var options: Options

    func write(_ value: TemplateValue, into output: inout String, level: Int) throws(UnserializableError) {
        switch value.storage {
        case .none: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number):
            if number.isNaN {
                output += "NaN"
            } else if number.isInfinite {
                output += number < 0 ? "-Infinity" : "Infinity"
            } else {
                output += PythonFormat.floatRepr(number)
            }
        case .string(let text), .markup(let text): writeString(text, into: &output)
        case .list(let elements), .tuple(let elements):
            try writeArray(elements, into: &output, level: level)
        case .object(let dictionary):
            try writeObject(dictionary, into: &output, level: level)
        case .undefined, .iterator, .namespace, .callable, .loop:
            throw UnserializableError(message: "Object of type \(value.typeName) is not JSON serializable")
        }
    }

    private func writeArray(_ elements: [TemplateValue], into output: inout String, level: Int)
        throws(UnserializableError)
    {
        guard !elements.isEmpty else {
            output += "[]"
            return
        }
        output += "["
        for (position, element) in elements.enumerated() {
            if position > 0 { output += options.itemSeparator }
            writeNewline(into: &output, level: level + 1)
            try write(element, into: &output, level: level + 1)
        }
        writeNewline(into: &output, level: level)
        output += "]"
    }

    private func writeObject(_ dictionary: TemplateDictionary, into output: inout String, level: Int)
        throws(UnserializableError)
    {
        guard !dictionary.isEmpty else {
            output += "{}"
            return
        }
        let keys = dictionary.keys
        var order = Array(keys.indices)
        if options.sortKeys {
            order.sort { keys[$0].unicodeScalars.lexicographicallyPrecedes(keys[$1].unicodeScalars) }
        }
        output += "{"
        for (position, entry) in order.enumerated() {
            if position > 0 { output += options.itemSeparator }
            writeNewline(into: &output, level: level + 1)
            writeString(keys[entry], into: &output)
            output += options.keySeparator
            try write(dictionary.values[entry], into: &output, level: level + 1)
        }
        writeNewline(into: &output, level: level)
        output += "}"
    }

    private func writeNewline(into output: inout String, level: Int) {
        guard let indent = options.indent else { return }
        output += "\n"
        for _ in 0..<level { output += indent }
    }

    /// Python's string encoder: escapes `"`, `\`, and control characters below U+0020.
    private func writeString(_ text: String, into output: inout String) {
        output += "\""
        var pending = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var position = scalars.startIndex
        while position < scalars.endIndex {
            let scalar = scalars[position]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            default:
                if scalar.value < 0x20 {
                    escape = Self.unicodeEscape(scalar.value)
                } else if options.ensureASCII && scalar.value > 0x7E {
                    if scalar.value > 0xFFFF {
                        let offset = scalar.value - 0x10000
                        escape = Self.unicodeEscape(0xD800 + (offset >> 10)) + Self.unicodeEscape(0xDC00 + (offset & 0x3FF))
                    } else {
                        escape = Self.unicodeEscape(scalar.value)
                    }
                } else {
                    escape = nil
                }
            }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[pending..<position])
                output += escape
                pending = scalars.index(after: position)
            }
            position = scalars.index(after: position)
        }
        output.unicodeScalars.append(contentsOf: scalars[pending..<scalars.endIndex])
        output += "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// A JSON parser that keeps object key order and reports errors by line and column.
struct JSONReader {
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
