internal import Foundation

/// Jinja's built-in filters, with transformers' `tojson`, following `jinja2/filters.py`.
extension Interpreter {
    /// The filters this engine implements, for capability checks.
    static let filterNames: Set<String> = [
        "abs", "attr", "capitalize", "center", "count", "d", "default", "dictsort", "e", "escape", "first", "float",
        "forceescape", "format", "indent", "int", "items", "join", "last", "length", "list", "lower", "map", "max",
        "min", "reject", "rejectattr", "replace", "reverse", "round", "safe", "select", "selectattr", "sort",
        "string", "sum", "title", "tojson", "trim", "unique", "upper", "wordcount"
    ]

    func applyFilter(_ name: String, to value: TemplateValue, arguments: CallArguments, in scope: Scope)
        throws(TemplateError) -> TemplateValue
    {
        switch name {
        case "safe":
            return TemplateValue(storage: .markup(value.pythonString))
        case "escape", "e":
            if case .markup = value.storage { return value }
            return TemplateValue(storage: .markup(Self.htmlEscape(value.pythonString)))
        case "forceescape":
            return TemplateValue(storage: .markup(Self.htmlEscape(value.pythonString)))
        default:
            return try applyPlainFilter(name, to: value.plain, arguments: arguments, in: scope)
        }
    }

