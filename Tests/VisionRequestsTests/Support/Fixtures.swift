import Foundation
import Testing

/// The images of `Fixtures/` and their ground truth (`truth.json`, written with the images by
/// scripts/make-vision-fixtures.py).
enum Fixtures {
    /// One image's expected content.
    struct Entry: Decodable {
        /// A barcode the image holds.
        struct Code: Decodable {
            var payload: String
            var symbology: String
        }

        /// "clean" (as drawn) or "photo" (turned, warped, unevenly lit, blurred, noisy).
        var kind: String
        /// The text lines, in reading order; empty for an image without text.
        var lines: [String]?
        var barcodes: [Code]?
        /// The orientation to pass (`right`) for an image stored sideways.
        var orientation: String?
        /// The orientation the JPEG's EXIF block records.
        var exifOrientation: String?
    }

    static let directory: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    static let truth: [String: Entry] = {
        let data = try! Data(contentsOf: directory.appendingPathComponent("truth.json"))
        return try! JSONDecoder().decode([String: Entry].self, from: data)
    }()

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// The upright text images that the tesseract CLI can read as they are, by kind.
    static func textImages(kind: String) -> [String] {
        truth.filter { $0.value.kind == kind && !($0.value.lines ?? []).isEmpty && $0.value.orientation == nil && $0.value.exifOrientation == nil }
            .map(\.key).sorted()
    }

    static var barcodeImages: [String] { truth.filter { $0.value.barcodes != nil }.map(\.key).sorted() }
}
