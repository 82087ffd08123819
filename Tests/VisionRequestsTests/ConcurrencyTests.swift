import Foundation
import Testing
import VisionRequests

/// Requests running at once read what they read one at a time; cancellation ends them.
@Suite struct ConcurrencyTests {
    static let images = ["clean-notice.png", "photo-ridge-trail.jpg", "clean-lake-loop.png", "photo-canyon-rim.png", "clean-injection.png", "photo-notice.jpg"]

    struct Reading: Equatable, Sendable {
        var lines: [String]
        var confidences: [Float]
        var boxes: [NormalizedRect]
    }

    static func read(_ name: String) async throws -> Reading {
        let lines = try await RecognizeTextRequest().perform(on: Fixtures.url(name))
        return Reading(lines: lines.map(\.transcript), confidences: lines.map(\.confidence), boxes: lines.map(\.boundingBox))
    }

    @Test func requestsAtOnceReadAsRequestsOneAtATime() async throws {
        var serial: [String: Reading] = [:]
        for name in Self.images { serial[name] = try await Self.read(name) }
        let parallel = try await withThrowingTaskGroup(of: (String, Reading).self) { group in
            for round in 0..<2 {
                for name in Self.images { group.addTask { (name + "#\(round)", try await Self.read(name)) } }
            }
            return try await group.reduce(into: [String: Reading]()) { $0[$1.0] = $1.1 }
        }
        #expect(parallel.count == Self.images.count * 2)
        for (key, reading) in parallel {
            let name = String(key.prefix { $0 != "#" })
            #expect(reading == serial[name], "\(key)")
        }
        // Barcodes alongside text.
        let codes = try await withThrowingTaskGroup(of: String?.self) { group in
            for name in Fixtures.barcodeImages {
                group.addTask { try await DetectBarcodesRequest().perform(on: Fixtures.url(name)).first?.payloadString }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(Set(codes.compactMap { $0 }) == Set(Fixtures.barcodeImages.compactMap { Fixtures.truth[$0]?.barcodes?.first?.payload }))
    }

    @Test func aCancelledTaskThrowsRequestCancelled() async throws {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await RecognizeTextRequest().perform(on: Fixtures.url("photo-notice.jpg"))
        }
        do {
            _ = try await task.value
            Issue.record("expected requestCancelled")
        } catch let error as VisionError {
            guard case .requestCancelled = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func cancellingDuringRecognitionStopsIt() async throws {
        let task = Task { try await RecognizeTextRequest().perform(on: Fixtures.url("photo-notice.jpg")) }
        try await Task.sleep(for: .milliseconds(30))
        task.cancel()
        // Either the recognition noticed, or it had already finished: both are fine, a hang is not.
        _ = try? await task.value
    }
}
