/// Python's text formatting of floats, strings and dictionaries.
enum PythonFormat {
    /// Python's `repr(float)`: the shortest round-tripping digits, scientific below 1e-4 and from 1e16.
    static func floatRepr(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        // Swift's description also prints the shortest round-tripping digits; only the layout differs.
        let text = value.magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<marker]
            exponent = Int(text[text.index(after: marker)...]) ?? 0
        }
        let integerPart: Substring
        let fractionPart: Substring
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fractionPart = mantissa[mantissa.index(after: dot)...]
        } else {
            integerPart = mantissa
            fractionPart = ""
        }
        var digits = Array(integerPart.utf8) + Array(fractionPart.utf8)
        var pointPosition = integerPart.utf8.count + exponent
        while digits.count > 1, digits.first == UInt8(ascii: "0") {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
        let digitText = String(decoding: digits, as: UTF8.self)
        var result = value.sign == .minus ? "-" : ""
        if pointPosition > -4 && pointPosition <= 16 {
            if pointPosition <= 0 {
                result += "0." + String(repeating: "0", count: -pointPosition) + digitText
            } else if pointPosition >= digits.count {
                result += digitText + String(repeating: "0", count: pointPosition - digits.count) + ".0"
            } else {
                let split = digitText.index(digitText.startIndex, offsetBy: pointPosition)
                result += digitText[..<split] + "." + digitText[split...]
            }
        } else {
            let first = digitText.prefix(1)
            let rest = digitText.dropFirst()
            let decimalExponent = pointPosition - 1
            let exponentDigits = String(decimalExponent.magnitude)
            result +=
                first + (rest.isEmpty ? "" : "." + rest) + "e" + (decimalExponent < 0 ? "-" : "+")
                + (exponentDigits.count < 2 ? "0" : "") + exponentDigits
        }
        return result
    }

    /// Python's `repr(str)`: single quotes unless the text has a `'` and no `"`, with escapes.
    static func stringRepr(_ value: String) -> String {
        let quote: Unicode.Scalar = value.contains("'") && !value.contains("\"") ? "\"" : "'"
        var result = String.UnicodeScalarView()
        result.append(quote)
        for scalar in value.unicodeScalars {
            switch scalar {
            case quote, "\\":
                result.append("\\")
                result.append(scalar)
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            case "\t": result.append(contentsOf: "\\t".unicodeScalars)
            default:
                if isPrintable(scalar) {
                    result.append(scalar)
                } else {
                    result.append(contentsOf: escapedCodePoint(scalar.value).unicodeScalars)
                }
            }
        }
        result.append(quote)
        return String(result)
    }

    /// Python's `repr(dict)`.
    static func dictRepr(_ dictionary: TemplateDictionary) -> String {
        var parts: [String] = []
        parts.reserveCapacity(dictionary.count)
        for (key, value) in zip(dictionary.storedKeys, dictionary.values) {
            parts.append(key.value.pythonRepr + ": " + value.pythonRepr)
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Python's `str.isprintable()` for one character.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || scalar.value == 0x7F { return false }
        if scalar.value < 0x7F { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator,
            .spaceSeparator:
            return false
        default:
            return true
        }
    }

    private static func escapedCodePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        if value <= 0xFF { return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex }
        if value <= 0xFFFF { return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex }
        return "\\U" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
