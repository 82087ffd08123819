import Foundation
import FuzzSupport
@testable import VisionRequests

/// The symbologies every input is scanned for: all that ZBar reads.
private let symbologies = Set(BarcodeSymbology.readByZBar)

/// The OCR set-up of a default request, made once (it finds the installed models).
private let textRequest = RecognizeTextRequest()
private let textConfiguration = try? textRequest.tesseractConfiguration()

/// libFuzzer entry: any bytes as an image file (apps pass photos from anywhere, and the `Vision`
/// tools read the images a model's prompt carries).
///
/// Decoding ends in an upright image or a typed `VisionError` (header checked against
/// `ImageLimits` first, then Leptonica's readers, then the orientation, chosen by the input's
/// length so every transform is reached); a decoded image is scanned by ZBar for every symbology it
/// reads, and one of at most 96 × 96 pixels is also read by Tesseract (larger ones cost seconds
/// each). Leptonica, libpng, libjpeg, ZBar and Tesseract are not instrumented for coverage, so the
/// fuzzer mutates blind inside them and only our side is covered; AddressSanitizer still sees
/// their heap through the interposed allocator.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImage(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let orientation = size % 9 == 0 ? nil : CGImagePropertyOrientation(rawValue: UInt32(size % 9))
    guard let image = try? ImageDecoder.decode(bytes, named: "the fuzz input", orientation: orientation) else { return 0 }
    let flag = CancellationFlag()
    _ = try? BarcodeScanner.scan(image, for: symbologies, cancellation: flag)
    if image.width * image.height <= 96 * 96, let textConfiguration {
        _ = try? textRequest.recognize(image, textConfiguration, flag)
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzImage_main` as `main`).
@_cdecl("FuzzImage_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzImage(data!, size) }
}
