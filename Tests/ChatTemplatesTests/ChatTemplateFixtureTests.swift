import ChatTemplates
import Testing

/// Every fixture template × every fixture conversation must render exactly as jinja2 rendered it.
@Suite struct ChatTemplateFixtureTests {
    @Test func fixturesArePresent() {
        #expect(Fixtures.templates.count >= 28)
        #expect(Fixtures.conversations.count >= 15)
        #expect(Fixtures.chatCases.count == Fixtures.templates.count * Fixtures.conversations.count)
    }

    @Test(arguments: Fixtures.chatCases)
    func rendersLikeJinja2(_ fixture: ChatCase) throws {
        let template = try Fixtures.template(named: fixture.template)
        let conversation = try #require(Fixtures.conversations[fixture.conversation]?.objectValue)
        let messageValues = try #require(conversation["messages"]?.arrayValue)
        let messages = try messageValues.map(ChatMessage.init(fixture:))
        // ChatMessage must hand the template exactly the dictionaries jinja2 rendered, in key order.
        #expect(messages.map(\.templateValue) == messageValues)
        var extraContext: [String: TemplateValue] = [:]
        for (key, value) in conversation["extra"]?.objectValue ?? [:] { extraContext[key] = value }
        let tools = conversation["tools"]?.arrayValue
        let addGenerationPrompt = try #require(conversation["add_generation_prompt"]?.boolValue as Bool?)
        let continues = conversation["continue_final_message"]?.boolValue ?? false
        let render = { () throws(TemplateError) -> String in
            if continues {
                return try template.renderContinuingFinalMessage(
                    messages: messages, tools: tools, extraContext: extraContext, now: Fixtures.now)
            }
            return try template.render(
                messages: messages, tools: tools, addGenerationPrompt: addGenerationPrompt,
                extraContext: extraContext, now: Fixtures.now)
        }
        let base = "expected/\(fixture.template)/\(fixture.conversation)"
        if let expected = Fixtures.text(base + ".txt") {
            expectIdentical(try render(), expected)
        } else {
            let expectedError = try #require(Fixtures.json(base + ".error.json").flatMap(ExpectedError.init))
            do {
                let output = try render()
                Issue.record("jinja2 failed with \(expectedError.message); we rendered \(output.debugDescription)")
            } catch {
                expectedError.check(error)
            }
        }
    }
}

/// Small templates covering the expression language, statements, whitespace control and errors,
/// each compared with jinja2's output.
@Suite struct SnippetFixtureTests {
    @Test func snippetsArePresent() {
        #expect(Fixtures.snippets.count >= 170)
        #expect(Fixtures.snippetContext["msgs"] != nil)
    }

    @Test(arguments: Fixtures.snippets)
    func rendersLikeJinja2(_ snippet: Snippet) {
        snippet.check(context: Fixtures.snippetContext)
    }
}

/// Seeded random templates (expressions, whitespace control, scoping) compared with jinja2.
@Suite struct FuzzFixtureTests {
    @Test func casesArePresent() {
        #expect(Fixtures.fuzzCases.count >= 750)
        #expect(Fixtures.fuzzContext["x"] == "X")
    }

    @Test(arguments: Fixtures.fuzzCases)
    func rendersLikeJinja2(_ snippet: Snippet) {
        snippet.check(context: Fixtures.fuzzContext)
    }
}

extension Snippet {
    /// Renders the snippet and records an issue unless the result matches jinja2's.
    func check(context: [String: TemplateValue], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let result: Result<String, TemplateError> = Result { () throws(TemplateError) -> String in
            try JinjaTemplate(template).render(context, now: Fixtures.now)
        }
        switch (result, expectedOutput, expectedError) {
        case (.success(let output), let expected?, _):
            expectIdentical(output, expected, sourceLocation: sourceLocation)
        case (.failure(let error), _, let expected?):
            expected.check(error, sourceLocation: sourceLocation)
        case (.success(let output), nil, let expected?):
            Issue.record("jinja2 failed with \(expected.message); we rendered \(output.debugDescription)", sourceLocation: sourceLocation)
        case (.failure(let error), let expected?, _):
            Issue.record("jinja2 rendered \(expected.debugDescription); we failed with \(error)", sourceLocation: sourceLocation)
        case (_, nil, nil):
            Issue.record("the fixture has neither an output nor an error", sourceLocation: sourceLocation)
        }
    }
}
