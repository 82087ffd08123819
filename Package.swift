// swift-tools-version: 6.2
//
// FoundationModels for Linux: Apple's Foundation Models API on local llama.cpp models.
// Every dependency comes with the Swift toolchain or the system (llama.cpp via pkg-config).

import PackageDescription
import CompilerPluginSupport
import Foundation

/// The folder of the toolchain's own swift-syntax libraries (`usr/lib/swift/host`).
///
/// Why: SwiftPM cannot fetch swift-syntax here, but every toolchain ships prebuilt copies that its
/// compiler uses for macros. The macro target and its tests compile and link against them.
/// Override with `FM_SWIFT_HOST_LIBRARIES` when the toolchain lives somewhere unusual.
let swiftHostLibraries: String = {
    let environment = ProcessInfo.processInfo.environment
    if let explicit = environment["FM_SWIFT_HOST_LIBRARIES"], !explicit.isEmpty { return explicit }
    let fileManager = FileManager.default
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard fileManager.isExecutableFile(atPath: candidate.path) else { continue }
        let toolchainBin = candidate.resolvingSymlinksInPath().deletingLastPathComponent()
        let host = toolchainBin.deletingLastPathComponent().appendingPathComponent("lib/swift/host")
        if fileManager.fileExists(atPath: host.appendingPathComponent("SwiftSyntax.swiftmodule").path) {
            return host.path
        }
    }
    return "/usr/lib/swift/host"
}()

/// Compiler flags that find the toolchain's swift-syntax modules.
///
/// `unsafeFlags` is sound here: the flags only add a search path into the active toolchain. SwiftPM
/// accepts them for root packages and for dependencies by path or branch, not by version.
let swiftSyntaxFlags: [SwiftSetting] = [.unsafeFlags(["-I", swiftHostLibraries])]

/// Linker flags for the same libraries, with an rpath so the macro plugin and tests load them.
let swiftSyntaxLinking: [LinkerSetting] = [
    .unsafeFlags(["-L", swiftHostLibraries, "-Xlinker", "-rpath", "-Xlinker", swiftHostLibraries]),
    .linkedLibrary("SwiftSyntax"),
    .linkedLibrary("SwiftSyntaxBuilder"),
    .linkedLibrary("SwiftSyntaxMacros"),
    .linkedLibrary("SwiftDiagnostics"),
    .linkedLibrary("SwiftParser"),
    .linkedLibrary("SwiftParserDiagnostics"),
    .linkedLibrary("SwiftBasicFormat"),
    .linkedLibrary("SwiftOperators"),
    .linkedLibrary("SwiftSyntaxMacroExpansion"),
    .linkedLibrary("SwiftCompilerPluginMessageHandling")
]

/// Swift 6 language mode plus the upcoming features our style guide asks for on new code.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault")
]

