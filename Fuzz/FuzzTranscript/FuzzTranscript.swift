import Foundation
@testable import FoundationModelsCore
import FuzzSupport

/// libFuzzer entry: any bytes as a saved transcript (apps keep them on disk and send them over
/// the network). Decoding ends in a transcript or a `DecodingError`; a transcript that decodes
/// writes out as JSON that decodes again, and writes out the same the second time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranscript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let transcript = try? JSONDecoder().decode(Transcript.self, from: bytes) else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard let first = try? encoder.encode(transcript) else {
        fatalError("a decoded transcript does not encode: \(transcript)")  // the fuzzer's finding
    }
    guard let again = try? JSONDecoder().decode(Transcript.self, from: first), let second = try? encoder.encode(again),
        second == first
    else {
        fatalError("a transcript did not survive encoding and decoding: \(String(decoding: first, as: UTF8.self))")
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzTranscript_main` as `main`).
@_cdecl("FuzzTranscript_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzTranscript(data!, size) }
}
