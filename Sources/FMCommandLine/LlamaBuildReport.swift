/// What `fm availability` says about the llama.cpp build under the model: which variant runs,
/// why, and, on CPUs that advertise AMX, what to do when llama.cpp was not self-tested here.
enum LlamaBuildReport {
    /// The advice for CPUs that advertise AMX (also in the README's troubleshooting section).
    static func amxAdvice(_ cpu: CPUFeatures) -> String {
        """
        note: this CPU advertises AMX (\(cpu.amxFlags.joined(separator: " "))). llama.cpp's AMX kernels crash \
        on some such CPUs (SIGSEGV in ggml_backend_amx_mul_mat, ggml-org/llama.cpp#20824). scripts/setup.sh \
        self-tests its build and turns AMX off when it crashes. If you build llama.cpp yourself, configure it \
        with AMX off (-DGGML_NATIVE=OFF and the extensions you want, or \
        -DCMAKE_C_FLAGS='-mno-amx-tile -mno-amx-int8 -mno-amx-bf16' and the same CMAKE_CXX_FLAGS); \
        scripts/setup.sh passes FM_LLAMA_CMAKE_FLAGS on to cmake.
        """
    }

    /// The report's lines for a record (nil: set-up wrote none) on a CPU.
    static func lines(record: LlamaBuildRecord?, recordPath: String, cpu: CPUFeatures) -> [String] {
        guard let record else {
            var lines = ["llama.cpp: not installed by scripts/setup.sh (no \(recordPath)), so not self-tested on this CPU"]
            if cpu.advertisesAMX { lines.append(amxAdvice(cpu)) }
            return lines
        }
        var lines = [
            "llama.cpp: \(record.version), build variant \(record.variant)"
                + (record.variantReason.isEmpty ? "" : " (\(record.variantReason))")
                + ", self-test passed" + (record.cpu.isEmpty ? "" : " on \(record.cpu)")
        ]
        if !record.passedOver.isEmpty {
            lines.append("passed over: \(record.passedOver)" + (record.log.isEmpty ? "" : " (log: \(record.log))"))
        }
        return lines
    }
}
