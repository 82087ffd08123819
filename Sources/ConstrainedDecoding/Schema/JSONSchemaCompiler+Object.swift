import JSONValues

extension JSONSchemaCompiler {
    private struct Property {
        var name: String
        var value: Value
        var required: Bool
        var keyBytes: [UInt8]
    }

    /// Members beyond the declared ones: their automaton (key, separator, value), how many must
    /// come, and whether more of them may follow.
    private struct Extras {
        var member: ByteNFA?
        var required: Int
        var repeats: Bool
    }

    mutating func compileObject(_ schema: JSONValue, path: String) throws(SchemaError) -> Value {
        // Dependencies: a trigger that is required pulls its dependency in; an optional trigger is
        // left out (its absence satisfies the dependency).
        for keyword in ["dependencies", "dependentRequired", "dependentSchemas"] {
            guard let dependencies = schema[keyword]?.objectMembers, !dependencies.isEmpty else { continue }
            let required = Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            var rewritten = JSONSchemaCompiler.with(schema, [:], removing: [keyword])
            for dependency in dependencies {
                if required.contains(dependency.key) {
                    if case .array = dependency.value {
                        rewritten = try merge(rewritten, .object([JSONMember(key: "required", value: dependency.value)]), path: path)
                    } else {
                        rewritten = try merge(rewritten, try dereferenced(dependency.value, path: "\(path)/\(keyword)"), path: path)
                    }
                } else {
                    var properties = rewritten["properties"]?.objectMembers ?? []
                    if let index = properties.firstIndex(where: { $0.key == dependency.key }) {
                        properties[index].value = .bool(false)
                    } else {
                        properties.append(JSONMember(key: dependency.key, value: .bool(false)))
                    }
                    rewritten = JSONSchemaCompiler.with(rewritten, ["properties": .object(properties)])
                }
            }
            return try compile(JSONSchemaCompiler.with(rewritten, ["type": .string("object")]), path: path)
        }
        var declared = schema["properties"]?.objectMembers ?? []
        if let properties = schema["properties"], properties.objectMembers == nil {
            throw .invalidKeywordValue(keyword: "properties", path: path, reason: "must be an object")
        }
        var order = declared.map(\.key)
        if case .array(let list)? = schema["x-order"] {
            let named = list.compactMap(\.stringValue).filter { order.contains($0) }
            order = named + order.filter { !named.contains($0) }
        }
        var requiredNames = (schema["required"]?.arrayValue ?? []).compactMap(\.stringValue)

        // Undeclared members.
        var additional: JSONValue?
        var undeclaredAllowedBySpec = true
        switch schema["additionalProperties"] ?? schema["unevaluatedProperties"] {
        case nil: additional = options.allowsUndeclaredProperties ? .bool(true) : nil
        case .bool(false)?: additional = nil; undeclaredAllowedBySpec = false
        case let value?: additional = value
        }
        // Pattern-named members: declared names that match take the pattern's schema too; no
        // undeclared names are generated.
        let patterns = schema["patternProperties"]?.objectMembers ?? []
        for name in requiredNames where !order.contains(name) {
            var matching: [JSONMember] = []
            for pattern in patterns where try nameMatches(pattern.key, name, path: path) { matching.append(pattern) }
            guard undeclaredAllowedBySpec || !matching.isEmpty else {
                throw .unsatisfiable(keyword: "required", path: path, reason: "'\(name)' is required but not allowed")
            }
            let base = matching.isEmpty ? (additional ?? .bool(true)) : .bool(true)
            declared.append(JSONMember(key: name, value: base))
            order.append(name)
        }
        if !patterns.isEmpty {
            additional = nil
            for index in declared.indices {
                for pattern in patterns where try nameMatches(pattern.key, declared[index].key, path: "\(path)/patternProperties") {
                    declared[index].value = .object([JSONMember(key: "allOf", value: .array([declared[index].value, pattern.value]))])
                }
            }
        }
        if let names = schema["propertyNames"], names != .bool(true), names != .object([]) {
            additional = nil
            for index in declared.indices where !(try nameSatisfies(names, declared[index].key, path: "\(path)/propertyNames")) {
                guard !requiredNames.contains(declared[index].key) else {
                    throw .unsatisfiable(keyword: "propertyNames", path: path, reason: "required '\(declared[index].key)' violates propertyNames")
                }
                declared[index].value = .bool(false)
            }
        }
        // Property counts: enforced by requiring the first optional members, or leaving out the last.
        var requiredExtra = 0
        // With one pattern, the members it names make up what the declared ones lack.
        var patternMember: (key: JSONValue, value: JSONValue)?
        if let minimum = try count(schema, "minProperties", path: path), minimum > requiredNames.count {
            for name in order where requiredNames.count < minimum && !requiredNames.contains(name) {
                if declared.first(where: { $0.key == name })?.value != .bool(false) { requiredNames.append(name) }
            }
            if requiredNames.count < minimum, patterns.count == 1 {
                // Keys that match the pattern and `propertyNames`, none of the declared names
                // (whose values the declared schemas constrain).
                var key: [JSONMember] = [
                    JSONMember(key: "type", value: .string("string")),
                    JSONMember(key: "allOf", value: .array([.object([JSONMember(key: "pattern", value: .string(patterns[0].key))]), schema["propertyNames"] ?? .bool(true)]))
                ]
                var declaredNames: [String] = []
                for name in Set(order + declared.map(\.key)).sorted() where try nameMatches(patterns[0].key, name, path: path) {
                    declaredNames.append(name)
                }
                if !declaredNames.isEmpty {
                    let exactly = RegexPattern.matchingExactly(declaredNames)
                    key.append(JSONMember(key: "x-cd-notPatterns", value: .array([.string(exactly)])))
                }
                patternMember = (.object(key), patterns[0].value)
                requiredExtra = minimum - requiredNames.count
            } else if requiredNames.count < minimum {
                // Not enough declared members: require undeclared ones, where the schema allows them.
                guard undeclaredAllowedBySpec, patterns.isEmpty, schema["propertyNames"] == nil, schema["maxProperties"] == nil else {
                    throw .unsupportedKeyword(keyword: "minProperties", path: path, reason: "fewer declared properties than minProperties")
                }
                requiredExtra = minimum - requiredNames.count
                if additional == nil { additional = .bool(true) }
            }
        }
        if let maximum = try count(schema, "maxProperties", path: path) {
            guard maximum >= requiredNames.count + requiredExtra else {
                throw .unsatisfiable(keyword: "maxProperties", path: path, reason: "fewer properties allowed than required")
            }
            additional = nil
            var kept = requiredNames.count + requiredExtra
            for index in declared.indices where !requiredNames.contains(declared[index].key) && declared[index].value != .bool(false) {
                if kept < maximum { kept += 1 } else { declared[index].value = .bool(false) }
            }
        }
        var properties: [Property] = []
        for name in order {
            let propertySchema = declared.first { $0.key == name }?.value ?? additional ?? .bool(true)
            if propertySchema == .bool(false) {
                guard !requiredNames.contains(name) else {
                    throw .unsatisfiable(keyword: "required", path: path, reason: "'\(name)' is required but forbidden")
                }
                continue
            }
            let propertyPath = "\(path)/properties/\(name)"
            let value = try builder.normalized(try compile(propertySchema, path: propertyPath))
            let key = Array((JSONWriter.quoted(name) + options.layout.keySeparator).utf8)
            properties.append(Property(name: name, value: value, required: requiredNames.contains(name), keyBytes: key))
        }
        let requiredCount = properties.filter(\.required).count
        var additionalMember: ByteNFA?
        // Pattern members past the minimum are left out under `maxProperties` (fewer stay valid).
        var extrasRepeat = true
        if let patternMember {
            let keyPath = "\(path)/patternProperties"
            let key: Value
            do { key = try builder.normalized(try compile(patternMember.key, path: keyPath)) } catch {
                throw .unsupportedKeyword(
                    keyword: "minProperties", path: path, reason: "fewer declared properties than minProperties, and no key for the pattern's members (\(error))")
            }
            let value = try builder.normalized(try compile(patternMember.value, path: "\(keyPath)/\(patterns[0].key)"))
            additionalMember = ByteNFA.concatenation([builder.fragment(key), .literal(options.layout.keySeparator.utf8), builder.fragment(value)])
            extrasRepeat = schema["maxProperties"] == nil
        } else if let additional {
            let value = try builder.normalized(try compile(additional, path: "\(path)/additionalProperties"))
            additionalMember = ByteNFA.concatenation([
                undeclaredKey(excluding: Set(order + declared.map(\.key))), .literal(options.layout.keySeparator.utf8), builder.fragment(value)
            ])
        }
        let optionalCount = properties.count - requiredCount
        let extras = Extras(member: additionalMember, required: requiredExtra, repeats: extrasRepeat)
        if optionalCount <= 4 && properties.count <= 24 {
            return try inlineObject(properties, extras: extras)
        }
        return try calledObject(properties, extras: extras)
    }

