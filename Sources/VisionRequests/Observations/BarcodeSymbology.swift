/// A kind of barcode, with Apple's names.
///
/// ZBar, the scanner underneath, reads the kinds in ``DetectBarcodesRequest/supportedSymbologies``:
/// EAN-8, EAN-13 (UPC-A too, reported as EAN-13 with a leading zero, as Apple does), UPC-E,
/// Code 39, Code 93, Code 128, Interleaved 2 of 5, ITF-14, Codabar, GS1 DataBar, GS1 DataBar
/// Expanded and QR. It cannot read Aztec, Data Matrix, PDF417 (Debian's ZBar 0.23 has no PDF417
/// decoder), MicroPDF417, Micro QR, GS1 DataBar Limited, MSI Plessey, or the checksum and
/// full-ASCII variants of Code 39, Code 93 and Interleaved 2 of 5: a request that names only those
/// throws ``VisionError/unsupportedRequest(_:)``.
public enum BarcodeSymbology: CaseIterable, Codable, Hashable, Sendable {
    /// Aztec (2D; not read on Linux).
    case aztec
    /// Code 39.
    case code39
    /// Code 39 with a check digit (not read on Linux).
    case code39Checksum
    /// Code 39 full ASCII (not read on Linux).
    case code39FullASCII
    /// Code 39 full ASCII with a check digit (not read on Linux).
    case code39FullASCIIChecksum
    /// Code 93.
    case code93
    /// Code 93 extended, full ASCII (not read on Linux).
    case code93i
    /// Code 128.
    case code128
    /// Data Matrix (2D; not read on Linux).
    case dataMatrix
    /// EAN-8.
    case ean8
    /// EAN-13, and UPC-A as EAN-13 with a leading zero.
    case ean13
    /// Interleaved 2 of 5.
    case i2of5
    /// Interleaved 2 of 5 with a check digit (not read on Linux).
    case i2of5Checksum
    /// ITF-14: Interleaved 2 of 5 with 14 digits, on shipping cartons.
    case itf14
    /// PDF417 (2D; not read on Linux).
    case pdf417
    /// QR code.
    case qr
    /// UPC-E.
    case upce
    /// Codabar.
    case codabar
    /// GS1 DataBar (omnidirectional).
    case gs1DataBar
    /// GS1 DataBar Expanded.
    case gs1DataBarExpanded
    /// GS1 DataBar Limited (not read on Linux).
    case gs1DataBarLimited
    /// MicroPDF417 (not read on Linux).
    case microPDF417
    /// Micro QR (not read on Linux).
    case microQR
    /// MSI Plessey (not read on Linux).
    case msiPlessey
}
