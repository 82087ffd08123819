/// Facts about a chat template found by rendering probe conversations and comparing the results.
///
/// Each probe renders the template a few times, so call these once per model and keep the answers.
extension ChatTemplate {
    /// The text `add_generation_prompt` appends: the opening of an assistant turn.
    ///
    /// For ChatML templates this is `"<|im_start|>assistant\n"`, for Llama 3
    /// `"<|start_header_id|>assistant<|end_header_id|>\n\n"`, for Gemma `"<start_of_turn>model\n"`.
    ///
    /// - Parameter extraContext: Variables to render with, such as `["enable_thinking": false]`.
    /// - Returns: The text, or nil when the template adds nothing or rejects the probe conversation.
    public func generationPrompt(extraContext: [String: TemplateValue] = [:]) -> String? {
        let messages = [ChatMessage.user(Probe.userText)]
        guard
            let (prompted, plain) = renderPair(
                (messages, true), (messages, false), extraContext: extraContext)
        else { return nil }
        // Cut back to a token boundary: Phi-3 ends an unprompted render with `<|endoftext|>`,
        // which shares `<|` with the prompt `<|assistant|>`.
        let shared = Probe.trimmingPartialToken(Probe.text(prompted, upTo: Probe.commonPrefixLength(prompted, plain)))
        let suffix = Probe.text(prompted, after: shared.utf8.count)
        return suffix.isEmpty ? nil : suffix
    }

    /// The text that closes an assistant message, such as `"<|im_end|>\n"`, `"<|eot_id|>"` or `"</s>"`.
    ///
    /// Found by rendering `[user, assistant]` and `[user, assistant, user]` and keeping what both put
    /// after the assistant's text, cut back so it does not end inside a special token.
    ///
    /// - Parameter extraContext: Variables to render with.
    /// - Returns: The text, or nil when the template does not render the probe assistant message.
    public func assistantMessageSuffix(extraContext: [String: TemplateValue] = [:]) -> String? {
        let user = ChatMessage.user(Probe.userText)
        let assistant = ChatMessage.assistant(Probe.assistantText)
        guard
            let (ended, continued) = renderPair(
                ([user, assistant], false), ([user, assistant, .user(Probe.secondUserText)], false),
                extraContext: extraContext),
            let endOfReply = Probe.offset(after: Probe.assistantText, in: ended),
            let continuedReply = Probe.offset(after: Probe.assistantText, in: continued),
            let nextUser = Probe.offset(of: Probe.secondUserText, in: continued)
        else { return nil }
        let afterEnded = Probe.text(ended, after: endOfReply)
        let between = Probe.text(continued, from: continuedReply, to: nextUser)
        let shared = Probe.text(afterEnded, upTo: Probe.commonPrefixLength(afterEnded, between))
        let suffix = Probe.trimmingPartialToken(shared)
        return suffix.isEmpty ? nil : suffix
    }

    /// Renders two probe conversations, without tools (`tools = None`) or, if the template rejects
    /// that (Hermes tool-use templates iterate `tools` unconditionally), with an empty list.
    private func renderPair(
        _ first: ([ChatMessage], Bool), _ second: ([ChatMessage], Bool), extraContext: [String: TemplateValue]
    ) -> (String, String)? {
        for tools in [nil, []] as [[TemplateValue]?] {
            if let a = try? render(messages: first.0, tools: tools, addGenerationPrompt: first.1, extraContext: extraContext),
                let b = try? render(messages: second.0, tools: tools, addGenerationPrompt: second.1, extraContext: extraContext)
            {
                return (a, b)
            }
        }
        return nil
    }

    /// How the template writes an assistant tool call, found by rendering a probe call.
    ///
    /// - Parameter extraContext: Variables to render with.
    /// - Returns: The format, or nil when the template does not render tool calls as JSON text.
    public func toolCallFormat(extraContext: [String: TemplateValue] = [:]) -> ToolCallFormat? {
        let tool: TemplateValue = [
            "type": "function",
            "function": [
                "name": .string(Probe.toolName), "description": "A probe tool.",
                "parameters": [
                    "type": "object", "properties": [Probe.argumentName: ["type": "string"]],
                    "required": [.string(Probe.argumentName)],
                ],
            ],
        ]
        let call = ChatMessage.ToolCall(
            id: Probe.callID, name: Probe.toolName, arguments: [Probe.argumentName: .string(Probe.argumentValue)])
        let user = ChatMessage.user(Probe.userText)
        guard
            let prompt = try? render(messages: [user], tools: [tool], addGenerationPrompt: true, extraContext: extraContext)
        else { return nil }
        var rendered: String?
        for content in ["", nil] as [String?] {
            let assistant = ChatMessage(role: .assistant, content: content, toolCalls: [call])
            if let text = try? render(messages: [user, assistant], tools: [tool], addGenerationPrompt: false, extraContext: extraContext) {
                rendered = text
                break
            }
        }
        guard let rendered, rendered.utf8.starts(with: prompt.utf8) else { return nil }
        var segment = Probe.text(rendered, after: prompt.utf8.count)
        if let end = assistantMessageSuffix(extraContext: extraContext), let cut = Probe.offset(of: end, in: segment) {
            segment = Probe.text(segment, upTo: cut)
        }
        return ToolCallFormat(segment: segment)
    }
}

