import JSONValues

/// Compiles JSON Schema documents into grammar rules: references, combinators and dispatch by type.
struct JSONSchemaCompiler {
    typealias Value = GrammarBuilder.Value

    var builder: GrammarBuilder
    /// Content automata of patterns, by pattern text (patterns recur across properties and checks).
    let patternCache = PatternCache()
    let document: JSONValue
    /// Resolves `$ref`s inside ``document``.
    let references: JSONSchemaReferenceResolver
    let options: JSONSchemaOptions
    var notes: [String] = []
    private var referenceRules: [String: Int32] = [:]
    private var inProgress: Set<Int32> = []
    /// What each subschema below the root compiled to: exclusive `oneOf` branches and merged
    /// parts are reached again wherever their parents are, and compile to the same rules.
    private var compiledSubschemas: [SubschemaKey: Value] = [:]
    private var depth = 0
    /// The first contradiction found below the root (it makes its part an empty language); named
    /// when the whole schema turns out to admit no value.
    private(set) var firstContradiction: SchemaError?

    /// Keywords that carry no constraint by themselves (from the shared keyword table).
    static let annotations: Set<String> = JSONSchemaKeyword.annotationNames

    init(document: JSONValue, options: JSONSchemaOptions) {
        self.document = document
        self.references = JSONSchemaReferenceResolver(document: document)
        self.options = options
        self.builder = GrammarBuilder(layout: options.layout)
    }

    // MARK: - Entry

    mutating func compile(_ schema: JSONValue, path: String) throws(SchemaError) -> Value {
        depth += 1
        defer { depth -= 1 }
        // The root is compiled once; below it, a subschema compiled before gives the same value.
        // Only what compiled is remembered: an error names the path where it was met.
        let key = options.remembersSubschemas && depth > 1 && schema.objectMembers != nil ? SubschemaKey(schema: schema) : nil
        if let key, let known = compiledSubschemas[key] { return known }
        let value = try compileCatchingContradictions(schema, path: path)
        try checkBudget(path: path)
        if let key { compiledSubschemas[key] = value }
        return value
    }

    /// Refuses a schema whose grammar has grown past ``JSONSchemaOptions/maximumAutomatonStates``
    /// (compile time and table memory grow with it), naming the part being compiled.
    func checkBudget(path: String) throws(SchemaError) {
        let limit = options.maximumAutomatonStates
        guard builder.automatonStateCount > limit else { return }
        throw .tooLarge(
            keyword: "schema", path: path,
            reason: "the grammar needs more than \(limit) automaton states (JSONSchemaOptions.maximumAutomatonStates)")
    }

    private mutating func compileCatchingContradictions(_ schema: JSONValue, path: String) throws(SchemaError) -> Value {
        // Below the root, an unsatisfiable part is an empty language: an alternative that can never
        // be chosen, or (when required) a reason for its parent to be empty too. The grammar check
        // reports the root when nothing is left.
        guard depth == 1 else {
            do { return try compileChecked(schema, path: path) } catch {
                if case .unsatisfiable = error {
                    if firstContradiction == nil { firstContradiction = error }
                    return .nothing
                }
                throw error
            }
        }
        return try compileChecked(schema, path: path)
    }

