@testable import FoundationModelsCore
import Foundation
import Testing

/// `GeneratedContent(json:)` on complete documents, on every prefix of them, and on text that can
/// never become JSON.
@Suite struct PartialJSONParserTests {
    /// Valid documents; every prefix of each must parse.
    static let corpus: [String] = [
        #"{"title": "Hello, world", "tags": ["a", "b"], "count": 12, "ratio": -0.5e-3, "ok": true, "none": null}"#,
        #"[[1, [2, [3]]], {"a": {"b": {"c": []}}}, false]"#,
        #""quote \" backslash \\ slash \/ controls \b\f\n\r\t unicode \u00e9\u4E2D surrogates \ud83d\ude00 raw é 中 😀""#,
        #"{"type": "set", "field": "count", "to": {"type": "number", "value": 1}}"#,
        #"{"ключ": "значение", "emoji 😀": [1.5, -0, 2E+3, 4e-2], "nested": {"deep": [{"x": null}]}}"#,
        " \n\t{ \"a\" : [ 1 , 2 ] , \"b\" : { } } \r\n ",
        "-12.5E+10",
        "0",
        "true",
        "false",
        "null",
        "{}",
        "[]",
        #"{"summary": "Q3 launch.", "actionItems": [{"task": "Fix the login bug", "owner": "Youssef", "priority": "high"}]}"#
    ]

