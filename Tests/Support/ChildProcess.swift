package import Foundation

/// Runs a program to its end and collects what it printed: the tests' one way to run the `fm`
/// binary and the scripts as a user's shell would.
package enum ChildProcess {
    /// What a finished program left.
    package struct Outcome: Sendable {
        /// The exit status (or the signal's number, when a signal ended it).
        package var status: Int32
        /// Standard output, as UTF-8.
        package var stdout: String
        /// Standard error, as UTF-8.
        package var stderr: String
    }

    /// Runs `executable` with `arguments`, in this process's environment with `environment` on top,
    /// and waits for it, with `input` (when given) on its standard input. Both outputs are drained
    /// at once, so a chatty program cannot block on a full pipe.
    package static func run(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = [:], input: String? = nil
    ) async throws -> Outcome {
        try await offPool { try runBlocking(executable, arguments, environment: environment, input: input) }
    }

    /// ``run(_:_:environment:input:)`` on the calling thread, for code that is not async.
    package static func runBlocking(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = [:], input: String? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let standardInput = Pipe()
        if input != nil { process.standardInput = standardInput }
        try process.run()
        if let input {
            standardInput.fileHandleForWriting.write(Data(input.utf8))
            try standardInput.fileHandleForWriting.close()
        }
        let errorData = ErrorCollector()
        let reader = Thread { errorData.data = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        return Outcome(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: errorData.data, as: UTF8.self))
    }

    /// Standard error's bytes, written by the reader thread and read after it finished.
    ///
    /// `@unchecked Sendable` is sound: the one write happens-before the read, which waits for the
    /// thread to finish.
    private final class ErrorCollector: @unchecked Sendable {
        var data = Data()
    }
}
