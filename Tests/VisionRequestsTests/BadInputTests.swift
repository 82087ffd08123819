import Foundation
import Testing
import VisionRequests

/// Inputs that are no readable image end in a `VisionError` that names them, never a crash or hang.
@Suite struct BadInputTests {
    /// Runs both requests on the data and returns the errors they threw.
    static func errors(for data: Data) async -> [VisionError] {
        var errors: [VisionError] = []
        do { _ = try await RecognizeTextRequest().perform(on: data) } catch let error as VisionError { errors.append(error) } catch {}
        do { _ = try await DetectBarcodesRequest().perform(on: data) } catch let error as VisionError { errors.append(error) } catch {}
        return errors
    }

    static func isInvalidImage(_ error: VisionError, mentioning words: String) -> Bool {
        guard case .invalidImage(let message) = error else { return false }
        return message.contains(words)
    }

    @Test func aMissingFileIsAnIOErrorNamingIt() async throws {
        let url = URL(fileURLWithPath: "/nonexistent/folder/sign.png")
        do {
            _ = try await RecognizeTextRequest().perform(on: url)
            Issue.record("expected an error")
        } catch let error as VisionError {
            guard case .ioError(let message) = error else { Issue.record("\(error)"); return }
            #expect(message.contains("/nonexistent/folder/sign.png") && message.contains("no such file"))
            #expect(error.localizedDescription == message)
        }
        await #expect(throws: VisionError.self) { try await DetectBarcodesRequest().perform(on: url) }
        await #expect(throws: VisionError.self) { try await DetectBarcodesRequest().perform(on: Fixtures.directory) }
    }

    @Test func anEmptyFileIsAnInvalidImage() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vision-empty-\(UUID()).png")
        try Data().write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try await RecognizeTextRequest().perform(on: file)
            Issue.record("expected an error")
        } catch let error as VisionError {
            #expect(Self.isInvalidImage(error, mentioning: file.path) && Self.isInvalidImage(error, mentioning: "empty"))
        }
        let errors = await Self.errors(for: Data())
        #expect(errors.count == 2 && errors.allSatisfy { Self.isInvalidImage($0, mentioning: "empty") })
    }

    @Test func textIsNoImage() async throws {
        let errors = await Self.errors(for: Data("RIDGE TRAIL\nEagle Point 3.2 km\n".utf8))
        #expect(errors.count == 2 && errors.allSatisfy { Self.isInvalidImage($0, mentioning: "not a PNG") })
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func aTruncatedImageIsInvalid(keeping fraction: Double) async throws {
        for name in ["clean-notice.png", "photo-notice.jpg"] {
            let data = try Data(contentsOf: Fixtures.url(name))
            let errors = await Self.errors(for: data.prefix(Int(Double(data.count) * fraction)))
            // A JPEG cut short may still decode (libjpeg fills the rest with grey); a PNG may not.
            if name.hasSuffix(".png") {
                #expect(errors.count == 2 && errors.allSatisfy { if case .invalidImage = $0 { true } else { false } }, "\(name)")
            }
        }
    }

    @Test func aHugeDeclaredSizeIsRefusedBeforeDecoding() async throws {
        let bomb = Self.png(width: 30_000, height: 30_000)
        #expect(bomb.count < 100)
        let errors = await Self.errors(for: bomb)
        #expect(errors.count == 2 && errors.allSatisfy { Self.isInvalidImage($0, mentioning: "30000 × 30000 pixels (900.0 megapixels)") })
        let wide = await Self.errors(for: Self.png(width: 40_000, height: 10))
        #expect(wide.count == 2 && wide.allSatisfy { Self.isInvalidImage($0, mentioning: "a side") })
        #expect(ImageLimits.maximumPixelCount == 64_000_000)
    }

    @Test func aRegionOfInterestOutsideTheImageIsAnInvalidArgument() async throws {
        var request = DetectBarcodesRequest()
        request.regionOfInterest = NormalizedRect(x: 2, y: 2, width: 1, height: 1)
        await #expect(throws: VisionError.self) { try await request.perform(on: Fixtures.url("qr-text.png")) }
        var text = RecognizeTextRequest()
        text.minimumTextHeightFraction = 2
        await #expect(throws: VisionError.self) { try await text.perform(on: Fixtures.url("qr-text.png")) }
    }

    /// A grey PNG that declares a size in its header and carries one empty compressed block.
    static func png(width: UInt32, height: UInt32) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
        }
        let header = bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]  // 8-bit grey, no interlace.
        let emptyZlib: [UInt8] = [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(signature + chunk("IHDR", header) + chunk("IDAT", emptyZlib) + chunk("IEND", []))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
