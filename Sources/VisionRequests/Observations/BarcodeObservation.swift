public import Foundation

/// A barcode found in an image: its kind, its contents, and where it is.
///
/// The corners are those of the upright box around the points where ZBar located the code.
/// Apple's supplemental payloads (EAN add-ons, GS1 composites), `isGS1DataCarrier`,
/// `isColorInverted`, `boundingRegion`, `timeRange` and `originatingRequestDescriptor` are left out.
public struct BarcodeObservation: VisionObservation, QuadrilateralProviding {
    /// The contents as text: UTF-8 when the bytes are valid UTF-8, otherwise ISO 8859-1.
    public let payloadString: String?
    /// The contents as the scanner decoded them, byte for byte (QR codes in binary mode).
    public let payloadData: Data?
    /// The kind of barcode.
    public let symbology: BarcodeSymbology
    /// The top-left corner, normalized to the region of interest.
    public let topLeft: NormalizedPoint
    /// The top-right corner, normalized to the region of interest.
    public let topRight: NormalizedPoint
    /// The bottom-right corner, normalized to the region of interest.
    public let bottomRight: NormalizedPoint
    /// The bottom-left corner, normalized to the region of interest.
    public let bottomLeft: NormalizedPoint
    /// A value that identifies this observation.
    public let uuid: UUID
    /// Always 1: ZBar only reports codes whose check digits or error correction passed.
    public let confidence: Float

    init(payload: Data, symbology: BarcodeSymbology, boundingBox box: NormalizedRect) {
        payloadData = payload
        payloadString = String(data: payload, encoding: .utf8) ?? String(data: payload, encoding: .isoLatin1)
        self.symbology = symbology
        topLeft = NormalizedPoint(x: box.cgRect.minX, y: box.cgRect.maxY)
        topRight = NormalizedPoint(x: box.cgRect.maxX, y: box.cgRect.maxY)
        bottomRight = NormalizedPoint(x: box.cgRect.maxX, y: box.cgRect.minY)
        bottomLeft = NormalizedPoint(x: box.cgRect.minX, y: box.cgRect.minY)
        uuid = UUID()
        confidence = 1
    }

    /// The kind, payload and box, for logs.
    public var description: String {
        "BarcodeObservation(\(symbology), \"\(payloadString ?? "")\", boundingBox: \(boundingBox))"
    }
}
