import Testing
@testable import LlamaBackend

@Suite struct UTF8StreamDecoderTests {
    static let texts = ["plain ASCII", "café naïve", "日本語のテキスト", "emoji 🌈🦊 mixed é", "\u{10FFFF}edge", "a\u{301}combining"]

    /// Splitting the bytes at every position never changes the decoded text, and never emits half
    /// a character.
    @Test(arguments: texts)
    func everySplitDecodesToTheSameText(_ text: String) {
        let bytes = Array(text.utf8)
        for split in 0...bytes.count {
            var decoder = UTF8StreamDecoder()
            let first = decoder.append(Array(bytes[..<split]))
            let second = decoder.append(Array(bytes[split...]))
            let rest = decoder.finish()
            #expect(first + second + rest == text, "split at \(split)")
            #expect(rest.isEmpty)
            #expect(!first.unicodeScalars.contains("\u{FFFD}"))
        }
    }

    @Test(arguments: texts)
    func byteByByteDecodingMatches(_ text: String) {
        var decoder = UTF8StreamDecoder()
        var output = ""
        for byte in text.utf8 { output += decoder.append([byte]) }
        #expect(output + decoder.finish() == text)
    }

    @Test func incompleteCharacterIsHeldBack() {
        var decoder = UTF8StreamDecoder()
        #expect(decoder.append([0x61, 0xF0, 0x9F]) == "a")
        #expect(decoder.hasPendingBytes)
        #expect(decoder.append([0x8C, 0x88]) == "🌈")
        #expect(!decoder.hasPendingBytes)
    }

    @Test func invalidBytesBecomeReplacementCharacters() {
        var decoder = UTF8StreamDecoder()
        #expect(decoder.append([0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
        // A lead byte followed by a non-continuation byte cannot complete: emitted at once.
        #expect(decoder.append([0xE2, 0x41]) == "\u{FFFD}A")
        // An unfinished character at the end becomes U+FFFD when the stream finishes.
        #expect(decoder.append([0xE2, 0x82]) == "")
        #expect(decoder.finish() == "\u{FFFD}")
    }
}
