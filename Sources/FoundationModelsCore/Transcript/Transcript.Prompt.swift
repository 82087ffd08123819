public import Foundation

extension Transcript {
    /// A prompt entry: the request, its options, and the format the response must take.
    public struct Prompt: Sendable, Identifiable, Equatable, CustomStringConvertible {
        /// The entry's identifier.
        public var id: String
        /// The prompt's content.
        public var segments: [Transcript.Segment]
        /// The generation options of the request.
        public var options: GenerationOptions
        /// What the request put into the model's context, such as the reasoning level (OS 27).
        public var contextOptions: ContextOptions
        /// Details the app attached to the request (OS 27); executors receive them.
        public var metadata: [String: any Codable & Sendable & Equatable]
        /// The format the response must take, for guided generation.
        public var responseFormat: Transcript.ResponseFormat?

        /// Creates a prompt entry.
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - segments: The prompt's content.
        ///   - options: The generation options of the request.
        ///   - responseFormat: The format the response must take, if any.
        public init(
            id: String = UUID().uuidString,
            segments: [Transcript.Segment],
            options: GenerationOptions = GenerationOptions(),
            responseFormat: Transcript.ResponseFormat? = nil
        ) {
            self.init(id: id, metadata: [:], segments: segments, options: options, responseFormat: responseFormat)
        }

        /// Creates a prompt entry with context options and metadata (OS 27).
        ///
        /// - Parameters:
        ///   - id: The identifier; a new UUID by default.
        ///   - metadata: Details the app attaches to the request.
        ///   - segments: The prompt's content.
        ///   - options: The generation options of the request.
        ///   - responseFormat: The format the response must take, if any.
        ///   - contextOptions: What the request puts into the model's context.
        public init(
            id: String = UUID().uuidString,
            metadata: [String: any Codable & Sendable & Equatable] = [:],
            segments: [Transcript.Segment],
            options: GenerationOptions = GenerationOptions(),
            responseFormat: Transcript.ResponseFormat? = nil,
            contextOptions: ContextOptions = ContextOptions()
        ) {
            self.id = id
            self.metadata = metadata
            self.segments = segments
            self.options = options
            self.responseFormat = responseFormat
            self.contextOptions = contextOptions
        }

        /// Two prompts are equal when all their parts are.
        public static func == (lhs: Prompt, rhs: Prompt) -> Bool {
            lhs.id == rhs.id && lhs.segments == rhs.segments && lhs.options == rhs.options
                && lhs.responseFormat == rhs.responseFormat && lhs.contextOptions == rhs.contextOptions
                && lhs.metadata.isEqual(to: rhs.metadata)
        }

        /// The prompt's text.
        public var description: String {
            var text = "Prompt: " + segments.joinedText
            if let responseFormat { text += "\nResponse format: " + responseFormat.name }
            return text
        }
    }

    /// The format a response must take: the schema of a `Generable` type or a dynamic schema.
    public struct ResponseFormat: Sendable, Equatable, CustomStringConvertible {
        /// The kinds of response format (OS 27).
        public enum Kind: Sendable, Equatable {
            /// A JSON schema.
            case schema(GenerationSchema)

            /// Two kinds are equal when their schemas describe the same values.
            public static func == (lhs: Kind, rhs: Kind) -> Bool {
                switch (lhs, rhs) {
                case (.schema(let a), .schema(let b)): a.jsonSchemaText() == b.jsonSchemaText()
                }
            }
        }

        /// The name of the format: the type's or schema's name.
        public let name: String
        package let schema: GenerationSchema

        /// The format's kind (OS 27).
        public var kind: Kind { .schema(schema) }

        /// The format of a `Generable` type's values.
        ///
        /// - Parameter type: The type.
        public init<Content: Generable>(type: Content.Type) {
            self.schema = Content.generationSchema
            self.name = schema.rootTypeName
        }

        /// The format a schema describes.
        ///
        /// - Parameter schema: The schema.
        public init(schema: GenerationSchema) {
            self.schema = schema
            self.name = schema.rootTypeName
        }

        /// Two formats are equal when their names and schemas are.
        public static func == (lhs: ResponseFormat, rhs: ResponseFormat) -> Bool {
            lhs.name == rhs.name && lhs.schema.jsonSchemaText() == rhs.schema.jsonSchemaText()
        }

        /// The format's name.
        public var description: String { name }
    }
}
