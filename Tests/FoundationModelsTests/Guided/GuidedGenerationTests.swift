import Foundation
import Testing
@testable import FoundationModelsCore
import TestSupport
import SmartNotes

/// Guided generation on the real SmolLM2 model: the output always decodes into the type, every
/// guide holds, and streaming snapshots grow into the response.
@Suite(.requiresSmolLM2) struct GuidedGenerationTests {
    static let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 300)

    func session() -> LanguageModelSession {
        SessionFixtures.session(instructions: "You turn requests into structured data.")
    }

    @Test func seedTypesComeBackValid() async throws {
        let item = try await session().respond(to: "Sara must finalize pricing by Friday.", generating: ActionItem.self, options: Self.options).content
        #expect(!item.task.isEmpty && !item.owner.isEmpty)
        let tagged = try await session().respond(to: "Note: the Q3 launch moves to October.", generating: TaggedNote.self, options: Self.options).content
        #expect(tagged.tags.count == 3)
        let priority = try await session().respond(to: "How urgent is a security breach?", generating: Priority.self, options: Self.options).content
        #expect([Priority.low, .medium, .high].contains(priority))
    }

    @Test func guidesHoldOnFixtureTypes() async throws {
        // Seeded sampling on an engine of its own, from an empty cache: the same draws every run.
        let model = SessionFixtures.isolatedSmolLM2(7)
        func session() async -> LanguageModelSession {
            await model.settings.discardCachedPrompts()
            return LanguageModelSession(model: model, instructions: "You turn requests into structured data.")
        }
        // Free-length arrays (`pros`, `cons`) can run a small model past the token budget, which is
        // a typed error, never an invalid value; over three seeds, at least one answer completes.
        var reviews: [Review] = []
        for seed: UInt64 in [3, 4, 5] {
            do {
                reviews.append(
                    try await session().respond(
                        to: "Review a cheap umbrella that broke after a week.", generating: Review.self,
                        options: GenerationOptions(samplingMode: .random(top: 20, seed: seed), maximumResponseTokens: 300)
                    ).content)
            } catch LanguageModelSession.GenerationError.decodingFailure {
                continue
            }
        }
        #expect(!reviews.isEmpty)
        for review in reviews { #expect((1...5).contains(review.rating)) }
        let person = try await session().respond(
            to: "Describe a retired teacher.", generating: Person.self,
            options: GenerationOptions(samplingMode: .random(top: 20, seed: 5), maximumResponseTokens: 300)
        ).content
        // `age` is optional: the model may leave it out, but every age written is in range.
        func check(_ person: Person) {
            if let age = person.age { #expect((18...100).contains(age), "age \(age)") }
            #expect(person.children.count <= 3)
            person.children.forEach(check)
        }
        check(person)
    }

    @Test func snapshotsGrowIntoTheResponse() async throws {
        let session = session()
        var snapshots: [GeneratedContent] = []
        let stream = session.streamResponse(to: "Sara must finalize pricing by Friday.", generating: ActionItem.self, options: Self.options)
        for try await snapshot in stream {
            snapshots.append(snapshot.rawContent)
        }
        #expect(snapshots.count > 3)
        for (earlier, later) in zip(snapshots, snapshots.dropFirst()) {
            #expect(earlier.isPrefixValue(of: later), "\(earlier.jsonString) → \(later.jsonString)")
        }
        guard case .response(let response) = session.transcript.last, case .structure(let segment) = response.segments.first else {
            Issue.record("no structured response")
            return
        }
        #expect(snapshots.last?.jsonString == segment.content.jsonString)
        #expect(snapshots.last?.isComplete == true)
        #expect(snapshots.first?.isComplete == false)
        // Partially generated values are available along the way.
        let partial = try ActionItem.PartiallyGenerated(snapshots[snapshots.count / 2])
        _ = partial
    }

    @Test func aGuidedAnswerThatCannotFitIsRefusedUpFrontWithBothNumbers() async throws {
        let session = session()
        let before = session.transcript.count
        await #expect {
            try await session.respond(
                to: "Write a long article about the sea.", generating: Article.self,
                options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 10))
        } throws: { error in
            guard case LanguageModelSession.GenerationError.decodingFailure(let context) = error,
                case .responseBudget(let needed, let maximum)? = context.details
            else { return false }
            return maximum == 10 && needed > 10 && context.debugDescription.contains("\(needed)")
                && context.debugDescription.contains("maximumResponseTokens allows 10")
        }
        #expect(session.transcript.count == before)
    }

    /// A budget too small for the model's own answer but large enough for the smallest one: the
    /// answer is closed validly within the budget, never cut off mid-structure.
    ///
    /// The budgets lie a quarter, half and three quarters of the way from the smallest answer to
    /// the model's own, both measured in this run: greedy answers differ between CPUs (and with
    /// batching), so fixed budgets could fall outside that range and bind nothing.
    @Test(arguments: [1, 2, 3]) func aTightBudgetClosesTheAnswerValidly(_ quarters: Int) async throws {
        let prompt = "Write a long article about the sea, with many sections."
        let roomy = try await session().respond(to: prompt, generating: Article.self, options: Self.options)
        let ownLength = roomy.usage.output.totalTokenCount
        var smallest: Int?
        do {
            _ = try await session().respond(
                to: prompt, generating: Article.self, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1))
        } catch LanguageModelSession.GenerationError.decodingFailure(let context) {
            if case .responseBudget(let needed, _)? = context.details { smallest = needed }
        }
        let needed = try #require(smallest, "a budget of one token was not refused with the smallest answer's length")
        try #require(ownLength >= needed + 8, "the model's own answer (\(ownLength) tokens) leaves no room below it")
        let budget = needed + (ownLength - needed) * quarters / 4
        let tight = try await session().respond(
            to: prompt, generating: Article.self, options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: budget))
        #expect(tight.content.tags.count == 3)
        #expect(tight.rawContent.isComplete)
        #expect(tight.usage.output.totalTokenCount <= budget, "\(tight.usage.output.totalTokenCount) tokens for a budget of \(budget)")
    }

    @Test func theTranscriptRecordsTheFormatAndTheStructure() async throws {
        let session = session()
        _ = try await session.respond(to: "Sara must finalize pricing by Friday.", generating: ActionItem.self, options: Self.options)
        guard case .prompt(let prompt) = session.transcript[1], case .response(let response) = session.transcript[2],
            case .structure(let segment) = response.segments.first
        else {
            Issue.record("unexpected transcript")
            return
        }
        #expect(prompt.responseFormat?.name == "ActionItem")
        #expect(segment.schemaName == "ActionItem")
        #expect(try ActionItem(segment.content).task.isEmpty == false)
    }

    @Test func dynamicSchemasAndJSONSchemasAreEnforced() async throws {
        let schema = try GenerationSchema(
            jsonSchema: #"""
                {"type": "object", "properties": {
                  "code": {"type": "string", "pattern": "^[A-Z]{3}-[0-9]{2}$"},
                  "count": {"type": "integer", "minimum": 10, "maximum": 20},
                  "flags": {"type": "array", "items": {"type": "boolean"}, "minItems": 2, "maxItems": 2},
                  "kind": {"enum": ["alpha", "beta"]}
                }, "required": ["code", "count", "flags", "kind"]}
                """#)
        let content = try await session().respond(to: "Make up a record.", schema: schema, options: Self.options).content
        let code = try content.value(String.self, forProperty: "code")
        #expect(code.wholeMatch(of: /[A-Z]{3}-[0-9]{2}/) != nil)
        #expect((10...20).contains(try content.value(Int.self, forProperty: "count")))
        #expect(try content.value([Bool].self, forProperty: "flags").count == 2)
        #expect(["alpha", "beta"].contains(try content.value(String.self, forProperty: "kind")))
    }

    @Test func importedJSONSchemasAreEnforcedAsWritten() async throws {
        // Keywords that Apple's schema model has no place for are kept verbatim, and hold while decoding.
        let schema = try GenerationSchema(
            jsonSchema: #"""
                {"type": "object", "properties": {
                  "nickname": {"type": "string", "minLength": 6, "maxLength": 9},
                  "step": {"type": "integer", "multipleOf": 7, "minimum": 1, "maximum": 100},
                  "day": {"type": "string", "format": "date"}
                }, "required": ["nickname", "step", "day"]}
                """#)
        #expect(schema.jsonSchemaText().contains(#""nickname":{"type":"string","minLength":6,"maxLength":9}"#))
        let content = try await session().respond(to: "Make up a record.", schema: schema, options: Self.options).content
        let nickname = try content.value(String.self, forProperty: "nickname")
        #expect((6...9).contains(nickname.count), "nickname: \(nickname)")
        let step = try content.value(Int.self, forProperty: "step")
        #expect(step % 7 == 0 && (1...100).contains(step), "step: \(step)")
        let day = try content.value(String.self, forProperty: "day")
        #expect(day.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) != nil, "day: \(day)")
    }
}

/// Random schemas × seeds: every response parses, follows its schema, and the session never fails.
@Suite(.requiresSmolLM2) struct GuidedGenerationPropertyTests {
    @Test(arguments: 0..<6)
    func randomSchemasAlwaysYieldValidContent(index: Int) async throws {
        var generator = SchemaGenerator(seed: UInt64(index) &* 0x9E37_79B9 &+ 11)
        let shape = generator.object(depth: 0)
        let schema = try GenerationSchema(root: shape.dynamic(name: "Root\(index)"), dependencies: [])
        for seed in [UInt64(1), 2] {
            let session = SessionFixtures.session(instructions: "You fill in example data.")
            let options = GenerationOptions(samplingMode: .random(top: 40, seed: seed), temperature: 0.8, maximumResponseTokens: 400)
            let response = try await session.respond(to: "Give an example.", schema: schema, options: options)
            #expect(response.rawContent.isComplete)
            let reparsed = try GeneratedContent(json: response.rawContent.jsonString)
            #expect(shape.accepts(reparsed), "schema \(schema.jsonSchemaText()) output \(response.rawContent.jsonString)")
        }
    }
}

extension GeneratedContent {
    /// Whether this (partial) value grows into `other`: same kind, strings extended, arrays and
    /// objects keeping their earlier members (the last one possibly growing).
    func isPrefixValue(of other: GeneratedContent) -> Bool {
        switch (kind, other.kind) {
        case (.null, _): return true
        case (.string(let a), .string(let b)): return b.hasPrefix(a)
        case (.number, .number), (.bool, .bool): return true
        case (.array(let a), .array(let b)):
            guard a.count <= b.count else { return false }
            return zip(a, b).allSatisfy { $0.isPrefixValue(of: $1) }
        case (.structure(let a, let keysA), .structure(let b, let keysB)):
            guard keysB.starts(with: keysA) || Array(keysB.prefix(keysA.count)) == keysA else { return false }
            return keysA.allSatisfy { key in a[key].map { value in b[key].map { value.isPrefixValue(of: $0) } ?? false } ?? true }
        default: return false
        }
    }
}
