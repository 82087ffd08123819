/// A tool that looks up what the model must know before it can answer: a search over the
/// person's own notes, files or records (an extra of this implementation).
///
/// When every tool a request offers is a retrieval tool and the request leaves
/// ``GenerationOptions/toolCallingMode`` unset, the request's first round calls one and the next
/// round answers, with tools turned off and the search results beside the prompt: the model
/// searches once, before it answers. A small model otherwise often answers from what it thinks it
/// knows (or declines) without looking, and searches again after it has looked. Set a
/// tool-calling mode to choose otherwise. Core Spotlight's `SpotlightSearchTool` conforms.
///
/// ```swift
/// struct RecipeSearchTool: RetrievalTool {
///     let description = "Searches the saved recipes."
///     …
/// }
/// ```
public protocol RetrievalTool: Tool {}