    /// A small object as one automaton: members inline, optional ones skippable.
    private mutating func inlineObject(_ properties: [Property], extras: Extras) throws(SchemaError) -> Value {
        let separator = Array(options.layout.itemSeparator.utf8)
        var nfa = ByteNFA()
        let end = nfa.addState(accepting: true)
        var first: [Int32] = []  // nothing emitted yet, next candidate i
        var later: [Int32] = []  // something emitted, next candidate i
        for _ in 0...properties.count {
            first.append(nfa.addState())
            later.append(nfa.addState())
        }
        nfa.addEdge(from: nfa.start, UInt8(ascii: "{"), UInt8(ascii: "{"), to: first[0])
        for (index, property) in properties.enumerated() {
            let member = ByteNFA.concatenation([.literal(property.keyBytes), builder.fragment(property.value)])
            nfa.embed(member, from: first[index], to: later[index + 1])
            let separated = nfa.addBytes(separator, from: later[index])
            nfa.embed(member, from: separated, to: later[index + 1])
            if !property.required {
                nfa.addEpsilon(from: first[index], to: first[index + 1])
                nfa.addEpsilon(from: later[index], to: later[index + 1])
            }
        }
        let last = properties.count
        var firstEnd = first[last]
        var laterEnd = later[last]
        if let additional = extras.member {
            // Mandatory undeclared members (minProperties beyond the declared ones).
            for _ in 0..<extras.required {
                let next = nfa.addState()
                nfa.embed(additional, from: firstEnd, to: next)
                let separated = nfa.addBytes(separator, from: laterEnd)
                nfa.embed(additional, from: separated, to: next)
                firstEnd = nfa.addState()
                laterEnd = next
            }
            if extras.repeats {
                nfa.embed(additional, from: firstEnd, to: laterEnd)
                let separated = nfa.addBytes(separator, from: laterEnd)
                nfa.embed(additional, from: separated, to: laterEnd)
            }
        }
        for state in [firstEnd, laterEnd] {
            nfa.addEdge(from: state, UInt8(ascii: "}"), UInt8(ascii: "}"), to: end)
        }
        if nfa.stateCount > 600 { return .rules([try builder.addAutomaton(nfa)]) }
        return .regular(nfa)
    }

