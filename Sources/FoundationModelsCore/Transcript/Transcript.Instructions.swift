public import Foundation

extension Transcript {
    /// The instructions entry: what the model should do, and the tools it may call.
    public struct Instructions: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The entry's identifier.
        public var id: String
        /// The instructions' content.
        public var segments: [Transcript.Segment]
        /// The tools offered to the model.
        public var toolDefinitions: [Transcript.ToolDefinition]

        /// Creates an instructions entry.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - segments: The instructions' content.
        ///   - toolDefinitions: The tools offered to the model.
        public init(id: String = UUID().uuidString, segments: [Transcript.Segment], toolDefinitions: [Transcript.ToolDefinition]) {
            self.id = id
            self.segments = segments
            self.toolDefinitions = toolDefinitions
        }

        /// The instructions' text, followed by the names of the tools.
        public var description: String {
            var text = "Instructions: " + segments.joinedText
            if !toolDefinitions.isEmpty {
                text += "\nTools: " + toolDefinitions.map(\.name).joined(separator: ", ")
            }
            return text
        }
    }

    /// A tool as the model sees it: name, description and argument schema.
    public struct ToolDefinition: Sendable, Equatable {
        /// The tool's name.
        public var name: String
        /// What the tool does.
        public var description: String
        /// The schema of the tool's arguments.
        public var parameters: GenerationSchema

        /// Creates a tool definition.
        ///
        /// - Parameters:
        ///   - name: The tool's name.
        ///   - description: What the tool does.
        ///   - parameters: The schema of the tool's arguments.
        public init(name: String, description: String, parameters: GenerationSchema) {
            self.name = name
            self.description = description
            self.parameters = parameters
        }

        /// Creates the definition of a tool.
        ///
        /// - Parameter tool: The tool.
        public init(tool: some Tool) {
            self.init(name: tool.name, description: tool.description, parameters: tool.parameters)
        }

        /// Two definitions are equal when their names, descriptions and schemas are.
        public static func == (lhs: ToolDefinition, rhs: ToolDefinition) -> Bool {
            lhs.name == rhs.name && lhs.description == rhs.description
                && lhs.parameters.jsonSchemaText() == rhs.parameters.jsonSchemaText()
        }
    }
}