    @Test(arguments: corpus)
    func everyPrefixParses(_ document: String) throws {
        let scalars = Array(document.unicodeScalars)
        for length in 0...scalars.count {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<length])
            let text = String(prefix)
            let content: GeneratedContent
            do {
                content = try GeneratedContent(json: text)
            } catch {
                Issue.record("prefix \(text.debugDescription) threw \(error)")
                continue
            }
            let oracle = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            #expect(content.isComplete == (oracle != nil), "isComplete of \(text.debugDescription)")
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(content.jsonString.utf8), options: .fragmentsAllowed)) != nil,
                "jsonString of \(text.debugDescription) is not JSON: \(content.jsonString)"
            )
        }
    }

    @Test(arguments: corpus)
    func completeDocumentsMatchFoundation(_ document: String) throws {
        let content = try GeneratedContent(json: document)
        #expect(content.isComplete)
        let ours = try JSONSerialization.jsonObject(with: Data(content.jsonString.utf8), options: .fragmentsAllowed) as? NSObject
        let foundation = try JSONSerialization.jsonObject(with: Data(document.utf8), options: .fragmentsAllowed) as? NSObject
        #expect(ours != nil && ours == foundation)
    }

    @Test(arguments: corpus)
    func everyUTF8BytePrefixParses(_ document: String) throws {
        let bytes = Array(document.utf8)
        for length in 0...bytes.count {
            let prefix = bytes[..<length]
            do {
                let content = try GeneratedContent(jsonUTF8: prefix)
                // Why: a character cut short is left out, so the text up to the last whole character
                // gives the same content.
                var whole = length
                while whole > 0, whole < bytes.count, bytes[whole] & 0xC0 == 0x80 { whole -= 1 }
                let expected = try GeneratedContent(json: String(decoding: bytes[..<whole], as: UTF8.self))
                #expect(content.jsonString == expected.jsonString, "byte prefix \(length) of \(document.debugDescription)")
            } catch {
                Issue.record("byte prefix \(length) of \(document.debugDescription) threw \(error)")
            }
        }
    }

    /// Prefixes and what they parse to so far.
    static let partials: [(text: String, json: String)] = [
        ("", "null"),
        (" ", "null"),
        (#"{"na"#, "{}"),
        (#"{"name""#, "{}"),
        (#"{"name":"#, "{}"),
        (#"{"name": "Jo"#, #"{"name": "Jo"}"#),
        (#"{"a": 1"#, #"{"a": 1}"#),
        (#"{"a": 1, "b"#, #"{"a": 1}"#),
        (#"[1, 2"#, "[1, 2]"),
        (#"[1, 2,"#, "[1, 2]"),
        (#"[tr"#, "[true]"),
        (#"{"a": n"#, #"{"a": null}"#),
        (#"{"a": f"#, #"{"a": false}"#),
        ("-", "null"),
        (#"{"x": -"#, "{}"),
        ("1.", "1"),
        ("1e", "1"),
        ("2.5e+", "2.5"),
        (#""\u00"#, #""""#),
        (#""a\u00e9"#, #""aé""#),
        (#""\ud83d"#, #""""#),
        (#""\ud83d\ude"#, #""""#),
        (#""\ud83d\ude00"#, #""😀""#),
        (#""\"#, #""""#),
        (#""x\ud83d!"#, #""x�!""#),
        (#"[{"a": [1, {"b": "c"#, #"[{"a": [1, {"b": "c"}]}]"#),
        (#"{"a": {"b": [], "c"#, #"{"a": {"b": []}}"#),
        (#"{"a": 1, "a": 2"#, #"{"a": 2}"#)
    ]

    @Test(arguments: partials)
    func partialContent(_ text: String, json: String) throws {
        let content = try GeneratedContent(json: text)
        #expect(content.jsonString == json)
        #expect(!content.isComplete)
    }

    @Test func completenessOfInnerValues() throws {
        let content = try GeneratedContent(json: #"{"done": [1, 2], "open": [3, "fo"#)
        guard case .structure(let properties, let keys) = content.kind else {
            Issue.record("expected an object, found \(content.kind)")
            return
        }
        #expect(keys == ["done", "open"])
        #expect(properties["done"]?.isComplete == true)
        #expect(properties["open"]?.isComplete == false)
        #expect(try GeneratedContent(json: #"{"n": 12"#).value(Int.self, forProperty: "n") == 12)
        let number = try GeneratedContent(json: #"{"n": 12"#)
        if case .structure(let values, _) = number.kind {
            #expect(values["n"]?.isComplete == false)
        }
        if case .structure(let values, _) = try GeneratedContent(json: #"{"n": 12 "#).kind {
            #expect(values["n"]?.isComplete == true)
        }
    }

    /// Text that can never become JSON, and the byte offset where it stops being JSON.
    static let invalid: [(text: String, offset: Int)] = [
        ("}", 0), ("]", 0), ("[1,]", 3), ("[,1]", 1), (#"{"a" 1}"#, 5), (#"{"a":1,}"#, 7), ("{,}", 1),
        ("{1: 2}", 1), (#"{"a": }"#, 6), ("01", 1), ("-01", 2), ("1.e5", 2), ("1e+-5", 3), ("-a", 1), ("+1", 0),
        (".5", 0), ("1..2", 2), ("NaN", 0), ("Infinity", 0), ("nul l", 3), ("tru e", 3), ("trux", 3), ("nulx", 3),
        ("[1 2]", 3), (#"["a" "b"]"#, 5), (#""\x""#, 2), (#""\u12G4""#, 5), ("\"a\u{01}\"", 2), ("[1]]", 3),
        ("{} {}", 3), (#""abc" x"#, 6), ("'a'", 0), ("[1}", 2), (#"{"a": 1]"#, 7), (#"{"a"}"#, 4), ("1 2", 2),
        ("[-]", 2), ("[1.]", 3), (#"{"a": tRue}"#, 7), ("\u{FEFF}{}", 0)
    ]

    @Test(arguments: invalid)
    func invalidTextThrows(_ text: String, offset: Int) {
        #expect {
            try GeneratedContent(json: text)
        } throws: { error in
            (error as? GeneratedContent.JSONSyntaxError)?.offset == offset
        }
    }

    @Test func invalidUTF8Throws() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x22, 0xFF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0xC3, 0xA9]] {
            #expect(throws: GeneratedContent.JSONSyntaxError.self) { try GeneratedContent(jsonUTF8: bytes) }
        }
        // A sequence cut short is a prefix, not an error.
        #expect(throws: Never.self) { try GeneratedContent(jsonUTF8: [0x22, 0xE2, 0x82]) }
    }

    @Test func nestingIsLimited() {
        let limit = PartialJSONParser.maximumDepth
        #expect(throws: Never.self) { try GeneratedContent(json: String(repeating: "[", count: limit)) }
        #expect(throws: GeneratedContent.JSONSyntaxError.self) {
            try GeneratedContent(json: String(repeating: "[", count: limit + 1))
        }
    }

    @Test func largeDocumentsAndTheirPrefixesParse() throws {
        // A streamed response is parsed again at every snapshot: a large one must parse whole,
        // and every cut through it must parse as incomplete. (Its speed is not a test's business.)
        let items = 8_000
        let text =
            "["
            + (0..<items).map { #"{"id": \#($0), "name": "item \#($0) \u00e9", "tags": ["a", "b"], "ok": true}"# }
            .joined(separator: ", ") + "]"
        let whole = try GeneratedContent(json: text)
        #expect(whole.isComplete)
        guard case .array(let elements) = whole.kind else {
            Issue.record("not an array")
            return
        }
        #expect(elements.count == items)
        for cut in stride(from: 1, to: text.count, by: text.count / 17) {
            let prefix = try GeneratedContent(json: String(text.prefix(cut)))
            #expect(!prefix.isComplete, "cut at \(cut)")
        }
    }
}
