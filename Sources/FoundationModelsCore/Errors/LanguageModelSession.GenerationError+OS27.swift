extension LanguageModelSession.GenerationError {
    /// The same error in OS 27's taxonomy: a ``LanguageModelError``, a
    /// ``SystemLanguageModel/Error``, a ``LanguageModelSession/Error`` or a
    /// ``GeneratedContent/ParsingError``.
    ///
    /// ```swift
    /// catch let error as LanguageModelSession.GenerationError {
    ///     throw error.os27Equivalent   // for callers written against OS 27
    /// }
    /// ```
    public var os27Equivalent: any Swift.Error {
        // Every case names its OS 27 type, so that a new case cannot compile without one; each
        // initializer maps its own cases (the error itself stands in should one ever decline).
        switch self {
        case .assetsUnavailable:
            SystemLanguageModel.Error(self) ?? self
        case .concurrentRequests:
            LanguageModelSession.Error(self) ?? self
        case .decodingFailure:
            GeneratedContent.ParsingError(self) ?? self
        case .exceededContextWindowSize, .guardrailViolation, .unsupportedGuide, .unsupportedLanguageOrLocale, .rateLimited, .refusal:
            LanguageModelError(self) ?? self
        }
    }
}
