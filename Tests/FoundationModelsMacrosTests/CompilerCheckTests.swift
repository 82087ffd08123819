import Foundation
import Testing
import TestSupport

/// Runs the compiler, with the macro plugin this package builds, on code that uses the package.
///
/// The expansion tests check text; these check what only the type checker can: that expansions
/// compile where conformances would otherwise be main-actor isolated (new Xcode projects), and
/// that misuse of the builders fails with Apple's messages.
@Suite struct CompilerCheckTests {
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
    func mainActorByDefault() async throws {
        let (status, output) = try await Self.typeCheck(
            Self.source,
            options: [
                "-default-isolation", "MainActor",
                "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-enable-upcoming-feature", "InferIsolatedConformances"
            ])
        #expect(status == 0, "\(output)")
    }

    @Test(.enabled(if: products != nil && compiler != nil, "needs the products of `swift build --build-tests`"))
    func misuseFailsWithApplesMessages() async throws {
        let source = """
            import FoundationModels
            struct NotRepresentable {}
            let prompt = Prompt { NotRepresentable() }
            let instructions = Instructions { NotRepresentable() }
            let literal: Instructions = "Be brief."
            """
        let (status, output) = try await Self.typeCheck(source, options: [])
        #expect(status != 0)
        #expect(output.contains("'buildExpression' is unavailable: Only `Prompt` and `PromptRepresentable` are supported."))
        #expect(output.contains("'buildExpression' is unavailable: Only `Instructions` and `InstructionsRepresentable` are supported."))
        #expect(output.contains("cannot convert value of type 'String' to specified type 'Instructions'"), "\(output)")
    }

    /// Type-checks one file against the built package; returns the compiler's status and output.
    private static func typeCheck(_ source: String, options: [String]) async throws -> (Int32, String) {
        guard let products, let compiler else { return (-1, "the build products or the compiler disappeared") }
        let directory = try ScratchFolder.make("fm-compile")
        let file = directory.appendingPathComponent("main.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = compiler
        process.arguments =
            ["-typecheck", "-swift-version", "6"] + options + [
                "-I", products.modules.path,
                // The llama.cpp module map, which FoundationModels' dependencies load.
                "-I",
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent().appendingPathComponent("Sources/CLlama").path,
                "-load-plugin-executable", "\(products.plugin.path)#FoundationModelsMacros",
                "-module-cache-path", directory.appendingPathComponent("cache").path,
                file.path
            ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // Off Swift's cooperative pool while the compiler runs (see OffPool.swift).
        return try await offPool {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
    }
}
