/// The Python methods templates call on strings, dictionaries and lists.
///
/// Methods that mutate a list or dictionary are refused, as transformers' immutable sandbox does.
extension Interpreter {
    static let stringMethods: Set<String> = [
        "capitalize", "casefold", "center", "count", "endswith", "find", "format", "index", "isalnum", "isalpha",
        "isdecimal", "isdigit", "islower", "isnumeric", "isspace", "istitle", "isupper", "join", "ljust", "lower",
        "lstrip", "partition", "removeprefix", "removesuffix", "replace", "rfind", "rindex", "rjust", "rpartition",
        "rsplit", "rstrip", "split", "splitlines", "startswith", "strip", "swapcase", "title", "upper", "zfill"
    ]
    static let dictionaryMethods: Set<String> = [
        "clear", "copy", "get", "items", "keys", "pop", "popitem", "setdefault", "update", "values"
    ]
    static let listMethods: Set<String> = [
        "append", "clear", "copy", "count", "extend", "index", "insert", "pop", "remove", "reverse", "sort"
    ]
    private static let mutatingMethods: Set<String> = [
        "append", "clear", "extend", "insert", "pop", "popitem", "remove", "reverse", "setdefault", "sort", "update"
    ]

    /// Calls `receiver.name(arguments)` if the receiver is a string, list or dictionary with that method.
    ///
    /// - Returns: The result, or nil when the receiver has no such built-in method.
    func callMethod(_ name: String, on receiver: TemplateValue, arguments: CallArguments) throws(TemplateError)
        -> TemplateValue?
    {
        switch receiver.storage {
        case .string(let text), .markup(let text):
            guard Self.stringMethods.contains(name) else { return nil }
            return try callStringMethod(name, on: text, arguments: arguments)
        case .object(let dictionary):
            guard Self.dictionaryMethods.contains(name) else { return nil }
            try refuseMutation(name, of: receiver, location: arguments.location)
            switch name {
            case "items":
                _ = try arguments.bind(name, [])
                return .array(zip(dictionary.storedKeys, dictionary.values).map { .tuple([$0.value, $1]) })
            case "keys":
                _ = try arguments.bind(name, [])
                return .array(dictionary.storedKeys.map(\.value))
            case "values":
                _ = try arguments.bind(name, [])
                return .array(dictionary.values)
            case "get":
                let bound = try arguments.bind(name, ["key", "default"])
                guard let key = bound[0].flatMap(DictionaryKey.init) else { return bound[1] ?? TemplateValue.none }
                return dictionary[key] ?? bound[1] ?? TemplateValue.none
            default:
                return receiver
            }
        case .list(let elements), .tuple(let elements):
            guard Self.listMethods.contains(name) else { return nil }
            try refuseMutation(name, of: receiver, location: arguments.location)
            switch name {
            case "count":
                let bound = try arguments.bind(name, ["value"])
                return .int(elements.filter { $0.pythonEquals(bound[0] ?? TemplateValue.none) }.count)
            case "index":
                let bound = try arguments.bind(name, ["value"])
                guard let position = elements.firstIndex(where: { $0.pythonEquals(bound[0] ?? TemplateValue.none) }) else {
                    throw .runtime(message: "\((bound[0] ?? TemplateValue.none).pythonRepr) is not in list", location: arguments.location)
                }
                return .int(position)
            default:
                return receiver
            }
        default:
            return nil
        }
    }

    private func refuseMutation(_ name: String, of receiver: TemplateValue, location: TemplateLocation)
        throws(TemplateError)
    {
        guard Self.mutatingMethods.contains(name) else { return }
        throw .runtime(
            message: "access to attribute '\(name)' of '\(receiver.typeName)' object is unsafe (templates cannot modify values)",
            location: location)
    }

