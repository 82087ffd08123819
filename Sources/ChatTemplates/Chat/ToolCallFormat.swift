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
