import Foundation
import Testing
import VisionRequests

/// `DetectBarcodesRequest` on the fixtures' codes.
@Suite struct BarcodeDetectionTests {
    @Test(arguments: Fixtures.barcodeImages)
    func everyCodeDecodesWithItsPayloadAndSymbology(name: String) async throws {
        let expected = try #require(Fixtures.truth[name]?.barcodes)
        let found = try await DetectBarcodesRequest().perform(on: Fixtures.url(name))
        #expect(found.map { $0.payloadString ?? "" } == expected.map(\.payload))
        #expect(found.map { "\($0.symbology)" } == expected.map(\.symbology))
        for code in found {
            #expect(code.payloadData == code.payloadString.map { Data($0.utf8) })
            let box = code.boundingBox.cgRect
            #expect(box.minX >= 0 && box.maxX <= 1 && box.minY >= 0 && box.maxY <= 1 && box.width > 0.2)
            #expect(code.confidence == 1)
        }
    }

    @Test func aCodeIsReadInAnyOrientation() async throws {
        let data = try Data(contentsOf: Fixtures.url("qr-url.png"))
        for orientation in [CGImagePropertyOrientation.right, .left, .down, .upMirrored] {
            let found = try await DetectBarcodesRequest().perform(on: data, orientation: orientation)
            #expect(found.map(\.payloadString) == ["https://example.com/trails/ridge?id=42&lang=en"], "\(orientation)")
        }
    }

    @Test func onlyTheRequestedSymbologiesAreReported() async throws {
        var request = DetectBarcodesRequest()
        request.symbologies = [.qr]
        #expect(try await request.perform(on: Fixtures.url("ean13-4006381333931.png")).isEmpty)
        request.symbologies = [.ean13, .aztec]  // Aztec is not read here, EAN-13 is.
        #expect(try await request.perform(on: Fixtures.url("ean13-4006381333931.png")).count == 1)
    }

    @Test func aRequestForOnlyUnsupportedSymbologiesThrows() async throws {
        var request = DetectBarcodesRequest()
        request.symbologies = [.dataMatrix, .aztec, .pdf417]
        #expect(!request.supportedSymbologies.contains(.pdf417) && request.supportedSymbologies.contains(.qr))
        do {
            _ = try await request.perform(on: Fixtures.url("qr-text.png"))
            Issue.record("expected unsupportedRequest")
        } catch let error as VisionError {
            guard case .unsupportedRequest(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("dataMatrix") && message.contains("qr"))
        }
        request.symbologies = []
        await #expect(throws: VisionError.self) { try await request.perform(on: Fixtures.url("qr-text.png")) }
    }

    @Test func aTextSignHoldsNoCodes() async throws {
        #expect(try await DetectBarcodesRequest().perform(on: Fixtures.url("clean-notice.png")).isEmpty)
    }
}
