internal import Foundation

/// Python's printf-style `format % values` for the conversions templates use.
///
/// Supports `%s`, `%r`, `%d`/`%i`, `%f`/`%e`/`%g` with flags, width and precision, `%x`/`%o`,
/// `%c`, `%%`, and `%(name)s` with a dictionary.
enum PythonPercentFormat {
    static func format(_ format: String, with values: TemplateValue, location: TemplateLocation) throws(TemplateError)
        -> String
    {
        let arguments: [TemplateValue]
        var mapping: TemplateDictionary?
        // Python treats any non-tuple, non-string argument with `__getitem__` as a mapping, and does
        // not complain about its being unused.
        var acceptsUnused = false
        switch values.storage {
        case .tuple(let elements): arguments = elements
        case .object(let dictionary):
            mapping = dictionary
            acceptsUnused = true
            arguments = [values]
        case .list, .iterator:
            acceptsUnused = true
            arguments = [values]
        default: arguments = [values]
        }
        var result = ""
        var nextArgument = 0
        let scalars = Array(format.unicodeScalars)
        var index = 0
        func fail(_ message: String) -> TemplateError { .runtime(message: message, location: location) }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "%" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            guard index < scalars.count else { throw fail("incomplete format") }
            var value: TemplateValue?
            if scalars[index] == "(" {
                guard let close = scalars[index...].firstIndex(of: ")") else { throw fail("incomplete format key") }
                let key = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                guard let mapping else { throw fail("format requires a mapping") }
                guard let found = mapping[key] else { throw fail("KeyError: '\(key)'") }
                value = found
                index = close + 1
            }
            var flags = ""
            while index < scalars.count, "-+ #0".unicodeScalars.contains(scalars[index]) {
                flags.unicodeScalars.append(scalars[index])
                index += 1
            }
            var width = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                width.unicodeScalars.append(scalars[index])
                index += 1
            }
            var precision: String?
            if index < scalars.count, scalars[index] == "." {
                index += 1
                var digits = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                    digits.unicodeScalars.append(scalars[index])
                    index += 1
                }
                precision = digits
            }
            guard index < scalars.count else { throw fail("incomplete format") }
            let conversion = scalars[index]
            index += 1
            if conversion == "%" {
                result += "%"
                continue
            }
            if value == nil {
                guard nextArgument < arguments.count else { throw fail("not enough arguments for format string") }
                value = arguments[nextArgument]
                nextArgument += 1
            }
            guard let value else { continue }
            let text: String
            switch conversion {
            case "s": text = value.pythonString
            case "r", "a": text = value.pythonRepr
            case "c":
                if case .string(let character) = value.storage {
                    text = character
                } else if let code = value.indexValue,
                    let scalar = Unicode.Scalar(UInt32(clamping: code))
                {
                    text = String(scalar)
                } else {
                    throw fail("%c requires an int or a character")
                }
            case "d", "i", "u", "x", "X", "o":
                guard let number = value.numeric else {
                    throw fail("%\(conversion) format: a real number is required, not \(value.typeName)")
                }
                let integer: Int
                switch number {
                case .int(let exact): integer = exact
                case .double(let real): integer = Int(real.rounded(.towardZero))
                }
                let radix = conversion == "x" || conversion == "X" ? 16 : conversion == "o" ? 8 : 10
                var digits = String(integer.magnitude, radix: radix, uppercase: conversion == "X")
                if let precision, let minimum = Int(precision), digits.count < minimum {
                    digits = String(repeating: "0", count: minimum - digits.count) + digits
                }
                let sign = integer < 0 ? "-" : flags.contains("+") ? "+" : flags.contains(" ") ? " " : ""
                text = sign + digits
            case "f", "F", "e", "E", "g", "G":
                guard let number = value.numeric else {
                    throw fail("must be real number, not \(value.typeName)")
                }
                let spec = "%" + flags.filter { $0 != "-" && $0 != "0" } + "." + (precision ?? "6") + String(conversion)
                text = String(format: spec, number.asDouble)
            default:
                throw fail("unsupported format character '\(conversion)'")
            }
            result += pad(text, width: Int(width) ?? 0, flags: flags, numeric: conversion != "s" && conversion != "r")
        }
        if !acceptsUnused && nextArgument < arguments.count {
            throw fail("not all arguments converted during string formatting")
        }
        return result
    }

    private static func pad(_ text: String, width: Int, flags: String, numeric: Bool) -> String {
        let length = text.unicodeScalars.count
        guard width > length else { return text }
        let fill = width - length
        if flags.contains("-") { return text + String(repeating: " ", count: fill) }
        if flags.contains("0") && numeric {
            if let first = text.first, first == "-" || first == "+" || first == " " {
                return String(first) + String(repeating: "0", count: fill) + text.dropFirst()
            }
            return String(repeating: "0", count: fill) + text
        }
        return String(repeating: " ", count: fill) + text
    }
}
