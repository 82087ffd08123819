import Foundation
import HTTPServer
import FuzzSupport

/// libFuzzer entry: any bytes as what a client sends to `fm serve`. The parser must return the
/// same requests, then fail or not, whether the bytes arrive at once or split at any point (the
/// first byte picks where), and never crash. (Which 4xx an input with several faults gets may
/// depend on which fault arrives first.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = HTTPRequestParser.Limits()
    limits.body = 64 * 1024
    let whole = parse([bytes[...]], limits: limits)
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    let pieces = parse([bytes[..<split], bytes[split...]], limits: limits)
    guard whole == pieces else {
        fatalError("the parse depends on how the bytes arrive: \(whole) vs \(pieces)")  // the fuzzer's finding
    }
    return 0
}

/// The requests parsed from the chunks, in order, then the error if any ("" when none).
private func parse(_ chunks: [ArraySlice<UInt8>], limits: HTTPRequestParser.Limits) -> [String] {
    var parser = HTTPRequestParser(limits: limits)
    var results: [String] = []
    for chunk in chunks {
        parser.append(chunk)
        do {
            while let request = try parser.nextRequest() {
                let headers = request.headers.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
                results.append("\(request.method) \(request.target) \(request.version) [\(headers)] \(request.body.count)")
            }
        } catch {
            results.append("error")  // every parse error is a 4xx or 5xx status
            return results
        }
    }
    return results
}

/// The executable's entry (SwiftPM links `FuzzHTTPRequest_main` as `main`).
@_cdecl("FuzzHTTPRequest_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzHTTPRequest(data!, size) }
}
