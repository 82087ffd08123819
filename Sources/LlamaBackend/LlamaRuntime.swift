internal import CLlama
import Foundation

/// Process-wide llama.cpp set-up: backend initialisation and log routing, done exactly once.
///
/// `llama_backend_init` must run once per process and never be undone from a per-instance
/// `deinit`; a `static let` gives that guarantee lazily and thread-safely.
package enum LlamaRuntime {
    /// Initialises llama.cpp on first use; later calls do nothing.
    package static func ensureInitialized() {
        _ = initialization
    }

    private static let initialization: Void = {
        // llama.cpp writes its progress logs to stderr by default; they stay quiet unless
        // `showLog(_:)` asks for them, so that `fm respond` prints the answer alone.
        llama_log_set({ _, _, _ in }, nil)
        llama_backend_init()
    }()

    /// Shows or hides llama.cpp's own log (on standard error) from now on, process-wide.
    package static func showLog(_ shows: Bool) {
        ensureInitialized()
        if shows {
            llama_log_set(nil, nil)
        } else {
            llama_log_set({ _, _, _ in }, nil)
        }
    }

    /// The llama.cpp build this process runs against, as its system-info line.
    package static var systemInfo: String {
        ensureInitialized()
        return String(cString: llama_print_system_info())
    }
}