    private mutating func compileChecked(_ schema: JSONValue, path: String) throws(SchemaError) -> Value {
        guard depth < 120 else { throw .tooLarge(keyword: "$ref", path: path, reason: "schema nesting deeper than 120") }
        switch schema {
        case .bool(true): return .rules([builder.anyValueRule()])
        case .bool(false): return .nothing
        case .object: break
        default: throw .invalidKeywordValue(keyword: "schema", path: path, reason: "a schema must be an object or a boolean")
        }
        var object = schema
        try checkUnsupported(object, path: path)
        try JSONSchemaCompiler.checkContradictions(object, path: path)
        if let reference = object["$ref"] {
            guard case .string(let pointer) = reference else {
                throw .invalidKeywordValue(keyword: "$ref", path: path, reason: "must be a string")
            }
            let siblings = (object.objectMembers ?? []).filter { !JSONSchemaCompiler.annotations.contains($0.key) && $0.key != "$ref" }
            if siblings.isEmpty { return try referenceValue(pointer, path: path) }
            object = try dereferenced(object, path: path)
        }
        if let allOf = object["allOf"] {
            guard case .array(let parts) = allOf else { throw .invalidKeywordValue(keyword: "allOf", path: path, reason: "must be an array") }
            var merged = JSONValue.object((object.objectMembers ?? []).filter { $0.key != "allOf" })
            for (index, part) in parts.enumerated() {
                merged = try merge(merged, try dereferenced(part, path: "\(path)/allOf/\(index)"), path: "\(path)/allOf/\(index)")
            }
            return try compile(merged, path: path)
        }
        if object["const"] != nil || object["enum"] != nil {
            // Listed values, filtered by every other keyword of the schema.
            var values: [JSONValue]
            if let constant = object["const"] {
                values = [constant]
            } else {
                guard case .array(let list)? = object["enum"] else {
                    throw .invalidKeywordValue(keyword: "enum", path: path, reason: "must be an array")
                }
                values = list
            }
            // Annotations hold for every value: dropped once here rather than looked up for each
            // listed value (`JsonSchemaStore---cryproj.55` lists 2,461 names beside four of them).
            let annotated = (object.objectMembers ?? []).map(\.key).filter(JSONSchemaCompiler.annotations.contains)
            let rest = JSONSchemaCompiler.with(object, [:], removing: Set(["const", "enum"] + annotated))
            if let constant = object["const"], object["enum"] != nil,
                !(try validates(constant, against: .object([JSONMember(key: "enum", value: object["enum"] ?? .null)]), path: path))
            {
                values = []
            }
            var kept: [JSONValue] = []
            for value in values where try validates(value, against: rest, path: path) { kept.append(value) }
            return try literalValues(kept, path: path, keyword: object["const"] != nil ? "const" : "enum")
        }
        if let negated = object["not"] {
            let base = JSONSchemaCompiler.with(object, [:], removing: ["not"])
            return try compile(try negate(base, negated, path: "\(path)/not"), path: path)
        }
        if let condition = object["if"] {
            // Instances that satisfy `if` and `then` are valid whatever `else` says; instances
            // that fail `if` and satisfy `else` are valid too (kept when the negation is expressible).
            let base = JSONSchemaCompiler.with(object, [:], removing: ["if", "then", "else"])
            let condition = try dereferenced(condition, path: "\(path)/if")
            var alternatives: [JSONValue] = []
            if let positive = try? merge(try merge(base, condition, path: path), try dereferenced(object["then"] ?? .bool(true), path: "\(path)/then"), path: path) {
                alternatives.append(positive)
            }
            if let otherwise = object["else"], let negative = try? negate(try merge(base, try dereferenced(otherwise, path: "\(path)/else"), path: path), condition, path: path) {
                alternatives.append(negative)
            }
            guard !alternatives.isEmpty else {
                throw .unsupportedKeyword(keyword: "if", path: path, reason: "conditional branches conflict with the schema")
            }
            return try compile(.object([JSONMember(key: "anyOf", value: .array(alternatives))]), path: path)
        }
        if object["anyOf"] != nil || object["oneOf"] != nil {
            return try compileAlternatives(object, path: path)
        }
        let types = try typeNames(object, path: path)
        var values: [Value] = []
        for type in types { values.append(try compile(type: type, object, path: path)) }
        return try builder.normalized(GrammarBuilder.union(values))
    }

    // MARK: - Keyword checks

    /// Refuses the keywords the shared table marks as refused wherever they appear.
    private func checkUnsupported(_ schema: JSONValue, path: String) throws(SchemaError) {
        for member in schema.objectMembers ?? [] {
            if case .refused(let reason)? = JSONSchemaKeyword.named(member.key)?.decoder {
                throw .unsupportedKeyword(keyword: member.key, path: path, reason: reason)
            }
        }
    }

    // MARK: - References

