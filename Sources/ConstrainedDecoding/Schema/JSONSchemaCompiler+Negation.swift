import JSONValues

/// `not`, `oneOf` exclusivity and `if`/`then`/`else`, enforced by sound restriction.
///
/// A negated schema is turned into a positive restriction of the base schema that implies the
/// negation: for `not` of several keywords any one violated keyword suffices, and each keyword is
/// negated per instance type (`not {minimum: 5}` keeps strings and makes numbers `< 5`). When no
/// keyword can be negated exactly, the schema is refused with an error naming `not`.
extension JSONSchemaCompiler {
    private static let typeKeywords: [String: Set<String>] = [
        "string": ["minLength", "maxLength", "pattern", "format", "x-cd-notPatterns"],
        "number": ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
        "array": ["items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems", "contains", "minContains", "maxContains", "unevaluatedItems"],
        "object": [
            "properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames", "dependencies", "dependentRequired",
            "dependentSchemas", "unevaluatedProperties"
        ]
    ]

    private static func applies(_ keyword: String, to type: String) -> Bool {
        let family = type == "integer" ? "number" : type
        for (owner, keywords) in typeKeywords where keywords.contains(keyword) { return owner == family }
        return true
    }

    /// Sets (or replaces) members of a schema object.
    static func with(_ schema: JSONValue, _ updates: [String: JSONValue], removing: Set<String> = []) -> JSONValue {
        if schema == .bool(false) { return schema }
        var members = (schema.objectMembers ?? []).filter { !removing.contains($0.key) }
        for (key, value) in updates.sorted(by: { $0.key < $1.key }) {
            if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = value } else { members.append(JSONMember(key: key, value: value)) }
        }
        return .object(members)
    }

    /// A schema that implies `base` and not `negated`.
    func negate(_ base: JSONValue, _ negated: JSONValue, path: String) throws(SchemaError) -> JSONValue {
        let base = flattened(base, path: path)
        let target = flattened(negated, path: path)
        switch target {
        case .bool(true): return .bool(false)
        case .bool(false): return base
        default: break
        }
        let members = (target.objectMembers ?? []).filter { !JSONSchemaCompiler.annotations.contains($0.key) }
        if members.isEmpty { return .bool(false) }
        if members.count == 1, let only = members.first {
            switch only.key {
            case "not": return try merge(base, only.value, path: path)
            case "anyOf":
                var result = base
                for branch in only.value.arrayValue ?? [] { result = try negate(result, branch, path: path) }
                return result
            case "allOf":
                var combined = JSONValue.object([])
                for part in only.value.arrayValue ?? [] { combined = try merge(combined, try dereferenced(part, path: path), path: path) }
                return try negate(base, combined, path: path)
            default: break
            }
        }
        let baseTypes = try typeNames(base, path: path)
        var sawEmpty = false
        for member in members {
            var perType: [JSONValue] = []
            var expressible = false
            for type in baseTypes {
                let typed = JSONSchemaCompiler.with(base, ["type": .string(type)])
                if !JSONSchemaCompiler.applies(member.key, to: type) { continue }  // keyword holds: this type cannot violate it
                // A type whose violation cannot be expressed is left out (a sound restriction).
                guard let restricted = try? negateKeyword(member.key, member.value, of: target, base: typed, type: type, path: path) else {
                    continue
                }
                expressible = true
                if restricted != .bool(false) { perType.append(restricted) }
            }
            guard expressible else { continue }
            if perType.isEmpty { sawEmpty = true; continue }
            return perType.count == 1 ? perType[0] : .object([JSONMember(key: "anyOf", value: .array(perType))])
        }
        if sawEmpty { return .bool(false) }
        throw .unsupportedKeyword(keyword: "not", path: path, reason: "cannot enforce the negation of \(target.serialized(layout: .compact).prefix(80))")
    }

    /// `typed` (a single-type schema) restricted so that `keyword: value` fails; nil when that
    /// cannot be expressed, `false` when no instance of this type can fail it.
    private func negateKeyword(_ keyword: String, _ value: JSONValue, of target: JSONValue, base typed: JSONValue, type: String, path: String) throws(SchemaError) -> JSONValue? {
        func bounded(_ key: String, _ number: JSONValue) throws(SchemaError) -> JSONValue {
            try merge(typed, .object([JSONMember(key: key, value: number)]), path: path)
        }
        switch keyword {
        case "type":
            var excluded = Set((value.arrayValue ?? [value]).compactMap(\.stringValue))
            if excluded.contains("number") { excluded.insert("integer") }
            if excluded.contains(type) { return .bool(false) }
            if type == "number", excluded.contains("integer") {
                return JSONSchemaCompiler.with(typed, ["x-cd-fractional": .bool(true)])
            }
            return typed
        case "enum", "const":
            let values = keyword == "const" ? [value] : (value.arrayValue ?? [])
            if case .array(let own)? = typed["enum"] {
                return JSONSchemaCompiler.with(typed, ["enum": .array(own.filter { v in !values.contains { $0.isSemanticallyEqual(to: v) } })])
            }
            if let own = typed["const"] {
                return values.contains { $0.isSemanticallyEqual(to: own) } ? .bool(false) : typed
            }
            switch type {
            case "null": return values.contains(.null) ? .bool(false) : typed
            case "boolean":
                let remaining = [true, false].filter { !values.contains(.bool($0)) }.map { JSONValue.bool($0) }
                return remaining.isEmpty ? .bool(false) : JSONSchemaCompiler.with(typed, ["enum": .array(remaining)])
            case "string":
                let strings = values.compactMap(\.stringValue)
                guard let longest = strings.map({ $0.unicodeScalars.count }).max() else { return typed }
                // A short list is excluded exactly, as a pattern of its values; a long one by
                // requiring strings longer than every value (a sound restriction whose automaton
                // stays small).
                if strings.count <= 64, strings.reduce(0, { $0 + $1.unicodeScalars.count }) <= 1_024 {
                    let exactly = RegexPattern.matchingExactly(strings)
                    let existing = typed["x-cd-notPatterns"]?.arrayValue ?? []
                    return JSONSchemaCompiler.with(typed, ["x-cd-notPatterns": .array(existing + [.string(exactly)])])
                }
                return try bounded("minLength", .number(String(longest + 1)))
            case "number", "integer":
                let numbers = values.compactMap { value -> DecimalNumber? in if case .number(let text) = value { return DecimalNumber(text) } else { return nil } }
                guard let largest = numbers.max() else { return typed }
                return try bounded("exclusiveMinimum", .number(largest.text))
            default:
                return values.contains { $0.schemaTypeName == type } ? nil : typed
            }
        case "pattern":
            guard case .string(let pattern) = value else { return nil }
            let existing = typed["x-cd-notPatterns"]?.arrayValue ?? []
            return JSONSchemaCompiler.with(typed, ["x-cd-notPatterns": .array(existing + [.string(pattern)])])
        case "minLength", "minItems":
            guard let count = try self.count(.object([JSONMember(key: keyword, value: value)]), keyword, path: path) else { return nil }
            if count == 0 { return .bool(false) }
            return try bounded(keyword == "minLength" ? "maxLength" : "maxItems", .number(String(count - 1)))
        case "maxLength", "maxItems":
            guard let count = try self.count(.object([JSONMember(key: keyword, value: value)]), keyword, path: path) else { return nil }
            return try bounded(keyword == "maxLength" ? "minLength" : "minItems", .number(String(count + 1)))
        case "multipleOf":
            guard type == "integer" || type == "number", value.doubleValue != nil else { return nil }
            let existing = typed["x-cd-notMultipleOf"]?.arrayValue ?? []
            return JSONSchemaCompiler.with(typed, ["x-cd-notMultipleOf": .array(existing + [value])])
        case "minimum": return try bounded("exclusiveMaximum", value)
        case "maximum": return try bounded("exclusiveMinimum", value)
        case "exclusiveMinimum": return value.doubleValue == nil ? nil : try bounded("maximum", value)
        case "exclusiveMaximum": return value.doubleValue == nil ? nil : try bounded("minimum", value)
        case "required":
            let names = (value.arrayValue ?? []).compactMap(\.stringValue)
            let required = Set((typed["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            guard let name = names.first(where: { !required.contains($0) }) else { return names.isEmpty ? .bool(false) : .bool(false) }
            var properties = typed["properties"]?.objectMembers ?? []
            if let index = properties.firstIndex(where: { $0.key == name }) {
                properties[index].value = .bool(false)
            } else {
                properties.append(JSONMember(key: name, value: .bool(false)))
            }
            return JSONSchemaCompiler.with(typed, ["properties": .object(properties)])
        case "additionalProperties" where value == .bool(false):
            // Fails when some member is neither in the negated properties nor pattern-named.
            guard target["patternProperties"] == nil else { return nil }
            let allowed = Set((target["properties"]?.objectMembers ?? []).map(\.key))
            let required = (typed["required"]?.arrayValue ?? []).compactMap(\.stringValue)
            if required.contains(where: { !allowed.contains($0) }) { return typed }
            guard let candidate = (typed["properties"]?.objectMembers ?? []).first(where: { !allowed.contains($0.key) && $0.value != .bool(false) }) else { return nil }
            return JSONSchemaCompiler.with(typed, ["required": .array((required + [candidate.key]).map { .string($0) })])
        case "properties":
            // Fails when some listed member is present and violates its schema.
            for member in value.objectMembers ?? [] {
                let own = typed["properties"]?[member.key] ?? (typed["additionalProperties"] ?? .bool(true))
                guard own != .bool(false), let restricted = try? negate(own, member.value, path: path), restricted != .bool(false) else { continue }
                var properties = typed["properties"]?.objectMembers ?? []
                if let index = properties.firstIndex(where: { $0.key == member.key }) {
                    properties[index].value = restricted
                } else {
                    properties.append(JSONMember(key: member.key, value: restricted))
                }
                let required = (typed["required"]?.arrayValue ?? []).compactMap(\.stringValue)
                return JSONSchemaCompiler.with(
                    typed,
                    [
                        "properties": .object(properties),
                        "required": .array(Array(Set(required + [member.key])).sorted().map { .string($0) })
                    ])
            }
            return nil
        default:
            return nil
        }
    }

    /// `oneOf` branch `index` restricted so that it fails every other branch.
    func exclusiveBranch(_ index: Int, of branches: [JSONValue], path: String) throws(SchemaError) -> JSONValue {
        var result = branches[index]
        for (other, branch) in branches.enumerated() where other != index && !areDisjoint(result, branch) {
            result = try negate(result, branch, path: "\(path)/oneOf/\(other)")
        }
        return result
    }
}
