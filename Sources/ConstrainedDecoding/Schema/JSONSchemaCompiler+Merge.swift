import JSONValues

extension JSONSchemaCompiler {
    /// The conjunction of two schema objects (`allOf`), or an error naming the conflicting keyword.
    func merge(_ first: JSONValue, _ second: JSONValue, path: String) throws(SchemaError) -> JSONValue {
        if case .bool(true) = second { return first }
        if case .bool(true) = first { return second }
        if case .bool(false) = first { return first }
        if case .bool(false) = second { return second }
        guard var members = first.objectMembers, let incomingMembers = second.objectMembers else {
            throw .invalidKeywordValue(keyword: "allOf", path: path, reason: "items must be schemas")
        }
        var nestedAllOf: [JSONValue] = []
        var others = incomingMembers
        if first["if"] != nil, let condition = second["if"] {
            // Two conditionals: keep the first, satisfy the second through its `if` and `then`
            // (a sound restriction).
            others.removeAll { ["if", "then", "else"].contains($0.key) }
            nestedAllOf.append(try merge(try dereferenced(condition, path: path), second["then"] ?? .bool(true), path: path))
        }
        for member in others {
            let key = member.key
            let incoming = member.value
            if key == "allOf", case .array(let list) = incoming { nestedAllOf += list; continue }
            guard let index = members.firstIndex(where: { $0.key == key }) else {
                members.append(member)
                continue
            }
            let existing = members[index].value
            if existing == incoming || JSONSchemaCompiler.annotations.contains(key) { continue }
            var combined: JSONValue
            switch key {
            case "type":
                let a = try typeNames(.object([JSONMember(key: "type", value: existing)]), path: path)
                let b = try typeNames(.object([JSONMember(key: "type", value: incoming)]), path: path)
                var both: [JSONValue] = []
                for name in a {
                    if b.contains(name) {
                        both.append(.string(name))
                    } else if name == "number", b.contains("integer") {
                        both.append(.string("integer"))
                    } else if name == "integer", b.contains("number") {
                        both.append(.string("integer"))
                    }
                }
                guard !both.isEmpty else { throw .unsatisfiable(keyword: "type", path: path, reason: "allOf branches have disjoint types") }
                combined = .array(both)
            case "properties":
                var properties = existing.objectMembers ?? []
                for property in incoming.objectMembers ?? [] {
                    if let slot = properties.firstIndex(where: { $0.key == property.key }) {
                        properties[slot].value = .object([JSONMember(key: "allOf", value: .array([properties[slot].value, property.value]))])
                    } else {
                        properties.append(property)
                    }
                }
                combined = .object(properties)
            case "required":
                var names = existing.arrayValue ?? []
                for name in incoming.arrayValue ?? [] where !names.contains(name) { names.append(name) }
                combined = .array(names)
            case "enum":
                let values = (existing.arrayValue ?? []).filter { value in
                    (incoming.arrayValue ?? []).contains { $0.isSemanticallyEqual(to: value) }
                }
                combined = .array(values)
            case "minimum", "minLength", "minItems", "minProperties", "exclusiveMinimum":
                combined = try bound(existing, incoming, keepLarger: true, key: key, path: path)
            case "maximum", "maxLength", "maxItems", "maxProperties", "exclusiveMaximum":
                combined = try bound(existing, incoming, keepLarger: false, key: key, path: path)
            case "additionalProperties", "items", "additionalItems", "propertyNames", "contains":
                if case .bool(false) = existing {
                    combined = existing
                } else if case .bool(false) = incoming {
                    combined = incoming
                } else {
                    combined = .object([JSONMember(key: "allOf", value: .array([existing, incoming]))])
                }
            case "$defs", "definitions":
                continue
            case "not":
                combined = .object([JSONMember(key: "anyOf", value: .array([existing, incoming]))])
            case "x-cd-notPatterns":
                combined = .array((existing.arrayValue ?? []) + (incoming.arrayValue ?? []))
            case "anyOf":
                // Both sides choose: distribute into one choice of conjunctions.
                let left = existing.arrayValue ?? []
                let right = incoming.arrayValue ?? []
                guard left.count * right.count <= 64 else {
                    throw .unsupportedKeyword(keyword: key, path: path, reason: "allOf of two large anyOf lists")
                }
                combined = .array(left.flatMap { a in right.map { b in JSONValue.object([JSONMember(key: "allOf", value: .array([a, b]))]) } })
            case "const":
                guard existing.isSemanticallyEqual(to: incoming) else { return .bool(false) }
                continue
            case "oneOf":
                let left = try exclusiveAlternatives(existing.arrayValue ?? [], path: path)
                let right = try exclusiveAlternatives(incoming.arrayValue ?? [], path: path)
                guard left.count * right.count <= 64 else {
                    throw .unsupportedKeyword(keyword: key, path: path, reason: "allOf of two large oneOf lists")
                }
                members.remove(at: index)
                members.append(
                    JSONMember(key: "anyOf", value: .array(left.flatMap { a in right.map { b in JSONValue.object([JSONMember(key: "allOf", value: .array([a, b]))]) } })))
                continue
            case "pattern", "x-cd-patterns":
                // Both patterns must match: keep a list, intersected when compiled.
                let extra = key == "pattern" ? [incoming] : (incoming.arrayValue ?? [])
                if let slot = members.firstIndex(where: { $0.key == "x-cd-patterns" }), key == "pattern" {
                    members[slot].value = .array((members[slot].value.arrayValue ?? []) + extra)
                } else if key == "pattern" {
                    members.append(JSONMember(key: "x-cd-patterns", value: .array(extra)))
                } else {
                    members[index].value = .array((existing.arrayValue ?? []) + extra)
                }
                continue
            case "patternProperties":
                var patterns = existing.objectMembers ?? []
                for pattern in incoming.objectMembers ?? [] {
                    if let slot = patterns.firstIndex(where: { $0.key == pattern.key }) {
                        patterns[slot].value = .object([JSONMember(key: "allOf", value: .array([patterns[slot].value, pattern.value]))])
                    } else {
                        patterns.append(pattern)
                    }
                }
                combined = .object(patterns)
            case "format", "multipleOf", "uniqueItems", "dependencies",
                "dependentRequired", "dependentSchemas", "prefixItems", "minContains", "maxContains":
                throw .unsupportedKeyword(keyword: key, path: path, reason: "allOf combines two different '\(key)' values")
            default:
                continue  // annotations and unknown keywords: keep the first
            }
            members[index].value = combined
        }
        var result = JSONValue.object(members)
        for (index, part) in nestedAllOf.enumerated() {
            result = try merge(result, try dereferenced(part, path: "\(path)/allOf/\(index)"), path: path)
        }
        return result
    }

