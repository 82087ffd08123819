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
        if let error = LanguageModelError(self) { return error }
        if let error = SystemLanguageModel.Error(self) { return error }
        if let error = LanguageModelSession.Error(self) { return error }
        if let error = GeneratedContent.ParsingError(self) { return error }
        preconditionFailure("Internal inconsistency: \(self) has no OS 27 equivalent")
    }
}