let package = Package(
    name: "FoundationModels",
    platforms: [.macOS(.v15)],
    products: [
        // Why: `import FoundationModels` must compile unchanged on Linux.
        .library(name: "FoundationModels", targets: ["FoundationModels"]),
        // Why: users test their own code against scripted models, without weights.
        .library(name: "FoundationModelsTesting", targets: ["FoundationModelsTesting"]),
        // Why: `import Evaluations` must compile unchanged too: Apple's 27 framework for measuring
        // the quality of model features, on Swift Testing.
        .library(name: "Evaluations", targets: ["Evaluations"]),
        // Why: `import Vision` must compile unchanged too: Apple's text and barcode requests, and
        // with them the 27 overlay's `OCRTool` and `BarcodeReaderTool`, on Tesseract and ZBar.
        .library(name: "Vision", targets: ["Vision"]),
        // Why: `import CoreSpotlight` must compile unchanged too: Apple's searchable index and
        // queries on SQLite FTS5, and with them the 27 overlay's `SpotlightSearchTool`.
        .library(name: "CoreSpotlight", targets: ["CoreSpotlight"]),
        // Why: the Smart Notes tutorial's types and tool, written once for the examples package,
        // `fm notes` and the tests.
        .library(name: "SmartNotes", targets: ["SmartNotes"]),
        // Why: the command-line tool `fm` (respond, stream, chat, bench).
        .executable(name: "fm", targets: ["fm"])
    ],
    targets: [
        // Why: what `import FoundationModels` gives: Apple's API and every backend, re-exported
        // from the modules below, so that apps written for Apple's framework compile unchanged.
        .target(
            name: "FoundationModels",
            dependencies: ["FoundationModelsCore", "OpenAICompatibleBackend"],
            // Why: packages gate their OS 27 code with `#if canImport(FoundationModels, _version: 2)`;
            // Apple's 27.0 SDK ships the module as version 2.0.62, and so do we.
            swiftSettings: strictSettings + [.unsafeFlags(["-user-module-version", "2.0.62"])]
        ),
        // Why: Apple's public API (sessions, schemas, transcripts, tools, errors),
        // `SystemLanguageModel` and its local executor on llama.cpp (`Backends/Llama`), and the
        // helpers any backend shares (`Backends/Shared`, `package` access).
        .target(
            name: "FoundationModelsCore",
            dependencies: [
                "FoundationModelsMacros", "ConstrainedDecoding", "LlamaBackend", "ChatTemplates", "JSONValues",
                "ImageOrientation", "RequestExecution"
            ],
            swiftSettings: strictSettings
        ),
        // Why: a second backend, any OpenAI-compatible server (llama-server, vLLM, …), written
        // only against the public `LanguageModel` protocol and the shared helpers, so that it
        // needs nothing of llama.cpp.
        .target(
            name: "OpenAICompatibleBackend",
            dependencies: ["FoundationModelsCore", "JSONValues", "OpenAIWire"],
            swiftSettings: strictSettings
        ),
        // Why: OpenAI's Chat Completions format written once, as `Codable` types (request, message,
        // completion and chunk, error body) and the strict body reader with its named errors, shared
        // by the client backend, `fm serve` and `fm bench`. Only JSON below it, so that neither side
        // drags the other in; `package` access, exported by no product.
        .target(
            name: "OpenAIWire",
            dependencies: ["JSONValues"],
            swiftSettings: strictSettings
        ),
        // Why: `@Generable` and `@Guide`, compiled against the toolchain's own swift-syntax.
        .macro(
            name: "FoundationModelsMacros",
            swiftSettings: swiftSyntaxFlags,
            linkerSettings: swiftSyntaxLinking
        ),
        // Why: the token-level constrained decoder, pure Swift, free of C and of the public API,
        // so that it builds and tests with no model present.
        .target(
            name: "ConstrainedDecoding",
            dependencies: ["JSONValues"],
            swiftSettings: strictSettings
        ),
        // Why: one JSON value (ordered keys, numbers as exact text), one strict reader and one
        // writer, shared by the public API and the decoder so that a schema reaches the decoder as
        // a value, never as text parsed again. No dependencies, so every module may use it.
        .target(
            name: "JSONValues",
            swiftSettings: strictSettings
        ),
        // Why: llama.cpp's C API, found through pkg-config (`llama.pc`, installed by scripts/setup.sh).
        .systemLibrary(
            name: "CLlama",
            pkgConfig: "llama",
            providers: []
        ),
        // Why: the only module that sees C names; it translates llama.cpp into Swift types once.
        .target(
            name: "LlamaBackend",
            dependencies: ["CLlama", "ConstrainedDecoding", "RequestExecution"],
            swiftSettings: strictSettings
        ),
        // Why: `RequestExecutor`, the serial executor the package's own request work runs on (model
        // loads in the backend, session requests and streams in the core): generic, so in a module
        // of its own below both, and the core's session code needs no backend to reach it.
        .target(
            name: "RequestExecution",
            swiftSettings: strictSettings
        ),
        // Why: `CGImagePropertyOrientation` on Linux (Apple's comes from ImageIO), in a module of its
        // own so that FoundationModelsCore (which re-exports it) and VisionRequests share one type.
        .target(
            name: "ImageOrientation",
            swiftSettings: strictSettings
        ),
        // Why: Tesseract's C API and Leptonica's (image decoding), found through pkg-config
        // (`tesseract.pc`, which pulls in `lept`; installed by scripts/setup.sh).
        .systemLibrary(
            name: "CTesseract",
            pkgConfig: "tesseract",
            providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]
        ),
        // Why: ZBar's C API (barcodes and QR codes), found through pkg-config (`zbar.pc`).
        .systemLibrary(
            name: "CZBar",
            pkgConfig: "zbar",
            providers: [.apt(["libzbar-dev"])]
        ),
        // Why: Apple's Vision requests for text and barcodes (`RecognizeTextRequest`,
        // `DetectBarcodesRequest`) on Tesseract and ZBar; the only module that sees their C names.
        // Free of FoundationModels so that apps that only read images need no model.
        .target(
            name: "VisionRequests",
            dependencies: ["CTesseract", "CZBar", "ImageOrientation"],
            swiftSettings: strictSettings
        ),
        // Why: what `import Vision` gives: the requests (re-exported) and the two tools that
        // Apple ships in the `_Vision_FoundationModels` overlay, which read the request's image
        // attachments for a model without vision. SwiftPM has no cross-import overlays, so the
        // module depends on FoundationModels; apps that never import Vision need neither.
        .target(
            name: "Vision",
            dependencies: ["VisionRequests", "FoundationModels"],
            swiftSettings: strictSettings
        ),
        // Why: SQLite 3's C API with FTS5, found through pkg-config (`sqlite3.pc`, from
        // libsqlite3-dev, installed by scripts/setup.sh).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Why: `UTType` on Linux (Apple's comes from UniformTypeIdentifiers), the smallest stand-in
        // that Core Spotlight code needs, in a module of its own under Apple's module name.
        .target(
            name: "UniformTypeIdentifiers",
            swiftSettings: strictSettings
        ),
        // Why: Apple's Core Spotlight index and queries (`CSSearchableIndex`, `CSSearchableItem`,
        // `CSSearchableItemAttributeSet`, `CSSearchQuery`, `CSUserQuery`, the 27 overlay) on SQLite
        // FTS5; the only module that sees SQLite's C names. Free of FoundationModels so that apps
        // that only index and search need no model.
        .target(
            name: "SpotlightIndex",
            dependencies: ["CSQLite", "UniformTypeIdentifiers"],
            swiftSettings: strictSettings
        ),
        // Why: what `import CoreSpotlight` gives: the index (re-exported) and the tool Apple ships
        // in the `_CoreSpotlight_FoundationModels` overlay. SwiftPM has no cross-import overlays,
        // so the module depends on FoundationModels; apps that only index can use SpotlightIndex.
        // LlamaBackend runs the embedding model of `SemanticRanking`.
        .target(
            name: "CoreSpotlight",
            dependencies: ["SpotlightIndex", "UniformTypeIdentifiers", "FoundationModels", "FoundationModelsCore", "LlamaBackend"],
            swiftSettings: strictSettings
        ),
        // Why: GGUF chat templates are Jinja; this evaluates them in pure Swift (testable with no model).
        .target(
            name: "ChatTemplates",
            swiftSettings: strictSettings
        ),
        // Why: Apple's Evaluations framework (27): datasets, evaluators, model judges, tool-call
        // checks, statistics and results files, run by a Swift Testing trait. Apart from
        // `FoundationModels` because it links Swift Testing, which apps that only generate must not.
        .target(
            name: "Evaluations",
            dependencies: ["FoundationModels"],
            swiftSettings: strictSettings
        ),
        // Why: a small, strict HTTP/1.1 layer (request parsing with limits, responses, chunked
        // bodies) for `fm serve`: SwiftPM cannot fetch a server library here. No module depends on
        // it but the server, so a bug in it cannot reach apps.
        .target(
            name: "HTTPServer",
            // Why: error bodies are JSON; the package's one writer escapes their strings.
            dependencies: ["JSONValues"],
            swiftSettings: strictSettings
        ),
        // Why: `fm serve`, the local models behind OpenAI's Chat Completions API (routes, request
        // checking, streaming, admission, metrics, the built-in page), on the HTTPServer target.
        // Apart from the CLI so that its tests can drive it in-process.
        .target(
            name: "FMServer",
            dependencies: ["FoundationModelsCore", "HTTPServer", "JSONValues", "OpenAIWire"],
            swiftSettings: strictSettings
        ),
        // Why: test doubles shipped for our users (a scripted MockLanguageModel).
        .target(
            name: "FoundationModelsTesting",
            dependencies: ["FoundationModels"],
            swiftSettings: strictSettings
        ),
        // Why: the Smart Notes tutorial's `@Generable` types and `TeamDirectoryTool` (seed 001), one
        // definition that `fm notes`, the examples package and the tests import.
        .target(
            name: "SmartNotes",
            dependencies: ["FoundationModels"],
            swiftSettings: strictSettings
        ),
        // Why: the seed app's features measured with Evaluations (summaries, tagging, the main job,
        // questions over notes, sign photos read through Vision's OCRTool), their labelled samples
        // kept as resources (scripts/make-seed-eval-samples.py, scripts/make-sign-photos.py); run
        // by `fm eval run` and its tests.
        .target(
            name: "SeedEvaluations",
            dependencies: ["Evaluations", "FoundationModels", "SmartNotes", "CoreSpotlight", "Vision"],
            resources: [.copy("Resources")],
            swiftSettings: strictSettings
        ),
        // Why: the `fm` command-line tool's commands, in a library so that tests can import them
        // (an executable's main module cannot be imported); argument parsing is hand-written.
        .target(
            name: "FMCommandLine",
            dependencies: [
                "FoundationModels", "Evaluations", "LlamaBackend", "ConstrainedDecoding", "FMBench", "FMServer", "SmartNotes",
                "SeedEvaluations", "CoreSpotlight"
            ],
            swiftSettings: strictSettings
        ),
        // Why: what `fm bench` measures (throughput beside llama-bench, the session engine, masks
        // beside llguidance, the Core Spotlight index at scale), apart from the commands and
        // exported by no product.
        .target(
            name: "FMBench",
            dependencies: [
                "FoundationModels", "FoundationModelsCore", "LlamaBackend", "ConstrainedDecoding", "JSONValues", "FMServer", "OpenAIWire",
                "SpotlightIndex", "CoreSpotlight", "UniformTypeIdentifiers"
            ],
            swiftSettings: strictSettings
        ),
        // Why: the `fm` executable itself: it only calls `FM.main()`.
        .executableTarget(
            name: "fm",
            dependencies: ["FMCommandLine"],
            swiftSettings: strictSettings
        ),

        // Why: what several test targets share: the real models' paths, llama.cpp's own
        // llama-server as the reference our output must equal, and scratch folders that are
        // removed when the test process exits.
        .target(
            name: "TestSupport",
            dependencies: ["LlamaBackend", "FoundationModels", "FMBench"],
            path: "Tests/Support",
            swiftSettings: strictSettings
        ),
        // The walk the FuzzJSONSchema target runs on every input, shared with the regression tests
        // that replay its findings.
        .target(
            name: "SchemaWalk",
            dependencies: ["ConstrainedDecoding", "JSONValues"],
            path: "Fuzz/SchemaWalk",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FoundationModelsTests",
            dependencies: [
                "FoundationModels", "FoundationModelsCore", "OpenAICompatibleBackend", "FoundationModelsTesting",
                "LlamaBackend", "ChatTemplates", "ConstrainedDecoding", "JSONValues", "TestSupport", "RequestExecution", "SmartNotes",
                "OpenAIWire"
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: ["HTTPServer", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FMServerTests",
            dependencies: ["FMServer", "FMBench", "HTTPServer", "FoundationModels", "JSONValues", "OpenAIWire", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EvaluationsTests",
            dependencies: ["Evaluations", "FoundationModels", "FoundationModelsTesting", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SeedEvaluationsTests",
            dependencies: ["SeedEvaluations", "Evaluations", "FoundationModels", "SmartNotes", "TestSupport", "FoundationModelsTesting"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FoundationModelsMacrosTests",
            dependencies: ["FoundationModelsMacros", "TestSupport"],
            swiftSettings: swiftSyntaxFlags,
            linkerSettings: swiftSyntaxLinking
        ),
        .testTarget(
            name: "OpenAIWireTests",
            dependencies: ["OpenAIWire", "JSONValues"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "JSONValuesTests",
            dependencies: ["JSONValues"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ConstrainedDecodingTests",
            dependencies: ["ConstrainedDecoding", "JSONValues", "SchemaWalk"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ChatTemplatesTests",
            dependencies: ["ChatTemplates"],
            // Why: templates and jinja2-rendered outputs (scripts/dev/render_chat_fixtures.py).
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "VisionRequestsTests",
            dependencies: ["VisionRequests"],
            // Why: images with their ground truth (scripts/make-vision-fixtures.py).
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "VisionTests",
            dependencies: ["Vision", "FoundationModels", "FoundationModelsCore", "TestSupport"],
            swiftSettings: strictSettings
        ),
        // Why: a second process for the index tests, which write beside it, read after it and
        // kill it in the middle of a batch.
        .executableTarget(
            name: "spotlight-index-writer",
            dependencies: ["SpotlightIndex", "UniformTypeIdentifiers"],
            path: "Tests/SpotlightIndexWriter",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SpotlightIndexTests",
            dependencies: ["SpotlightIndex", "UniformTypeIdentifiers", "spotlight-index-writer"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CoreSpotlightTests",
            dependencies: ["CoreSpotlight", "SpotlightIndex", "FoundationModels", "FoundationModelsCore", "TestSupport"],
            // Why: the generated field notes and their labelled questions (scripts/make-field-notes.py).
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "LlamaBackendTests",
            dependencies: ["LlamaBackend", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["FMCommandLine", "FMBench", "Evaluations", "ConstrainedDecoding", "LlamaBackend", "JSONValues", "TestSupport"],
            swiftSettings: strictSettings
        )
    ],
    swiftLanguageModes: [.v6]
)

/// Fuzz targets (`Fuzz/`), one executable per parser, built only when `FM_FUZZ=1` (by
/// `scripts/fuzz.sh`): they link libFuzzer, whose `main` an ordinary build must not see.
if ProcessInfo.processInfo.environment["FM_FUZZ"] == "1" {
    let fuzzFlags: [SwiftSetting] = [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer,address"])]
    let fuzzLinking: [LinkerSetting] = [.unsafeFlags(["-sanitize=fuzzer,address"])]
    let targets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzJSONSchema", ["SchemaWalk"]),
        ("FuzzHTTPRequest", ["HTTPServer"]),
        ("FuzzJinjaTemplate", ["ChatTemplates"]),
        ("FuzzJSONReader", ["JSONValues"]),
        ("FuzzRegex", ["ConstrainedDecoding"]),
        ("FuzzPartialJSON", ["FoundationModelsCore", "JSONValues"]),
        ("FuzzTranscript", ["FoundationModelsCore"]),
        ("FuzzToolCallText", ["FoundationModelsCore", "ChatTemplates", "JSONValues"]),
        ("FuzzServerSentEvents", ["OpenAICompatibleBackend"]),
        ("FuzzGGUF", ["LlamaBackend"]),
        ("FuzzImage", ["VisionRequests"]),
        ("FuzzSpotlightQuery", ["SpotlightIndex"])
    ]
    // The libraries get coverage instrumentation, AddressSanitizer and testability (fuzz targets
    // read internals through `@testable import`); the macro plugin, a host tool that libFuzzer's
    // runtime must not reach, is built as usual. (Passing these with `-Xswiftc` would reach it.)
    for target in package.targets where target.type == .regular {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer,address", "-enable-testing"])]
    }
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport", swiftSettings: strictSettings))
    for target in targets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["FuzzSupport"], path: "Fuzz/\(target.name)",
                swiftSettings: strictSettings + fuzzFlags, linkerSettings: fuzzLinking))
        package.products.append(.executable(name: target.name, targets: [target.name]))
    }
}