    private func bound(_ a: JSONValue, _ b: JSONValue, keepLarger: Bool, key: String, path: String) throws(SchemaError) -> JSONValue {
        if case .bool = a, case .bool = b {
            guard a == b else { throw .unsupportedKeyword(keyword: key, path: path, reason: "allOf mixes boolean \(key) forms") }
            return a
        }
        guard case .number(let x) = a, case .number(let y) = b, let p = DecimalNumber(x), let q = DecimalNumber(y) else {
            throw .unsupportedKeyword(keyword: key, path: path, reason: "allOf combines non-numeric '\(key)' values")
        }
        return (p < q) == keepLarger ? b : a
    }

    // MARK: - Exclusivity of oneOf branches

    /// Whether no instance we generate from one schema can be valid against the other.
    func areDisjoint(_ a: JSONValue, _ b: JSONValue) -> Bool {
        let typesA = (try? typeNames(a, path: "#")) ?? JSONSchemaCompiler.allTypes
        let typesB = (try? typeNames(b, path: "#")) ?? JSONSchemaCompiler.allTypes
        func widened(_ types: [String]) -> Set<String> {
            Set(types.map { $0 == "integer" ? "number" : $0 })
        }
        var literalTypesA = Set<String>()
        var literalTypesB = Set<String>()
        if let values = literals(a) { literalTypesA = Set(values.map { $0.schemaTypeName == "integer" ? "number" : $0.schemaTypeName }) }
        if let values = literals(b) { literalTypesB = Set(values.map { $0.schemaTypeName == "integer" ? "number" : $0.schemaTypeName }) }
        let effectiveA = literals(a) != nil ? literalTypesA : widened(typesA)
        let effectiveB = literals(b) != nil ? literalTypesB : widened(typesB)
        if effectiveA.isDisjoint(with: effectiveB) { return true }
        if let x = literals(a), let y = literals(b) {
            return !x.contains { value in y.contains { $0.isSemanticallyEqual(to: value) } }
        }
        // Integers versus non-integral numbers cannot be told apart by type: only `integer`
        // against a schema of other types is disjoint, handled above.
        if effectiveA == ["object"] || effectiveB == ["object"] || (effectiveA.contains("object") && effectiveB.contains("object")) {
            if effectiveA.subtracting(["object"]).isDisjoint(with: effectiveB.subtracting(["object"])) {
                return objectsDisjoint(a, b)
            }
        }
        return false
    }

