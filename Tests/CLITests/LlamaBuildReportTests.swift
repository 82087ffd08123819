import Foundation
import Testing
import TestSupport
@testable import FMCommandLine

/// What `fm availability` says about the llama.cpp build, from set-up's record and the CPU.
@Suite struct LlamaBuildReportTests {
    static let recordText = """
        version=0.3.36
        key=0.3.36-x86_64-0123456789
        variant=no-amx
        variant_reason=AMX off (ggml's AMX kernels crash on some CPUs that advertise AMX)
        cmake_flags=-DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF
        cpu=Intel(R) Xeon(R) Platinum 8480+
        cpu_flags=avx512f amx_tile
        passed_over=native: died with SIGSEGV (signal 11) on SmolLM2-135M-Instruct-Q4_1.gguf
        self_test=passed
        log=/cache/self-test.log
        """

    @Test func theRecordParses() throws {
        let record = try #require(LlamaBuildRecord(text: Self.recordText))
        #expect(record.version == "0.3.36")
        #expect(record.variant == "no-amx")
        #expect(record.cmakeFlags == "-DGGML_NATIVE=OFF -DGGML_AMX_TILE=OFF")
        #expect(record.cpu == "Intel(R) Xeon(R) Platinum 8480+")
        #expect(LlamaBuildRecord(text: "cpu=x\nlog=y") == nil)
    }

    @Test func theReportSaysWhichVariantRunsAndWhy() throws {
        let record = try #require(LlamaBuildRecord(text: Self.recordText))
        let lines = LlamaBuildReport.lines(record: record, recordPath: "/r", cpu: CPUFeatures(flags: ["amx_tile", "avx512f"]))
        #expect(
            lines == [
                "llama.cpp: 0.3.36, build variant no-amx (AMX off (ggml's AMX kernels crash on some CPUs that advertise AMX)), self-test passed on Intel(R) Xeon(R) Platinum 8480+",
                "passed over: native: died with SIGSEGV (signal 11) on SmolLM2-135M-Instruct-Q4_1.gguf (log: /cache/self-test.log)"
            ])
    }

    @Test func anUntestedBuildOnAnAMXCPUGetsTheAdvice() {
        let amx = LlamaBuildReport.lines(record: nil, recordPath: "/usr/local/share/x.env", cpu: CPUFeatures(flags: ["amx_int8", "amx_tile", "avx2"]))
        #expect(amx.count == 2)
        #expect(amx[0].contains("not installed by scripts/setup.sh (no /usr/local/share/x.env)"))
        #expect(amx[1].contains("advertises AMX (amx_int8 amx_tile)"))
        #expect(amx[1].contains("FM_LLAMA_CMAKE_FLAGS"))
        #expect(amx[1].contains("-mno-amx-tile"))
        let plain = LlamaBuildReport.lines(record: nil, recordPath: "/r", cpu: CPUFeatures(flags: ["avx2"]))
        #expect(plain.count == 1)
    }

    @Test func cpuFlagsAreReadFromCpuinfo() throws {
        let file = try ScratchFolder.file("cpuinfo")
        try "processor\t: 0\nmodel name\t: Xeon\nflags\t\t: fpu avx2 amx_tile amx_bf16\n\nprocessor\t: 1\nflags\t\t: fpu\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let cpu = CPUFeatures.current(cpuinfo: file.path)
        #expect(cpu.flags == ["fpu", "avx2", "amx_tile", "amx_bf16"])
        #expect(cpu.amxFlags == ["amx_bf16", "amx_tile"])
        #expect(CPUFeatures.current(cpuinfo: "/nonexistent").flags.isEmpty)
    }
}
