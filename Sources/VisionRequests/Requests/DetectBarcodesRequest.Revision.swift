extension DetectBarcodesRequest {
    /// The versions of the barcode detector, with Apple's names; Linux has one, on ZBar.
    public enum Revision: Comparable, Sendable, Codable, Hashable {
        /// The current detector.
        case revision4
    }
}
