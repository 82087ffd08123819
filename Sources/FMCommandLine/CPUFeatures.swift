import Foundation

/// The instruction-set extensions this machine's CPU advertises (`/proc/cpuinfo`), as far as they
/// decide whether llama.cpp's kernels run: AMX and AVX-512.
struct CPUFeatures: Equatable, Sendable {
    /// The flags, as `/proc/cpuinfo` spells them (`amx_tile`, `avx512f`, …).
    var flags: Set<String>

    init(flags: Set<String>) {
        self.flags = flags
    }

    /// Reads the first processor's `flags` (x86) or `Features` (ARM) line; empty elsewhere.
    static func current(cpuinfo path: String = "/proc/cpuinfo") -> CPUFeatures {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return CPUFeatures(flags: []) }
        let line = text.split(separator: "\n").first { $0.hasPrefix("flags") || $0.hasPrefix("Features") }
        guard let line, let colon = line.firstIndex(of: ":") else { return CPUFeatures(flags: []) }
        return CPUFeatures(flags: Set(line[line.index(after: colon)...].split(separator: " ").map(String.init)))
    }

    /// The AMX flags the CPU advertises, sorted.
    var amxFlags: [String] { flags.filter { $0.hasPrefix("amx") }.sorted() }

    /// Whether the CPU advertises any AMX extension.
    var advertisesAMX: Bool { !amxFlags.isEmpty }
}
