import Foundation
import Testing
@testable import LlamaBackend
import TestSupport

/// `GGUFHeaderReader` on headers written here (every value type, nested arrays, cut and
/// malformed files) and on the real models' headers.
struct GGUFHeaderReaderTests {
    /// A GGUF header, written as the format lays it out (little-endian).
    struct Header {
        var bytes: [UInt8] = []

        init(version: UInt32 = 3, pairs: UInt64) {
            bytes += Array("GGUF".utf8)
            append(version)
            append(UInt64(0))  // tensors
            append(pairs)
        }

        mutating func append(_ value: some FixedWidthInteger) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }

        mutating func string(_ text: String) {
            append(UInt64(text.utf8.count))
            bytes += Array(text.utf8)
        }

        mutating func key(_ name: String, type: UInt32) {
            string(name)
            append(type)
        }

        mutating func stringArray(_ name: String, _ values: [String]) {
            key(name, type: 9)
            append(UInt32(8))
            append(UInt64(values.count))
            for value in values { string(value) }
        }

        func write() throws -> String {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("gguf-header-\(UUID().uuidString).gguf").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// A header with a value of every kind before and after the languages.
    static func sample() -> Header {
        var header = Header(pairs: 9)
        header.key("general.name", type: 8)
        header.string("Sample")
        header.key("sample.u8", type: 0)
        header.append(UInt8(7))
        header.key("sample.f32", type: 6)
        header.append(UInt32(0x3F80_0000))
        header.key("sample.i64", type: 11)
        header.append(Int64(-5))
        header.key("sample.bools", type: 9)
        header.append(UInt32(7))
        header.append(UInt64(3))
        header.bytes += [1, 0, 1]
        header.key("sample.nested", type: 9)  // two arrays of strings
        header.append(UInt32(9))
        header.append(UInt64(2))
        for inner in [["a", "b"], ["c"]] {
            header.append(UInt32(8))
            header.append(UInt64(inner.count))
            for value in inner { header.string(value) }
        }
        header.stringArray("general.languages", ["en", "fr", "日本語"])
        header.key("sample.u32", type: 4)
        header.append(UInt32(42))
        header.stringArray("tokenizer.ggml.tokens", ["<s>", "Ġthe", "é"])
        return header
    }

    @Test func aStringArrayIsFoundAfterValuesOfEveryKind() throws {
        let path = try Self.sample().write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(GGUFHeaderReader.stringArray("general.languages", inFileAt: path) == ["en", "fr", "日本語"])
        #expect(GGUFHeaderReader.stringArray("tokenizer.ggml.tokens", inFileAt: path) == ["<s>", "Ġthe", "é"])
    }

    @Test func keysThatHoldNoStringArrayReadAsEmpty() throws {
        let path = try Self.sample().write()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for key in ["general.name", "sample.bools", "sample.nested", "sample.u32", "absent.key", "general"] {
            #expect(GGUFHeaderReader.stringArray(key, inFileAt: path).isEmpty, "\(key)")
        }
    }

    @Test func aFileCutAnywhereReadsAsAbsentOrWhole() throws {
        let whole = Self.sample().bytes
        let languages = ["en", "fr", "日本語"]
        var found = 0
        for length in 0..<whole.count {
            var cut = Header(pairs: 0)
            cut.bytes = Array(whole.prefix(length))
            let path = try cut.write()
            defer { try? FileManager.default.removeItem(atPath: path) }
            let read = GGUFHeaderReader.stringArray("general.languages", inFileAt: path)
            #expect(read.isEmpty || read == languages, "cut at \(length)")
            if read == languages { found += 1 }
        }
        // Once the languages are whole, what follows them no longer matters.
        #expect(found > 0)
    }

    @Test func malformedHeadersReadAsEmpty() throws {
        var oldVersion = Header(version: 1, pairs: 1)
        oldVersion.stringArray("general.languages", ["en"])
        var notGGUF = Self.sample()
        notGGUF.bytes[0] = UInt8(ascii: "X")
        var hugeString = Header(pairs: 2)
        hugeString.key("general.name", type: 8)
        hugeString.append(UInt64(1) << 60)
        hugeString.stringArray("general.languages", ["en"])
        var largestString = Header(pairs: 2)
        largestString.key("general.name", type: 8)
        largestString.append(UInt64.max)
        largestString.stringArray("general.languages", ["en"])
        var hugeArray = Header(pairs: 2)
        hugeArray.key("sample.huge", type: 9)
        hugeArray.append(UInt32(12))
        hugeArray.append(UInt64.max / 4)
        hugeArray.stringArray("general.languages", ["en"])
        var unknownType = Header(pairs: 2)
        unknownType.key("sample.unknown", type: 99)
        unknownType.stringArray("general.languages", ["en"])
        var deep = Header(pairs: 2)
        deep.key("sample.deep", type: 9)
        for _ in 0..<20 {
            deep.append(UInt32(9))
            deep.append(UInt64(1))
        }
        deep.stringArray("general.languages", ["en"])
        for header in [oldVersion, notGGUF, hugeString, largestString, hugeArray, unknownType, deep] {
            let path = try header.write()
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(GGUFHeaderReader.stringArray("general.languages", inFileAt: path).isEmpty)
        }
        #expect(GGUFHeaderReader.stringArray("general.languages", inFileAt: "/nonexistent/model.gguf").isEmpty)
    }

    @Test(.requiresSmolLM2) func theRealHeadersAreWalkedWhole() throws {
        let smol = try TestModels.smolLM2()
        // SmolLM2's languages come after its general keys; its tokens and merges come later.
        #expect(smol.languages == ["en"])
        #expect(GGUFHeaderReader.stringArray("tokenizer.ggml.tokens", inFileAt: smol.path).count == smol.vocabulary.count)
        #expect(!GGUFHeaderReader.stringArray("tokenizer.ggml.merges", inFileAt: smol.path).isEmpty)
        guard TestModels.hasQwen else { return }
        let qwen = try LlamaModelStore.shared.modelSynchronously(at: TestModels.qwenPath)
        // Qwen2.5's file lists no languages: the walk steps over all 151,936 tokens and the merges.
        #expect(qwen.languages.isEmpty)
        #expect(GGUFHeaderReader.stringArray("tokenizer.ggml.tokens", inFileAt: qwen.path).count == qwen.vocabulary.count)
    }
}
