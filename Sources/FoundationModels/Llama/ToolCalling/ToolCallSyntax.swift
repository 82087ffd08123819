import ConstrainedDecoding

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
    static let openTag = "<tool_call>"
    static let closeTag = "</tool_call>"
    /// The most calls one turn may make.
    static let maximumCallsPerTurn = 4

    /// The grammar of a turn of tool calls: one or more calls of the given tools, each with
    /// arguments valid for that tool's schema.
    static func grammar(for tools: [Transcript.ToolDefinition]) throws(SchemaError) -> Grammar {
        var calls: [Grammar] = []
        for tool in tools {
            calls.append(.sequence([
                .literal(openTag + "\n{\"name\": " + JSONText.quoted(tool.name) + ", \"arguments\": "),
                try .jsonSchema(tool.parameters.jsonSchemaText()),
                .literal("}\n" + closeTag),
            ]))
        }
        let oneCall = Grammar.choice(calls)
        var turn = oneCall
        for _ in 1 ..< maximumCallsPerTurn {
            turn = .sequence([oneCall, .choice([.literal(""), .sequence([.literal("\n"), turn])])])
        }
        return turn
    }

    /// A cache key for the grammar of these tools.
    static func grammarKey(for tools: [Transcript.ToolDefinition]) -> String {
        "tools|" + tools.map { $0.name + "=" + $0.parameters.jsonSchemaText() }.joined(separator: "|")
    }

    /// Whether `text` could still be, or already is, a tool-call turn.
    static func mayBeToolCalls(_ text: String) -> Bool {
        text.hasPrefix(openTag) || openTag.hasPrefix(text)
    }

    /// The calls in a turn's text, or nil when the text is not a tool-call turn.
    static func parse(_ text: String) -> [(name: String, arguments: String)]? {
        guard text.hasPrefix(openTag) else { return nil }
        var calls: [(name: String, arguments: String)] = []
        var rest = Substring(text)
        while let open = rest.range(of: openTag) {
            guard let close = rest.range(of: closeTag, range: open.upperBound ..< rest.endIndex) else { return nil }
            let body = rest[open.upperBound ..< close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            guard let content = try? GeneratedContent(json: body),
                  case .structure(let properties, _) = content.kind,
                  case .string(let name)? = properties["name"]?.kind,
                  let arguments = properties["arguments"] else { return nil }
            calls.append((name, arguments.jsonString))
            rest = rest[close.upperBound...]
        }
        return calls.isEmpty ? nil : calls
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
