// `import FoundationModels` gives an app everything: Apple's API, `SystemLanguageModel` on local
// llama.cpp models, and the OpenAI-compatible backend. Each lives in its own module (see
// Docs/Architecture.md); this module only re-exports them, so that code written for Apple's
// framework compiles unchanged and a newcomer finds each backend in a folder named after it.

@_exported public import FoundationModelsCore
@_exported public import OpenAICompatibleBackend
