// swift-tools-version: 6.2
//
// Examples of the FoundationModels package, one idea each. They depend on the package by path,
// as a user's package would (SwiftPM accepts the package's unsafe compiler flags for path
// dependencies, not for versioned ones).

import PackageDescription
import Foundation

/// SwiftPM names a path dependency after its folder: whatever the checkout is called.
let core = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "Examples",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        // Why: the smallest program: availability, a session, one answer.
        .executableTarget(
            name: "hello-session",
            dependencies: [.product(name: "FoundationModels", package: core)]
        ),
        // Why: `@Generable` types generated under constraint, streamed as they fill in.
        .executableTarget(
            name: "structured-output",
            dependencies: [.product(name: "FoundationModels", package: core)]
        ),
        // Why: the seed Smart Notes app's non-UI code, unchanged: digest, tool, streaming (its types
        // and tool from the package's SmartNotes library, which `fm notes` and the tests use too).
        .executableTarget(
            name: "smart-notes",
            dependencies: [.product(name: "FoundationModels", package: core), .product(name: "SmartNotes", package: core)]
        ),
        // Why: streaming snapshots of a text answer as it is generated.
        .executableTarget(
            name: "streaming",
            dependencies: [.product(name: "FoundationModels", package: core)]
        ),
        // Why: the same session API on an OpenAI-compatible server (llama-server, vLLM).
        .executableTarget(
            name: "openai-backend",
            dependencies: [.product(name: "FoundationModels", package: core)]
        ),
        // Why: proof that OS 27's `LanguageModel` protocol is enough for a third party: an
        // executor written only against Apple's documented API, in a library of its own.
        .target(
            name: "ChatCompletionsExecutor",
            dependencies: [.product(name: "FoundationModels", package: core)]
        ),
        // Why: a session on that third-party executor: text, streaming, a tool, a `@Generable` value.
        .executableTarget(
            name: "third-party-executor",
            dependencies: ["ChatCompletionsExecutor", .product(name: "FoundationModels", package: core)]
        ),
        // Why: a dynamic profile with a session property: exactly one tool lookup, then the answer.
        .executableTarget(
            name: "profiles",
            dependencies: [.product(name: "FoundationModels", package: core)]
        ),
        // Why: Apple's Evaluations framework: two local models on a summary dataset, results
        // saved as JSON and an HTML report of both side by side.
        .executableTarget(
            name: "evaluations",
            dependencies: [.product(name: "Evaluations", package: core), .product(name: "FoundationModels", package: core)]
        ),
        // Why: the seed's photo feature: `import Vision`'s OCRTool reads a sign for a text-only model.
        .executableTarget(
            name: "sign-reader",
            dependencies: [.product(name: "Vision", package: core), .product(name: "FoundationModels", package: core)]
        ),
        // Why: the seed's notes question: `import CoreSpotlight`'s SpotlightSearchTool searches
        // a few hundred field notes in the app's index for the local model.
        .executableTarget(
            name: "field-notes",
            dependencies: [.product(name: "CoreSpotlight", package: core), .product(name: "FoundationModels", package: core)]
        ),
        // Why: OS 27's server model with its daily quota, and the on-device fallback in chunks.
        .executableTarget(
            name: "pcc-fallback",
            dependencies: [.product(name: "FoundationModels", package: core)]
        )
    ],
    swiftLanguageModes: [.v6]
)
