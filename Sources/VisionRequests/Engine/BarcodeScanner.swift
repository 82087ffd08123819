import CZBar
import Foundation

/// Finds and decodes barcodes with ZBar's image scanner.
///
/// ZBar reads 8-bit grey only (`Y800`), so the image is converted first. QR codes are read in
/// binary mode (`ZBAR_CFG_BINARY`): their bytes come back as encoded, not converted to a guessed
/// character set.
enum BarcodeScanner {
    /// Scans the image for the given symbologies (all of which ZBar reads).
    ///
    /// - Returns: The codes found, with boxes normalized to the image (lower-left origin).
    static func scan(_ image: Image, for symbologies: Set<BarcodeSymbology>, cancellation: CancellationFlag) throws(VisionError) -> [BarcodeObservation] {
        let grey = try image.greyBytes()
        if cancellation.isCancelled { throw .requestCancelled("the barcode scan was cancelled") }
        guard let scanner = zbar_image_scanner_create() else { throw .outOfMemory("ZBar's scanner could not be created") }
        defer { zbar_image_scanner_destroy(scanner) }
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        for type in Set(symbologies.compactMap(\.zbarType).map(\.rawValue)) {
            zbar_image_scanner_set_config(scanner, zbar_symbol_type_t(rawValue: type), ZBAR_CFG_ENABLE, 1)
        }
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        guard let zbarImage = zbar_image_create() else { throw .outOfMemory("ZBar's image could not be created") }
        defer { zbar_image_destroy(zbarImage) }
        let (width, height) = (image.width, image.height)
        zbar_image_set_format(zbarImage, fourcc("Y800"))
        zbar_image_set_size(zbarImage, UInt32(width), UInt32(height))
        // `withUnsafeBytes` rethrows untyped errors, so the typed result travels out as a `Result`.
        let result = grey.withUnsafeBytes { bytes in
            Result { () throws(VisionError) -> [BarcodeObservation] in
                zbar_image_set_data(zbarImage, bytes.baseAddress, UInt(bytes.count), nil)
                let count = zbar_scan_image(scanner, zbarImage)
                guard count >= 0 else { throw .operationFailed("ZBar could not scan the image") }
                if cancellation.isCancelled { throw .requestCancelled("the barcode scan was cancelled") }
                var observations: [BarcodeObservation] = []
                var symbol = zbar_image_first_symbol(zbarImage)
                while let current = symbol {
                    symbol = zbar_symbol_next(current)
                    let length = Int(zbar_symbol_get_data_length(current))
                    guard let data = zbar_symbol_get_data(current),
                        let symbology = BarcodeSymbology(zbarType: zbar_symbol_get_type(current), payloadLength: length, wanted: symbologies),
                        symbologies.contains(symbology)
                    else { continue }
                    let payload = Data(bytes: data, count: length)
                    observations.append(BarcodeObservation(payload: payload, symbology: symbology, boundingBox: box(of: current, width: width, height: height)))
                }
                return observations
            }
        }
        return try result.get()
    }

    /// The upright box around the points where ZBar located a symbol, normalized (lower-left origin).
    private static func box(of symbol: OpaquePointer, width: Int, height: Int) -> NormalizedRect {
        let points = (0..<zbar_symbol_get_loc_size(symbol)).map {
            (x: Int(zbar_symbol_get_loc_x(symbol, $0)), y: Int(zbar_symbol_get_loc_y(symbol, $0)))
        }
        guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(),
            let minY = points.map(\.y).min(), let maxY = points.map(\.y).max()
        else { return .fullImage }
        let (w, h) = (CGFloat(width), CGFloat(height))
        return NormalizedRect(
            x: CGFloat(minX) / w, y: 1 - CGFloat(maxY + 1) / h,
            width: CGFloat(maxX + 1 - minX) / w, height: CGFloat(maxY + 1 - minY) / h)
    }

    /// A four-character code as ZBar's `zbar_fourcc` macro builds it (first character lowest).
    private static func fourcc(_ code: String) -> UInt {
        code.utf8.prefix(4).enumerated().reduce(0) { $0 | UInt($1.element) << (8 * $1.offset) }
    }
}
