/// Parses JSON text, or any beginning of it, into ``GeneratedContent``.
///
/// The parser is iterative (an explicit stack of open containers, so deep nesting cannot overflow
/// the call stack) and reads each byte once. At the end of the text, whatever is still open (a
/// string, a number, a literal, arrays and objects) is closed as incomplete content. Text that cannot
/// be the beginning of a JSON document throws ``GeneratedContent/JSONSyntaxError`` with its offset.
///
/// Why it is not the package's strict reader (`JSONReader` in `JSONValues`): a streamed response
/// must be read at every token, so this parser accepts any *beginning* of a document and says what
/// is complete; it checks raw UTF-8 bytes as they arrive (a character cut short waits for its
/// remaining bytes); and it builds ``GeneratedContent`` directly, whose numbers are `Double`s as
/// in Apple's type. Complete documents that are not generated content (JSON Schema documents) go
/// through the strict reader.
struct PartialJSONParser {
    typealias SyntaxError = GeneratedContent.JSONSyntaxError

    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 512

    /// Parses a Swift string (always valid UTF-8).
    static func parse(_ text: String) throws(SyntaxError) -> GeneratedContent {
        try parse(utf8: Array(text.utf8), isValidUTF8: true)
    }

    /// Parses UTF-8 bytes, validating them unless the caller knows they are valid.
    static func parse(utf8 bytes: [UInt8], isValidUTF8: Bool) throws(SyntaxError) -> GeneratedContent {
        var parser = PartialJSONParser(bytes: bytes, isValidUTF8: isValidUTF8)
        return try parser.parseDocument()
    }

    /// Where an open container stands.
    private enum State {
        /// Just opened: a value (array) or a key (object) or the closing bracket may follow.
        case start
        /// After a comma in an array, or after a colon in an object: a value must follow.
        case needValue
        /// After a comma in an object: a key must follow.
        case needKey
        /// After a key: a colon must follow.
        case needColon
        /// After a value: a comma or the closing bracket must follow.
        case afterValue
    }

    /// An open array or object.
    private struct Frame {
        var isObject: Bool
        var state: State = .start
        var elements: [GeneratedContent] = []
        var keys: [String] = []
        var values: [String: GeneratedContent] = [:]
        var pendingKey = ""

        /// The container as content.
        func content(isComplete: Bool) -> GeneratedContent {
            let kind: GeneratedContent.Kind =
                isObject ? .structure(properties: values, orderedKeys: keys) : .array(elements)
            return GeneratedContent(kind: kind, isComplete: isComplete)
        }

        mutating func add(_ value: GeneratedContent) {
            if isObject {
                if values.updateValue(value, forKey: pendingKey) == nil { keys.append(pendingKey) }
            } else {
                elements.append(value)
            }
            state = .afterValue
        }
    }

    private let bytes: [UInt8]
    private let isValidUTF8: Bool
    private var index = 0
    private var stack: [Frame] = []
    private var topValue: GeneratedContent?

    private init(bytes: [UInt8], isValidUTF8: Bool) {
        self.bytes = bytes
        self.isValidUTF8 = isValidUTF8
    }

    // MARK: - Document

