import Testing
@testable import FoundationModelsCore

/// The hold-back filter between the engine and the session, without a model: which text reaches
/// the session, when, and how a turn ends.
@Suite struct ToolCallHoldBackTests {
    static let call = #"{"name": "lookup", "arguments": {"query": "Sara"}}"#

    @Test func withoutToolsEveryPieceGoesOutAtOnce() {
        var filter = ToolCallHoldBack(mayCallTools: false, acceptsBareCall: false)
        #expect(filter.append("<tool", tokenCount: 1) == .init(text: "<tool", tokenCount: 1))
        #expect(filter.append("_call>", tokenCount: 2) == .init(text: "_call>", tokenCount: 2))
        #expect(filter.finish() == .answer(nil))
    }

    @Test func anAnswerIsHeldOnlyWhileItCouldBeATag() {
        var filter = ToolCallHoldBack(mayCallTools: true, acceptsBareCall: false)
        #expect(filter.append("<to", tokenCount: 1) == nil)
        // "<tox" can no longer be "<tool_call>": everything held goes out with its tokens.
        #expect(filter.append("x is", tokenCount: 2) == .init(text: "<tox is", tokenCount: 3))
        #expect(filter.append(" é", tokenCount: 1) == .init(text: " é", tokenCount: 1))
        #expect(filter.finish() == .answer(nil))
        #expect(filter.text == "<tox is é")
    }

    @Test func aTaggedTurnIsToolCallsAndNothingReachesTheSession() {
        var filter = ToolCallHoldBack(mayCallTools: true, acceptsBareCall: false)
        for piece in ["<tool_call>", "\n", Self.call, "\n</tool_call>"] {
            #expect(filter.append(piece, tokenCount: 1) == nil)
        }
        #expect(filter.finish() == .toolCalls([.init(name: "lookup", arguments: #"{"query": "Sara"}"#)]))
    }

    @Test func aBareCallCountsOnlyWhenAccepted() {
        var accepting = ToolCallHoldBack(mayCallTools: true, acceptsBareCall: true)
        #expect(accepting.append(Self.call, tokenCount: 9) == nil)
        #expect(accepting.finish() == .toolCalls([.init(name: "lookup", arguments: #"{"query": "Sara"}"#)]))

        var refusing = ToolCallHoldBack(mayCallTools: true, acceptsBareCall: false)
        #expect(refusing.append(Self.call, tokenCount: 9) == .init(text: Self.call, tokenCount: 9))
        #expect(refusing.finish() == .answer(nil))
    }

    @Test func aCutOffCallKeepsTheFinishedOnesOrIsCutOff() {
        var two = ToolCallHoldBack(mayCallTools: true, acceptsBareCall: false)
        _ = two.append("<tool_call>\n\(Self.call)\n</tool_call>\n<tool_call>\n{\"name\": \"look", tokenCount: 20)
        #expect(two.finish() == .toolCalls([.init(name: "lookup", arguments: #"{"query": "Sara"}"#)]))

        var one = ToolCallHoldBack(mayCallTools: true, acceptsBareCall: false)
        _ = one.append("<tool_call>\n{\"name\": \"look", tokenCount: 5)
        #expect(one.finish() == .cutOffToolCalls("<tool_call>\n{\"name\": \"look"))
    }

    @Test func aHeldPrefixThatEndsTheTurnIsReleasedAtTheEnd() {
        var filter = ToolCallHoldBack(mayCallTools: true, acceptsBareCall: false)
        #expect(filter.append("<", tokenCount: 1) == nil)
        #expect(filter.finish() == .answer(.init(text: "<", tokenCount: 1)))
    }
}
