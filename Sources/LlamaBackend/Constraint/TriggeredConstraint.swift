package import ConstrainedDecoding

/// Free text, unless the text starts with a trigger, in which case a grammar takes over from the
/// first byte (llama.cpp calls this a lazy grammar).
///
/// This is how a turn may either answer in free text or call tools: the tool-call grammar starts
/// with its tag (`<tool_call>`); text that does not start with the tag is unconstrained, and text
/// that does must follow the grammar to the end. Exactly: the allowed tokens are those that keep
/// the output outside every string starting with the trigger, plus those the grammar allows.
/// Without a grammar, text starting with the trigger is impossible (tools turned off).
package final class TriggeredConstraint: TokenConstraint {
    private enum Mode {
        /// The output so far is a prefix of the trigger (possibly empty).
        case undecided
        /// The output can no longer start with the trigger: no constraint.
        case free
        /// The output starts with the trigger: the grammar decides.
        case constrained
    }

    private let trigger: [UInt8]
    private let grammarConstraint: GrammarConstraint?
    private let tokenBytes: [[UInt8]]
    private let endOfGeneration: Set<TokenID>
    private var mode = Mode.undecided
    private var output: [UInt8] = []

    /// A constraint whose grammar applies when the output starts with `trigger`.
    ///
    /// - Parameters:
    ///   - trigger: The bytes that start the constrained form; the grammar must start with them.
    ///   - grammar: The grammar of the constrained form; nil forbids output starting with `trigger`.
    ///   - vocabulary: The model's tokenizer.
    package init(trigger: String, grammar: CompiledGrammar?, vocabulary: Vocabulary) {
        self.trigger = Array(trigger.utf8)
        self.grammarConstraint = grammar.map { GrammarConstraint(grammar: $0, vocabulary: vocabulary) }
        self.tokenBytes = vocabulary.allTokenBytes
        self.endOfGeneration = Set(vocabulary.endOfGenerationTokens)
    }

    /// Whether the output took the constrained form (it started with the trigger).
    package var isConstrained: Bool {
        if case .constrained = mode { return true }
        return false
    }

    package func fillAllowedTokens(_ words: UnsafeMutableBufferPointer<UInt32>) {
        switch mode {
        case .free:
            for index in words.indices { words[index] = .max }
        case .constrained:
            grammarConstraint?.fillAllowedTokens(words)
        case .undecided:
            // The grammar's tokens (or, without one, those that stay strictly inside the trigger),
            // plus every token that leaves the trigger behind.
            if let grammarConstraint {
                grammarConstraint.fillAllowedTokens(words)
            } else {
                for index in words.indices { words[index] = 0 }
            }
            for (token, bytes) in tokenBytes.enumerated() where !bytes.isEmpty {
                if leavesTrigger(bytes) || (grammarConstraint == nil && output.count + bytes.count < trigger.count) {
                    words[token >> 5] |= 1 << UInt32(token & 31)
                }
            }
            // An empty answer may end at once.
            for token in endOfGeneration where output.isEmpty {
                words[Int(token) >> 5] |= 1 << UInt32(Int(token) & 31)
            }
        }
    }

    package func accept(_ token: TokenID) -> Bool {
        switch mode {
        case .free:
            return true
        case .constrained:
            return grammarConstraint?.accept(token) ?? false
        case .undecided:
            let bytes = Int(token) < tokenBytes.count ? tokenBytes[Int(token)] : []
            if leavesTrigger(bytes) {
                mode = .free
                return true
            }
            if let grammarConstraint {
                guard grammarConstraint.accept(token) else { return false }
            } else if output.count + bytes.count >= trigger.count {
                return false
            }
            output += bytes
            if output.count >= trigger.count { mode = .constrained }
            return true
        }
    }

    package func takeForcedTokens() -> [TokenID] {
        guard case .constrained = mode else { return [] }
        return grammarConstraint?.takeForcedTokens() ?? []
    }

    package var isComplete: Bool {
        guard case .constrained = mode else { return false }
        return grammarConstraint?.isComplete ?? true
    }

    /// Whether output + bytes can no longer start with the trigger.
    private func leavesTrigger(_ bytes: [UInt8]) -> Bool {
        var position = output.count
        for byte in bytes {
            guard position < trigger.count else { return false }
            if trigger[position] != byte { return true }
            position += 1
        }
        return false
    }
}
