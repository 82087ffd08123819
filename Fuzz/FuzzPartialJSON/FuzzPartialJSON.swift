@testable import FoundationModelsCore
import JSONValues
import FuzzSupport

/// libFuzzer entry: any bytes as the JSON a model is writing, whole and cut short (streaming
/// snapshots parse every prefix). Each prefix parses to content or throws a `JSONSyntaxError`;
/// a document the strict JSON reader accepts parses complete, and so does the content's own
/// JSON text, to the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartialJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    let scalars = Array(text.unicodeScalars)
    // Up to 64 prefixes, evenly spread: every one for short inputs.
    let step = max(1, scalars.count / 64)
    for end in stride(from: 0, through: scalars.count, by: step) {
        _ = try? GeneratedContent(json: String(String.UnicodeScalarView(scalars[..<end])))
    }
    guard (try? JSONReader.read(utf8: bytes)) != nil else { return 0 }
    guard let content = try? GeneratedContent(json: text), content.isComplete else {
        fatalError("valid JSON did not parse complete: \(text)")  // the fuzzer's finding
    }
    guard let again = try? GeneratedContent(json: content.jsonString), again.isComplete, again.jsonString == content.jsonString else {
        fatalError("content's own JSON did not parse back to it: \(content.jsonString)")
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzPartialJSON_main` as `main`).
@_cdecl("FuzzPartialJSON_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzPartialJSON(data!, size) }
}
