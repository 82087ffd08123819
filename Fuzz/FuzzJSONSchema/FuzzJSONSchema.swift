import FuzzSupport
import SchemaWalk

/// libFuzzer entry: any bytes as a JSON Schema (users import real-world ones; `fm serve` takes
/// them from the network). A schema compiles to a grammar or throws `SchemaError`; a grammar then
/// drives `SchemaWalk`'s walk of up to 200 tokens over a small vocabulary, choosing among the
/// allowed tokens with a generator seeded by the input. Every token the mask allows must be
/// accepted: a mask that allows what the matcher rejects would make the engine fail mid-answer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONSchema(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Bytes that are not a schema, or a schema that does not compile, end with a typed error
    // (`try?` makes them nil, as a sound walk is).
    if let refused = try? SchemaWalk.firstRefusedToken(schema: bytes) {
        fatalError("the mask allowed token \(refused) that the matcher rejected")  // the fuzzer's finding
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzJSONSchema_main` as `main`).
@_cdecl("FuzzJSONSchema_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzJSONSchema(data!, size) }
}
