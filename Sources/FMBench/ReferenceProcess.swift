import Foundation

/// Runs a reference tool of `fm bench` (llama.cpp's `llama-bench`, the llguidance script) and
/// returns its standard output. Standard error is discarded.
///
/// Spawning these tools is the point of the benchmark: reference figures must come from the
/// reference implementations, not from this package.
enum ReferenceProcess {
    /// The tool's output, read to its end.
    ///
    /// - Throws: ``BenchmarkError`` naming the tool when it exits with a non-zero status, or
    ///   the error of starting it.
    static func output(of executable: String, arguments: [String], name: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("\(name) failed (status \(process.terminationStatus))")
        }
        return data
    }
}