    private func literals(_ schema: JSONValue) -> [JSONValue]? {
        if let constant = schema["const"] { return [constant] }
        if case .array(let values)? = schema["enum"] { return values }
        return nil
    }

    private func requiredNames(_ schema: JSONValue) -> Set<String> {
        Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    private func declaredNames(_ schema: JSONValue) -> Set<String> {
        Set((schema["properties"]?.objectMembers ?? []).map(\.key))
    }

    private func generatesUndeclared(_ schema: JSONValue) -> Bool {
        switch schema["additionalProperties"] {
        case .bool(false)?: return false
        case nil: return options.allowsUndeclaredProperties || schema["patternProperties"] != nil
        default: return true
        }
    }

    private func forbidsUndeclared(_ schema: JSONValue) -> Bool {
        schema["additionalProperties"] == .bool(false) && schema["patternProperties"] == nil
    }

    private func objectsDisjoint(_ a: JSONValue, _ b: JSONValue) -> Bool {
        for (x, y) in [(a, b), (b, a)] {
            // y requires a name that x never produces.
            if !generatesUndeclared(x), !requiredNames(y).isSubset(of: declaredNames(x).union(requiredNames(x))) { return true }
            // x always produces a name that y forbids.
            if forbidsUndeclared(y), !requiredNames(x).isSubset(of: declaredNames(y)) { return true }
        }
        // A discriminator: a property required by both with disjoint constant values.
        for name in requiredNames(a).intersection(requiredNames(b)) {
            guard let p = a["properties"]?[name], let q = b["properties"]?[name] else { continue }
            let p1 = flattened(p, path: "#")
            let q1 = flattened(q, path: "#")
            if let x = literals(p1), let y = literals(q1), !x.contains(where: { value in y.contains { $0.isSemanticallyEqual(to: value) } }) {
                return true
            }
        }
        return false
    }
}

extension JSONSchemaCompiler {
    /// `oneOf` branches restricted to be mutually exclusive (as `anyOf` alternatives).
    func exclusiveAlternatives(_ branches: [JSONValue], path: String) throws(SchemaError) -> [JSONValue] {
        var expanded: [JSONValue] = []
        for (index, branch) in branches.enumerated() { expanded.append(try dereferenced(branch, path: "\(path)/oneOf/\(index)")) }
        var result: [JSONValue] = []
        for index in expanded.indices {
            if let exclusive = try? exclusiveBranch(index, of: expanded, path: path) { result.append(exclusive) }
        }
        guard !result.isEmpty else { throw .unsupportedKeyword(keyword: "oneOf", path: path, reason: "cannot make branches exclusive") }
        return result
    }
}

extension JSONSchemaCompiler {
    /// `schema` with a top-level `allOf` merged into it (and a top-level `$ref` resolved).
    func flattened(_ schema: JSONValue, path: String) -> JSONValue {
        guard var result = try? dereferenced(schema, path: path) else { return schema }
        guard case .array(let parts)? = result["allOf"] else { return result }
        result = JSONSchemaCompiler.with(result, [:], removing: ["allOf"])
        for part in parts {
            guard let merged = try? merge(result, flattened(part, path: path), path: path) else { return schema }
            result = merged
        }
        return result
    }
}
