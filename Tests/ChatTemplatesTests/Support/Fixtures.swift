import ChatTemplates
import Foundation
import Testing

/// Loads the fixtures rendered by `scripts/dev/render_chat_fixtures.py` (jinja2, the reference).
enum Fixtures {
    /// The moment `strftime_now` reports in fixtures: 2024-07-26 12:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_721_995_200)

    static let directory: URL? = Bundle.module.url(forResource: "Fixtures", withExtension: nil)

    /// The file's text, byte for byte, or nil when it does not exist.
    static func text(_ relativePath: String) -> String? {
        guard let directory,
            let data = FileManager.default.contents(atPath: directory.appendingPathComponent(relativePath).path)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The file parsed as JSON with key order kept.
    static func json(_ relativePath: String) -> TemplateValue? {
        text(relativePath).flatMap { try? TemplateValue(jsonText: $0) }
    }

    // MARK: - Chat templates × conversations

    /// One template of `templates.json`.
    struct TemplateEntry: Sendable {
        var name: String
        var file: String
        var bosToken: String
        var eosToken: String
    }

    static let templates: [TemplateEntry] = (json("templates.json")?.arrayValue ?? []).compactMap { entry in
        guard let object = entry.objectValue, let name = object["name"]?.stringValue,
            let file = object["file"]?.stringValue, let bos = object["bos_token"]?.stringValue,
            let eos = object["eos_token"]?.stringValue
        else { return nil }
        return TemplateEntry(name: name, file: file, bosToken: bos, eosToken: eos)
    }

    static let conversations: TemplateDictionary = json("conversations.json")?.objectValue ?? [:]

    static func template(named name: String) throws -> ChatTemplate {
        let entry = try #require(templates.first { $0.name == name }, "no fixture template \(name)")
        let source = try #require(text(entry.file), "missing \(entry.file)")
        return try ChatTemplate(source: source, bosToken: entry.bosToken, eosToken: entry.eosToken)
    }

    /// Every template paired with every conversation.
    static let chatCases: [ChatCase] = templates.flatMap { template in
        conversations.keys.map { ChatCase(template: template.name, conversation: $0) }
    }

    // MARK: - Snippets and random templates

    /// A snippet file's shared context and its templates with jinja2's results.
    static func snippetFile(_ name: String) -> (context: [String: TemplateValue], snippets: [Snippet]) {
        let file = json(name)?.objectValue
        var context: [String: TemplateValue] = [:]
        for (key, value) in file?["context"]?.objectValue ?? [:] { context[key] = value }
        let snippets: [Snippet] = (file?["snippets"]?.arrayValue ?? []).compactMap {
            guard let object = $0.objectValue, let template = object["template"]?.stringValue else { return nil }
            return Snippet(
                template: template, expectedOutput: object["output"]?.stringValue,
                expectedError: object["error"].flatMap(ExpectedError.init))
        }
        return (context, snippets)
    }

    static let snippetFixture = snippetFile("snippets.json")
    static let snippetContext = snippetFixture.context
    static let snippets = snippetFixture.snippets

    static let fuzzFixture = snippetFile("fuzz.json")
    static let fuzzContext = fuzzFixture.context
    static let fuzzCases = fuzzFixture.snippets
}

/// A template × conversation pair from the fixtures.
struct ChatCase: Sendable, CustomTestStringConvertible {
    var template: String
    var conversation: String
    var testDescription: String { "\(template) × \(conversation)" }
}

/// A small template with jinja2's output or error.
struct Snippet: Sendable, CustomTestStringConvertible {
    var template: String
    var expectedOutput: String?
    var expectedError: ExpectedError?
    var testDescription: String { template.count > 70 ? String(template.prefix(67)) + "…" : template }
}

/// What jinja2 raised: `raise_exception` (with its message) or another error.
struct ExpectedError: Sendable {
    var raised: Bool
    var message: String

    init?(_ value: TemplateValue) {
        guard let object = value.objectValue, let kind = object["kind"]?.stringValue,
            let message = object["message"]?.stringValue
        else { return nil }
        raised = kind == "raised"
        self.message = message
    }

    /// Records an issue unless `error` matches: same message for `raise_exception`, any other error otherwise.
    func check(_ error: TemplateError, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        if raised {
            #expect(error == .raised(message: message, location: error.location), sourceLocation: sourceLocation)
        } else if case .raised = error {
            Issue.record("jinja2 failed with \(message), we raised \(error)", sourceLocation: sourceLocation)
        }
    }
}

/// Compares texts byte for byte (Swift's `==` on strings equates canonically equivalent texts) and
/// reports the first difference with some context.
func expectIdentical(_ actual: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let actualBytes = Array(actual.utf8)
    let expectedBytes = Array(expected.utf8)
    guard actualBytes != expectedBytes else { return }
    let firstDifference =
        zip(actualBytes, expectedBytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(actualBytes.count, expectedBytes.count)
    func excerpt(_ bytes: [UInt8]) -> String {
        let start = max(0, firstDifference - 60)
        let end = min(bytes.count, firstDifference + 60)
        return String(decoding: bytes[start..<end], as: UTF8.self).debugDescription
    }
    Issue.record(
        "texts differ at byte \(firstDifference) (lengths \(actualBytes.count) and \(expectedBytes.count))\n  ours:   \(excerpt(actualBytes))\n  jinja2: \(excerpt(expectedBytes))",
        sourceLocation: sourceLocation)
}

extension ChatMessage {
    /// Builds a message from a fixture dictionary, refusing fields `ChatMessage` does not model.
    init(fixture value: TemplateValue) throws {
        let object = try #require(value.objectValue)
        let known: Set<String> = ["role", "content", "name", "tool_calls", "tool_call_id"]
        for key in object.keys { try #require(known.contains(key), "unexpected message field \(key)") }
        var toolCalls: [ToolCall] = []
        for call in object["tool_calls"]?.arrayValue ?? [] {
            let callObject = try #require(call.objectValue)
            let function = try #require(callObject["function"]?.objectValue)
            toolCalls.append(
                ToolCall(
                    id: callObject["id"]?.stringValue, name: try #require(function["name"]?.stringValue),
                    arguments: try #require(function["arguments"])))
        }
        self.init(
            role: Role(rawValue: try #require(object["role"]?.stringValue)), content: object["content"]?.stringValue,
            toolCalls: toolCalls, toolCallID: object["tool_call_id"]?.stringValue, name: object["name"]?.stringValue)
    }
}
