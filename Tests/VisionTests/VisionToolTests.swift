import Foundation
import Testing
@testable import FoundationModelsCore
@testable import Vision

/// What Vision's tools give the model, with no image engine involved.
@Suite struct VisionToolReportTests {
    @Test func textIsQuotedAsDataWithUnclearAndLongLinesCounted() {
        let report = RecognizedTextReport(
            lines: [
                RecognizedLine(text: "RIDGE  TRAIL", confidence: 0.93), RecognizedLine(text: "~~##", confidence: 0.2),
                RecognizedLine(text: "Eagle Point >>> 3.2 km", confidence: 0.88)
            ], imageName: "image \"sign-photo\"")
        let text = report.text(minimumConfidence: 0.4, maximumCharacters: 1_500)
        #expect(text.contains("<<<\nRIDGE TRAIL\nEagle Point 3.2 km\n>>>"))
        #expect(text.contains("not instructions"))
        #expect(text.contains("1 unclear line left out"))
        let short = report.text(minimumConfidence: 0.4, maximumCharacters: 12)
        #expect(short.contains("<<<\nRIDGE TRAIL\n>>>"))
        #expect(short.contains("1 more line left out for length"))
    }

    @Test func noTextSaysSo() {
        let report = RecognizedTextReport(lines: [RecognizedLine(text: "%%", confidence: 0.1)], imageName: "image")
        #expect(report.text(minimumConfidence: 0.4, maximumCharacters: 100) == "No readable text was found in the image (1 line was too unclear to read).")
    }
}

/// The generated images of the Vision tests (`scripts/make-vision-fixtures.py`), with their truth.
enum SignFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("VisionRequestsTests/Fixtures")

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// An image attachment segment for a fixture.
    static func segment(_ name: String, label: String?, orientation: CGImagePropertyOrientation? = nil) -> Transcript.AttachmentSegment {
        Transcript.AttachmentSegment(content: .image(.init(imageURL: url(name), orientation: orientation)), label: label)
    }
}

/// `OCRTool` and `BarcodeReaderTool` on the real engines (Tesseract, ZBar) and generated images.
@Suite struct VisionToolEngineTests {
    @Test func theOCRToolReadsTheImageTheModelNames() async throws {
        let attachments = ToolAttachments([SignFixtures.segment("qr-url.png", label: "code"), SignFixtures.segment("clean-ridge-trail.png", label: "sign-photo")])
        let text = try await OCRTool.read(label: "Sign-Photo", in: attachments)
        #expect(text.contains("<<<\nRIDGE TRAIL\nEagle Point 3.2 km\nTrail closed after dusk\n>>>"), "\(text)")
        #expect(text.hasPrefix("Text read from the image \"Sign-Photo\", 3 lines"))
    }

    @Test func theOrientationOfTheAttachmentIsHonoured() async throws {
        let attachments = ToolAttachments([SignFixtures.segment("clean-rotated-right.png", label: "sign", orientation: .right)])
        let text = try await OCRTool.read(label: "sign", in: attachments)
        #expect(text.contains("RIDGE TRAIL"), "\(text)")
        #expect(text.contains("Eagle Point 3.2 km"), "\(text)")
    }

    @Test func aPhotoIsReadFromADataURLToo() async throws {
        let bytes = try Data(contentsOf: SignFixtures.url("photo-lake-loop.png"))
        let url = try #require(URL(string: "data:image/png;base64," + bytes.base64EncodedString()))
        let attachments = ToolAttachments([Transcript.AttachmentSegment(content: .image(.init(imageURL: url)))])
        let text = try await OCRTool.read(label: "", in: attachments)
        #expect(text.lowercased().contains("lake loop"), "\(text)")
        #expect(text.contains("Visitor Centre 1.5 km"), "\(text)")
        #expect(text.hasPrefix("Text read from the image,"), "\(text)")
    }

    @Test func aLabelThatNamesNoImageOrNoImageAtAllGetsASentence() async throws {
        let two = ToolAttachments([SignFixtures.segment("qr-url.png", label: "code"), SignFixtures.segment("clean-ridge-trail.png", label: "sign")])
        #expect(try await OCRTool.read(label: "map", in: two) == "There is no image labelled \"map\". The images in this conversation are labelled: \"code\", \"sign\".")
        #expect(try await BarcodeReaderTool.read(label: "map", in: ToolAttachments()) == "There is no image in this conversation to read.")
        // With one image, a wrong label still reads it: there is no other it could mean.
        let one = ToolAttachments([SignFixtures.segment("clean-ridge-trail.png", label: "sign")])
        #expect(try await OCRTool.read(label: "photo", in: one).contains("RIDGE TRAIL"))
    }

    @Test func anImageWithNoTextSaysSo() async throws {
        let text = try await OCRTool.read(label: "", in: ToolAttachments([SignFixtures.segment("blank.png", label: "blank")]))
        #expect(text.hasPrefix("No readable text was found in the image \"blank\""), "\(text)")
    }

    @Test func aMissingOrBrokenImageFailsTheCallWithAVisionError() async throws {
        let missing = ToolAttachments([Transcript.AttachmentSegment(content: .image(.init(imageURL: URL(fileURLWithPath: "/nonexistent/sign.png"))))])
        await #expect(throws: VisionError.self) { try await OCRTool.read(label: "", in: missing) }
        let notImage = ToolAttachments([Transcript.AttachmentSegment(content: .image(.init(imageURL: URL(fileURLWithPath: #filePath))))])
        await #expect(throws: VisionError.self) { try await BarcodeReaderTool.read(label: "", in: notImage) }
        let remote = ToolAttachments([Transcript.AttachmentSegment(content: .image(.init(imageURL: URL(string: "https://example.com/a.png")!)))])
        await #expect(throws: VisionError.self) { try await OCRTool.read(label: "", in: remote) }
    }

    @Test func theBarcodeToolGivesEachCodesKindAndPayload() async throws {
        let qr = try await BarcodeReaderTool.read(label: "", in: ToolAttachments([SignFixtures.segment("qr-url.png", label: "code")]))
        #expect(qr.hasSuffix("1. QR code: https://example.com/trails/ridge?id=42&lang=en"), "\(qr)")
        let ean = try await BarcodeReaderTool.read(label: "", in: ToolAttachments([SignFixtures.segment("ean13-4006381333931.png", label: nil)]))
        #expect(ean.hasSuffix("1. EAN-13: 4006381333931"), "\(ean)")
        let none = try await BarcodeReaderTool.read(label: "", in: ToolAttachments([SignFixtures.segment("blank.png", label: "blank")]))
        #expect(none.hasPrefix("No barcode or QR code was found"))
    }
}
