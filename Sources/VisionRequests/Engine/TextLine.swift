/// One line as Tesseract reports it, in pixels of the image it read (top-left origin).
struct TextLine: Sendable, Hashable {
    var text: String
    var confidence: Float
    var left: Int, top: Int, right: Int, bottom: Int
}
