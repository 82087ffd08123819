import JSONValues

/// Validation of literal values (`enum`, `const`) against the schema around them, so that a listed
/// value that breaks a sibling keyword (for example `minimum`) is never offered.
extension JSONSchemaCompiler {
    func validates(_ value: JSONValue, against schema: JSONValue, path: String, depth: Int = 0) throws(SchemaError) -> Bool {
        guard depth < 64 else { throw .tooLarge(keyword: "enum", path: path, reason: "validation nesting too deep") }
        switch schema {
        case .bool(let flag): return flag
        case .object: break
        default: return true
        }
        for member in schema.objectMembers ?? [] {
            if try !holds(member.key, member.value, value, in: schema, path: path, depth: depth) { return false }
        }
        return true
    }

    private func number(_ value: JSONValue) -> DecimalNumber? {
        if case .number(let text) = value { return DecimalNumber(text) }
        return nil
    }

    private func holds(_ keyword: String, _ argument: JSONValue, _ value: JSONValue, in schema: JSONValue, path: String, depth: Int) throws(SchemaError) -> Bool {
        let next = depth + 1
        switch keyword {
        case "type":
            let names = (argument.arrayValue ?? [argument]).compactMap(\.stringValue)
            let own = value.schemaTypeName
            return names.contains(own) || (own == "integer" && names.contains("number"))
                || (names.contains("integer") && own == "number" && (number(value)?.isInteger ?? false))
        case "enum": return (argument.arrayValue ?? []).contains { $0.isSemanticallyEqual(to: value) }
        case "const": return argument.isSemanticallyEqual(to: value)
        case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
            guard let x = number(value) else { return true }
            if case .bool(let flag) = argument {
                guard flag, let bound = number(schema[keyword == "exclusiveMinimum" ? "minimum" : "maximum"] ?? .null) else { return true }
                return keyword == "exclusiveMinimum" ? bound < x : x < bound
            }
            guard let bound = number(argument) else { return true }
            switch keyword {
            case "minimum":
                if schema["exclusiveMinimum"] == .bool(true) { return bound < x }
                return !(x < bound)
            case "maximum":
                if schema["exclusiveMaximum"] == .bool(true) { return x < bound }
                return !(bound < x)
            case "exclusiveMinimum": return bound < x
            default: return x < bound
            }
        case "multipleOf":
            guard let x = value.doubleValue, let m = argument.doubleValue, m > 0 else { return true }
            let quotient = x / m
            return quotient.isFinite && quotient == quotient.rounded()
        case "minLength", "maxLength":
            guard case .string(let text) = value, let limit = argument.doubleValue else { return true }
            let length = Double(text.unicodeScalars.count)
            return keyword == "minLength" ? length >= limit : length <= limit
        case "pattern":
            guard case .string(let text) = value, case .string(let pattern) = argument else { return true }
            return try nameMatches(pattern, text, path: path)
        case "x-cd-patterns":
            guard case .string(let text) = value else { return true }
            for pattern in argument.arrayValue ?? [] {
                if let pattern = pattern.stringValue, !(try nameMatches(pattern, text, path: path)) { return false }
            }
            return true
        case "x-cd-notPatterns":
            guard case .string(let text) = value else { return true }
            for pattern in argument.arrayValue ?? [] {
                if let pattern = pattern.stringValue, try nameMatches(pattern, text, path: path) { return false }
            }
            return true
        case "format":
            guard case .string(let text) = value, let format = argument.stringValue else { return true }
            guard let pattern = JSONSchemaCompiler.formats[JSONSchemaCompiler.formatAliases[format] ?? format] else { return true }
            return try nameMatches(pattern, text, path: path)
        case "minItems", "maxItems":
            guard case .array(let items) = value, let limit = argument.doubleValue else { return true }
            return keyword == "minItems" ? Double(items.count) >= limit : Double(items.count) <= limit
        case "uniqueItems":
            guard argument == .bool(true), case .array(let items) = value else { return true }
            for i in items.indices { for j in items.indices where i < j && items[i].isSemanticallyEqual(to: items[j]) { return false } }
            return true
        case "items", "prefixItems", "additionalItems":
            guard case .array(let items) = value else { return true }
            if keyword == "prefixItems" || argument.arrayValue != nil {
                for (item, itemSchema) in zip(items, argument.arrayValue ?? []) where !(try validates(item, against: itemSchema, path: path, depth: next)) { return false }
                return true
            }
            var start = 0
            if keyword == "items", let prefix = schema["prefixItems"]?.arrayValue { start = prefix.count }
            if keyword == "additionalItems" {
                guard let prefix = schema["items"]?.arrayValue else { return true }
                start = prefix.count
            }
            for item in items.dropFirst(start) where !(try validates(item, against: argument, path: path, depth: next)) { return false }
            return true
        case "contains":
            guard case .array(let items) = value else { return true }
            for item in items where try validates(item, against: argument, path: path, depth: next) { return true }
            return false
        case "properties", "patternProperties", "additionalProperties":
            guard case .object(let members) = value else { return true }
            let declared = schema["properties"]?.objectMembers ?? []
            let patterns = schema["patternProperties"]?.objectMembers ?? []
            for member in members {
                var matched = false
                if let own = declared.first(where: { $0.key == member.key }) {
                    matched = true
                    if keyword == "properties", !(try validates(member.value, against: own.value, path: path, depth: next)) { return false }
                }
                for pattern in patterns where try nameMatches(pattern.key, member.key, path: path) {
                    matched = true
                    if keyword == "patternProperties", !(try validates(member.value, against: pattern.value, path: path, depth: next)) { return false }
                }
                if keyword == "additionalProperties", !matched, !(try validates(member.value, against: argument, path: path, depth: next)) { return false }
            }
            return true
        case "required":
            guard case .object(let members) = value else { return true }
            return (argument.arrayValue ?? []).compactMap(\.stringValue).allSatisfy { name in members.contains { $0.key == name } }
        case "minProperties", "maxProperties":
            guard case .object(let members) = value, let limit = argument.doubleValue else { return true }
            return keyword == "minProperties" ? Double(members.count) >= limit : Double(members.count) <= limit
        case "allOf":
            for part in argument.arrayValue ?? [] where !(try validates(value, against: part, path: path, depth: next)) { return false }
            return true
        case "anyOf":
            for part in argument.arrayValue ?? [] where try validates(value, against: part, path: path, depth: next) { return true }
            return false
        case "oneOf":
            var matches = 0
            for part in argument.arrayValue ?? [] where try validates(value, against: part, path: path, depth: next) { matches += 1 }
            return matches == 1
        case "not":
            return !(try validates(value, against: argument, path: path, depth: next))
        case "if":
            if try validates(value, against: argument, path: path, depth: next) {
                return try validates(value, against: schema["then"] ?? .bool(true), path: path, depth: next)
            }
            return try validates(value, against: schema["else"] ?? .bool(true), path: path, depth: next)
        case "$ref":
            guard case .string(let pointer) = argument else { return true }
            return try validates(value, against: try resolve(pointer, path: path), path: pointer, depth: next)
        case "propertyNames":
            guard case .object(let members) = value else { return true }
            for member in members where !(try validates(.string(member.key), against: argument, path: path, depth: next)) { return false }
            return true
        case "dependencies", "dependentRequired", "dependentSchemas":
            guard case .object(let members) = value else { return true }
            for dependency in argument.objectMembers ?? [] where members.contains(where: { $0.key == dependency.key }) {
                if case .array(let names) = dependency.value {
                    if !names.compactMap(\.stringValue).allSatisfy({ name in members.contains { $0.key == name } }) { return false }
                } else if !(try validates(value, against: dependency.value, path: path, depth: next)) {
                    return false
                }
            }
            return true
        case "x-cd-notMultipleOf":
            for divisor in argument.arrayValue ?? [] where try holds("multipleOf", divisor, value, in: schema, path: path, depth: depth) { return false }
            return true
        case "x-cd-fractional":
            guard let x = number(value) else { return true }
            return !x.isInteger
        case "unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef", "minContains", "maxContains":
            throw .unsupportedKeyword(keyword: keyword, path: path, reason: "cannot check listed values against '\(keyword)'")
        default:
            return true  // annotations and unknown keywords
        }
    }
}
