public import Foundation

/// A line of text found in an image, where it is, and what it says.
///
/// Lines come in reading order: blocks from top to bottom as Tesseract's page layout analysis finds
/// them, and the lines of each block from top to bottom. The corners are those of the line's
/// upright bounding box (Tesseract reports no rotated outline at line level).
///
/// Apple's `recognitionLanguages`, `isTitle`, `shouldWrapToNextLine`, `textDirection`,
/// `boundingRegion`, `timeRange` and `originatingRequestDescriptor` are left out.
public struct RecognizedTextObservation: VisionObservation, QuadrilateralProviding {
    /// The top-left corner of the line, normalized to the region of interest.
    public let topLeft: NormalizedPoint
    /// The top-right corner of the line, normalized to the region of interest.
    public let topRight: NormalizedPoint
    /// The bottom-right corner of the line, normalized to the region of interest.
    public let bottomRight: NormalizedPoint
    /// The bottom-left corner of the line, normalized to the region of interest.
    public let bottomLeft: NormalizedPoint
    /// A value that identifies this observation.
    public let uuid: UUID
    /// How sure the recognizer is of the line, from 0 to 1 (Tesseract's line confidence / 100).
    public let confidence: Float

    private let candidates: [RecognizedText]

    /// Creates an observation of one line from its upright box (normalized, lower-left origin).
    init(text: String, confidence: Float, boundingBox box: NormalizedRect) {
        topLeft = NormalizedPoint(x: box.cgRect.minX, y: box.cgRect.maxY)
        topRight = NormalizedPoint(x: box.cgRect.maxX, y: box.cgRect.maxY)
        bottomRight = NormalizedPoint(x: box.cgRect.maxX, y: box.cgRect.minY)
        bottomLeft = NormalizedPoint(x: box.cgRect.minX, y: box.cgRect.minY)
        uuid = UUID()
        self.confidence = confidence
        candidates = [RecognizedText(string: text, confidence: confidence)]
    }

    /// The best readings of the line, best first, at most `maxCandidateCount` of them.
    ///
    /// Tesseract's LSTM recognizer gives one reading per line, so this returns that reading for any
    /// count of 1 or more (Apple's allows up to 10), and an empty array for 0.
    ///
    /// - Parameter maxCandidateCount: How many readings to return at most.
    /// - Returns: The readings, best first.
    public func topCandidates(_ maxCandidateCount: Int) -> [RecognizedText] {
        Array(candidates.prefix(max(0, maxCandidateCount)))
    }

    /// The text of the best reading.
    public var transcript: String { candidates.first?.string ?? "" }

    /// The text, confidence and box, for logs.
    public var description: String {
        "RecognizedTextObservation(\"\(transcript)\", confidence: \(confidence), boundingBox: \(boundingBox))"
    }
}
