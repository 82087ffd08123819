import Foundation
import Testing
import TestSupport

/// `scripts/setup.sh`'s llama.cpp step on CPUs that crash in some of llama.cpp's kernels: build,
/// self-test, fall back, record why, reuse what passed. The CPU, the compiler and llama-bench are
/// stand-ins (Tests/Setup/setup-harness.sh); the decisions are the script's own code.
@Suite struct SetupScriptTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The flags of a Sapphire Rapids Xeon, as far as they matter here.
    static let amxCPU =
        "fpu sse4_2 avx avx2 fma f16c bmi2 avx512f avx512cd avx512vl avx512dq avx512bw "
        + "avx512vbmi avx512_vnni avx512_bf16 amx_bf16 amx_tile amx_int8"

    /// One scratch installation: a cache and a prefix of its own.
    struct Scratch {
        let folder: URL

        init() throws {
            folder = try ScratchFolder.make("fm-setup")
        }

        /// Runs the harness; the environment is the scenario's alone (no FM_* from outside).
        @discardableResult
        func run(_ environment: [String: String] = [:], functions: [String] = []) async throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments =
                [
                    SetupScriptTests.repositoryRoot.appendingPathComponent("Tests/Setup/setup-harness.sh").path,
                    folder.path
                ] + functions
            var base = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("FM_") && !$0.key.hasPrefix("FAKE_") }
            base.merge(environment) { $1 }
            process.environment = base
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Off Swift's cooperative pool: the harness runs for seconds (see OffPool.swift).
            return try await offPool {
                let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return (process.terminationStatus, stderr)
            }
        }

        /// What the stand-ins did, one line each: "configure ARGS", "compile", "install".
        var events: [String] {
            ((try? String(contentsOf: folder.appendingPathComponent("events"), encoding: .utf8)) ?? "")
                .split(separator: "\n").map(String.init)
        }

        /// The kinds of events, without arguments.
        var eventKinds: [String] { events.map { String($0.prefix { $0 != " " }) } }

        /// The build folder's state directory (`cache/llama.cpp/KEY`).
        var buildRoot: URL? {
            let parent = folder.appendingPathComponent("cache/llama.cpp")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path), names.count == 1 else { return nil }
            return parent.appendingPathComponent(names[0])
        }

        func text(_ path: String, in base: URL? = nil) -> String? {
            try? String(contentsOf: (base ?? folder).appendingPathComponent(path), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The installed record, as `key=value` pairs.
        var record: [String: String] {
            var values: [String: String] = [:]
            for line in (text("prefix/share/foundation-models-linux/llama-build.env") ?? "").split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
            return values
        }

        func write(_ text: String, to path: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func anAMXCrashRebuildsWithAMXOffAndRecordsWhy() async throws {
        let scratch = try Scratch()
        // An older llama.cpp under the prefix, not built by this set-up, that would crash.
        try scratch.write("GGML_NATIVE=ON", to: "prefix/lib/libggml-cpu.so")
        try scratch.write("libllama", to: "prefix/lib/libllama.so")
        try scratch.write("0.3.30", to: "prefix/share/foundation-models-linux/llama-cpp-python.version")

        let result = try await scratch.run(["FAKE_CPU_FLAGS": Self.amxCPU, "FAKE_CRASH": "GGML_NATIVE=ON", "FAKE_SIGNAL": "SEGV"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.eventKinds == ["configure", "compile", "configure", "compile", "install"])
        #expect(scratch.events.first?.contains("-DGGML_NATIVE=ON") == true)
        #expect(scratch.events.dropFirst(2).first?.contains("-DGGML_AMX_TILE=OFF") == true)

        let root = try #require(scratch.buildRoot)
        #expect(scratch.text("failed-native", in: root) == "died with SIGSEGV (signal 11) on SmolLM2-135M-Instruct-Q4_1.gguf")
        #expect(scratch.text("passed", in: root) == "no-amx")
        #expect(scratch.record["variant"] == "no-amx")
        #expect(scratch.record["passed_over"] == "native: died with SIGSEGV (signal 11) on SmolLM2-135M-Instruct-Q4_1.gguf")
        #expect(scratch.record["cpu_flags"]?.contains("amx_tile") == true)
        // AMX off, everything else the CPU has kept on.
        let flags = try #require(scratch.record["cmake_flags"])
        for kept in ["-DGGML_AVX512=ON", "-DGGML_AVX512_VNNI=ON", "-DGGML_AVX512_BF16=ON", "-DGGML_AVX2=ON", "-DGGML_NATIVE=OFF"] {
            #expect(flags.contains(kept), "\(kept) in \(flags)")
        }
        #expect(scratch.text("prefix/lib/libggml-cpu.so")?.contains("-DGGML_AMX_INT8=OFF") == true)
        #expect(result.stderr.contains("was not built and tested by this set-up"))
        #expect(result.stderr.contains("variant native: llama-bench died with SIGSEGV"))
        #expect(result.stderr.contains("AMX off"))
    }

    @Test func aFreshCloneReusesTheBuildThatPassed() async throws {
        let scratch = try Scratch()
        let amx = ["FAKE_CPU_FLAGS": Self.amxCPU, "FAKE_CRASH": "GGML_NATIVE=ON"]
        #expect(try await scratch.run(amx).status == 0)
        let afterFirst = scratch.events.count

        // Everything in place: nothing is built, installed or even tested again.
        let again = try await scratch.run(amx)
        #expect(again.status == 0)
        #expect(scratch.events.count == afterFirst)

        // A new prefix with the same cache: the crashing variant is skipped, the passing build installed.
        try FileManager.default.removeItem(at: scratch.folder.appendingPathComponent("prefix"))
        let reinstall = try await scratch.run(amx)
        #expect(reinstall.status == 0, "\(reinstall.stderr)")
        #expect(Array(scratch.eventKinds.dropFirst(afterFirst)) == ["install"])
        #expect(reinstall.stderr.contains("skipping variant native: its self-test died with SIGILL (signal 4)"))
        #expect(scratch.record["variant"] == "no-amx")
    }

    @Test func aToolThatAPassedBuildLacksIsBuiltAlone() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.run().status == 0)
        let root = try #require(scratch.buildRoot)
        let tool = root.appendingPathComponent("build/bin/llama-batched-bench")
        #expect(FileManager.default.isExecutableFile(atPath: tool.path))
        let afterFirst = scratch.events.count

        // A build from before the tool was added: only the tool is built, nothing configured,
        // recompiled, installed or tested again.
        try FileManager.default.removeItem(at: tool)
        let again = try await scratch.run()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Array(scratch.events.dropFirst(afterFirst)) == ["build tools llama-batched-bench"])
        #expect(again.stderr.contains("building llama.cpp's llama-batched-bench"))
        #expect(FileManager.default.isExecutableFile(atPath: tool.path))
    }

    @Test func aRecordNamingAnotherCachesBuildIsRepaired() async throws {
        let scratch = try Scratch()
        #expect(try await scratch.run().status == 0)
        let root = try #require(scratch.buildRoot)
        let afterFirst = scratch.events.count

        // A set-up run with another FM_CACHE_DIR (since deleted) left the record naming its
        // folders: the next run points it back at this cache's build, and builds nothing.
        let record = scratch.folder.appendingPathComponent("prefix/share/foundation-models-linux")
        try "/gone/llama.cpp/build/bin\n".write(to: record.appendingPathComponent("llama-tools.path"), atomically: true, encoding: .utf8)
        let env = record.appendingPathComponent("llama-build.env")
        let stale = try String(contentsOf: env, encoding: .utf8).replacingOccurrences(of: root.path, with: "/gone/llama.cpp")
        try stale.write(to: env, atomically: true, encoding: .utf8)
        let again = try await scratch.run()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(scratch.events.count == afterFirst)
        #expect(scratch.text("prefix/share/foundation-models-linux/llama-tools.path") == root.appendingPathComponent("build/bin").path)
        #expect(scratch.record["log"] == root.appendingPathComponent("self-test.log").path)
        #expect(again.stderr.contains("recording this cache's llama.cpp tools"))
    }

    @Test func anInstalledCopyThatCrashesIsReplaced() async throws {
        let scratch = try Scratch()
        let amx = ["FAKE_CPU_FLAGS": Self.amxCPU, "FAKE_CRASH": "GGML_NATIVE=ON"]
        #expect(try await scratch.run(amx).status == 0)
        let afterFirst = scratch.events.count
        // Someone copies a crashing library over the tested one.
        try scratch.write("GGML_NATIVE=ON", to: "prefix/lib/libggml-cpu.so")

        let result = try await scratch.run(amx)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("died with SIGILL (signal 4) on SmolLM2-135M-Instruct-Q4_1.gguf: reinstalling"))
        #expect(Array(scratch.eventKinds.dropFirst(afterFirst)) == ["install"])
        #expect(scratch.text("prefix/lib/libggml-cpu.so")?.contains("-DGGML_AMX_TILE=OFF") == true)
    }

    @Test func whenNoVariantRunsSetUpStopsWithOneClearLine() async throws {
        let scratch = try Scratch()
        let result = try await scratch.run(["FAKE_CPU_FLAGS": Self.amxCPU, "FAKE_CRASH": "."])
        #expect(result.status == 1)
        #expect(scratch.eventKinds.filter { $0 == "compile" }.count == 3)
        #expect(!scratch.eventKinds.contains("install"))
        #expect(scratch.record.isEmpty)
        let last = try #require(result.stderr.split(separator: "\n").last.map(String.init))
        #expect(last.contains("no build of llama.cpp 0.3.36 runs on this CPU"))
        #expect(last.contains("amx_tile"))
        #expect(last.contains("tried native (died with SIGILL"))
        #expect(last.contains("no-amx (died with SIGILL"))
        #expect(last.contains("no-avx512 (died with SIGILL"))
        #expect(last.contains("self-test.log"))
        #expect(last.contains("FM_LLAMA_CMAKE_FLAGS"))
    }

    @Test func aHangCountsAsAFailureOfTheVariant() async throws {
        let scratch = try Scratch()
        let result = try await scratch.run(["FAKE_CPU_FLAGS": Self.amxCPU, "FAKE_HANG": "GGML_NATIVE=ON", "FM_SELF_TEST_TIMEOUT": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(scratch.buildRoot)
        #expect(scratch.text("failed-native", in: root) == "hung (no answer in 1 s) on SmolLM2-135M-Instruct-Q4_1.gguf")
        #expect(scratch.record["variant"] == "no-amx")
    }

    @Test func aFailureThatIsNotACrashStopsWithoutARebuild() async throws {
        let scratch = try Scratch()
        let result = try await scratch.run(["FAKE_CPU_FLAGS": Self.amxCPU, "FAKE_EXIT": "1"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("llama-bench exited with status 1 on SmolLM2-135M-Instruct-Q4_1.gguf"))
        #expect(scratch.eventKinds == ["configure", "compile"])
        let root = try #require(scratch.buildRoot)
        #expect(scratch.text("failed-native", in: root) == nil)
    }

    @Test func aCPUWithoutAMXOrAVX512BuildsOnceNatively() async throws {
        let scratch = try Scratch()
        let result = try await scratch.run(["FAKE_CPU_FLAGS": "fpu sse4_2 avx avx2 fma f16c bmi2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.eventKinds == ["configure", "compile", "install"])
        #expect(scratch.record["variant"] == "native")
        #expect(scratch.record["passed_over"] == "")
        #expect(scratch.record["cpu_flags"] == "no AMX, no AVX-512")
    }

    @Test func choosingAVariantRebuildsWithItAndKeepsIt() async throws {
        let scratch = try Scratch()
        let first = try await scratch.run()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("building llama.cpp 0.3.36: about 15 minutes"))
        #expect(scratch.record["variant"] == "native")

        let chosen = try await scratch.run(["FM_LLAMA_VARIANTS": "no-amx"])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(chosen.stderr.contains("rebuilding llama.cpp's CPU backend for variant no-amx"))
        #expect(scratch.record["variant"] == "no-amx")
        let afterChoice = scratch.events.count
        #expect(try await scratch.run(["FM_LLAMA_VARIANTS": "no-amx"]).status == 0)
        #expect(scratch.events.count == afterChoice)
    }

    @Test func extraCMakeFlagsReachCMakeTheKeyAndTheRecord() async throws {
        let scratch = try Scratch()
        let result = try await scratch.run(["FM_LLAMA_CMAKE_FLAGS": "-DGGML_AVX2=OFF"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(scratch.events.first?.hasSuffix("-DGGML_AVX2=OFF") == true)
        let root = try #require(scratch.buildRoot)
        #expect(root.lastPathComponent.contains("-x"))
        #expect(scratch.record["cmake_flags"] == "-DGGML_NATIVE=ON -DGGML_AVX2=OFF")
    }

    @Test func anUnknownVariantIsRefused() async throws {
        let scratch = try Scratch()
        let result = try await scratch.run(["FM_LLAMA_VARIANTS": "native turbo"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("unknown llama.cpp build variant 'turbo'"))
        #expect(scratch.events.isEmpty)
    }

    /// The real thing: the llama.cpp that set-up installed on this machine runs on its CPU.
    @Test(.requiresSmolLM2) func theInstalledBuildPassesItsSelfTest() async throws {
        let result = try await ChildProcess.run(
            Self.repositoryRoot.appendingPathComponent("scripts/setup.sh"),
            environment: ["FM_SETUP_ONLY": "self-test"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("self-test passed: llama.cpp 0.3.36, variant "))
    }
}