    private mutating func parseDocument() throws(SyntaxError) -> GeneratedContent {
        while true {
            skipWhitespace()
            guard index < bytes.count else { return finish(partial: nil) }
            let byte = bytes[index]
            guard let frame = stack.last else {
                if topValue != nil { throw error("unexpected \(describe(byte)) after the JSON value") }
                if let partial = try parseValue() { return finish(partial: partial) }
                continue
            }
            switch frame.state {
            case .start where byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")):
                close()
            case .afterValue where byte == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")):
                close()
            case .afterValue where byte == UInt8(ascii: ","):
                index += 1
                stack[stack.count - 1].state = frame.isObject ? .needKey : .needValue
            case .afterValue:
                throw error("expected ',' or '\(frame.isObject ? "}" : "]")', found \(describe(byte))")
            case .start where frame.isObject, .needKey:
                guard byte == UInt8(ascii: "\"") else { throw error("expected a key string, found \(describe(byte))") }
                let (key, closed) = try parseString()
                guard closed else { return finish(partial: nil) }
                stack[stack.count - 1].pendingKey = key
                stack[stack.count - 1].state = .needColon
            case .needColon:
                guard byte == UInt8(ascii: ":") else { throw error("expected ':' after a key, found \(describe(byte))") }
                index += 1
                stack[stack.count - 1].state = .needValue
            case .start, .needValue:
                if let partial = try parseValue() { return finish(partial: partial) }
            }
        }
    }

    /// Closes the innermost container and hands it to its parent.
    private mutating func close() {
        index += 1
        let frame = stack.removeLast()
        deliver(frame.content(isComplete: true))
    }

    /// Hands a finished value to the innermost container, or makes it the document's value.
    private mutating func deliver(_ value: GeneratedContent) {
        if stack.isEmpty {
            topValue = value
        } else {
            stack[stack.count - 1].add(value)
        }
    }

    /// Closes everything still open at the end of the text, as incomplete content.
    ///
    /// - Parameter partial: A value cut short by the end of the text (`nil` when none, or when it has
    ///   no value yet, like a lone `-`).
    private mutating func finish(partial: GeneratedContent?) -> GeneratedContent {
        var carried = partial
        while var frame = stack.popLast() {
            if let value = carried, frame.state == .start || frame.state == .needValue {
                // Why: an object at `.start` has no key yet, so nothing can be carried into it.
                if !(frame.isObject && frame.state == .start) { frame.add(value) }
            }
            carried = frame.content(isComplete: false)
        }
        if let carried { return carried }
        return topValue ?? GeneratedContent(kind: .null, isComplete: false)
    }

    // MARK: - Values

    /// Parses the value starting at `index`. Returns `nil` when the value was complete (and was
    /// delivered, or a container was opened), or the incomplete value cut short by the end of the
    /// text.
    private mutating func parseValue() throws(SyntaxError) -> GeneratedContent?? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard stack.count < Self.maximumDepth else {
                throw error("nesting deeper than \(Self.maximumDepth) arrays and objects")
            }
            index += 1
            stack.append(Frame(isObject: byte == UInt8(ascii: "{")))
            return nil
        case UInt8(ascii: "\""):
            let (string, closed) = try parseString()
            let content = GeneratedContent(kind: .string(string), isComplete: closed)
            if closed {
                deliver(content)
                return nil
            }
            return .some(content)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return try parseLiteral()
        default:
            throw error("expected a JSON value, found \(describe(byte))")
        }
    }

    /// Parses a number; see ``parseValue()`` for the result.
    private mutating func parseNumber() throws(SyntaxError) -> GeneratedContent?? {
        let start = index
        var validEnd = index  // the end of the longest prefix that is a whole number
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return endOfNumber(start: start, validEnd: validEnd) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(bytes[index]) {
            skipDigits()
        } else {
            throw error("expected a digit, found \(describe(bytes[index]))")
        }
        validEnd = index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count else { return endOfNumber(start: start, validEnd: validEnd) }
            guard isDigit(bytes[index]) else { throw error("expected a digit after '.', found \(describe(bytes[index]))") }
            skipDigits()
            validEnd = index
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count else { return endOfNumber(start: start, validEnd: validEnd) }
            guard isDigit(bytes[index]) else { throw error("expected a digit in the exponent, found \(describe(bytes[index]))") }
            skipDigits()
            validEnd = index
        }
        let value = numberValue(start..<validEnd)
        if index < bytes.count || stack.isEmpty {
            // Why: a number is complete once anything follows it; at the very end only a document
            // that is nothing but this number is complete (nested, more digits may still come).
            deliver(GeneratedContent(kind: .number(value ?? 0), isComplete: true))
            return nil
        }
        return .some(value.map { GeneratedContent(kind: .number($0), isComplete: false) })
    }

    /// The result for a number cut short by the end of the text.
    private func endOfNumber(start: Int, validEnd: Int) -> GeneratedContent?? {
        .some(numberValue(start..<validEnd).map { GeneratedContent(kind: .number($0), isComplete: false) })
    }

    private func numberValue(_ range: Range<Int>) -> Double? {
        guard !range.isEmpty, range.count > 1 || bytes[range.lowerBound] != UInt8(ascii: "-") else { return nil }
        return Double(String(decoding: bytes[range], as: UTF8.self))
    }

    /// Parses `true`, `false` or `null`; see ``parseValue()`` for the result.
    private mutating func parseLiteral() throws(SyntaxError) -> GeneratedContent?? {
        let (word, kind): (String, GeneratedContent.Kind) =
            switch bytes[index] {
            case UInt8(ascii: "t"): ("true", .bool(true))
            case UInt8(ascii: "f"): ("false", .bool(false))
            default: ("null", .null)
            }
        for expected in word.utf8 {
            guard index < bytes.count else { return .some(GeneratedContent(kind: kind, isComplete: false)) }
            guard bytes[index] == expected else { throw error("expected '\(word)', found \(describe(bytes[index]))") }
            index += 1
        }
        deliver(GeneratedContent(kind: kind, isComplete: true))
        return nil
    }

    // MARK: - Strings

    /// Parses a string starting at its opening quote. Returns its text so far and whether it was
    /// closed; an escape or a UTF-8 sequence cut short at the end is left out.
    private mutating func parseString() throws(SyntaxError) -> (String, closed: Bool) {
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        var pendingHighSurrogate: UInt16?
        while index < bytes.count {
            let byte = bytes[index]
            if pendingHighSurrogate != nil, byte != UInt8(ascii: "\\") {
                // Why: a high surrogate not followed by an escape stands alone; JSON's grammar allows
                // it, and Unicode text holds a replacement character in its place.
                decoded.append(contentsOf: replacementCharacter)
                pendingHighSurrogate = nil
            }
            switch byte {
            case UInt8(ascii: "\""):
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                return (String(decoding: decoded, as: UTF8.self), true)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<index])
                guard try parseEscape(into: &decoded, pendingHighSurrogate: &pendingHighSurrogate) else {
                    return (String(decoding: decoded, as: UTF8.self), false)
                }
                runStart = index
            case 0x00..<0x20:
                throw error("a control character must be escaped in a string")
            case 0x80...:
                if isValidUTF8 {
                    index += 1
                } else if try !skipUTF8Sequence() {
                    decoded.append(contentsOf: bytes[runStart..<index])
                    return (String(decoding: decoded, as: UTF8.self), false)
                }
            default:
                index += 1
            }
        }
        decoded.append(contentsOf: bytes[runStart..<index])
        return (String(decoding: decoded, as: UTF8.self), false)
    }

    /// Parses the escape at `index` into `decoded`. Returns `false` when the text ends inside it.
    private mutating func parseEscape(
        into decoded: inout [UInt8],
        pendingHighSurrogate: inout UInt16?
    ) throws(SyntaxError) -> Bool {
        guard index + 1 < bytes.count else { return false }
        let escape = bytes[index + 1]
        if escape != UInt8(ascii: "u"), pendingHighSurrogate != nil {
            decoded.append(contentsOf: replacementCharacter)
            pendingHighSurrogate = nil
        }
        let simple: UInt8? =
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escape
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            decoded.append(simple)
            index += 2
            return true
        }
        guard escape == UInt8(ascii: "u") else {
            index += 1
            throw error("invalid escape '\\\(describeRaw(escape))' in a string")
        }
        var unit: UInt16 = 0
        for offset in 2..<6 {
            guard index + offset < bytes.count else { return false }
            guard let digit = hexValue(bytes[index + offset]) else {
                index += offset
                throw error("expected a hexadecimal digit in a \\u escape, found \(describe(bytes[index]))")
            }
            unit = unit << 4 | UInt16(digit)
        }
        index += 6
        switch unit {
        case 0xD800...0xDBFF:
            if pendingHighSurrogate != nil { decoded.append(contentsOf: replacementCharacter) }
            pendingHighSurrogate = unit
        case 0xDC00...0xDFFF:
            if let high = pendingHighSurrogate {
                let scalar = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                appendScalar(scalar, to: &decoded)
                pendingHighSurrogate = nil
            } else {
                decoded.append(contentsOf: replacementCharacter)
            }
        default:
            if pendingHighSurrogate != nil {
                decoded.append(contentsOf: replacementCharacter)
                pendingHighSurrogate = nil
            }
            appendScalar(UInt32(unit), to: &decoded)
        }
        return true
    }

    /// Checks the UTF-8 sequence at `index` and steps over it. Returns `false` when the text ends
    /// inside a sequence that is valid so far.
    private mutating func skipUTF8Sequence() throws(SyntaxError) -> Bool {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16))")
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return false }
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(bytes[index + offset]) else {
                index += offset
                throw error("invalid UTF-8 continuation byte 0x\(String(bytes[index], radix: 16))")
            }
        }
        index += length
        return true
    }

    // MARK: - Helpers

    private let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

    private func appendScalar(_ value: UInt32, to decoded: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        Unicode.UTF8.encode(scalar) { decoded.append($0) }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private func error(_ reason: String) -> SyntaxError {
        SyntaxError(offset: index, reason: reason)
    }

    private func describe(_ byte: UInt8) -> String {
        "'\(describeRaw(byte))'"
    }

    private func describeRaw(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }
}
