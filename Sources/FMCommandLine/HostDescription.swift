import Foundation
import FoundationModels
import LlamaBackend

/// The machine a benchmark ran on, so that figures from different hosts can be told apart: the
/// CPU's name, its cores, the instruction-set extensions llama.cpp's kernels depend on, and the
/// llama.cpp build that ran.
struct HostDescription {
    /// The CPU's name (`model name` in `/proc/cpuinfo`), or "unknown".
    var cpu: String
    /// Cores the process may use.
    var cores: Int
    /// The extensions that decide which kernels run (AVX2, AVX-512, AMX, …), as `/proc/cpuinfo`
    /// spells them, sorted.
    var flags: [String]
    /// The installed llama.cpp: version and the variant that passed set-up's self-test.
    var llamaBuild: String
    /// What the loaded llama.cpp was compiled with (its `system_info` line).
    var llamaFeatures: String

    /// The flags worth reporting: the vector and matrix extensions.
    static let relevantFlagPrefixes = ["avx", "amx", "fma", "f16c", "sse4", "ssse3", "neon", "sve", "dotprod", "i8mm", "asimd"]

    /// This machine.
    static func current(cpuinfo path: String = "/proc/cpuinfo") -> HostDescription {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let modelLine = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        let name = modelLine.flatMap { line in line.firstIndex(of: ":").map { line[line.index(after: $0)...] } }
        let flags = CPUFeatures.current(cpuinfo: path).flags.filter { flag in relevantFlagPrefixes.contains { flag.hasPrefix($0) } }
        let record = LlamaBuildRecord.load(prefix: ModelCatalog.installPrefix)
        return HostDescription(
            cpu: name.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            flags: flags.sorted(),
            llamaBuild: record.map { "llama-cpp-python \($0.version), variant \($0.variant)" } ?? "unknown",
            llamaFeatures: LlamaRuntime.systemInfo.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The description as a JSON object (`fm bench --json`'s `host`).
    var jsonObject: [String: Any] {
        ["cpu": cpu, "cores": cores, "flags": flags, "llama_build": llamaBuild, "llama_features": llamaFeatures]
    }

    /// One line for the table.
    var line: String {
        "host: \(cpu), \(cores) cores, \(flags.joined(separator: " ")); \(llamaBuild)"
    }
}