    /// A large object: each member is its own rule, and the object calls the allowed next members.
    /// After a member the object reads the separator itself and then calls the next member, so
    /// each member is one rule wherever it comes (it had a second rule beginning with the
    /// separator, which doubled the automata to determinize, check, flatten and analyse).
    private mutating func calledObject(_ properties: [Property], extras: Extras) throws(SchemaError) -> Value {
        let requiredExtra = extras.required
        let separator = Array(options.layout.itemSeparator.utf8)
        var memberRules: [Int32] = []
        for property in properties {
            memberRules.append(try builder.addAutomaton(ByteNFA.concatenation([.literal(property.keyBytes), builder.fragment(property.value)])))
        }
        var additionalRule: Int32?
        if let additional = extras.member { additionalRule = try builder.addAutomaton(additional) }
        var nfa = ByteNFA()
        let end = nfa.addState(accepting: true)
        let open = nfa.addState()
        nfa.addEdge(from: nfa.start, UInt8(ascii: "{"), UInt8(ascii: "{"), to: open)
        var after: [Int32] = []
        for _ in properties { after.append(nfa.addState()) }
        // `extra` is reached after the declared members and `requiredExtra` undeclared ones.
        var extraStates: [Int32] = []
        for _ in 0...requiredExtra { extraStates.append(nfa.addState()) }
        let extra = extraStates[requiredExtra]
        // From `open` (index -1), and from after[i] once the separator is read: call the members
        // that may come next.
        for previous in -1..<properties.count {
            let source = previous < 0 ? open : after[previous]
            var calls: [(rule: Int32, target: Int32)] = []
            var next = previous + 1
            while next < properties.count {
                calls.append((memberRules[next], after[next]))
                if properties[next].required { break }
                next += 1
            }
            if next == properties.count {
                if requiredExtra == 0 { nfa.addEdge(from: source, UInt8(ascii: "}"), UInt8(ascii: "}"), to: end) }
                if let additionalRule, requiredExtra > 0 || extras.repeats { calls.append((additionalRule, extraStates[min(1, requiredExtra)])) }
            }
            guard !calls.isEmpty else { continue }
            let caller = previous < 0 ? open : nfa.addBytes(separator, from: source)
            for call in calls { nfa.addCall(from: caller, rule: call.rule, to: call.target) }
        }
        if requiredExtra > 0, let additionalRule {
            for index in 1..<requiredExtra {
                nfa.addCall(from: nfa.addBytes(separator, from: extraStates[index]), rule: additionalRule, to: extraStates[index + 1])
            }
        }
        nfa.addEdge(from: extra, UInt8(ascii: "}"), UInt8(ascii: "}"), to: end)
        if let additionalRule, extras.repeats { nfa.addCall(from: nfa.addBytes(separator, from: extra), rule: additionalRule, to: extra) }
        return .rules([try builder.addAutomaton(nfa)])
    }

