/// Free text, unless the text starts with one of the triggers, in which case that trigger's
/// grammar takes over from the first byte (llama.cpp calls this a lazy grammar).
///
/// This is how a turn may either answer in free text or call tools: the tool-call grammar starts
/// with its tag (`<tool_call>`); text that does not start with a trigger is unconstrained, and text
/// that does must follow the trigger's grammar to the end. Exactly: the allowed tokens are those
/// that keep the output outside every string starting with a trigger, plus those the grammars
/// allow. A trigger without a grammar makes text starting with it impossible (tools turned off).
public final class TriggeredConstraint: TokenConstraint {
    /// One constrained form: its first bytes and its grammar (which starts with them).
    public struct Form {
        public var trigger: String
        public var grammar: CompiledGrammar?

        /// A form whose grammar applies when the output starts with `trigger`; a nil grammar
        /// forbids output starting with `trigger`.
        public init(trigger: String, grammar: CompiledGrammar?) {
            self.trigger = trigger
            self.grammar = grammar
        }
    }

    private enum Mode {
        /// The output so far is a prefix of at least one trigger (possibly empty).
        case undecided
        /// The output can no longer start with any trigger: no constraint.
        case free
        /// The output starts with the trigger of this form: its grammar decides.
        case constrained(Int)
    }

    private let triggers: [[UInt8]]
    private let grammars: [GrammarConstraint?]
    private let tokenBytes: [[UInt8]]
    private let endOfGeneration: Set<Int32>
    private var mode = Mode.undecided
    private var output: [UInt8] = []
    /// Tokens that may not start the output (see `init`'s `excludedStarts`).
    private let excludedFirstTokens: Set<Int32>
    private var scratch: [UInt32]

    /// A constraint whose grammar applies when the output starts with `trigger`.
    ///
    /// - Parameters:
    ///   - trigger: The bytes that start the constrained form; the grammar must start with them.
    ///   - grammar: The grammar of the constrained form; nil forbids output starting with `trigger`.
    ///   - vocabulary: The model's tokenizer.
    ///   - excludedStarts: See ``init(forms:vocabulary:excludedStarts:)``.
    public convenience init(trigger: String, grammar: CompiledGrammar?, vocabulary: any ConstraintTokenizer, excludedStarts: Set<UInt8> = []) {
        self.init(forms: [Form(trigger: trigger, grammar: grammar)], vocabulary: vocabulary, excludedStarts: excludedStarts)
    }

    /// A constraint with several constrained forms, whose triggers start with different bytes.
    ///
    /// - Parameters:
    ///   - forms: The constrained forms.
    ///   - vocabulary: The model's tokenizer.
    ///   - excludedStarts: Bytes a free-text output may not start with (after leading
    ///     whitespace, which is excluded then too). Small models often open a tool call in ways
    ///     the forms do not cover (inside a code fence); excluding those openings leaves the
    ///     forms as the way to call.
    public init(forms: [Form], vocabulary: any ConstraintTokenizer, excludedStarts: Set<UInt8> = []) {
        self.triggers = forms.map { Array($0.trigger.utf8) }
        self.grammars = forms.map { form in form.grammar.map { GrammarConstraint(grammar: $0, vocabulary: vocabulary) } }
        let tokenBytes = vocabulary.allTokenBytes
        self.tokenBytes = tokenBytes
        self.endOfGeneration = Set(vocabulary.endOfGenerationTokens)
        self.scratch = [UInt32](repeating: 0, count: (tokenBytes.count + 31) / 32)
        var excluded: Set<Int32> = []
        if !excludedStarts.isEmpty {
            let triggerStarts = Set(triggers.compactMap(\.first))
            for (token, bytes) in tokenBytes.enumerated() where !bytes.isEmpty {
                let first = bytes.first { !Self.isWhitespace($0) }
                guard let first else {
                    excluded.insert(Int32(token))
                    continue
                }
                if excludedStarts.contains(first), !triggerStarts.contains(bytes[0]) { excluded.insert(Int32(token)) }
            }
        }
        self.excludedFirstTokens = excluded
    }