    private func applyPlainFilter(_ name: String, to value: TemplateValue, arguments: CallArguments, in scope: Scope)
        throws(TemplateError) -> TemplateValue
    {
        let location = arguments.location
        switch name {
        case "tojson":
            return try toJSON(value, arguments: arguments)
        case "trim":
            let bound = try arguments.bind(name, ["chars"])
            return .string(PythonText.strip(value.pythonString, characters: bound[0]?.stringValue))
        case "length", "count":
            _ = try arguments.bind(name, [])
            return .int(try length(of: value, location: location))
        case "upper":
            return .string(value.pythonString.uppercased())
        case "lower":
            return .string(value.pythonString.lowercased())
        case "capitalize":
            return .string(PythonText.capitalize(value.pythonString))
        case "title":
            return .string(Self.jinjaTitle(value.pythonString))
        case "replace":
            let bound = try arguments.bind(name, ["old", "new", "count"])
            guard let old = bound[0], let new = bound[1] else {
                throw .runtime(message: "replace() needs the old and new strings", location: location)
            }
            return .string(
                PythonText.replace(value.pythonString, old.pythonString, with: new.pythonString, count: bound[2]?.indexValue ?? -1))
        case "join":
            let bound = try arguments.bind(name, ["d", "attribute"])
            var items = try iterate(value, location: location)
            if let attribute = bound[1] {
                items = try items.map { (item) throws(TemplateError) in try attributePath(attribute, of: item, location: location) }
            }
            return .string(items.map(\.pythonString).joined(separator: bound[0]?.pythonString ?? ""))
        case "first":
            let items = try iterate(value, location: location)
            return items.first ?? .undefined(.message("No first item, sequence was empty."))
        case "last":
            if case .iterator = value.storage {
                throw .runtime(message: "'generator' object is not reversible", location: location)
            }
            let items = try iterate(value, location: location)
            return items.last ?? .undefined(.message("No last item, sequence was empty."))
        case "default", "d":
            let bound = try arguments.bind(name, ["default_value", "boolean"])
            if value.isUndefined || (bound[1]?.isTruthy == true && !value.isTruthy) {
                return bound[0] ?? .emptyString
            }
            return value
        case "items":
            switch value.storage {
            case .object(let dictionary):
                return .iterator(zip(dictionary.storedKeys, dictionary.values).map { .tuple([$0.value, $1]) })
            case .undefined: return .array([])
            default: throw .runtime(message: "can only get item pairs from a mapping", location: location)
            }
        case "list":
            return .array(try iterate(value, location: location))
        case "string":
            return .string(value.pythonString)
        case "int":
            let bound = try arguments.bind(name, ["default", "base"])
            return try toInt(value, default: bound[0] ?? .int(0), base: bound[1]?.indexValue ?? 10, location: location)
        case "float":
            let bound = try arguments.bind(name, ["default"])
            return try toFloat(value, default: bound[0] ?? .double(0), location: location)
        case "abs":
            switch value.storage {
            case .int(let number):
                guard number != .min else { throw .runtime(message: "integer overflow", location: location) }
                return .int(abs(number))
            case .bool(let flag): return .int(flag ? 1 : 0)
            case .double(let number): return .double(abs(number))
            default: throw badOperand("abs()", value, location: location)
            }
        case "round":
            let bound = try arguments.bind(name, ["precision", "method"])
            return try round(value, precision: bound[0]?.indexValue ?? 0, method: bound[1]?.stringValue ?? "common", location: location)
        case "map":
            return try mapFilter(value, arguments: arguments, in: scope)
        case "select", "reject":
            return try selectFilter(value, arguments: arguments, keepMatches: name == "select", byAttribute: false, in: scope)
        case "selectattr", "rejectattr":
            return try selectFilter(value, arguments: arguments, keepMatches: name == "selectattr", byAttribute: true, in: scope)
        case "unique":
            let bound = try arguments.bind(name, ["case_sensitive", "attribute"])
            var seen: [TemplateValue] = []
            var result: [TemplateValue] = []
            for item in try iterate(value, location: location) {
                let key = try sortKey(item, attribute: bound[1], caseSensitive: bound[0]?.isTruthy ?? false, location: location)
                if DictionaryKey(key) == nil, key.typeName != "tuple" {
                    throw .runtime(message: "unhashable type: '\(key.typeName)'", location: location)
                }
                if !seen.contains(where: { $0.pythonEquals(key) }) {
                    seen.append(key)
                    result.append(item)
                }
            }
            return .iterator(result)
        case "dictsort":
            let bound = try arguments.bind(name, ["case_sensitive", "by", "reverse"])
            guard case .object(let dictionary) = value.storage else {
                throw .runtime(message: "you can only sort by either 'key' or 'value' of a mapping", location: location)
            }
            let byValue = bound[1]?.stringValue == "value"
            let pairs: [TemplateValue] = zip(dictionary.storedKeys, dictionary.values).map { .tuple([$0.value, $1]) }
            let position: TemplateValue = .int(byValue ? 1 : 0)
            return .array(
                try sorted(
                    pairs, reverse: bound[2]?.isTruthy ?? false, caseSensitive: bound[0]?.isTruthy ?? false,
                    attribute: position, location: location))
        case "sort":
            let bound = try arguments.bind(name, ["reverse", "case_sensitive", "attribute"])
            return .array(
                try sorted(
                    try iterate(value, location: location), reverse: bound[0]?.isTruthy ?? false,
                    caseSensitive: bound[1]?.isTruthy ?? false, attribute: bound[2], location: location))
        case "min", "max":
            let bound = try arguments.bind(name, ["case_sensitive", "attribute"])
            let items = try sorted(
                try iterate(value, location: location), reverse: false, caseSensitive: bound[0]?.isTruthy ?? false,
                attribute: bound[1], location: location)
            let chosen = name == "min" ? items.first : items.last
            return chosen ?? .undefined(.message("No aggregated item, sequence was empty."))
        case "sum":
            let bound = try arguments.bind(name, ["attribute", "start"])
            var total = bound[1] ?? .int(0)
            if total.stringValue != nil {
                throw .runtime(message: "sum() can't sum strings [use ''.join(seq) instead]", location: location)
            }
            for item in try iterate(value, location: location) {
                let addend = try bound[0].map { (attribute) throws(TemplateError) in try attributePath(attribute, of: item, location: location) } ?? item
                total = try binary(.add, total, addend, location: location)
            }
            return total
        case "reverse":
            if case .string(let text) = value.storage { return .string(String(String.UnicodeScalarView(text.unicodeScalars.reversed()))) }
            return .iterator(try iterate(value, location: location).reversed())
        case "indent":
            let bound = try arguments.bind(name, ["width", "first", "blank"])
            guard value.stringValue != nil else {
                throw .runtime(message: "indent needs a string, got '\(value.typeName)'", location: location)
            }
            return .string(indent(value.pythonString, width: bound[0] ?? .int(4), first: bound[1]?.isTruthy ?? false, blank: bound[2]?.isTruthy ?? false))
        case "center":
            let bound = try arguments.bind(name, ["width"])
            return .string(Self.center(value.pythonString, width: bound[0]?.indexValue ?? 80))
        case "wordcount":
            return .int(value.pythonString.unicodeScalars.split { !($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "_") }.count)
        case "format":
            let formatArguments: TemplateValue =
                arguments.keyword.isEmpty
                ? .tuple(arguments.positional) : .object(TemplateDictionary(arguments.keyword.map { ($0.name, $0.value) }))
            return .string(try PythonPercentFormat.format(value.pythonString, with: formatArguments, location: location))
        case "attr":
            let bound = try arguments.bind(name, ["name"])
            let attributeName = bound[0]?.pythonString ?? ""
            if case .object = value.storage, !Self.dictionaryMethods.contains(attributeName) {
                return .undefined(.attribute(owner: "dict object", name: attributeName))
            }
            return try attribute(attributeName, of: value, location: location)
        default:
            throw .runtime(message: "no filter named '\(name)'", location: location)
        }
    }

