public import Foundation
public import ImageOrientation

/// A request that finds and decodes the barcodes and QR codes in an image, on ZBar.
///
/// ```swift
/// var request = DetectBarcodesRequest()
/// request.symbologies = [.qr, .ean13]
/// for code in try await request.perform(on: URL(fileURLWithPath: "label.png")) {
///     print(code.symbology, code.payloadString ?? "")
/// }
/// ```
///
/// ZBar reads the symbologies in ``supportedSymbologies``; see ``BarcodeSymbology`` for those it
/// cannot. Unsupported symbologies in ``symbologies`` are skipped; a request that names none that
/// ZBar reads throws ``VisionError/unsupportedRequest(_:)``. An image without codes gives an empty
/// array.
///
/// The scan runs on a dispatch queue of its own, never on the caller's thread or Swift's
/// cooperative pool. Cancelling the calling task throws ``VisionError/requestCancelled(_:)``
/// before or after the scan (ZBar cannot be stopped midway; a scan takes milliseconds).
///
/// Left out, because Linux has no Core ML or Neural Engine: `coalescesCompositeSymbologies` (ZBar
/// reads no composites), `supportedComputeStageDevices`, `setComputeDevice(_:for:)` and `descriptor`.
public struct DetectBarcodesRequest: ImageProcessingRequest {
    /// What the request produces: the codes found.
    public typealias Result = [BarcodeObservation]

    /// The symbologies to look for; every one in ``supportedSymbologies`` by default.
    public var symbologies: [BarcodeSymbology] = BarcodeSymbology.readByZBar

    /// The part of the upright image to scan; the whole image by default.
    public var regionOfInterest: NormalizedRect = .fullImage

    /// The detector version.
    public let revision: Revision

    /// The detector versions available: ``Revision/revision4``.
    public static let supportedRevisions: [Revision] = [.revision4]

    /// Creates a request that looks for every supported symbology.
    ///
    /// - Parameter revision: The detector version; `nil` for the current one.
    public init(_ revision: Revision? = nil) {
        self.revision = revision ?? .revision4
    }

    /// The symbologies ZBar reads: EAN-8, EAN-13 (and UPC-A), UPC-E, Code 39, Code 93, Code 128,
    /// Interleaved 2 of 5, ITF-14, Codabar, GS1 DataBar, GS1 DataBar Expanded and QR.
    public var supportedSymbologies: [BarcodeSymbology] { BarcodeSymbology.readByZBar }

    /// The request's settings, for logs.
    public var description: String {
        "DetectBarcodesRequest(\(revision), symbologies: \(symbologies))"
    }

    /// Finds the barcodes in the image file at a URL.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL of a PNG, JPEG, TIFF, WebP, BMP or GIF image.
    ///   - orientation: How the stored pixels must be turned to stand upright; `nil` reads a JPEG's
    ///     EXIF orientation and otherwise takes the pixels as they are.
    /// - Returns: The codes found; empty when there are none.
    /// - Throws: ``VisionError``: `ioError` for a file that cannot be read, `invalidImage` for one
    ///   that is no readable image or is too large (``ImageLimits``), `unsupportedRequest` when no
    ///   requested symbology is supported, `requestCancelled` when the task is cancelled.
    public func perform(on url: URL, orientation: CGImagePropertyOrientation? = nil) async throws -> [BarcodeObservation] {
        let wanted = try scannedSymbologies()
        return try await VisionWork.run("scanning \(url.path) for barcodes") { flag throws(VisionError) in
            try scan(ImageDecoder.decode(contentsOf: url, orientation: orientation), wanted, flag)
        }
    }

    /// Finds the barcodes in an encoded image.
    ///
    /// - Parameters:
    ///   - data: The contents of a PNG, JPEG, TIFF, WebP, BMP or GIF file.
    ///   - orientation: How the stored pixels must be turned to stand upright; `nil` reads a JPEG's
    ///     EXIF orientation and otherwise takes the pixels as they are.
    /// - Returns: The codes found; empty when there are none.
    /// - Throws: ``VisionError``, as ``perform(on:orientation:)-(URL,_)`` does.
    public func perform(on data: Data, orientation: CGImagePropertyOrientation? = nil) async throws -> [BarcodeObservation] {
        let wanted = try scannedSymbologies()
        return try await VisionWork.run("scanning the image data for barcodes") { flag throws(VisionError) in
            try scan(ImageDecoder.decode(data, named: "the image data", orientation: orientation), wanted, flag)
        }
    }

    /// The requested symbologies that ZBar reads; throws when there are none.
    func scannedSymbologies() throws(VisionError) -> Set<BarcodeSymbology> {
        guard !symbologies.isEmpty else { throw .invalidArgument("the request names no symbology to look for") }
        let wanted = Set(symbologies.filter { $0.zbarType != nil })
        guard !wanted.isEmpty else {
            throw .unsupportedRequest(
                "no requested symbology can be read on this system (asked for \(symbologies.map { "\($0)" }.joined(separator: ", ")); "
                    + "supported: \(supportedSymbologies.map { "\($0)" }.joined(separator: ", ")))")
        }
        return wanted
    }

    /// Scans the region of interest and normalizes the boxes to it.
    func scan(_ image: Image, _ wanted: Set<BarcodeSymbology>, _ flag: CancellationFlag) throws(VisionError) -> [BarcodeObservation] {
        try BarcodeScanner.scan(image.cropped(to: regionOfInterest), for: wanted, cancellation: flag)
    }
}