    /// The schema a `$ref` leads to (``JSONSchemaReferenceResolver``, shared with the importer).
    func resolve(_ pointer: String, path: String) throws(SchemaError) -> JSONValue {
        guard let target = references.resolve(pointer) else { throw .unresolvedReference(reference: pointer, path: path) }
        return target.schema
    }

    /// `schema` with a top-level `$ref` replaced by its target (merged with siblings).
    func dereferenced(_ schema: JSONValue, path: String, hops: Int = 0) throws(SchemaError) -> JSONValue {
        guard case .string(let pointer)? = schema["$ref"] else { return schema }
        guard hops < 32 else { throw .unsupportedKeyword(keyword: "$ref", path: path, reason: "reference cycle inside allOf") }
        let target = try dereferenced(try resolve(pointer, path: path), path: pointer, hops: hops + 1)
        let siblings = (schema.objectMembers ?? []).filter { $0.key != "$ref" }
        if siblings.allSatisfy({ JSONSchemaCompiler.annotations.contains($0.key) }) { return target }
        return try merge(.object(siblings), target, path: path)
    }

    private mutating func referenceValue(_ pointer: String, path: String) throws(SchemaError) -> Value {
        if let rule = referenceRules[pointer] { return .rules([rule]) }
        let target = try resolve(pointer, path: path)
        let rule = builder.reserve()
        referenceRules[pointer] = rule
        inProgress.insert(rule)
        let value = try compile(target, path: pointer)
        inProgress.remove(rule)
        if case .rules(let list) = value, list.count == 1, !inProgress.contains(list[0]), list[0] != rule {
            builder.replace(rule, with: builder.rules[Int(list[0])])
        } else {
            builder.replace(rule, with: .automaton(try builder.fragment(value).trimmed().determinized()))
        }
        return .rules([rule])
    }

    // MARK: - Alternatives

    private mutating func compileAlternatives(_ object: JSONValue, path: String) throws(SchemaError) -> Value {
        if object["anyOf"] != nil && object["oneOf"] != nil {
            throw .unsupportedKeyword(keyword: "oneOf", path: path, reason: "anyOf and oneOf in the same schema")
        }
        let keyword = object["anyOf"] != nil ? "anyOf" : "oneOf"
        guard case .array(let branches)? = object[keyword] else {
            throw .invalidKeywordValue(keyword: keyword, path: path, reason: "must be an array")
        }
        let base = (object.objectMembers ?? []).filter { $0.key != keyword }
        let baseHasConstraints = base.contains { !JSONSchemaCompiler.annotations.contains($0.key) }
        var resolved: [JSONValue] = []
        for (index, branch) in branches.enumerated() {
            let branchPath = "\(path)/\(keyword)/\(index)"
            if baseHasConstraints {
                do {
                    resolved.append(try merge(.object(base), try dereferenced(branch, path: branchPath), path: branchPath))
                } catch {
                    // A branch that contradicts the rest of the schema can never be chosen.
                    guard case .unsatisfiable = error else { throw error }
                    resolved.append(.bool(false))
                }
            } else {
                resolved.append(branch)
            }
        }
        if keyword == "oneOf" && resolved.count > 1 {
            let expanded = try resolved.enumerated().map { (index, branch) throws(SchemaError) in
                try dereferenced(branch, path: "\(path)/oneOf/\(index)")
            }
            var overlapping = false
            for i in 0..<expanded.count {
                for j in (i + 1)..<expanded.count where !areDisjoint(expanded[i], expanded[j]) { overlapping = true }
            }
            if overlapping {
                // Restrict each branch so that it fails every other branch; drop branches whose
                // restriction cannot be expressed (generating from fewer branches stays valid).
                var exclusive: [JSONValue] = []
                var lastError: SchemaError?
                for index in expanded.indices {
                    do { exclusive.append(try exclusiveBranch(index, of: expanded, path: path)) } catch { lastError = error }
                }
                if exclusive.isEmpty {
                    throw lastError ?? .unsupportedKeyword(keyword: "oneOf", path: path, reason: "cannot make branches exclusive")
                }
                resolved = exclusive
            }
        }
        var values: [Value] = []
        for (index, branch) in resolved.enumerated() {
            values.append(try compile(branch, path: "\(path)/\(keyword)/\(index)"))
        }
        return try builder.normalized(GrammarBuilder.union(values))
    }

