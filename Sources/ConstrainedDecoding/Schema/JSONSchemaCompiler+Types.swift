import JSONValues

extension JSONSchemaCompiler {
    mutating func compile(type: String, _ schema: JSONValue, path: String) throws(SchemaError) -> Value {
        switch type {
        case "null": return .regular(.literal("null".utf8))
        case "boolean": return .regular(.union([.literal("true".utf8), .literal("false".utf8)]))
        case "integer", "number": return try compileNumber(schema, integerOnly: type == "integer", path: path)
        case "string": return try compileString(schema, path: path)
        case "array": return try compileArray(schema, path: path)
        default: return try compileObject(schema, path: path)
        }
    }

    // MARK: - Numbers

    private func number(_ schema: JSONValue, _ key: String, path: String) throws(SchemaError) -> DecimalNumber? {
        guard let value = schema[key] else { return nil }
        guard case .number(let text) = value, let number = DecimalNumber(text) else {
            throw .invalidKeywordValue(keyword: key, path: path, reason: "must be a number")
        }
        return number
    }

    private func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    private mutating func compileNumber(_ schema: JSONValue, integerOnly: Bool, path: String) throws(SchemaError) -> Value {
        var lower = try number(schema, "minimum", path: path).map { NumberAutomaton.Bound(value: $0, exclusive: false) }
        var upper = try number(schema, "maximum", path: path).map { NumberAutomaton.Bound(value: $0, exclusive: false) }
        for (key, isLower) in [("exclusiveMinimum", true), ("exclusiveMaximum", false)] {
            switch schema[key] {
            case .bool(true)?:
                if isLower { lower?.exclusive = true } else { upper?.exclusive = true }
            case .bool(false)?, nil:
                break
            default:
                guard let value = try number(schema, key, path: path) else { break }
                if isLower {
                    if lower == nil || !(value < lower!.value) { lower = .init(value: value, exclusive: true) }
                } else {
                    if upper == nil || !(upper!.value < value) { upper = .init(value: value, exclusive: true) }
                }
            }
        }
        var modulus: Int?
        var integers = integerOnly
        if let multiple = try number(schema, "multipleOf", path: path) {
            if !multiple.isInteger, !multiple.isNegative, !multiple.isZero, multiple.integerDigits.isEmpty,
                let digits = Int(multiple.fractionDigits.map(String.init).joined()), digits > 0,
                Int(pow10(multiple.fractionDigits.count)) % digits == 0
            {
                // 1/multipleOf is an integer (0.01, 0.25, 0.5…): every integer is a multiple, and
                // within ±99999 also by validators that divide in binary floating point.
                integers = true
                let limit = DecimalNumber(99_999)
                if lower == nil || lower!.value < limit.negated { lower = .init(value: limit.negated, exclusive: false) }
                if upper == nil || limit < upper!.value { upper = .init(value: limit, exclusive: false) }
                notes.append("multipleOf \(multiple.text) at \(path) enforced with integers in ±99999")
            } else {
                guard multiple.isInteger, !multiple.isNegative, !multiple.isZero, let value = Int(multiple.text), value <= 100_000 else {
                    throw .unsupportedKeyword(keyword: "multipleOf", path: path, reason: "only integer multipleOf up to 100000, or 1/n, is supported")
                }
                if value > 1 { modulus = value }
                integers = true
            }
        }
        let key = PatternCache.NumberKey(integerOnly: integers, lower: lower, upper: upper, multipleOf: modulus)
        guard var nfa = patternCache.numbers[key] ?? NumberAutomaton.automaton(integerOnly: integers, lower: lower, upper: upper, multipleOf: modulus) else {
            throw .unsatisfiable(keyword: "minimum", path: path, reason: "no number satisfies the bounds")
        }
        patternCache.numbers[key] = nfa
        // `not: {type: integer}` on numbers: a non-zero fraction digit.
        if schema["x-cd-fractional"] == .bool(true) {
            if integers { throw .unsatisfiable(keyword: "not", path: path, reason: "integers cannot be fractional") }
            do {
                let fractional = try RegexPattern(#"^-?(0|[1-9][0-9]*)\.[0-9]*[1-9][0-9]*$"#).automaton(jsonEscaped: false).trimmed().determinized()
                nfa = try nfa.trimmed().determinized().intersection(fractional).nfa
            } catch {
                throw .tooLarge(keyword: "not", path: path, reason: "fractional-number automaton too large")
            }
        }
        // `not: {multipleOf: k}`: integers whose remainder is not zero.
        for excluded in schema["x-cd-notMultipleOf"]?.arrayValue ?? [] {
            guard case .number(let text) = excluded, let divisor = DecimalNumber(text), divisor.isInteger, let k = Int(divisor.text), k > 1, k <= 100_000 else {
                throw .unsupportedKeyword(keyword: "not", path: path, reason: "negated multipleOf must be an integer up to 100000")
            }
            guard let multiples = NumberAutomaton.automaton(integerOnly: true, lower: nil, upper: nil, multipleOf: k) else { continue }
            do {
                let allowed = try nfa.trimmed().determinized()
                let forbidden = try multiples.trimmed().determinized().complemented()
                nfa = try allowed.intersection(forbidden).nfa
            } catch {
                throw .tooLarge(keyword: "not", path: path, reason: "negated multipleOf automaton too large")
            }
        }
        return .regular(nfa)
    }

    // MARK: - Strings

    static let formats: [String: String] = [
        "date-time": #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$"#,
        "date": #"^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$"#,
        "time": #"^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$"#,
        "uuid": #"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"#,
        "email": #"^[a-zA-Z0-9._%+-]{1,64}@[a-zA-Z0-9-]{1,63}(\.[a-zA-Z0-9-]{1,63}){0,4}\.[a-zA-Z]{2,6}$"#,
        "ipv4": #"^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$"#,
        "ipv6": #"^([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$"#,
        "hostname": #"^[a-zA-Z0-9]([a-zA-Z0-9-]{0,30}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,30}[a-zA-Z0-9])?){0,4}$"#,
        "uri": #"^[a-z][a-z0-9+.-]{0,15}://[a-zA-Z0-9._~-]{1,63}(/[a-zA-Z0-9._~%!$&'()*+,;=:@-]*)*(\?[a-zA-Z0-9._~%!$&'()*+,;=:@/?-]*)?$"#,
        "uri-reference": #"^([a-z][a-z0-9+.-]{0,15}://[a-zA-Z0-9._~-]{1,63})?(/[a-zA-Z0-9._~%!$&'()*+,;=:@-]*)*(\?[a-zA-Z0-9._~%!$&'()*+,;=:@/?-]*)?$"#
    ]
    static let formatAliases: [String: String] = [
        "url": "uri", "iri": "uri", "iri-reference": "uri-reference", "uri-template": "uri-reference",
        "relative-uri": "uri-reference"
    ]

    private mutating func compileString(_ schema: JSONValue, path: String) throws(SchemaError) -> Value {
        let minLength = try count(schema, "minLength", path: path) ?? 0
        let maxLength = try count(schema, "maxLength", path: path)
        if let maxLength, maxLength < minLength {
            throw .unsatisfiable(keyword: "maxLength", path: path, reason: "maxLength \(maxLength) below minLength \(minLength)")
        }
        var patterns: [(text: String, keyword: String)] = []
        if case .string(var format)? = schema["format"] {
            format = JSONSchemaCompiler.formatAliases[format] ?? format
            if let pattern = JSONSchemaCompiler.formats[format] {
                patterns.append((pattern, "format"))
            } else {
                notes.append("format '\(format)' at \(path) is an annotation only (not enforced)")
            }
        }
        if let pattern = schema["pattern"] {
            guard case .string(let text) = pattern else { throw .invalidKeywordValue(keyword: "pattern", path: path, reason: "must be a string") }
            patterns.append((text, "pattern"))
        }
        for pattern in schema["x-cd-patterns"]?.arrayValue ?? [] {
            guard case .string(let text) = pattern else { continue }
            patterns.append((text, "pattern"))
        }
        let excluded = schema["x-cd-notPatterns"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if patterns.isEmpty && excluded.isEmpty {
            let rule = builder.stringRule(minLength: Int32(clamping: minLength), maxLength: maxLength.map { Int32(clamping: $0) } ?? Int32.max)
            return .rules([rule])
        }
        // Strings with the same content constraints recur across properties: compile them once.
        let key = PatternCache.StringKey(
            patterns: patterns.map(\.text), excluded: excluded, minLength: minLength, maxLength: maxLength)
        if let known = patternCache.strings[key] {
            if let tightened = known.tightenedLength { notes.append("maxLength at \(path) tightened to \(tightened) to combine with the pattern") }
            return known.value
        }
        var contents: [ByteDFA] = []
        for pattern in patterns { contents.append(try contentAutomaton(pattern.text, path: path, keyword: pattern.keyword)) }
        if !excluded.isEmpty {
            var anything = try contentAutomaton("^[\\s\\S]*$", path: path, keyword: "not")
            for pattern in excluded {
                let complement = try contentAutomaton(pattern, path: path, keyword: "not").complemented()
                do { anything = try anything.intersection(complement) } catch {
                    throw .tooLarge(keyword: "not", path: path, reason: "negated pattern automaton is too large")
                }
            }
            contents.append(anything)
        }
        var content = contents[0]
        for other in contents.dropFirst() {
            do {
                content = try content.intersection(other)
            } catch {
                throw .tooLarge(keyword: "pattern", path: path, reason: "intersection of pattern, format and length is too large")
            }
        }
        var tightenedLength: Int?
        if minLength > 0 || maxLength != nil, let counted = try countedString(content, minLength: minLength, maxLength: maxLength, path: path) {
            patternCache.strings[key] = .init(value: counted, tightenedLength: nil)
            return counted
        }
        if minLength > 0 || maxLength != nil {
            // Length with a pattern: intersect with a counting automaton. When the product is too
            // large, a smaller maximum length is a sound restriction; halve it until it fits (the
            // product keeps what it built for the first half that does).
            var limit = maxLength
            while let current = limit, current > 1_000, current / 2 >= max(minLength, 1) { limit = current / 2 }
            guard (limit ?? minLength) <= 1_000 else {
                throw .tooLarge(keyword: maxLength != nil ? "maxLength" : "minLength", path: path, reason: "length bound above 1000 combined with a pattern or format")
            }
            var halves: [Int] = []
            if var current = limit {
                while current / 2 >= max(minLength, 1) {
                    current /= 2
                    halves.append(current)
                }
            }
            let product: (automaton: ByteDFA, maximum: Int?)
            do {
                product = try content.boundedLength(minimum: minLength, maximum: limit, stateLimit: 20_000, smallerMaxima: halves)
            } catch {
                throw .tooLarge(keyword: "pattern", path: path, reason: "intersection of pattern, format and length is too large")
            }
            content = product.automaton
            if product.maximum != maxLength {
                tightenedLength = product.maximum ?? 0
                notes.append("maxLength at \(path) tightened to \(product.maximum ?? 0) to combine with the pattern")
            }
        }
        let value = try quotedString(content, path: path)
        patternCache.strings[key] = .init(value: value, tightenedLength: tightenedLength)
        return value
    }

    /// A JSON string whose unquoted content `content` accepts with `minLength...maxLength`
    /// characters, as a rule whose count runs beside its automaton (``CharacterCounter``); nil
    /// where the product of the content and a count is small enough to inline into its parent,
    /// or the counter does not apply (the product is built then).
    /// - Throws: ``SchemaError/unsatisfiable(keyword:path:reason:)`` when no string of those lengths matches.
    private mutating func countedString(_ content: ByteDFA, minLength: Int, maxLength: Int?, path: String) throws(SchemaError) -> Value? {
        guard options.countsCharactersBeside, (maxLength ?? 0) <= CharacterCounter.countLimit, minLength <= CharacterCounter.countLimit else { return nil }
        // The automaton of (pattern state, position in a character), with no count.
        guard let shapes = try? content.boundedLength(minimum: 0, maximum: nil, stateLimit: 20_000),
            shapes.stateCount * ((maxLength ?? minLength) + 1) > GrammarBuilder.inlineStateLimit,
            var quoted = shapes.quotedJSONString(),
            let counter = CharacterCounter(quoted: quoted, minimum: minLength, maximum: maxLength)
        else { return nil }
        guard counter.canFinish(from: 0, count: 0) else {
            throw .unsatisfiable(keyword: "pattern", path: path, reason: "no string matches pattern, format and length together")
        }
        quoted.characterCounter = counter
        return .rules([builder.add(.automaton(quoted))])
    }

    /// A JSON string whose unquoted content `content` accepts: inline when small, otherwise a rule
    /// of its own (shared by every string with the same constraints).
    private mutating func quotedString(_ content: ByteDFA, path: String) throws(SchemaError) -> Value {
        if content.stateCount > GrammarBuilder.inlineStateLimit, let quoted = content.quotedJSONString() {
            return .rules([builder.add(.automaton(quoted))])
        }
        let body = content.nfa
        guard !body.trimmed().isEmptyLanguage else {
            throw .unsatisfiable(keyword: "pattern", path: path, reason: "no string matches pattern, format and length together")
        }
        let quote = ByteNFA.literal([UInt8(ascii: "\"")])
        return try builder.normalized(.regular(ByteNFA.concatenation([quote, body, quote])))
    }

    func contentAutomaton(_ pattern: String, path: String, keyword: String) throws(SchemaError) -> ByteDFA {
        if let cached = patternCache.automata[pattern] { return cached }
        if let lookaheads = LeadingLookaheads(pattern) {
            // `^(?!L)R`: what `^R` matches, less what begins with a match of `L` (with `?=`, only that).
            var dfa = try contentAutomaton(lookaheads.rest, path: path, keyword: keyword)
            for condition in lookaheads.conditions {
                let prefixed = try contentAutomaton(condition.prefixPattern, path: path, keyword: keyword)
                do {
                    dfa = try dfa.intersection(condition.excludes ? prefixed.complemented() : prefixed)
                } catch {
                    throw .tooLarge(keyword: keyword, path: path, reason: "the pattern's lookahead makes its automaton too large")
                }
            }
            patternCache.automata[pattern] = dfa
            return dfa
        }
        do {
            let regex = try RegexPattern(pattern)
            let dfa = try regex.automaton(jsonEscaped: true, stateLimit: 20_000).trimmed().determinized(stateLimit: 10_000)
            patternCache.automata[pattern] = dfa
            return dfa
        } catch let failure as RegexPattern.Failure {
            switch failure {
            case .unsupported(let reason), .malformed(let reason):
                throw .invalidPattern(pattern: pattern, path: path, reason: reason)
            }
        } catch {
            throw .tooLarge(keyword: keyword, path: path, reason: "the pattern's automaton is too large")
        }
    }

    func count(_ schema: JSONValue, _ key: String, path: String) throws(SchemaError) -> Int? {
        guard let value = schema[key] else { return nil }
        guard case .number(let text) = value, let number = DecimalNumber(text), number.isInteger, !number.isNegative,
            let result = Int(number.text)
        else {
            throw .invalidKeywordValue(keyword: key, path: path, reason: "must be a non-negative integer")
        }
        return result
    }

    // MARK: - Arrays

    /// Keywords refused on array schemas (from the shared keyword table): `minContains`, `maxContains`.
    static let refusedForArrays: [String] = JSONSchemaKeyword.all.filter { $0.decoder == .refusedForArrays }.map(\.name)

    private mutating func compileArray(_ schema: JSONValue, path: String) throws(SchemaError) -> Value {
        for keyword in JSONSchemaCompiler.refusedForArrays where schema[keyword] != nil {
            throw .unsupportedKeyword(keyword: keyword, path: path, reason: "contains counts cannot be enforced")
        }
        if let contains = schema["contains"] {
            // Enforced by making the first item satisfy `contains` as well as the item schema.
            guard schema["prefixItems"] == nil, schema["items"]?.arrayValue == nil else {
                throw .unsupportedKeyword(keyword: "contains", path: path, reason: "contains with prefixItems is not supported")
            }
            let item = schema["items"] ?? .bool(true)
            let first = JSONValue.object([JSONMember(key: "allOf", value: .array([item, contains]))])
            let rewritten = JSONSchemaCompiler.with(
                schema,
                [
                    "prefixItems": .array([first]), "items": item,
                    "minItems": .number(String(max(1, (try count(schema, "minItems", path: path)) ?? 0)))
                ], removing: ["contains"])
            return try compileArray(rewritten, path: path)
        }
        var minItems = try count(schema, "minItems", path: path) ?? 0
        var maxItems = try count(schema, "maxItems", path: path)
        var uniqueItems = false
        if schema["uniqueItems"] == .bool(true), (maxItems ?? 2) > 1 {
            if try hasScalarItems(schema, path: path) {
                // Enforced while decoding: each finished item is excluded from the next ones.
                uniqueItems = true
                if let listed = try listedItemCount(schema, path: path), listed < minItems {
                    throw .unsatisfiable(keyword: "uniqueItems", path: path, reason: "\(minItems) distinct items required, \(listed) values allowed")
                }
                if let listed = try listedItemCount(schema, path: path) { maxItems = min(maxItems ?? listed, listed) }
            } else {
                // Objects and arrays as items: enforced by restriction, arrays of at most one
                // item being always unique.
                guard minItems <= 1 else {
                    throw .unsupportedKeyword(
                        keyword: "uniqueItems", path: path, reason: "uniqueness of \(minItems)+ object or array items cannot be enforced")
                }
                maxItems = 1
                notes.append("uniqueItems at \(path) enforced by allowing at most one item (its items are objects or arrays)")
            }
        }
        var prefixSchemas: [JSONValue] = []
        var rest: JSONValue? = .bool(true)
        var prefixKeyword = "prefixItems"
        if case .array(let list)? = schema["prefixItems"] {
            prefixSchemas = list
            if let items = schema["items"] { rest = items }
        } else if case .array(let list)? = schema["items"] {
            prefixSchemas = list
            prefixKeyword = "items"
            rest = schema["additionalItems"] ?? .bool(true)
        } else if let items = schema["items"] {
            rest = items
        }
        if rest == nil || rest == .bool(true) {
            if let unevaluated = schema["unevaluatedItems"] { rest = unevaluated }
        }
        var prefixRules: [Int32] = []
        for (index, item) in prefixSchemas.enumerated() {
            prefixRules.append(try builder.rule(try compile(item, path: "\(path)/\(prefixKeyword)/\(index)")))
        }
        var restRule: Int32?
        if let rest, rest != .bool(false) {
            let value = try compile(rest, path: "\(path)/items")
            restRule = try builder.rule(value)
        }
        minItems = max(minItems, 0)
        let limit = maxItems.map { Int32(clamping: $0) } ?? Int32.max
        if Int32(clamping: minItems) > (restRule == nil ? min(limit, Int32(prefixRules.count)) : limit) {
            throw .unsatisfiable(keyword: "minItems", path: path, reason: "more items required than allowed")
        }
        let rule = builder.add(
            .array(
                ArrayRule(
                    prefixItems: prefixRules, items: restRule, minItems: Int32(clamping: minItems), maxItems: limit,
                    separator: Array(options.layout.itemSeparator.utf8), uniqueItems: uniqueItems
                )))
        return .rules([rule])
    }

    /// Whether every item of the array is a scalar (string, number, boolean or null, or listed
    /// scalar values): their text is compared as written while decoding.
    private func hasScalarItems(_ schema: JSONValue, path: String) throws(SchemaError) -> Bool {
        guard schema["prefixItems"] == nil, schema["items"]?.arrayValue == nil, let items = schema["items"] else { return false }
        let item = try dereferenced(items, path: "\(path)/items")
        if let listed = item["enum"]?.arrayValue ?? item["const"].map({ [$0] }) {
            return listed.allSatisfy(\.isScalar)
        }
        let scalar: Set<String> = ["string", "number", "integer", "boolean", "null"]
        switch item["type"] {
        case .string(let type)?: return scalar.contains(type)
        case .array(let types)?: return !types.isEmpty && types.allSatisfy { $0.stringValue.map(scalar.contains) ?? false }
        default: return false
        }
    }

    /// How many values the items may take, when they are listed (`enum`, `const`, `boolean`).
    private func listedItemCount(_ schema: JSONValue, path: String) throws(SchemaError) -> Int? {
        guard let items = schema["items"] else { return nil }
        let item = try dereferenced(items, path: "\(path)/items")
        if let listed = item["enum"]?.arrayValue { return Set(listed.map { $0.jsonText() }).count }
        if item["const"] != nil { return 1 }
        if item["type"] == .string("boolean") { return 2 }
        if item["type"] == .string("null") { return 1 }
        return nil
    }
}
