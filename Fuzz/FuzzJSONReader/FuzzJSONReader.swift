import JSONValues
import FuzzSupport

/// libFuzzer entry: any bytes through the JSON reader. A document that reads must write back as
/// text that reads to the same value; anything else must be a thrown `JSONReadError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let value = try? JSONReader.read(utf8: bytes) else { return 0 }
    let text = value.jsonText()
    guard let again = try? JSONReader.read(text), again == value else {
        fatalError("a document did not survive writing and reading again: \(text)")  // the fuzzer's finding
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzJSONReader_main` as `main`).
@_cdecl("FuzzJSONReader_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzJSONReader(data!, size) }
}
