/// Accumulates rules while a schema (or another source) is compiled into a ``Grammar``.
struct GrammarBuilder {
    let layout: JSONLayout
    private(set) var rules: [GrammarRule] = []
    /// The automaton states of all rules so far: what the grammar's tables and compile time grow with.
    private(set) var automatonStateCount = 0
    private var anyValue: Int32?
    private var freeString: Int32?
    /// The rule made from each automaton so far: equal sub-schemas compile to equal automata,
    /// which are determinized once and share one rule.
    private var automatonRules: [AutomatonKey: Int32] = [:]

    init(layout: JSONLayout) { self.layout = layout }

    /// A compiled value: a regular automaton to inline into the parent, or a choice of rules.
    enum Value {
        case regular(ByteNFA)
        case rules([Int32])

        static let nothing = Value.regular(ByteNFA())
    }

    mutating func add(_ rule: GrammarRule) -> Int32 {
        rules.append(rule)
        automatonStateCount += Self.stateCount(of: rule)
        return Int32(rules.count - 1)
    }

    /// Fills a reserved slot (or replaces a rule).
    mutating func replace(_ index: Int32, with rule: GrammarRule) {
        automatonStateCount += Self.stateCount(of: rule) - Self.stateCount(of: rules[Int(index)])
        rules[Int(index)] = rule
    }

    private static func stateCount(of rule: GrammarRule) -> Int {
        if case .automaton(let dfa) = rule { return dfa.stateCount }
        return 0
    }

    /// Reserves a rule slot to fill later (for recursive references).
    mutating func reserve() -> Int32 {
        add(.automaton(ByteDFA(classOf: [UInt8](repeating: 0, count: 256), classCount: 1, transitions: [-1], accepting: [false], calls: [[]])))
    }

    /// The rule for `nfa`, determinized: a new rule, or the one made before from an equal automaton.
    mutating func addAutomaton(_ nfa: ByteNFA) throws(SchemaError) -> Int32 {
        let key = AutomatonKey(nfa)
        if let known = automatonRules[key] { return known }
        var dfa = try nfa.trimmed().determinized()
        // Determinized from a trimmed automaton (calls counted as passable), every state holds a
        // state that can reach acceptance, unless the start could not (then it is the only state,
        // and not accepting).
        dfa.isTrimmed = dfa.accepting.contains(true)
        let rule = add(.automaton(dfa))
        automatonRules[key] = rule
        return rule
    }

    /// The value as an automaton fragment for embedding (regular text inline, rules as calls).
    func fragment(_ value: Value) -> ByteNFA {
        switch value {
        case .regular(let nfa): return nfa
        case .rules(let list): return ByteNFA.union(list.map { ByteNFA.call($0) })
        }
    }

    /// The value as a single rule index.
    mutating func rule(_ value: Value) throws(SchemaError) -> Int32 {
        if case .rules(let list) = value, list.count == 1 { return list[0] }
        return try addAutomaton(fragment(value))
    }

    /// Regular values with more states than this become rules of their own instead of being inlined.
    static let inlineStateLimit = 400

    /// Inlines small regular values; turns large ones into rules so they are shared.
    mutating func normalized(_ value: Value) throws(SchemaError) -> Value {
        if case .regular(let nfa) = value, nfa.stateCount > GrammarBuilder.inlineStateLimit { return .rules([try addAutomaton(nfa)]) }
        return value
    }

    static func union(_ values: [Value]) -> Value {
        var regular: [ByteNFA] = []
        var calls: [Int32] = []
        for value in values {
            switch value {
            case .regular(let nfa): regular.append(nfa)
            case .rules(let list): calls += list
            }
        }
        if calls.isEmpty { return .regular(regular.count == 1 ? regular[0] : ByteNFA.union(regular)) }
        if regular.isEmpty { return .rules(calls) }
        return .regular(ByteNFA.union(regular + calls.map { ByteNFA.call($0) }))
    }

