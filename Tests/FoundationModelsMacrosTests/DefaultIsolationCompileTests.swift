import Foundation
import Testing

/// Compiles `@Generable` types in a module whose default isolation is the main actor, as new Xcode
/// projects are, with the compiler and the macro plugin this package builds.
///
/// The expansion tests check text; this checks that the text type-checks where conformances would
/// otherwise be inferred as main-actor isolated (the macro declares `nonisolated Generable`).
@Suite struct DefaultIsolationCompileTests {
    /// The build products the check needs, where `swift build --build-tests` leaves them.
    static let products: (modules: URL, plugin: URL)? = {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let debug = packageRoot.appendingPathComponent(".build/debug")
        let modules = debug.appendingPathComponent("Modules")
        let plugin = debug.appendingPathComponent("FoundationModelsMacros-tool")
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: modules.appendingPathComponent("FoundationModels.swiftmodule").path),
            fileManager.isExecutableFile(atPath: plugin.path)
        else { return nil }
        return (modules, plugin)
    }()

    /// The Swift compiler on the search path.
    static let compiler: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let source = #"""
        import FoundationModels

        @Generable
        struct NotesDigest {
            @Guide(description: "A concise one-paragraph summary of the notes.")
            let summary: String
            @Guide(description: "Every actionable task mentioned in the notes.")
            let actionItems: [ActionItem]
        }

        @Generable
        struct ActionItem {
            let task: String
            @Guide(.count(2))
            let owners: [String]
            let priority: Priority
            var note: String?
        }

        @Generable
        enum Priority { case low, high }

        @Generable
        enum Step { case a(Int), b(x: String?) }

        func use() async throws {
            let content = try GeneratedContent(json: #"{"summary": "s", "actionItems": []}"#)
            let digest = try NotesDigest(content)
            let partial = try await Task.detached { try NotesDigest.PartiallyGenerated(content) }.value
            print(digest.summary, partial.summary ?? "", NotesDigest.generationSchema, Step.a(1).generatedContent)
            _ = Prompt { "Notes:"; digest }
        }
        """#

    @Test(.enabled(if: products != nil && compiler != nil, "needs the products of `swift build --build-tests`"))
    func mainActorByDefault() throws {
        guard let products = Self.products, let compiler = Self.compiler else {
            Issue.record("the build products or the compiler disappeared")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fm-isolation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("main.swift")
        try Self.source.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = compiler
        process.arguments = [
            "-typecheck", "-swift-version", "6", "-default-isolation", "MainActor",
            "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
            "-enable-upcoming-feature", "InferIsolatedConformances",
            "-I", products.modules.path,
            "-load-plugin-executable", "\(products.plugin.path)#FoundationModelsMacros",
            "-module-cache-path", directory.appendingPathComponent("cache").path,
            file.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }
}
