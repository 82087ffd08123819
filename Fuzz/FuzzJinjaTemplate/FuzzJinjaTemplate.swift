import ChatTemplates
import Foundation
import FuzzSupport

/// libFuzzer entry: any bytes as a chat template (they come inside GGUF files), rendered with a
/// conversation. Must end in text or a `TemplateError`: never a crash, and (with libFuzzer's
/// `-timeout` and `-rss_limit_mb`) never a hang or unbounded memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJinjaTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let template = try? JinjaTemplate(source) else { return 0 }
    _ = try? template.render(context, now: Date(timeIntervalSince1970: 1_767_225_600))
    return 0
}

private func message(_ role: String, _ content: String) -> TemplateValue {
    .object(["role": .string(role), "content": .string(content)])
}

private let context: [String: TemplateValue] = [
    "messages": .array([message("system", "Be brief."), message("user", "Hello <b>there</b>"), message("assistant", "Hi.")]),
    "add_generation_prompt": .bool(true),
    "bos_token": .string("<s>"),
    "eos_token": .string("</s>"),
    "tools": .array([.object(["type": .string("function"), "function": .object(["name": .string("lookup")])])])
]

/// The executable's entry (SwiftPM links `FuzzJinjaTemplate_main` as `main`).
@_cdecl("FuzzJinjaTemplate_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzJinjaTemplate(data!, size) }
}
