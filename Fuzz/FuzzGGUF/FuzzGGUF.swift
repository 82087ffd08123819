import Foundation
import LlamaBackend
import FuzzSupport

/// The file each input is written to: llama.cpp's GGUF reader takes a path.
private let scratchFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("fuzz-gguf-\(ProcessInfo.processInfo.processIdentifier).gguf").path

/// libFuzzer entry: any bytes as a GGUF file's header (users pass any path to `--model`). Reading
/// its metadata, the way `fm models` and the model catalog do, ends in the scalars or a typed
/// `LlamaError`: a lying string length, array count or tensor count must not crash or allocate
/// without bound. The reader is llama.cpp's (not instrumented for coverage), called through ours.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGGUF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: scratchFile, contents: Data(bytes: data, count: size)) else {
        fatalError("cannot write \(scratchFile)")  // the campaign cannot run, not a finding
    }
    if let metadata = try? GGUFMetadata(contentsOfFile: scratchFile) {
        _ = metadata["general.architecture"]
        _ = metadata["tokenizer.chat_template"]
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzGGUF_main` as `main`).
@_cdecl("FuzzGGUF_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzGGUF(data!, size) }
}
