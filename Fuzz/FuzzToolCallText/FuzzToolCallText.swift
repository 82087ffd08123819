@testable import ChatTemplates
@testable import FoundationModelsCore
import JSONValues
import FuzzSupport

/// libFuzzer entry: any text as what a model wrote where a tool call may be (the parser turns it
/// into calls or refuses it), and as the tool call a chat template rendered (which the template
/// probe analyzes). Every call parsed has arguments that are JSON; the complete calls of a turn
/// that parses are the turn's calls.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToolCallText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = ToolCallSyntax.mayBeToolCalls(text, acceptsBareCall: true)
    _ = ToolCallSyntax.isToolCallTurn(text, acceptsBareCall: true)
    let complete = ToolCallSyntax.completeCalls(in: text)
    if let calls = ToolCallSyntax.parse(text) {
        for call in calls where (try? JSONReader.read(call.arguments)) == nil {
            fatalError("a parsed call's arguments are not JSON: \(call.arguments)")  // the fuzzer's finding
        }
        if text.hasPrefix(ToolCallSyntax.openTag), complete != calls {
            fatalError("the complete calls of a parsed turn differ from its calls: \(complete) vs \(calls)")
        }
    }
    _ = ToolCallFormat(segment: text)
    return 0
}

/// The executable's entry (SwiftPM links `FuzzToolCallText_main` as `main`).
@_cdecl("FuzzToolCallText_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzToolCallText(data!, size) }
}
