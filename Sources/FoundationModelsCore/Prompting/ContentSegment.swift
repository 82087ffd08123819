/// One piece of ``Instructions`` or a ``Prompt``, kept in order so that transcript entries can be
/// built from them: text, or a generable value with the name of its type.
enum ContentSegment: Sendable, Equatable {
    /// Plain text.
    case text(String)
    /// A structured value; `source` is the name of its type.
    case structure(source: String, content: GeneratedContent)
    /// An attachment, such as an image (OS 27).
    case attachment(Transcript.AttachmentSegment)
}