    /// transformers' `tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False)`.
    private func toJSON(_ value: TemplateValue, arguments: CallArguments) throws(TemplateError) -> TemplateValue {
        let bound = try arguments.bind("tojson", ["ensure_ascii", "indent", "separators", "sort_keys"])
        var options = PythonJSONWriter.Options()
        options.ensureASCII = bound[0]?.isTruthy ?? false
        if let indent = bound[1], !indent.isNone {
            if case .string(let text) = indent.storage {
                options.indent = text
            } else if let width = indent.indexValue {
                options.indent = String(repeating: " ", count: max(0, width))
            }
            options.itemSeparator = ","
        }
        if let separators = bound[2], !separators.isNone {
            guard let pair = separators.sequenceElements, pair.count == 2,
                let item = pair[0].stringValue, let key = pair[1].stringValue
            else {
                throw .runtime(message: "tojson separators must be a pair of strings", location: arguments.location)
            }
            options.itemSeparator = item
            options.keySeparator = key
        }
        options.sortKeys = bound[3]?.isTruthy ?? false
        var output = ""
        do {
            try PythonJSONWriter(options: options).write(value, into: &output, level: 0)
        } catch {
            throw .runtime(message: error.message, location: arguments.location)
        }
        return .string(output)
    }

    /// Python's `len()`.
    func length(of value: TemplateValue, location: TemplateLocation) throws(TemplateError) -> Int {
        switch value.storage {
        case .string(let text): return text.unicodeScalars.count
        case .list(let elements), .tuple(let elements): return elements.count
        case .object(let dictionary): return dictionary.count
        case .undefined: return 0
        default: throw .runtime(message: "object of type '\(value.typeName)' has no len()", location: location)
        }
    }

    /// The items a filter iterates; like a `for` loop, but a string yields its characters.
    func iterate(_ value: TemplateValue, location: TemplateLocation) throws(TemplateError) -> [TemplateValue] {
        try elements(of: value, location: location)
    }

    /// Jinja's attribute getter for `map`, `selectattr`, `sort` and others: dotted paths, digits as indexes.
    func attributePath(_ path: TemplateValue, of item: TemplateValue, location: TemplateLocation) throws(TemplateError)
        -> TemplateValue
    {
        if let index = path.intValue { return try self.item(.int(index), of: item, location: location) }
        var current = item
        for part in path.pythonString.split(separator: ".", omittingEmptySubsequences: false) {
            let key: TemplateValue = Int(part).map { .int($0) } ?? .string(String(part))
            current = try self.item(key, of: current, location: location)
        }
        return current
    }

    private func mapFilter(_ value: TemplateValue, arguments: CallArguments, in scope: Scope) throws(TemplateError)
        -> TemplateValue
    {
        // Jinja's map yields nothing for a falsy value, even none.
        let items = value.isTruthy ? try iterate(value, location: arguments.location) : []
        if let attribute = arguments.keyword.first(where: { $0.name == "attribute" })?.value {
            let defaultValue = arguments.keyword.first(where: { $0.name == "default" })?.value
            return .iterator(
                try items.map { (item) throws(TemplateError) in
                    let mapped = try attributePath(attribute, of: item, location: arguments.location)
                    if let defaultValue, mapped.isUndefined { return defaultValue }
                    return mapped
                })
        }
        guard let filterName = arguments.positional.first?.stringValue else {
            throw .runtime(message: "map() needs a filter name or attribute=", location: arguments.location)
        }
        var forwarded = arguments
        forwarded.positional.removeFirst()
        return .iterator(
            try items.map { (item) throws(TemplateError) in
                try applyFilter(filterName, to: item, arguments: forwarded, in: scope)
            })
    }