    /// A quoted key of letters, digits, `_` and `-` that is none of `names`.
    private func undeclaredKey(excluding names: Set<String>) -> ByteNFA {
        let alphabet: [ClosedRange<UInt8>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A, 0x2D...0x2D]
        func inAlphabet(_ byte: UInt8) -> Bool { alphabet.contains { $0.contains(byte) } }
        var nfa = ByteNFA()
        let body = nfa.addState()
        nfa.addEdge(from: nfa.start, UInt8(ascii: "\""), UInt8(ascii: "\""), to: body)
        let close = nfa.addState(accepting: true)
        let sink = nfa.addState()
        for range in alphabet { nfa.addEdge(from: sink, range.lowerBound, range.upperBound, to: sink) }
        nfa.addEdge(from: sink, UInt8(ascii: "\""), UInt8(ascii: "\""), to: close)
        // Trie of excluded names; leaving the trie anywhere leads to the sink.
        var children: [Int32: [UInt8: Int32]] = [body: [:]]
        var isName: Set<Int32> = []
        for name in names where name.utf8.allSatisfy(inAlphabet) {
            var node = body
            for byte in name.utf8 {
                if let child = children[node]?[byte] {
                    node = child
                } else {
                    let child = nfa.addState()
                    children[node, default: [:]][byte] = child
                    children[child] = [:]
                    node = child
                }
            }
            isName.insert(node)
        }
        for (node, table) in children {
            for byte in UInt8(0)...127 where inAlphabet(byte) {
                nfa.addEdge(from: node, byte, byte, to: table[byte] ?? sink)
            }
            if node != body && !isName.contains(node) {
                nfa.addEdge(from: node, UInt8(ascii: "\""), UInt8(ascii: "\""), to: close)
            }
        }
        return nfa
    }
}

extension JSONSchemaCompiler {
    /// Whether property `name` matches `pattern` (search semantics, as `patternProperties` uses).
    func nameMatches(_ pattern: String, _ name: String, path: String) throws(SchemaError) -> Bool {
        let dfa = try contentAutomaton(pattern, path: path, keyword: "pattern")
        var state: Int32 = 0
        for byte in JSONWriter.quoted(name).utf8.dropFirst().dropLast() {
            state = dfa.next(state, byte)
            if state < 0 { return false }
        }
        return dfa.accepting[Int(state)]
    }

    /// Whether `name` satisfies a `propertyNames` schema (string keywords only).
    func nameSatisfies(_ schema: JSONValue, _ name: String, path: String) throws(SchemaError) -> Bool {
        let resolved = try dereferenced(schema, path: path)
        if resolved == .bool(false) { return false }
        for member in resolved.objectMembers ?? [] where !JSONSchemaCompiler.annotations.contains(member.key) {
            switch member.key {
            case "pattern":
                guard case .string(let pattern) = member.value else { return false }
                if !(try nameMatches(pattern, name, path: path)) { return false }
            case "maxLength": if let limit = member.value.doubleValue, Double(name.unicodeScalars.count) > limit { return false }
            case "minLength": if let limit = member.value.doubleValue, Double(name.unicodeScalars.count) < limit { return false }
            case "enum": if !(member.value.arrayValue ?? []).contains(.string(name)) { return false }
            case "const": if member.value != .string(name) { return false }
            case "type": if member.value != .string("string") { return false }
            case "format":
                if let format = member.value.stringValue, let pattern = JSONSchemaCompiler.formats[format], !(try nameMatches(pattern, name, path: path)) { return false }
            default:
                throw .unsupportedKeyword(keyword: "propertyNames", path: path, reason: "'\(member.key)' in propertyNames is not supported")
            }
        }
        return true
    }
}