    // MARK: - Literals

    private mutating func literalValues(_ allowed: [JSONValue], path: String, keyword: String) throws(SchemaError) -> Value {
        var seen: Set<String> = []
        var alternatives: [[UInt8]] = []
        for value in allowed {
            let text = value.serialized(layout: options.layout)
            if seen.insert(text).inserted { alternatives.append(Array(text.utf8)) }
        }
        guard !alternatives.isEmpty else {
            throw .unsatisfiable(keyword: keyword, path: path, reason: "no listed value has an allowed type")
        }
        // A long list becomes a rule of its own, with the states that accept the same endings
        // merged. Below a few thousand states merging saves little, and an automaton built from
        // such a list (a union, a product) can take longer to determinize.
        return try builder.normalized(.regular(ByteNFA.trie(alternatives, sharingEndingsBeyond: 2_000)))
    }

    // MARK: - Types

    static let allTypes = ["null", "boolean", "object", "array", "number", "string"]

    func typeNames(_ schema: JSONValue, path: String) throws(SchemaError) -> [String] {
        switch schema["type"] {
        case .string(let name)?:
            guard JSONSchemaCompiler.allTypes.contains(name) || name == "integer" else {
                throw .invalidKeywordValue(keyword: "type", path: path, reason: "unknown type '\(name)'")
            }
            return [name] + (schema["nullable"] == .bool(true) && name != "null" ? ["null"] : [])
        case .array(let names)?:
            var result: [String] = []
            for name in names {
                guard case .string(let text) = name, JSONSchemaCompiler.allTypes.contains(text) || text == "integer" else {
                    throw .invalidKeywordValue(keyword: "type", path: path, reason: "unknown type \(name.serialized())")
                }
                if !result.contains(text) { result.append(text) }
            }
            if result.contains("number") { result.removeAll { $0 == "integer" } }
            guard !result.isEmpty else { throw .unsatisfiable(keyword: "type", path: path, reason: "empty type list") }
            return result
        case nil:
            let keys = Set((schema.objectMembers ?? []).map(\.key))
            var inferred: [String] = []
            if !keys.isDisjoint(with: ["properties", "required", "additionalProperties", "patternProperties", "minProperties", "maxProperties", "propertyNames"]) {
                inferred.append("object")
            }
            if !keys.isDisjoint(with: ["items", "prefixItems", "minItems", "maxItems", "additionalItems"]) { inferred.append("array") }
            if !keys.isDisjoint(with: ["minLength", "maxLength", "pattern", "format"]) { inferred.append("string") }
            if !keys.isDisjoint(with: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]) { inferred.append("number") }
            return inferred.isEmpty ? JSONSchemaCompiler.allTypes : inferred
        default:
            throw .invalidKeywordValue(keyword: "type", path: path, reason: "must be a string or an array of strings")
        }
    }
}

/// A memo of compiled pattern, string and number automata; owned by one compilation (not shared
/// across threads).
final class PatternCache {
    /// The content constraints of a string schema.
    struct StringKey: Hashable {
        var patterns: [String]
        var excluded: [String]
        var minLength: Int
        var maxLength: Int?
    }

    /// A compiled string schema, and the maximum length it was tightened to, if any.
    struct CompiledString {
        var value: GrammarBuilder.Value
        var tightenedLength: Int?
    }

    /// The bounds of a number schema.
    struct NumberKey: Hashable {
        var integerOnly: Bool
        var lower: NumberAutomaton.Bound?
        var upper: NumberAutomaton.Bound?
        var multipleOf: Int?
    }

    var automata: [String: ByteDFA] = [:]
    var strings: [StringKey: CompiledString] = [:]
    /// Number automata by their bounds (a schema repeats `"minimum": 0` and the like many times).
    var numbers: [NumberKey: ByteNFA] = [:]
}
