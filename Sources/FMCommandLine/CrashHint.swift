#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A last word on standard error when `fm` dies by a fatal signal, which in practice means inside
/// llama.cpp's native code (for example its AMX kernels on CPUs that advertise AMX but crash in
/// them): what to run next. The handler that was there before (the default action, or the Swift
/// runtime's backtracer) is then put back and the signal raised again, so the exit status, the
/// backtrace and any core dump are what they would have been.
enum CrashHint {
    /// The message, allocated once: a signal handler may only call async-signal-safe functions
    /// (`write`, `raise`), so it cannot build a string.
    ///
    /// `nonisolated(unsafe)`: written once in `install()` before any handler can run, then only
    /// read by the handler.
    nonisolated(unsafe) private static var message: UnsafeMutableBufferPointer<UInt8>?

    /// The actions that were installed before ours, indexed by signal number; same reasoning.
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>?

    /// The text printed before the signal is re-raised.
    static let text = """
        fm: crashed by a fatal signal inside native code. If it happened while the model was loading or \
        generating, llama.cpp's kernels for this CPU may be at fault (AMX or AVX-512): run scripts/setup.sh, \
        which self-tests its llama.cpp build and rebuilds it with those extensions off when it crashes, \
        then `fm availability`. See the README, "Troubleshooting".

        """

    /// The signals that mean a crash rather than a request to stop.
    static let signals: [Int32] = [SIGSEGV, SIGILL, SIGBUS, SIGFPE]

    /// Installs the handler for the crash signals (once per process).
    static func install() {
        guard message == nil else { return }
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        message = buffer
        let saved = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        saved.initialize(repeating: sigaction(), count: 65)
        for crash in signals {
            sigaction(crash, nil, saved + Int(crash))
        }
        previous = saved
        for crash in signals {
            _ = signal(crash) { received in
                if let message = CrashHint.message {
                    _ = write(2, message.baseAddress, message.count)
                }
                // The earlier action again: the re-raised signal (or the faulting instruction, run
                // again when this handler returns) ends the process as it would have.
                if let previous = CrashHint.previous, received > 0, received < 65 {
                    sigaction(received, previous + Int(received), nil)
                } else {
                    _ = signal(received, SIG_DFL)
                }
                raise(received)
            }
        }
    }
}
