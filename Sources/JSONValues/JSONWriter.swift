/// Writes ``JSONValue``s as JSON text, in one of a few fixed layouts.
///
/// The package's one JSON writer. Object members are written in their order; numbers as their
/// text; strings with only `"`, `\` and control characters escaped (`/` and non-ASCII text are left
/// as they are, as Apple's framework writes them). The layouts differ only in whitespace:
///
/// ```swift
/// let value = JSONValue.object([JSONMember("tags", .array([.string("a"), .string("b")]))])
/// JSONWriter.compact.text(of: value)    // {"tags":["a","b"]}
/// JSONWriter.spaced.text(of: value)     // {"tags": ["a", "b"]}
/// JSONWriter.indented.text(of: value)   // {\n  "tags": ["a", "b"]\n}
/// ```
public struct JSONWriter: Sendable, Hashable {
    /// The text between an object key and its value.
    public var keySeparator: String
    /// The text between two array items or object members (before the line break when indented).
    public var itemSeparator: String
    /// Spaces per nesting level, or `nil` to write everything on one line.
    ///
    /// Indented text puts each member of an object and each item of an array on its own line,
    /// except arrays of scalars (such as `required` or `enum`), which stay on one line with
    /// `itemSeparator` and a space between items.
    public var indentation: Int?

    /// Creates a writer with the given separators and indentation.
    public init(keySeparator: String, itemSeparator: String, indentation: Int? = nil) {
        self.keySeparator = keySeparator
        self.itemSeparator = itemSeparator
        self.indentation = indentation
    }

    /// No whitespace at all: `{"a":1,"b":[true,null]}`.
    public static let compact = JSONWriter(keySeparator: ":", itemSeparator: ",")
    /// One line with a space after `:` and `,`: `{"a": 1, "b": [true, null]}`.
    public static let spaced = JSONWriter(keySeparator: ": ", itemSeparator: ", ")
    /// Two spaces per level, one member per line.
    public static let indented = JSONWriter(keySeparator: ": ", itemSeparator: ",", indentation: 2)

    /// The JSON text of `value`.
    public func text(of value: JSONValue) -> String {
        var output: [UInt8] = []
        write(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the UTF-8 JSON text of `value` to `output`.
    public func write(_ value: JSONValue, to output: inout [UInt8]) {
        write(value, to: &output, level: indentation.map { _ in 0 })
    }

    private func write(_ value: JSONValue, to output: inout [UInt8], level: Int?) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): Self.appendQuoted(text, to: &output)
        case .array(let elements) where level != nil && elements.allSatisfy(\.isScalar):
            // Why: indented text keeps short lists of scalars (`required`, `enum`) on one line.
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(contentsOf: itemSeparator.utf8); output.append(UInt8(ascii: " ")) }
                write(element, to: &output, level: nil)
            }
            output.append(UInt8(ascii: "]"))
        case .array(let elements):
            writeContainer(elements.map { (nil, $0) }, open: "[", close: "]", to: &output, level: level)
        case .object(let members):
            writeContainer(members.map { ($0.key, $0.value) }, open: "{", close: "}", to: &output, level: level)
        }
    }

    private func writeContainer(
        _ entries: [(key: String?, value: JSONValue)],
        open: Unicode.Scalar,
        close: Unicode.Scalar,
        to output: inout [UInt8],
        level: Int?
    ) {
        output.append(UInt8(ascii: open))
        guard !entries.isEmpty else {
            output.append(UInt8(ascii: close))
            return
        }
        let inner = level.map { $0 + (indentation ?? 0) }
        for (index, entry) in entries.enumerated() {
            if index > 0 { output.append(contentsOf: itemSeparator.utf8) }
            if let inner {
                output.append(UInt8(ascii: "\n"))
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: inner))
            }
            if let key = entry.key {
                Self.appendQuoted(key, to: &output)
                output.append(contentsOf: keySeparator.utf8)
            }
            write(entry.value, to: &output, level: inner)
        }
        if let level {
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level))
        }
        output.append(UInt8(ascii: close))
    }

    // MARK: - Strings

    /// `string` as a quoted JSON string literal.
    public static func quoted(_ string: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 2)
        appendQuoted(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends `string` as a quoted JSON string literal: `"` and `\` escaped, control characters
    /// escaped (`\n`, `\t`, … or `\u00XX`), everything else as it is.
    public static func appendQuoted(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x00..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

extension JSONValue {
    /// The value as JSON text, written by `writer` (``JSONWriter/compact`` by default).
    public func jsonText(_ writer: JSONWriter = .compact) -> String {
        writer.text(of: self)
    }
}
