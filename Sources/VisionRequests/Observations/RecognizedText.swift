/// One reading of a line of text, with how sure the recognizer is of it.
///
/// Apple's `boundingBox(for:)`, the box of a range of characters, is left out: the line-level
/// results here carry the box of the whole line only (``RecognizedTextObservation/boundingBox``).
public struct RecognizedText: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The text read, without a line break at the end.
    public let string: String

    /// How sure the recognizer is of the text, from 0 to 1 (Tesseract's mean word confidence).
    public let confidence: Float

    init(string: String, confidence: Float) {
        self.string = string
        self.confidence = confidence
    }

    /// The text and its confidence, for logs.
    public var description: String { "\"\(string)\" (\(confidence))" }
}