    private func selectFilter(
        _ value: TemplateValue, arguments: CallArguments, keepMatches: Bool, byAttribute: Bool, in scope: Scope
    ) throws(TemplateError) -> TemplateValue {
        var remaining = arguments.positional
        var attribute: TemplateValue?
        if byAttribute {
            guard !remaining.isEmpty else {
                throw .runtime(message: "selectattr() and rejectattr() need an attribute name", location: arguments.location)
            }
            attribute = remaining.removeFirst()
        }
        let testName = remaining.isEmpty ? nil : remaining.removeFirst().pythonString
        let testArguments = CallArguments(positional: remaining, keyword: arguments.keyword, location: arguments.location)
        var kept: [TemplateValue] = []
        // Jinja's select family yields nothing for a falsy value, even none.
        for item in value.isTruthy ? try iterate(value, location: arguments.location) : [] {
            let subject = try attribute.map { (path) throws(TemplateError) in try attributePath(path, of: item, location: arguments.location) } ?? item
            let matches: Bool
            if let testName {
                matches = try applyTest(testName, to: subject, arguments: testArguments, in: scope)
            } else {
                matches = subject.isTruthy
            }
            if matches == keepMatches { kept.append(item) }
        }
        return .iterator(kept)
    }

    private func sortKey(_ item: TemplateValue, attribute: TemplateValue?, caseSensitive: Bool, location: TemplateLocation)
        throws(TemplateError) -> TemplateValue
    {
        var key = item
        if let attribute { key = try attributePath(attribute, of: item, location: location) }
        if !caseSensitive, case .string(let text) = key.storage { key = .string(text.lowercased()) }
        return key
    }

    private func sorted(
        _ items: [TemplateValue], reverse: Bool, caseSensitive: Bool, attribute: TemplateValue?, location: TemplateLocation
    ) throws(TemplateError) -> [TemplateValue] {
        var keyed: [(key: TemplateValue, position: Int, item: TemplateValue)] = []
        for (position, item) in items.enumerated() {
            keyed.append((try sortKey(item, attribute: attribute, caseSensitive: caseSensitive, location: location), position, item))
        }
        var failure: TemplateError?
        keyed.sort { a, b in
            let (first, second) = reverse ? (b.key, a.key) : (a.key, b.key)
            guard let less = first.pythonLess(than: second) else {
                failure = .runtime(
                    message: "'<' not supported between instances of '\(first.typeName)' and '\(second.typeName)'",
                    location: location)
                return a.position < b.position
            }
            if less { return true }
            if second.pythonLess(than: first) == true { return false }
            return a.position < b.position
        }
        if let failure { throw failure }
        return keyed.map(\.item)
    }

    private func toInt(_ value: TemplateValue, default defaultValue: TemplateValue, base: Int, location: TemplateLocation)
        throws(TemplateError) -> TemplateValue
    {
        switch value.storage {
        case .int: return value
        case .bool(let flag): return .int(flag ? 1 : 0)
        case .double(let number):
            guard number.isFinite, let integer = Int(exactly: number.rounded(.towardZero)) else { return defaultValue }
            return .int(integer)
        case .string(let text):
            let cleaned = PythonText.strip(text).replacingUnderscores()
            if let integer = Int(cleaned.hasPrefix("+") ? String(cleaned.dropFirst()) : cleaned, radix: base) {
                return .int(integer)
            }
            if let number = Double(PythonText.strip(text)), number.isFinite,
                let integer = Int(exactly: number.rounded(.towardZero))
            {
                return .int(integer)
            }
            return defaultValue
        case .undefined(let hint):
            throw .runtime(message: hint.message, location: location)
        default:
            return defaultValue
        }
    }

