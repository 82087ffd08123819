/// One rule of a ``Grammar``: a recursive-transition-network node over bytes.
enum GrammarRule: Sendable, Hashable {
    /// A deterministic byte automaton whose call edges consume whole values of other rules.
    case automaton(ByteDFA)
    /// A JSON string (quotes included) of `minLength...maxLength` Unicode scalars.
    case jsonString(JSONStringRule)
    /// A JSON array with a counted number of items.
    case array(ArrayRule)

    /// The same rule with every referenced rule index shifted by `offset`.
    func shifted(by offset: Int32) -> GrammarRule {
        renumbered { $0 + offset }
    }

    /// The same rule with every referenced rule index passed through `newIndex`.
    func renumbered(_ newIndex: (Int32) -> Int32) -> GrammarRule {
        switch self {
        case .automaton(var dfa):
            dfa.calls = dfa.calls.map { $0.map { CallEdge(callee: newIndex($0.callee), target: $0.target) } }
            return .automaton(dfa)
        case .jsonString:
            return self
        case .array(var rule):
            rule.prefixItems = rule.prefixItems.map(newIndex)
            rule.items = rule.items.map(newIndex)
            return .array(rule)
        }
    }

    /// The rule indices it refers to.
    var callees: [Int32] {
        switch self {
        case .automaton(let dfa): return dfa.calls.flatMap { $0.map { $0.callee } }
        case .jsonString: return []
        case .array(let rule): return rule.prefixItems + (rule.items.map { [$0] } ?? [])
        }
    }
}

/// Length bounds of a free JSON string rule, counted in Unicode scalars as JSON Schema does.
struct JSONStringRule: Sendable, Hashable {
    var minLength: Int32
    /// `Int32.max` when unbounded.
    var maxLength: Int32
}

/// A JSON array rule: `[` item (separator item)* `]` with `minItems...maxItems` items.
struct ArrayRule: Sendable, Hashable {
    /// Rules for the first items (`prefixItems`).
    var prefixItems: [Int32]
    /// The rule for items after the prefix, or nil when no more items are allowed.
    var items: Int32?
    var minItems: Int32
    /// `Int32.max` when unbounded.
    var maxItems: Int32
    /// The bytes between two items (`, ` or `,`).
    var separator: [UInt8]
    /// Whether no two items may be equal (`uniqueItems`), for arrays of scalar items: enforced
    /// while decoding by ``GrammarConstraint`` (see ``DuplicateKeyGuard``), not by the grammar.
    var uniqueItems = false

    /// The local state at which the array expects a (non-first) item.
    var itemState: Int32 { 3 + Int32(separator.count) }

    func itemRule(at position: Int32) -> Int32? {
        if Int(position) < prefixItems.count { return prefixItems[Int(position)] }
        return items
    }

    /// The number of items this array can actually have at most.
    var effectiveMaxItems: Int32 {
        items == nil ? min(maxItems, Int32(prefixItems.count)) : maxItems
    }
}