/// How a template writes an assistant tool call: the text around one JSON object, and its keys.
///
/// For Qwen2.5 and Hermes templates: prefix `"<tool_call>\n"`, suffix `"\n</tool_call>"`, name key
/// `"name"`, arguments key `"arguments"`. For Llama 3.1: empty prefix and suffix, arguments key
/// `"parameters"`. Where the template writes only the arguments as JSON (DeepSeek V3), the name
/// appears in ``prefix`` and both keys are nil.
public struct ToolCallFormat: Sendable, Hashable {
    /// The text before the JSON object, e.g. `"<tool_call>\n"`.
    public var prefix: String
    /// The text after the JSON object, e.g. `"\n</tool_call>"`.
    public var suffix: String
    /// The key holding the tool name inside the JSON object, if the name is there.
    public var nameKey: String?
    /// The key holding the arguments object, or nil when the JSON object is the arguments itself.
    public var argumentsKey: String?
    /// The whole rendered tool call, as the template wrote it for the probe.
    public var example: String

    /// Whether calls are Hermes/Qwen style: `<tool_call>{"name": …, "arguments": …}</tool_call>`.
    public var isHermesStyle: Bool {
        prefix.hasSuffix("<tool_call>\n") && suffix.hasPrefix("\n</tool_call>") && nameKey == "name"
            && argumentsKey == "arguments"
    }

    /// Creates a format from its parts.
    public init(prefix: String, suffix: String, nameKey: String?, argumentsKey: String?, example: String) {
        self.prefix = prefix
        self.suffix = suffix
        self.nameKey = nameKey
        self.argumentsKey = argumentsKey
        self.example = example
    }

    /// Analyzes the rendered probe call: the first balanced `{…}` after the start is the JSON object.
    init?(segment: String) {
        let scalars = Array(segment.unicodeScalars)
        guard let start = scalars.firstIndex(of: "{"), let end = Probe.matchingBrace(in: scalars, from: start),
            let object = try? TemplateValue(jsonText: String(String.UnicodeScalarView(scalars[start...end]))).objectValue
        else { return nil }
        let probeArguments = TemplateValue.object([Probe.argumentName: .string(Probe.argumentValue)])
        var nameKey: String?
        var argumentsKey: String?
        for (key, value) in object {
            if value.stringValue == Probe.toolName { nameKey = key }
            if value == probeArguments || value.stringValue.flatMap({ try? TemplateValue(jsonText: $0) }) == probeArguments {
                argumentsKey = key
            }
        }
        guard argumentsKey != nil || object[Probe.argumentName] != nil else { return nil }
        self.init(
            prefix: String(String.UnicodeScalarView(scalars[..<start])),
            suffix: String(String.UnicodeScalarView(scalars[(end + 1)...])),
            nameKey: nameKey, argumentsKey: argumentsKey, example: segment)
    }
}

/// The probe conversation's texts and the string arithmetic the probes need (by UTF-8 offset).
enum Probe {
    static let userText = "ProbeUserMessage7f3a"
    static let secondUserText = "ProbeUserFollowUp9c1e"
    static let assistantText = "ProbeAssistantReply4b2d"
    static let toolName = "probe_tool_5e8a"
    static let argumentName = "probe_argument"
    static let argumentValue = "probe_value_2c7f"
    static let callID = "pr0be0001"

    static func commonPrefixLength(_ a: String, _ b: String) -> Int {
        var count = 0
        for (x, y) in zip(a.utf8, b.utf8) {
            guard x == y else { break }
            count += 1
        }
        // Never split a multi-byte character.
        let bytes = Array(a.utf8)
        while count > 0, count < bytes.count, bytes[count] & 0xC0 == 0x80 { count -= 1 }
        return count
    }

    /// The UTF-8 offset where `needle` first starts in `text`.
    static func offset(of needle: String, in text: String) -> Int? {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - pattern.count) where haystack[start..<start + pattern.count].elementsEqual(pattern) {
            return start
        }
        return nil
    }

    /// The UTF-8 offset just after the last occurrence of `needle` in `text`.
    static func offset(after needle: String, in text: String) -> Int? {
        let haystack = Array(text.utf8)
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, pattern.count <= haystack.count else { return nil }
        for start in stride(from: haystack.count - pattern.count, through: 0, by: -1)
        where haystack[start..<start + pattern.count].elementsEqual(pattern) {
            return start + pattern.count
        }
        return nil
    }

    static func text(_ text: String, after offset: Int) -> String {
        String(decoding: text.utf8.dropFirst(offset), as: UTF8.self)
    }

    static func text(_ text: String, upTo offset: Int) -> String {
        String(decoding: text.utf8.prefix(offset), as: UTF8.self)
    }

    static func text(_ text: String, from start: Int, to end: Int) -> String {
        guard start <= end else { return "" }
        return String(decoding: Array(text.utf8)[start..<end], as: UTF8.self)
    }

    /// Cuts a trailing, unclosed `<…` or `[…` (the start of the next special token) off `text`.
    static func trimmingPartialToken(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard let opener = scalars.lastIndex(where: { $0 == "<" || $0 == "[" }) else { return text }
        let closer: Unicode.Scalar = scalars[opener] == "<" ? ">" : "]"
        if scalars[opener...].contains(closer) { return text }
        return String(String.UnicodeScalarView(scalars[..<opener]))
    }

    /// The index of the `}` that closes the `{` at `start`, skipping JSON strings.
    static func matchingBrace(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var escaped = false
        for index in start..<scalars.count {
            let scalar = scalars[index]
            if inString {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    inString = false
                }
                continue
            }
            switch scalar {
            case "\"": inString = true
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }
}