    /// Whether the output took a constrained form (it started with a trigger).
    public var isConstrained: Bool {
        if case .constrained = mode { return true }
        return false
    }

    public func fillAllowedTokens(_ words: UnsafeMutableBufferPointer<UInt32>) {
        switch mode {
        case .free:
            for index in words.indices { words[index] = .max }
        case .constrained(let form):
            grammars[form]?.fillAllowedTokens(words)
        case .undecided:
            for index in words.indices { words[index] = 0 }
            let candidates = candidateForms
            // Each candidate grammar's tokens (or, without one, those that stay strictly inside
            // its trigger), plus every token that leaves all the triggers behind.
            for form in candidates {
                guard let grammar = grammars[form] else { continue }
                scratch.withUnsafeMutableBufferPointer { buffer in
                    grammar.fillAllowedTokens(buffer)
                    for index in 0..<min(buffer.count, words.count) { words[index] |= buffer[index] }
                }
            }
            for (token, bytes) in tokenBytes.enumerated() where !bytes.isEmpty {
                if candidates.allSatisfy({ leavesTrigger(bytes, of: $0) })
                    || candidates.contains(where: { grammars[$0] == nil && !leavesTrigger(bytes, of: $0) && output.count + bytes.count < triggers[$0].count })
                {
                    words[token >> 5] |= 1 << UInt32(token & 31)
                }
            }
            if output.isEmpty {
                for token in excludedFirstTokens {
                    words[Int(token) >> 5] &= ~(1 << UInt32(Int(token) & 31))
                }
                // An empty answer may end at once.
                for token in endOfGeneration {
                    words[Int(token) >> 5] |= 1 << UInt32(Int(token) & 31)
                }
            }
        }
    }

    public func accept(_ token: Int32) -> Bool {
        switch mode {
        case .free:
            return true
        case .constrained(let form):
            return grammars[form]?.accept(token) ?? false
        case .undecided:
            let bytes = Int(token) < tokenBytes.count ? tokenBytes[Int(token)] : []
            if output.isEmpty, excludedFirstTokens.contains(token) { return false }
            let candidates = candidateForms
            guard let form = candidates.first(where: { !leavesTrigger(bytes, of: $0) }) else {
                mode = .free
                return true
            }
            if let grammar = grammars[form] {
                guard grammar.accept(token) else { return false }
            } else if output.count + bytes.count >= triggers[form].count {
                return false
            }
            output += bytes
            if output.count >= triggers[form].count { mode = .constrained(form) }
            return true
        }
    }

    public func takeForcedTokens() -> [Int32] {
        guard case .constrained(let form) = mode else { return [] }
        return grammars[form]?.takeForcedTokens() ?? []
    }

    public var isComplete: Bool {
        guard case .constrained(let form) = mode else { return false }
        return grammars[form]?.isComplete ?? true
    }

    /// The constrained form's, once the output took one; nil while the output may be free text.
    public var tokensToFinish: Int? {
        guard case .constrained(let form) = mode else { return nil }
        return grammars[form]?.tokensToFinish
    }

    public func canFinish(after token: Int32, within tokens: Int) -> Bool {
        guard case .constrained(let form) = mode, let grammar = grammars[form] else { return true }
        return grammar.canFinish(after: token, within: tokens)
    }

    public func narrowToClosingTokens(_ words: UnsafeMutableBufferPointer<UInt32>) {
        guard case .constrained(let form) = mode else { return }
        grammars[form]?.narrowToClosingTokens(words)
    }

    /// The forms whose trigger the output so far is a prefix of.
    private var candidateForms: [Int] {
        triggers.indices.filter { form in
            let trigger = triggers[form]
            return output.count <= trigger.count && trigger.starts(with: output)
        }
    }

    /// Whether output + bytes can no longer start with the form's trigger.
    private func leavesTrigger(_ bytes: [UInt8], of form: Int) -> Bool {
        let trigger = triggers[form]
        var position = output.count
        for byte in bytes {
            guard position < trigger.count else { return false }
            if trigger[position] != byte { return true }
            position += 1
        }
        return false
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