    private func toFloat(_ value: TemplateValue, default defaultValue: TemplateValue, location: TemplateLocation)
        throws(TemplateError) -> TemplateValue
    {
        switch value.storage {
        case .double: return value
        case .int(let number): return .double(Double(number))
        case .bool(let flag): return .double(flag ? 1 : 0)
        case .string(let text):
            let cleaned = PythonText.strip(text).lowercased()
            switch cleaned {
            case "inf", "+inf", "infinity", "+infinity": return .double(.infinity)
            case "-inf", "-infinity": return .double(-.infinity)
            case "nan", "+nan", "-nan": return .double(.nan)
            default: return Double(cleaned.replacingUnderscores()).map { .double($0) } ?? defaultValue
            }
        case .undefined(let hint):
            throw .runtime(message: hint.message, location: location)
        default:
            return defaultValue
        }
    }

    /// Jinja's `round`: Python's `round()` (half to even, exact) or `math.ceil`/`math.floor` at a precision.
    private func round(_ value: TemplateValue, precision: Int, method: String, location: TemplateLocation)
        throws(TemplateError) -> TemplateValue
    {
        guard let number = value.numeric else { throw badOperand("round()", value, location: location) }
        let scale = pow(10.0, Double(precision))
        switch method {
        case "common":
            switch number {
            case .int(let integer):
                guard precision < 0 else { return .int(integer) }
                guard precision > -19 else { return .int(0) }
                var factor = 1
                for _ in 0..<(-precision) { factor *= 10 }
                var quotient = integer / factor
                var remainder = integer - quotient * factor
                if remainder < 0 {
                    quotient -= 1
                    remainder += factor
                }
                if 2 * remainder > factor || (2 * remainder == factor && quotient % 2 != 0) { quotient += 1 }
                return .int(quotient * factor)
            case .double(let real):
                guard real.isFinite else { return .double(real) }
                if precision <= 0 { return .double((real * scale).rounded(.toNearestOrEven) / scale) }
                // printf rounds the exact binary value half-to-even, as Python's round() does.
                return .double(Double(String(format: "%.\(precision)f", real)) ?? real)
            }
        case "ceil":
            return .double((number.asDouble * scale).rounded(.up) / scale)
        case "floor":
            return .double((number.asDouble * scale).rounded(.down) / scale)
        default:
            throw .runtime(message: "method must be 'common', 'ceil' or 'floor'", location: location)
        }
    }

    private func indent(_ text: String, width: TemplateValue, first: Bool, blank: Bool) -> String {
        let indentation: String
        if case .string(let custom) = width.storage {
            indentation = custom
        } else {
            indentation = String(repeating: " ", count: max(0, width.indexValue ?? 4))
        }
        let lines = PythonText.splitLines(text + "\n")
        var result: String
        if blank {
            result = lines.joined(separator: "\n" + indentation)
        } else {
            result = lines.first ?? ""
            let rest = lines.dropFirst()
            if !rest.isEmpty {
                result += "\n" + rest.map { $0.isEmpty ? $0 : indentation + $0 }.joined(separator: "\n")
            }
        }
        return first ? indentation + result : result
    }

    /// Jinja's `title` filter: words start after whitespace, `-`, or an opening bracket.
    static func jinjaTitle(_ text: String) -> String {
        var result = ""
        var atWordStart = true
        for scalar in text.unicodeScalars {
            let isSeparator = PythonText.isWhitespace(scalar) || "-([{<".unicodeScalars.contains(scalar)
            if isSeparator {
                result.unicodeScalars.append(scalar)
                atWordStart = true
            } else if atWordStart {
                result += String(scalar).uppercased()
                atWordStart = false
            } else {
                result += String(scalar).lowercased()
            }
        }
        return result
    }

    static func htmlEscape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&#34;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Python's `str.center(width)`.
    static func center(_ text: String, width: Int) -> String {
        let length = text.unicodeScalars.count
        guard width > length else { return text }
        let margin = width - length
        let left = margin / 2 + (margin & width & 1)
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: margin - left)
    }
}

extension String {
    /// The text without `_` (Python accepts digit separators in `int()` and `float()`).
    fileprivate func replacingUnderscores() -> String {
        String(unicodeScalars.filter { $0 != "_" }.map(Character.init).reduce(into: "") { $0.append($1) })
    }
}
