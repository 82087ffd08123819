import Foundation
import Synchronization

/// Initialised Tesseract instances kept for reuse, a few for each configuration.
///
/// Loading a model costs more than reading a small image, so instances are kept after use. Each
/// is lent to one caller at a time (a `TessBaseAPI` must not be shared by threads at once). At most
/// ``maximumIdlePerConfiguration`` stay idle per configuration; instances with custom words are not
/// kept (their word list is part of the model they loaded).
enum TesseractPool {
    /// How many idle instances one configuration keeps: as many as requests can run at once.
    static let maximumIdlePerConfiguration = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))

    private static let idle = Mutex<[TesseractConfiguration: [TesseractEngine]]>([:])

    /// Runs `body` with an instance for the configuration, made when none is idle, and keeps it
    /// afterwards unless the pool is full. An instance whose work threw is dropped.
    static func withEngine<T>(
        _ configuration: TesseractConfiguration, _ body: (TesseractEngine) throws(VisionError) -> T
    ) throws(VisionError) -> T {
        let reused = idle.withLock { $0[configuration]?.popLast() }
        let engine: TesseractEngine
        if let reused { engine = reused } else { engine = try TesseractEngine(configuration) }
        let result = try body(engine)
        guard configuration.customWords.isEmpty else { return result }
        idle.withLock { pool in
            if pool[configuration, default: []].count < maximumIdlePerConfiguration {
                pool[configuration, default: []].append(engine)
            }
        }
        return result
    }
}
