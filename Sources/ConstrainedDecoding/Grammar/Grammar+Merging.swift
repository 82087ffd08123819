extension Grammar {
    /// The same language in fewer rules: rules that are equal once the rules they call are merged
    /// become one, and rules the root cannot reach are dropped.
    ///
    /// Schemas repeat themselves: a `$ref` target is copied into the reference's own rule, the same
    /// enum or object shape appears under several properties, and a large regular value becomes a
    /// rule wherever it is used. Each copy would otherwise be flattened, checked for productivity,
    /// analysed for completion distances, and would fill mask-cache entries of its own while
    /// decoding. The first of equal rules (in index order) stands for all of them.
    func mergingIdenticalRules() -> Grammar {
        guard rules.count > 1 else { return self }
        var representative = Array(0..<Int32(rules.count))
        var current = rules
        var callees = rules.map(\.callees)
        // Each rule's key, made again only when the rule is renumbered.
        var keys: [RuleKey?] = Array(repeating: nil, count: rules.count)
        var merged = true
        // Rules mostly call rules added before them, so one pass in index order merges most
        // chains; another pass follows whenever a merge may have made more rules equal.
        while merged {
            merged = false
            var byValue: [RuleKey: Int32] = [:]
            for index in current.indices where representative[index] == Int32(index) {
                if callees[index].contains(where: { representative[Int($0)] != $0 }) {
                    current[index] = current[index].renumbered { representative[Int($0)] }
                    callees[index] = callees[index].map { representative[Int($0)] }
                    keys[index] = nil
                }
                let key = keys[index] ?? RuleKey(rule: current[index])
                keys[index] = key
                if let first = byValue[key] {
                    representative[index] = first
                    merged = true
                } else {
                    byValue[key] = Int32(index)
                }
            }
            // A rule merged in an earlier pass into one merged in this pass points along.
            for index in representative.indices {
                var target = representative[index]
                while representative[Int(target)] != target { target = representative[Int(target)] }
                representative[index] = target
            }
        }
        // Keep the representatives the root reaches, in their order.
        let root = representative[Int(self.root)]
        var reached = [Bool](repeating: false, count: current.count)
        reached[Int(root)] = true
        var work = [root]
        while let rule = work.popLast() {
            for callee in callees[Int(rule)] {
                let target = representative[Int(callee)]
                if !reached[Int(target)] {
                    reached[Int(target)] = true
                    work.append(target)
                }
            }
        }
        var newIndex = [Int32](repeating: -1, count: current.count)
        var keptCount: Int32 = 0
        for index in current.indices where reached[index] {
            newIndex[index] = keptCount
            keptCount += 1
        }
        if keptCount == rules.count { return self }
        var renumbered: [GrammarRule] = []
        renumbered.reserveCapacity(Int(keptCount))
        for index in current.indices where reached[index] {
            let moves = callees[index].contains { newIndex[Int(representative[Int($0)])] != $0 }
            renumbered.append(moves ? current[index].renumbered { newIndex[Int(representative[Int($0)])] } : current[index])
        }
        return Grammar(rules: renumbered, root: newIndex[Int(root)], literalBytes: literalBytes, notes: notes)
    }
}

/// A rule as a dictionary key: equal when the rules are equal, hashed from a fingerprint of a
/// few parts computed once per rule, so that a large automaton costs a full comparison only
/// against another of the same shape.
private struct RuleKey: Hashable {
    let rule: GrammarRule
    let fingerprint: UInt64

    init(rule: GrammarRule) {
        self.rule = rule
        self.fingerprint = Self.fingerprint(of: rule)
    }

    static func == (left: RuleKey, right: RuleKey) -> Bool {
        left.fingerprint == right.fingerprint && left.rule == right.rule
    }

    func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }

    /// Mixes the automaton's size, byte classes, four rows of transitions spread over it, the
    /// acceptance of those rows and every call (rules that differ only in what they call must
    /// not collide); the other kinds of rule are small and mixed whole.
    private static func fingerprint(of rule: GrammarRule) -> UInt64 {
        var mix = FingerprintMix()
        switch rule {
        case .automaton(let dfa):
            mix.add(UInt64(dfa.stateCount) << 16 | UInt64(dfa.classCount))
            dfa.classOf.withUnsafeBytes { mix.add(words: $0) }
            let step = max(1, dfa.stateCount / 4)
            dfa.transitions.withUnsafeBytes { transitions in
                let rowBytes = dfa.classCount * MemoryLayout<Int32>.stride
                for state in stride(from: 0, to: dfa.stateCount, by: step) {
                    mix.add(words: UnsafeRawBufferPointer(rebasing: transitions[(state * rowBytes)..<((state + 1) * rowBytes)]))
                    mix.add(dfa.accepting[state] ? 1 : 0)
                }
            }
            for (state, calls) in dfa.calls.enumerated() where !calls.isEmpty {
                mix.add(UInt64(state))
                for call in calls { mix.add(UInt64(UInt32(bitPattern: call.callee)) << 32 | UInt64(UInt32(bitPattern: call.target))) }
            }
        case .jsonString(let string):
            mix.add(1 << 62 | UInt64(UInt32(bitPattern: string.minLength)) << 32 | UInt64(UInt32(bitPattern: string.maxLength)))
        case .array(let array):
            mix.add(2 << 62 | UInt64(UInt32(bitPattern: array.minItems)) << 32 | UInt64(UInt32(bitPattern: array.maxItems)))
            for item in array.prefixItems { mix.add(UInt64(UInt32(bitPattern: item))) }
            mix.add(array.items.map { UInt64(UInt32(bitPattern: $0)) } ?? UInt64.max)
            array.separator.withUnsafeBytes { mix.add(words: $0) }
        }
        return mix.value
    }
}
