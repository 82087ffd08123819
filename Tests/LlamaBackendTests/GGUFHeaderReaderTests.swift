import Foundation
import Testing
@testable import LlamaBackend
import TestSupport

/// `GGUFHeaderReader` and `GGUFMetadata` on headers written here (every value type, cut and
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
            let path = try ScratchFolder.file("gguf-header.gguf").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    /// A header with a value of every kind before and after the languages.
    static func sample() -> Header {
        var header = Header(pairs: 18)
        header.key("general.name", type: 8)
        header.string("Sample")
        header.key("sample.u8", type: 0)
        header.append(UInt8(7))
        header.key("sample.i8", type: 1)
        header.append(Int8(-3))
        header.key("sample.u16", type: 2)
        header.append(UInt16(65_535))
        header.key("sample.i16", type: 3)
        header.append(Int16(-300))
        header.key("sample.i32", type: 5)
        header.append(Int32(-70_000))
        header.key("sample.f32", type: 6)
        header.append(UInt32(0x3F80_0000))
        header.key("sample.bool", type: 7)
        header.append(UInt8(1))
        header.key("sample.u64", type: 10)
        header.append(UInt64.max)
        header.key("sample.i64", type: 11)
        header.append(Int64(-5))
        header.key("sample.f64", type: 12)
        header.append((0.5 as Double).bitPattern)
        header.key("sample.cut", type: 8)
        header.string("before\u{0}after")
        header.key("sample.bools", type: 9)
        header.append(UInt32(7))
        header.append(UInt64(3))
        header.bytes += [1, 0, 1]
        header.stringArray("sample.strings", ["a", "b"])
        header.stringArray("general.languages", ["en", "fr", "日本語"])
        header.key("sample.u32", type: 4)
        header.append(UInt32(42))
        header.stringArray("tokenizer.ggml.tokens", ["<s>", "Ġthe", "é"])
        header.key("tokenizer.chat_template", type: 8)
        header.string("{{ messages }}")
        return header
    }

    /// Writes `header`, calls `body` with the file's path, and removes the file.
    @discardableResult
    static func withFile<Result>(_ header: Header, _ body: (String) throws -> Result) throws -> Result {
        let path = try header.write()
        return try body(path)
    }

    @Test func aStringArrayIsFoundAfterValuesOfEveryKind() throws {
        try Self.withFile(Self.sample()) { path in
            #expect(GGUFHeaderReader.stringArray("general.languages", inFileAt: path) == ["en", "fr", "日本語"])
            #expect(GGUFHeaderReader.stringArray("tokenizer.ggml.tokens", inFileAt: path) == ["<s>", "Ġthe", "é"])
        }
    }

    @Test func keysThatHoldNoStringArrayReadAsEmpty() throws {
        try Self.withFile(Self.sample()) { path in
            for key in ["general.name", "sample.bools", "sample.u32", "absent.key", "general"] {
                #expect(GGUFHeaderReader.stringArray(key, inFileAt: path).isEmpty, "\(key)")
            }
        }
    }

    @Test func theMetadataGivesEveryScalarAsTextAndLeavesArraysOut() throws {
        let metadata = try Self.withFile(Self.sample()) { try GGUFMetadata(contentsOfFile: $0) }
        #expect(
            metadata.values == [
                "general.name": "Sample", "sample.u8": "7", "sample.i8": "-3", "sample.u16": "65535", "sample.i16": "-300",
                "sample.i32": "-70000", "sample.f32": "1.0", "sample.bool": "true", "sample.u64": "18446744073709551615",
                "sample.i64": "-5", "sample.f64": "0.5", "sample.cut": "before", "sample.u32": "42",
                "tokenizer.chat_template": "{{ messages }}"
            ])
    }

    @Test func aFileCutAnywhereReadsAsAbsentOrWhole() throws {
        let whole = Self.sample().bytes
        let languages = ["en", "fr", "日本語"]
        var found = 0
        for length in 0..<whole.count {
            var cut = Header(pairs: 0)
            cut.bytes = Array(whole.prefix(length))
            try Self.withFile(cut) { path in
                let read = GGUFHeaderReader.stringArray("general.languages", inFileAt: path)
                #expect(read.isEmpty || read == languages, "cut at \(length)")
                if read == languages { found += 1 }
                // The metadata needs the whole header.
                #expect(throws: LlamaError.notAGGUFFile(path: path)) { try GGUFMetadata(contentsOfFile: path) }
            }
        }
        // Once the languages are whole, what follows them no longer matters.
        #expect(found > 0)
    }

    /// Headers that llama.cpp's reader refuses, each with the languages after the fault.
    static func malformedHeaders() -> [(name: String, header: Header)] {
        var oldVersion = Header(version: 1, pairs: 1)
        oldVersion.stringArray("general.languages", ["en"])
        var newVersion = Header(version: 4, pairs: 1)
        newVersion.stringArray("general.languages", ["en"])
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
        var nested = Header(pairs: 2)
        nested.key("sample.nested", type: 9)  // an array of arrays of strings
        nested.append(UInt32(9))
        nested.append(UInt64(1))
        nested.append(UInt32(8))
        nested.append(UInt64(1))
        nested.string("a")
        nested.stringArray("general.languages", ["en"])
        var deep = Header(pairs: 2)
        deep.key("sample.deep", type: 9)
        for _ in 0..<20 {
            deep.append(UInt32(9))
            deep.append(UInt64(1))
        }
        deep.stringArray("general.languages", ["en"])
        var emptyKey = Header(pairs: 2)
        emptyKey.key("", type: 4)
        emptyKey.append(UInt32(1))
        emptyKey.stringArray("general.languages", ["en"])
        var repeatedKey = Header(pairs: 3)
        for _ in 0..<2 {
            repeatedKey.key("general.name", type: 8)
            repeatedKey.string("Twice")
        }
        repeatedKey.stringArray("general.languages", ["en"])
        return [
            ("version 1", oldVersion), ("version 4", newVersion), ("not GGUF", notGGUF), ("huge string", hugeString),
            ("largest string", largestString), ("huge array", hugeArray), ("unknown type", unknownType),
            ("array of arrays", nested), ("deep arrays", deep), ("empty key", emptyKey), ("repeated key", repeatedKey)
        ]
    }

    @Test func malformedHeadersReadAsEmptyAndAreNotGGUFMetadata() throws {
        for (name, header) in Self.malformedHeaders() {
            try Self.withFile(header) { path in
                #expect(GGUFHeaderReader.stringArray("general.languages", inFileAt: path).isEmpty, "\(name)")
                #expect(throws: LlamaError.notAGGUFFile(path: path), "\(name)") { try GGUFMetadata(contentsOfFile: path) }
            }
        }
        #expect(GGUFHeaderReader.stringArray("general.languages", inFileAt: "/nonexistent/model.gguf").isEmpty)
        #expect(throws: LlamaError.modelFileNotFound(path: "/nonexistent/model.gguf")) {
            try GGUFMetadata(contentsOfFile: "/nonexistent/model.gguf")
        }
    }

    @Test func aKeyIsNamedUpToItsFirstZeroByteAndItsFirstPairWins() throws {
        // llama.cpp looks keys up with strcmp and takes the first match; two keys that differ
        // only after a zero byte are not a repeated key to its reader.
        var header = Header(pairs: 3)
        header.stringArray("general.languages\u{0}first", ["de"])
        header.stringArray("general.languages", ["en"])
        header.key("general.name\u{0}x", type: 8)
        header.string("Named")
        try Self.withFile(header) { path in
            #expect(GGUFHeaderReader.stringArray("general.languages", inFileAt: path) == ["de"])
            let metadata = try GGUFMetadata(contentsOfFile: path)
            #expect(metadata.values == ["general.name": "Named"])
        }
    }

    @Test(.requiresSmolLM2) func theRealHeadersAreWalkedWhole() throws {
        let smol = try TestModels.smolLM2()
        // SmolLM2's languages come after its general keys; its tokens and merges come later.
        #expect(smol.languages == ["en"])
        #expect(GGUFHeaderReader.stringArray("tokenizer.ggml.tokens", inFileAt: smol.path).count == smol.vocabulary.count)
        #expect(!GGUFHeaderReader.stringArray("tokenizer.ggml.merges", inFileAt: smol.path).isEmpty)
        // The metadata walks the whole header and agrees with llama.cpp's own accessors.
        let smolMetadata = try GGUFMetadata(contentsOfFile: smol.path)
        #expect(smolMetadata["general.architecture"] == "llama")
        #expect(smolMetadata["tokenizer.chat_template"] == smol.chatTemplate)
        guard TestModels.hasQwen else { return }
        let qwen = try LlamaModelStore.shared.modelSynchronously(at: TestModels.qwenPath)
        // Qwen2.5's file lists no languages: the walk steps over all 151,936 tokens and the merges.
        #expect(qwen.languages.isEmpty)
        #expect(GGUFHeaderReader.stringArray("tokenizer.ggml.tokens", inFileAt: qwen.path).count == qwen.vocabulary.count)
        let qwenMetadata = try GGUFMetadata(contentsOfFile: qwen.path)
        #expect(qwenMetadata["general.architecture"] == "qwen2")
        #expect(qwenMetadata["tokenizer.chat_template"] == qwen.chatTemplate)
    }
}
