extension LanguageModelSession {
    /// A complete response: the content in the requested type, the raw generated content, and the
    /// transcript entries the request added.
    public struct Response<Content> where Content: Generable {
        /// The response's content: a `String` for text, or a value of the requested type.
        public let content: Content
        /// The content as it was generated.
        public let rawContent: GeneratedContent
        /// The entries the request added: the prompt, any tool calls and outputs, and the response.
        public let transcriptEntries: ArraySlice<Transcript.Entry>
        /// The tokens the request used (OS 27).
        public let usage: LanguageModelSession.Usage

        init(content: Content, rawContent: GeneratedContent, transcriptEntries: ArraySlice<Transcript.Entry>, usage: LanguageModelSession.Usage) {
            self.content = content
            self.rawContent = rawContent
            self.transcriptEntries = transcriptEntries
            self.usage = usage
        }
    }
}

extension LanguageModelSession.Response: Sendable where Content: Sendable {}
