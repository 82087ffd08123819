/// Python's `json.dumps`, with the options transformers' `tojson` filter exposes.
///
/// Why it is not the package's writer (`JSONWriter` in `JSONValues`): a rendered prompt must equal
/// jinja2's byte for byte, so it writes Python's spellings (`NaN`, `Infinity`, float `repr`),
/// `ensure_ascii`, `sort_keys` and Python's indentation, and refuses `undefined` as Python does.
struct PythonJSONWriter {
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
