@testable import FoundationModelsCore
import Testing
import SmartNotes

/// `Instructions` and `Prompt`, their builders and representable types: what segments they hold.
@Suite struct InstructionsAndPromptTests {
    private static let item = ActionItem(task: "Ship it", owner: "Sara", priority: .high)

    @Test func strings() {
        #expect(Instructions("Be brief.").segments == [.text("Be brief.")])
        #expect(Prompt("Summarize.").segments == [.text("Summarize.")])
    }

    @Test func generableValuesBecomeStructuredSegments() {
        let expected: [ContentSegment] = [.structure(source: "ActionItem", content: Self.item.generatedContent)]
        #expect(Prompt(Self.item).segments == expected)
        #expect(Instructions(Self.item).segments == expected)
        #expect(Prompt(Priority.low).segments == [.structure(source: "Priority", content: GeneratedContent(kind: .string("low")))])
    }

    @Test func builderKeepsOrderAcrossEveryForm() {
        let includeExample = true
        let skip = false
        let owners = ["Sara", "Lina"]
        let prompt = Prompt {
            "Extract the action items."
            Self.item
            for owner in owners {
                "Owner: \(owner)"
            }
            if includeExample {
                "Example follows."
            } else {
                "No example."
            }
            if skip {
                "Skipped."
            }
            if #available(macOS 15, *) {
                "Available."
            }
            Prompt("Nested prompt.")
            ["a", "b"]
        }
        #expect(
            prompt.segments == [
                .text("Extract the action items."),
                .structure(source: "ActionItem", content: Self.item.generatedContent),
                .text("Owner: Sara"),
                .text("Owner: Lina"),
                .text("Example follows."),
                .text("Available."),
                .text("Nested prompt."),
                .text("a"),
                .text("b")
            ])
    }

    @Test func instructionsBuilderMirrorsThePromptBuilder() {
        let formal = false
        let instructions = Instructions {
            "You are a meeting assistant."
            if formal {
                "Write formally."
            } else {
                "Write casually."
            }
            Self.item
        }
        #expect(
            instructions.segments == [
                .text("You are a meeting assistant."),
                .text("Write casually."),
                .structure(source: "ActionItem", content: Self.item.generatedContent)
            ])
        #expect(Instructions {}.segments == [])
    }

    @Test func builderClosuresMayThrow() {
        struct Failure: Error {}
        func failing() throws -> String { throw Failure() }
        #expect(throws: Failure.self) { try Prompt { try failing() } }
        #expect(throws: Failure.self) { try Instructions { try failing() } }
    }

    @Test func optionalsAndArraysOfGenerableValues() {
        let none: Int? = nil
        #expect(Prompt(none).segments == [.structure(source: "Optional<Int>", content: GeneratedContent(kind: .null))])
        #expect(Prompt([Self.item, Self.item]).segments.count == 2)
    }

    @Test func neitherIsAStringLiteral() {
        #expect(!((Instructions.self as Any.Type) is any ExpressibleByStringLiteral.Type))
        #expect(!((Prompt.self as Any.Type) is any ExpressibleByStringLiteral.Type))
    }
}
