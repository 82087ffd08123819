// A photo of a trail sign, summarised by the default local model through Vision's OCRTool; then
// the codes of a generated QR code read by BarcodeReaderTool's engine directly.
//
//   swift run --package-path Examples sign-reader [PHOTO]
//
// Without an argument it reads a generated photo of a sign from the package's test images.

import Foundation
import FoundationModels
import Vision

let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/VisionRequestsTests/Fixtures")
let photo =
    CommandLine.arguments.dropFirst().first.map { URL(fileURLWithPath: $0) }
    ?? images.appendingPathComponent("photo-ridge-trail.jpg")

guard case .available = SystemLanguageModel.default.availability else {
    print("The model is not available (\(SystemLanguageModel.default.availability)): run scripts/setup.sh.")
    exit(1)
}

// What Tesseract reads, as an app would call Vision directly.
let lines = try await RecognizeTextRequest().perform(on: photo)
print("Text on \(photo.lastPathComponent):")
for line in lines { print("  \(line.topCandidates(1).first?.string ?? "")") }

let summary = try await describeSign(at: photo)
print("\nHeadline: \(summary.headline)")
for fact in summary.keyFacts { print("- \(fact)") }

let codes = try await DetectBarcodesRequest().perform(on: images.appendingPathComponent("qr-url.png"))
print("\nQR code: \(codes.first?.payloadString ?? "none")")