    private func callStringMethod(_ name: String, on text: String, arguments: CallArguments) throws(TemplateError)
        -> TemplateValue
    {
        let location = arguments.location
        func stringArgument(_ value: TemplateValue?, _ parameter: String) throws(TemplateError) -> String? {
            guard let value, !value.isNone else { return nil }
            guard case .string(let string) = value.storage else {
                throw .runtime(
                    message: "\(name)() argument '\(parameter)' must be str or None, not \(value.typeName)", location: location)
            }
            return string
        }
        switch name {
        case "strip", "lstrip", "rstrip":
            let characters = try stringArgument(try arguments.bind(name, ["chars"])[0], "chars")
            return .string(PythonText.strip(text, characters: characters, leading: name != "rstrip", trailing: name != "lstrip"))
        case "split", "rsplit":
            let bound = try arguments.bind(name, ["sep", "maxsplit"])
            let maxSplits = bound[1]?.indexValue ?? -1
            guard let separator = try stringArgument(bound[0], "sep") else {
                return .array(PythonText.splitOnWhitespace(text, maxSplits: maxSplits, fromEnd: name == "rsplit").map { .string($0) })
            }
            guard !separator.isEmpty else { throw .runtime(message: "empty separator", location: location) }
            return .array(PythonText.split(text, separator: separator, maxSplits: maxSplits, fromEnd: name == "rsplit").map { .string($0) })
        case "splitlines":
            return .array(PythonText.splitLines(text).map { .string($0) })
        case "startswith", "endswith":
            let bound = try arguments.bind(name, ["prefix", "start", "end"])
            var candidates: [String] = []
            switch bound[0]?.storage {
            case .string(let single)?: candidates = [single]
            case .tuple(let options)?, .list(let options)?: candidates = options.compactMap(\.stringValue)
            default:
                throw .runtime(message: "\(name)() first argument must be str or a tuple of str", location: location)
            }
            let scalars = Array(text.unicodeScalars)
            let start = max(0, min(scalars.count, bound[1]?.indexValue.map { $0 < 0 ? $0 + scalars.count : $0 } ?? 0))
            let end = max(start, min(scalars.count, bound[2]?.indexValue.map { $0 < 0 ? $0 + scalars.count : $0 } ?? scalars.count))
            let window = scalars[start..<end]
            return .bool(
                candidates.contains { candidate in
                    let needle = Array(candidate.unicodeScalars)
                    guard needle.count <= window.count else { return false }
                    return name == "startswith"
                        ? window.prefix(needle.count).elementsEqual(needle) : window.suffix(needle.count).elementsEqual(needle)
                })
        case "upper": return .string(text.uppercased())
        case "lower", "casefold": return .string(text.lowercased())
        case "title": return .string(PythonText.title(text))
        case "capitalize": return .string(PythonText.capitalize(text))
        case "swapcase":
            return .string(
                text.unicodeScalars.map { scalar in
                    scalar.properties.isUppercase
                        ? scalar.properties.lowercaseMapping
                        : scalar.properties.isLowercase ? scalar.properties.uppercaseMapping : String(scalar)
                }.joined())
        case "replace":
            let bound = try arguments.bind(name, ["old", "new", "count"])
            guard let old = try stringArgument(bound[0], "old"), let new = try stringArgument(bound[1], "new") else {
                throw .runtime(message: "replace() needs the old and new strings", location: location)
            }
            return .string(PythonText.replace(text, old, with: new, count: bound[2]?.indexValue ?? -1))
        case "find", "rfind", "index", "rindex":
            let bound = try arguments.bind(name, ["sub"])
            let needle = try stringArgument(bound[0], "sub") ?? ""
            let position = PythonText.find(text, needle, fromEnd: name.hasPrefix("r"))
            if position < 0 && name.hasSuffix("index") {
                throw .runtime(message: "substring not found", location: location)
            }
            return .int(position)
        case "count":
            let needle = try stringArgument(try arguments.bind(name, ["sub"])[0], "sub") ?? ""
            if needle.isEmpty { return .int(text.unicodeScalars.count + 1) }
            return .int(PythonText.split(text, separator: needle).count - 1)
        case "join":
            let items = try iterate(try arguments.bind(name, ["iterable"])[0] ?? .array([]), location: location)
            var parts: [String] = []
            for item in items {
                guard case .string(let part) = item.storage else {
                    throw .runtime(message: "sequence item: expected str instance, \(item.typeName) found", location: location)
                }
                parts.append(part)
            }
            return .string(parts.joined(separator: text))
        case "format":
            return .string(try PythonBraceFormat.format(text, arguments: arguments, interpreter: self))
        case "isdigit", "isdecimal", "isnumeric":
            return .bool(!text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.numericType != nil })
        case "isalpha":
            return .bool(!text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic })
        case "isalnum":
            return .bool(!text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        case "isspace":
            return .bool(!text.isEmpty && text.unicodeScalars.allSatisfy(PythonText.isWhitespace))
        case "islower":
            return .bool(text.unicodeScalars.contains { $0.properties.isCased } && text == text.lowercased())
        case "isupper":
            return .bool(text.unicodeScalars.contains { $0.properties.isCased } && text == text.uppercased())
        case "istitle":
            return .bool(text.unicodeScalars.contains { $0.properties.isCased } && text == PythonText.title(text))
        case "zfill":
            let width = try arguments.bind(name, ["width"])[0]?.indexValue ?? 0
            let count = text.unicodeScalars.count
            guard width > count else { return .string(text) }
            try RenderLimits.checkRepetition(unitBytes: 1, count: width, location: location)
            let padding = String(repeating: "0", count: width - count)
            if let first = text.unicodeScalars.first, first == "-" || first == "+" {
                return .string(String(first) + padding + String(text.unicodeScalars.dropFirst()))
            }
            return .string(padding + text)
        case "center", "ljust", "rjust":
            let bound = try arguments.bind(name, ["width", "fillchar"])
            let width = bound[0]?.indexValue ?? 0
            let fill = try stringArgument(bound[1], "fillchar") ?? " "
            let count = text.unicodeScalars.count
            guard width > count else { return .string(text) }
            try RenderLimits.checkRepetition(unitBytes: max(1, fill.utf8.count), count: width, location: location)
            let margin = width - count
            switch name {
            case "ljust": return .string(text + String(repeating: fill, count: margin))
            case "rjust": return .string(String(repeating: fill, count: margin) + text)
            default:
                let left = margin / 2 + (margin & width & 1)
                return .string(String(repeating: fill, count: left) + text + String(repeating: fill, count: margin - left))
            }
        case "removeprefix", "removesuffix":
            let affix = try stringArgument(try arguments.bind(name, ["affix"])[0], "affix") ?? ""
            let scalars = text.unicodeScalars
            let affixScalars = Array(affix.unicodeScalars)
            if name == "removeprefix", scalars.starts(with: affixScalars) {
                return .string(String(scalars.dropFirst(affixScalars.count)))
            }
            if name == "removesuffix", !affix.isEmpty, Array(scalars.suffix(affixScalars.count)) == affixScalars {
                return .string(String(scalars.dropLast(affixScalars.count)))
            }
            return .string(text)
        case "partition", "rpartition":
            let separator = try stringArgument(try arguments.bind(name, ["sep"])[0], "sep") ?? ""
            guard !separator.isEmpty else { throw .runtime(message: "empty separator", location: location) }
            let position = PythonText.find(text, separator, fromEnd: name == "rpartition")
            guard position >= 0 else {
                return name == "partition" ? .tuple([.string(text), "", ""]) : .tuple(["", "", .string(text)])
            }
            let scalars = Array(text.unicodeScalars)
            let before = String(String.UnicodeScalarView(scalars[..<position]))
            let after = String(String.UnicodeScalarView(scalars[(position + separator.unicodeScalars.count)...]))
            return .tuple([.string(before), .string(separator), .string(after)])
        default:
            throw .runtime(message: "'str' object has no method '\(name)'", location: location)
        }
    }
}
