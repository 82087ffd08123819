import Foundation

/// The command-line tools the requests are measured against: `tesseract` (tesseract-ocr) and
/// `zbarimg` (zbar-tools), both installed by scripts/setup.sh.
enum ReferenceTools {
    /// The path of a tool on `PATH`, or `nil`.
    static func path(of tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// What `tesseract FILE stdout --oem 1 --psm 3 -l eng` reads, with the settings of
    /// `RecognizeTextRequest`'s `.accurate` level, one OpenMP thread as the requests use.
    static func tesseract(_ file: URL, extraArguments: [String] = []) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path(of: "tesseract") ?? "/usr/bin/tesseract")
        process.arguments = [file.path, "stdout", "--oem", "1", "--psm", "3", "-l", "eng"] + extraArguments
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