    /// A free JSON string with length bounds.
    mutating func stringRule(minLength: Int32 = 0, maxLength: Int32 = Int32.max) -> Int32 {
        if minLength == 0, maxLength == Int32.max {
            if let freeString { return freeString }
            let rule = add(.jsonString(JSONStringRule(minLength: 0, maxLength: Int32.max)))
            freeString = rule
            return rule
        }
        return add(.jsonString(JSONStringRule(minLength: minLength, maxLength: maxLength)))
    }

    /// Any JSON value (recursive), in this builder's layout.
    mutating func anyValueRule() -> Int32 {
        if let anyValue { return anyValue }
        let value = reserve()
        anyValue = value
        let string = stringRule()
        let array = add(.array(ArrayRule(prefixItems: [], items: value, minItems: 0, maxItems: Int32.max, separator: Array(layout.itemSeparator.utf8))))
        // Object members: "key": value, repeated.
        var member = ByteNFA()
        let afterKey = member.addState()
        member.addCall(from: member.start, rule: string, to: afterKey)
        let afterSeparator = member.addBytes(layout.keySeparator.utf8, from: afterKey)
        let end = member.addState(accepting: true)
        member.addCall(from: afterSeparator, rule: value, to: end)
        var object = ByteNFA()
        let open = object.addState()
        object.addEdge(from: object.start, UInt8(ascii: "{"), UInt8(ascii: "{"), to: open)
        let close = object.addState(accepting: true)
        object.addEdge(from: open, UInt8(ascii: "}"), UInt8(ascii: "}"), to: close)
        let afterMember = object.addState()
        object.embed(member, from: open, to: afterMember)
        object.addEdge(from: afterMember, UInt8(ascii: "}"), UInt8(ascii: "}"), to: close)
        let separator = object.addBytes(layout.itemSeparator.utf8, from: afterMember)
        object.embed(member, from: separator, to: afterMember)
        // These automata are tiny; determinization cannot exceed the limit.
        let objectRule = add(
            .automaton(
                (try? object.trimmed().determinized()) ?? ByteDFA(classOf: [UInt8](repeating: 0, count: 256), classCount: 1, transitions: [-1], accepting: [false], calls: [[]])))
        var any = ByteNFA()
        let done = any.addState(accepting: true)
        for word in ["null", "true", "false"] { any.embed(.literal(word.utf8), from: any.start, to: done) }
        any.embed(NumberAutomaton.unbounded(integerOnly: false), from: any.start, to: done)
        for rule in [string, array, objectRule] { any.addCall(from: any.start, rule: rule, to: done) }
        replace(
            value,
            with: .automaton(
                (try? any.trimmed().determinized()) ?? ByteDFA(classOf: [UInt8](repeating: 0, count: 256), classCount: 1, transitions: [-1], accepting: [false], calls: [[]])))
        return value
    }
}

/// An automaton as a dictionary key: equal when the automata are equal, hashed from a fingerprint
/// of its states' edges, epsilon moves, calls and acceptance.
private struct AutomatonKey: Hashable {
    let nfa: ByteNFA
    let fingerprint: UInt64

    init(_ nfa: ByteNFA) {
        self.nfa = nfa
        var mix = FingerprintMix()
        mix.add(UInt64(nfa.stateCount))
        for state in 0..<nfa.stateCount where nfa.accepting[state] { mix.add(UInt64(state)) }
        for edge in nfa.edges {
            mix.add(UInt64(UInt32(bitPattern: edge.source)) << 32 | UInt64(UInt32(bitPattern: edge.target)))
            mix.add(UInt64(edge.low) << 8 | UInt64(edge.high))
        }
        for move in nfa.epsilons { mix.add(UInt64(UInt32(bitPattern: move.source)) << 32 | UInt64(UInt32(bitPattern: move.target))) }
        for call in nfa.calls {
            mix.add(UInt64(UInt32(bitPattern: call.source)) << 32 | UInt64(UInt32(bitPattern: call.target)))
            mix.add(UInt64(UInt32(bitPattern: call.callee)))
        }
        fingerprint = mix.value
    }

    static func == (left: AutomatonKey, right: AutomatonKey) -> Bool {
        left.fingerprint == right.fingerprint && left.nfa == right.nfa
    }

    func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}
