import Foundation

/// Runs `spotlight-index-writer` (Tests/SpotlightIndexWriter) as a second process.
enum ChildWriter {
    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Starts the writer; the caller waits for it or kills it.
    static func start(database: URL, prefix: String, count: Int, batch: Int, words: Int = 20) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = IndexFixtures.writer
        process.arguments = [database.path, prefix, String(count), String(batch), String(words)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }

    /// Runs the writer to its end.
    static func run(database: URL, prefix: String, count: Int, batch: Int, words: Int = 20) throws -> Outcome {
        let (process, output) = try start(database: database, prefix: prefix, count: count, batch: batch, words: words)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// Reads the writer's output until a line equal to `line` (or the end); returns what it read.
    static func wait(for line: String, in pipe: Pipe) -> String {
        var text = ""
        let handle = pipe.fileHandleForReading
        while !text.split(separator: "\n").contains(Substring(line)) {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }
}
