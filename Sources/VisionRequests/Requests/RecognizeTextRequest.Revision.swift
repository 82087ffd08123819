extension RecognizeTextRequest {
    /// The versions of the text recognizer, with Apple's names; Linux has one, on Tesseract 5.
    public enum Revision: Comparable, Sendable, Codable, Hashable {
        /// The current recognizer.
        case revision3
    }
}
