/// Python's `str.format` for plain replacement fields: `{}`, `{0}`, `{name}`, `{name.attr}`,
/// `{0[key]}`, with `!s`/`!r` conversions and `{{`/`}}` escapes. Format specs after `:` are
/// supported only for width and alignment of strings.
enum PythonBraceFormat {
    static func format(_ text: String, arguments: CallArguments, interpreter: Interpreter) throws(TemplateError)
        -> String
    {
        let location = arguments.location
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        var automaticIndex = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "}" {
                guard index + 1 < scalars.count, scalars[index + 1] == "}" else {
                    throw .runtime(message: "single '}' encountered in format string", location: location)
                }
                result.append("}")
                index += 2
                continue
            }
            guard scalar == "{" else {
                result.append(scalar)
                index += 1
                continue
            }
            if index + 1 < scalars.count, scalars[index + 1] == "{" {
                result.append("{")
                index += 2
                continue
            }
            guard let close = scalars[index...].firstIndex(of: "}") else {
                throw .runtime(message: "single '{' encountered in format string", location: location)
            }
            var field = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            index = close + 1
            var spec = ""
            if let colon = field.firstIndex(of: ":") {
                spec = String(field[field.index(after: colon)...])
                field = String(field[..<colon])
            }
            var conversion: Character?
            if let bang = field.firstIndex(of: "!") {
                conversion = field[field.index(after: bang)...].first
                field = String(field[..<bang])
            }
            let path = field.split(separator: ".", omittingEmptySubsequences: false)
            var head = String(path.first ?? "")
            var subscripts: [String] = []
            if let bracket = head.firstIndex(of: "[") {
                subscripts = head[bracket...].split(separator: "]").map { String($0.dropFirst()) }
                head = String(head[..<bracket])
            }
            var value: TemplateValue
            if head.isEmpty {
                guard automaticIndex < arguments.positional.count else {
                    throw .runtime(message: "replacement index \(automaticIndex) out of range", location: location)
                }
                value = arguments.positional[automaticIndex]
                automaticIndex += 1
            } else if let position = Int(head) {
                guard position < arguments.positional.count else {
                    throw .runtime(message: "replacement index \(position) out of range", location: location)
                }
                value = arguments.positional[position]
            } else {
                guard let named = arguments.keyword.first(where: { $0.name == head })?.value else {
                    throw .runtime(message: "KeyError: '\(head)'", location: location)
                }
                value = named
            }
            for key in subscripts {
                let keyValue: TemplateValue = Int(key).map { .int($0) } ?? .string(key)
                value = try interpreter.item(keyValue, of: value, location: location)
            }
            for attribute in path.dropFirst() {
                value = try interpreter.attribute(String(attribute), of: value, location: location)
            }
            var rendered = conversion == "r" ? value.pythonRepr : value.pythonString
            if !spec.isEmpty { rendered = try applySpec(spec, to: rendered, location: location) }
            result.append(contentsOf: rendered.unicodeScalars)
        }
        return String(result)
    }

    private static func applySpec(_ spec: String, to text: String, location: TemplateLocation) throws(TemplateError)
        -> String
    {
        var characters = Array(spec)
        var alignment: Character = "<"
        var fill: Character = " "
        if characters.count >= 2, "<>^".contains(characters[1]) {
            fill = characters[0]
            alignment = characters[1]
            characters.removeFirst(2)
        } else if let first = characters.first, "<>^".contains(first) {
            alignment = first
            characters.removeFirst()
        }
        guard let width = Int(String(characters)) else {
            throw .runtime(message: "unsupported format spec '\(spec)'", location: location)
        }
        let count = text.unicodeScalars.count
        guard width > count else { return text }
        let margin = width - count
        switch alignment {
        case ">": return String(repeating: fill, count: margin) + text
        case "^": return String(repeating: fill, count: margin / 2) + text + String(repeating: fill, count: margin - margin / 2)
        default: return text + String(repeating: fill, count: margin)
        }
    }
}
