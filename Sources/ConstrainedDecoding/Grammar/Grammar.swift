/// A grammar over bytes: what a generation may produce, compiled from a JSON Schema or composed.
///
/// A grammar is a value; compose grammars freely, then compile once per vocabulary with
/// ``CompiledGrammar/init(_:vocabulary:)``.
///
/// ```swift
/// let call = Grammar.sequence([
///     .literal("<tool_call>\n{\"name\": \"lookup\", \"arguments\": "),
///     try .jsonSchema(argumentsSchemaText),
///     .literal("}\n</tool_call>"),
/// ])
/// let grammar = Grammar.choice([call, try .jsonSchema(answerSchemaText)])
/// ```
public struct Grammar: Sendable {
    var rules: [GrammarRule]
    var root: Int32
    /// The exact bytes of the language when it has a single string (literals inline into parents).
    var literalBytes: [UInt8]?
    /// Notes about keywords that are annotations only (for example unknown `format` values).
    public internal(set) var notes: [String]

    init(rules: [GrammarRule], root: Int32, literalBytes: [UInt8]? = nil, notes: [String] = []) {
        self.rules = rules
        self.root = root
        self.literalBytes = literalBytes
        self.notes = notes
    }

    /// The number of rules, for diagnostics.
    public var ruleCount: Int { rules.count }

    /// Exactly the UTF-8 bytes of `text`.
    public static func literal(_ text: String) -> Grammar {
        bytes(Array(text.utf8))
    }

    /// Exactly `bytes`.
    public static func bytes(_ bytes: [UInt8]) -> Grammar {
        let nfa = ByteNFA.literal(bytes)
        // A literal automaton never exceeds the state limit: it has one state per byte.
        let dfa =
            (try? nfa.determinized(stateLimit: Int.max))
            ?? ByteDFA(
                classOf: [UInt8](repeating: 0, count: 256), classCount: 1, transitions: [-1], accepting: [true], calls: [[]]
            )
        return Grammar(rules: [.automaton(dfa)], root: 0, literalBytes: bytes)
    }

    /// The parts one after another.
    public static func sequence(_ parts: [Grammar]) -> Grammar {
        if parts.allSatisfy({ $0.literalBytes != nil }) {
            return bytes(parts.flatMap { $0.literalBytes ?? [] })
        }
        return compose(parts) { nfa, pieces in ByteNFA.concatenation(pieces) }
    }

    /// Any one of the alternatives.
    public static func choice(_ alternatives: [Grammar]) -> Grammar {
        compose(alternatives) { nfa, pieces in ByteNFA.union(pieces) }
    }

    /// Any valid UTF-8 text of at most `maxBytes` bytes (unbounded when nil), special tokens excluded.
    ///
    /// Followed by a literal, the text ends wherever the literal can start; the matcher keeps both
    /// readings alive until one dies.
    public static func anyText(maxBytes: Int? = nil) -> Grammar {
        // A regular automaton: built without calls and within the state limit.
        let body = UTF8Automaton.anyText(maxBytes: maxBytes)
        let dfa =
            (try? body.determinized())
            ?? ByteDFA(
                classOf: [UInt8](repeating: 0, count: 256), classCount: 1, transitions: [-1], accepting: [true], calls: [[]]
            )
        return Grammar(rules: [.automaton(dfa)], root: 0)
    }

    /// Any JSON value in `layout`.
    public static func anyJSON(layout: JSONLayout = .canonical) -> Grammar {
        var builder = GrammarBuilder(layout: layout)
        let root = builder.anyValueRule()
        return Grammar(rules: builder.rules, root: root)
    }

    private static func compose(_ parts: [Grammar], _ combine: (inout ByteNFA, [ByteNFA]) -> ByteNFA) -> Grammar {
        var rules: [GrammarRule] = []
        var pieces: [ByteNFA] = []
        var notes: [String] = []
        for part in parts {
            notes += part.notes
            if let literal = part.literalBytes {
                pieces.append(.literal(literal))
                continue
            }
            let offset = Int32(rules.count)
            rules += part.rules.map { $0.shifted(by: offset) }
            pieces.append(.call(part.root + offset))
        }
        var scratch = ByteNFA()
        let nfa = combine(&scratch, pieces).trimmed()
        // Compositions have one state per literal byte plus a few per part: far below the limit.
        let dfa =
            (try? nfa.determinized(stateLimit: Int.max))
            ?? ByteDFA(
                classOf: [UInt8](repeating: 0, count: 256), classCount: 1, transitions: [-1], accepting: [true], calls: [[]]
            )
        rules.append(.automaton(dfa))
        return Grammar(rules: rules, root: Int32(rules.count - 1), notes: notes)
    }
}
