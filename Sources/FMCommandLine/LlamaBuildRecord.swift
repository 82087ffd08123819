import Foundation

/// What `scripts/setup.sh` wrote about the llama.cpp it built, self-tested and installed
/// (`$FM_PREFIX/share/foundation-models-linux/llama-build.env`, `key=value` lines).
struct LlamaBuildRecord: Equatable, Sendable {
    /// The llama-cpp-python version whose vendored llama.cpp was built.
    var version: String
    /// The build variant that passed the self-test: `native`, `no-amx` or `no-avx512`.
    var variant: String
    /// Why the variant exists, in words.
    var variantReason: String
    /// The cmake arguments the installed build used.
    var cmakeFlags: String
    /// The CPU the self-test passed on.
    var cpu: String
    /// The variants tried before and why each failed (empty when the first one passed).
    var passedOver: String
    /// The self-test's log file.
    var log: String

    /// Parses the record's text; nil when it lacks the version or the variant.
    init?(text: String) {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            values[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let version = values["version"], let variant = values["variant"] else { return nil }
        self.version = version
        self.variant = variant
        variantReason = values["variant_reason"] ?? ""
        cmakeFlags = values["cmake_flags"] ?? ""
        cpu = values["cpu"] ?? ""
        passedOver = values["passed_over"] ?? ""
        log = values["log"] ?? ""
    }

    /// The record's path under an install prefix.
    static func path(prefix: String) -> String {
        URL(fileURLWithPath: prefix).appendingPathComponent("share/foundation-models-linux/llama-build.env").path
    }

    /// Reads the record under an install prefix, if set-up wrote one.
    static func load(prefix: String) -> LlamaBuildRecord? {
        guard let text = try? String(contentsOfFile: path(prefix: prefix), encoding: .utf8) else { return nil }
        return LlamaBuildRecord(text: text)
    }
}
