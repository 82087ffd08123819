import FoundationModels

/// Checks the tool calls of a transcript against a ``TrajectoryExpectation``: what matched, what is
/// missing, what is forbidden or unexpected.
///
/// - Ordered expectations match calls in order, each after the previous match (a group made by
///   ``ToolExpectation/anyOrder(_:)`` matches its calls in any order at its place).
/// - Unordered expectations match any call not already matched.
/// - Each disallowed expectation counts as one expectation, met when no call matches it.
/// - When additional calls are not allowed, each call no expectation matched counts as one more
///   expectation, unmet.
///
/// Each call satisfies at most one expectation.
struct TrajectoryCheck {
    /// One call of the transcript: the tool's name and its arguments.
    struct Call {
        var name: String
        var arguments: [String: StructuredValue]

        init(_ call: Transcript.ToolCall) {
            name = call.toolName
            if case .dictionary(let members) = StructuredValue(call.arguments) {
                arguments = members
            } else {
                arguments = [:]
            }
        }

        var summary: String {
            let rendered = arguments.keys.sorted().map { "\($0): \(arguments[$0]?.jsonText ?? "")" }.joined(separator: ", ")
            return "\(name)(\(rendered))"
        }
    }

    /// The outcome.
    struct Outcome {
        var met = 0
        var total = 0
        var problems: [String] = []

        var allPass: Bool { met == total && problems.isEmpty }
        var fraction: Double { total == 0 ? 1 : Double(met) / Double(total) }
    }

    let calls: [Call]
    let judge: ArgumentJudge

    func check(_ expectation: TrajectoryExpectation) async throws -> Outcome {
        var outcome = Outcome()
        var used = Set<Int>()
        var position = 0
        for item in expectation.ordered {
            var furthest = position
            for expected in item.calls {
                outcome.total += 1
                if let index = try await firstMatch(of: expected, from: position, excluding: used) {
                    outcome.met += 1
                    used.insert(index)
                    furthest = max(furthest, index + 1)
                } else {
                    outcome.problems.append("missing \(describe(expected))\(expectation.ordered.count > 1 ? " in order" : "")")
                }
            }
            position = furthest
        }
        for expected in expectation.unordered.flatMap(\.calls) {
            outcome.total += 1
            if let index = try await firstMatch(of: expected, from: 0, excluding: used) {
                outcome.met += 1
                used.insert(index)
            } else {
                outcome.problems.append("missing \(describe(expected))")
            }
        }
        for forbidden in expectation.disallowed.flatMap(\.calls) {
            outcome.total += 1
            if let index = try await firstMatch(of: forbidden, from: 0, excluding: []) {
                outcome.problems.append("disallowed call \(calls[index].summary)")
            } else {
                outcome.met += 1
            }
        }
        if !expectation.allowsAdditionalCalls {
            for index in calls.indices where !used.contains(index) {
                outcome.total += 1
                outcome.problems.append("unexpected call \(calls[index].summary)")
            }
        }
        return outcome
    }

    private func firstMatch(of expected: ToolExpectation, from start: Int, excluding used: Set<Int>) async throws -> Int? {
        for index in calls.indices where index >= start && !used.contains(index) && calls[index].name == expected.name {
            var passes = true
            for matcher in expected.arguments where try await !matcher.matches(calls[index].arguments, judge: judge) {
                passes = false
                break
            }
            if passes { return index }
        }
        return nil
    }

    private func describe(_ expected: ToolExpectation) -> String {
        expected.arguments.isEmpty ? expected.name : "\(expected.name) with matching \(expected.arguments.map(\.argumentName).joined(separator: ", "))"
    }
}
