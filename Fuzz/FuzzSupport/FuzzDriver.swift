/// Runs libFuzzer's driver on a target's entry. Each fuzz target's `<Module>_main` (which SwiftPM
/// links as the executable's `main`) calls this with its `LLVMFuzzerTestOneInput` body.
public func runFuzzer(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt {
    var count = argc
    var arguments = argv
    return fuzzerDriver(&count, &arguments, body)
}

/// libFuzzer's driver (`LLVMFuzzerRunDriver`, in the runtime that `-sanitize=fuzzer` links).
@_silgen_name("LLVMFuzzerRunDriver")
private func fuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
