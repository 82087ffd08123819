import ConstrainedDecoding
import LlamaBackend

/// The text form of tool calls in a model turn: Hermes-style tags, which Qwen2.5's chat template
/// defines and which models without a tool-aware template are taught in their instructions.
///
/// ```text
/// <tool_call>
/// {"name": "lookupTeamMember", "arguments": {"query": "Sara"}}
/// </tool_call>
/// ```
///
/// Several calls in one turn follow each other, separated by a newline.
enum ToolCallSyntax {
    /// The first bytes with which small models open a call without its tag: a code fence around
    /// a JSON call. With tools offered, a text answer may not start with them (a bare JSON object
    /// is read as a call instead: see ``bareGrammar(for:)``).
    static let taglessCallOpenings: Set<UInt8> = [UInt8(ascii: "`")]

    static let openTag = "<tool_call>"
    static let closeTag = "</tool_call>"
    /// The most calls one turn may make.
    static let maximumCallsPerTurn = 4

    /// The grammar of a turn of tool calls: one or more calls of the given tools (up to
    /// `maximumCalls`), each with arguments valid for that tool's schema.
    static func grammar(for tools: [Transcript.ToolDefinition], maximumCalls: Int = maximumCallsPerTurn) throws(SchemaError) -> Grammar {
        var calls: [Grammar] = []
        for tool in tools {
            calls.append(
                .sequence([
                    .literal(openTag + "\n{\"name\": " + JSONWriter.quoted(tool.name) + ", \"arguments\": "),
                    try .jsonSchema(tool.parameters.jsonSchemaValue()),
                    .literal("}\n" + closeTag)
                ]))
        }
        let oneCall = Grammar.choice(calls)
        var turn = oneCall
        // A newline after a call may end the turn too: a model that means to write on after its
        // call (small models add a sentence) would otherwise be held to a second call.
        for _ in 1..<max(1, maximumCalls) {
            turn = .sequence([oneCall, .choice([.literal(""), .sequence([.literal("\n"), .choice([.literal(""), turn])])])])
        }
        return turn
    }

    /// The grammar of one call without its tag, `{"name": …, "arguments": …}`: the form in which
    /// small models (Qwen2.5-0.5B) often call when free to answer in text.
    static func bareGrammar(for tools: [Transcript.ToolDefinition]) throws(SchemaError) -> Grammar {
        var calls: [Grammar] = []
        for tool in tools {
            calls.append(
                .sequence([
                    .literal("{\"name\": " + JSONWriter.quoted(tool.name) + ", \"arguments\": "),
                    try .jsonSchema(tool.parameters.jsonSchemaValue()),
                    .literal("}")
                ]))
        }
        return .choice(calls)
    }

    /// The tools as the grammar cache's key names them: name and arguments schema.
    static func signatures(of tools: [Transcript.ToolDefinition]) -> [GrammarKey.ToolSignature] {
        tools.map { GrammarKey.ToolSignature(name: $0.name, parametersSchema: $0.parameters.jsonSchemaText()) }
    }

    /// Whether `text` could still be, or already is, a tool-call turn (with the tag, or a bare
    /// call when `acceptsBareCall`).
    static func mayBeToolCalls(_ text: String, acceptsBareCall: Bool = false) -> Bool {
        text.hasPrefix(openTag) || openTag.hasPrefix(text) || (acceptsBareCall && text.hasPrefix("{"))
    }

    /// Whether a finished turn's text is a tool-call turn (with the tag, or a bare call when
    /// `acceptsBareCall`).
    static func isToolCallTurn(_ text: String, acceptsBareCall: Bool = false) -> Bool {
        text.hasPrefix(openTag) || (acceptsBareCall && text.hasPrefix("{"))
    }

    /// One parsed call: the tool's name and its arguments as JSON text.
    struct Call: Equatable {
        var name: String
        var arguments: String
    }

    /// The calls in a turn's text, or nil when the text is not a tool-call turn.
    static func parse(_ text: String) -> [Call]? {
        if text.hasPrefix("{") {
            guard let call = parseCall(text) else { return nil }
            return [call]
        }
        guard text.hasPrefix(openTag) else { return nil }
        var calls: [Call] = []
        var rest = Substring(text)
        while let open = rest.range(of: openTag) {
            guard let close = rest.range(of: closeTag, range: open.upperBound..<rest.endIndex) else { return nil }
            let body = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            guard let call = parseCall(body) else { return nil }
            calls.append(call)
            rest = rest[close.upperBound...]
        }
        return calls.isEmpty ? nil : calls
    }

    /// The complete calls at the start of a tagged turn, up to the first one that is cut off:
    /// what a turn that ran out of tokens inside a later call did finish.
    static func completeCalls(in text: String) -> [Call] {
        guard text.hasPrefix(openTag) else { return [] }
        var calls: [Call] = []
        var rest = Substring(text)
        while let open = rest.range(of: openTag),
            let close = rest.range(of: closeTag, range: open.upperBound..<rest.endIndex)
        {
            let body = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            guard let call = parseCall(body) else { break }
            calls.append(call)
            rest = rest[close.upperBound...]
        }
        return calls
    }

    /// One call's JSON object, `{"name": …, "arguments": …}`.
    private static func parseCall(_ body: String) -> Call? {
        guard let content = try? GeneratedContent(json: body), content.isComplete,
            case .structure(let properties, _) = content.kind,
            case .string(let name)? = properties["name"]?.kind,
            let arguments = properties["arguments"]
        else { return nil }
        return Call(name: name, arguments: arguments.jsonString)
    }

    /// How tools are described in the instructions of models whose template has no tool support.
    static func instructions(for tools: [Transcript.ToolDefinition], schemaHidden: Set<String>) -> String {
        var text = "\n\n# Tools\n\nYou may call one or more of these tools to help answer the user:\n"
        for tool in tools {
            text += "\n- \(tool.name): \(tool.description)"
            if !schemaHidden.contains(tool.name) {
                text += "\n  Arguments (JSON Schema): " + tool.parameters.jsonSchemaText()
            }
        }
        text += "\n\nTo call a tool, answer with exactly:\n\(openTag)\n{\"name\": \"<tool name>\", \"arguments\": {<arguments>}}\n\(closeTag)\n"
        text += "The tool's result comes back in <tool_response></tool_response> tags. Otherwise answer normally."
        return text
    }
}

import Foundation
import JSONValues
