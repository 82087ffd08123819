extension RecognizeTextRequest {
    /// Whether the recognizer favours speed or accuracy.
    ///
    /// Both run Tesseract's LSTM recognizer (`--oem 1`) with automatic page segmentation
    /// (`--psm 3`). They differ in two settings:
    ///
    /// | level | image | light-on-dark lines |
    /// |---|---|---|
    /// | ``accurate`` | full resolution | also tried inverted (`tessedit_do_invert=1`, Tesseract's default) |
    /// | ``fast`` | longer side scaled down to 2,000 px | read as they are (`tessedit_do_invert=0`) |
    public enum RecognitionLevel: CaseIterable, Sendable, Codable, Hashable {
        /// Full resolution, and every line also tried as light-on-dark text.
        case accurate
        /// At most 2,000 pixels a side, and no second try on light-on-dark lines.
        case fast
    }
}
