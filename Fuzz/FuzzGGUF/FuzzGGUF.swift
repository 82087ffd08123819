import Foundation
import LlamaBackend
import FuzzSupport

/// The file each input is written to: llama.cpp's GGUF reader takes a path.
private let scratchFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("fuzz-gguf-\(ProcessInfo.processInfo.processIdentifier).gguf").path

/// libFuzzer entry: any bytes as a GGUF file (users pass any path to `--model`).
///
/// Reading its metadata, the way `fm models` and the model catalog do, ends in the scalars or a
/// typed `LlamaError`: a lying string length, array count or tensor count must not crash or
/// allocate without bound. Loading its tokenizer (a vocabulary-only load, as token counting does)
/// ends in a model or a typed error, and a loaded tokenizer tokenizes text and spells its tokens
/// without crashing. The readers are llama.cpp's (not instrumented for coverage), called through
/// ours; `GGUFPreloadCheck` refuses what llama.cpp would assert on.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGGUF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard FileManager.default.createFile(atPath: scratchFile, contents: Data(bytes: data, count: size)) else {
        fatalError("cannot write \(scratchFile)")  // the campaign cannot run, not a finding
    }
    if let metadata = try? GGUFMetadata(contentsOfFile: scratchFile) {
        _ = metadata["general.architecture"]
        _ = metadata["tokenizer.chat_template"]
    }
    if let model = try? LlamaModel.load(path: scratchFile, vocabularyOnly: true) {
        let vocabulary = model.vocabulary
        for token in 0..<min(vocabulary.count, 256) {
            _ = vocabulary.piece(for: Int32(token), special: token % 2 == 0)
        }
        _ = try? vocabulary.tokenize("Hello, world!\n{\"a\": [1, 2.5e3]} \u{1F600} <|endoftext|>", addSpecial: true)
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzGGUF_main` as `main`).
@_cdecl("FuzzGGUF_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzGGUF(data!, size) }
}
