package import ConstrainedDecoding

/// What a compiled grammar was compiled from: the key of a model's grammar cache. Equal keys mean
/// the same grammar, so a repeated request neither parses nor compiles its schema again.
package enum GrammarKey: Hashable, Sendable {
    /// A JSON Schema document, generated in a layout.
    case jsonSchema(String, layout: JSONLayout)
    /// One to four tagged tool calls (`<tool_call>…</tool_call>`) to these tools.
    case toolCalls([ToolSignature])
    /// Exactly one tagged tool call to one of these tools.
    case oneToolCall([ToolSignature])
    /// One bare call (`{"name": …, "arguments": …}`) to one of these tools.
    case bareToolCall([ToolSignature])
    /// Tagged tool calls to these tools, or an answer following a JSON Schema.
    case toolCallsOrAnswer([ToolSignature], answerSchema: String)

    /// A tool as far as its grammar is concerned: its name and its arguments' JSON Schema.
    package struct ToolSignature: Hashable, Sendable {
        package var name: String
        package var parametersSchema: String

        /// A tool's signature.
        package init(name: String, parametersSchema: String) {
            self.name = name
            self.parametersSchema = parametersSchema
        }
    }
}
