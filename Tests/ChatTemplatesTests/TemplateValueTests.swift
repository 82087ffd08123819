import ChatTemplates
import Testing

/// The value model: JSON in and out with Python's `json` semantics, Python's `str()` of values,
/// and the ordered dictionary.
@Suite struct TemplateValueTests {
    @Test func jsonParsingKeepsKeyOrder() throws {
        let value = try TemplateValue(jsonText: #"{"z": 1, "a": {"y": true, "b": null}, "m": [1.5, "x"]}"#)
        let object = try #require(value.objectValue)
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"]?.objectValue?.keys == ["y", "b"])
        #expect(try value.jsonText() == #"{"z": 1, "a": {"y": true, "b": null}, "m": [1.5, "x"]}"#)
    }

    @Test func repeatedKeysKeepTheirFirstPositionAndLastValue() throws {
        let value = try TemplateValue(jsonText: #"{"a": 1, "b": 2, "a": 3}"#)
        #expect(try value.jsonText() == #"{"a": 3, "b": 2}"#)
    }

    /// JSON text → `json.dumps(json.loads(text), ensure_ascii=False)`.
    @Test(arguments: [
        (#"1"#, "1"),
        (#"-0"#, "0"),
        (#"1.0"#, "1.0"),
        (#"1e2"#, "100.0"),
        (#"1E-7"#, "1e-07"),
        (#"123456789012345678"#, "123456789012345678"),
        (#"0.1"#, "0.1"),
        (#"1e16"#, "1e+16"),
        (#"[]"#, "[]"),
        (#"{}"#, "{}"),
        (#""\u00e9\ud83d\ude00\n\"\\/""#, "\"é😀\\n\\\"\\\\/\""),
        (#""\u0001\u001f\u007f""#, "\"\\u0001\\u001f\u{7f}\""),
        (#"NaN"#, "NaN"),
        (#"-Infinity"#, "-Infinity"),
        (#"[true, false, null]"#, "[true, false, null]")
    ])
    func jsonRoundTripsLikePython(_ text: String, _ expected: String) throws {
        #expect(try TemplateValue(jsonText: text).jsonText() == expected)
    }

    @Test func indentedJSONMatchesPython() throws {
        let value: TemplateValue = ["b": [1, ["c": nil]], "a": [:], "e": []]
        #expect(try value.jsonText(indent: 2) == "{\n  \"b\": [\n    1,\n    {\n      \"c\": null\n    }\n  ],\n  \"a\": {},\n  \"e\": []\n}")
        #expect(try value.jsonText(sortKeys: true) == #"{"a": {}, "b": [1, {"c": null}], "e": []}"#)
    }

    @Test func undefinedIsNotJSON() {
        #expect(throws: TemplateError.self) { try TemplateValue.array([.undefined]).jsonText() }
    }

    /// Python's `str()` of values, which is what `{{ value }}` prints.
    @Test(arguments: [
        (TemplateValue.int(-12), "-12"),
        (.double(1), "1.0"),
        (.double(-0.0), "-0.0"),
        (.double(0.0001), "0.0001"),
        (.double(0.00001), "1e-05"),
        (.double(123_456_789_012_345_680), "1.2345678901234568e+17"),
        (.double(1e15), "1000000000000000.0"),
        (.double(.infinity), "inf"),
        (.double(.nan), "nan"),
        (.double(.leastNonzeroMagnitude), "5e-324"),
        (.bool(true), "True"),
        (.none, "None"),
        (.undefined, ""),
        (.string("plain"), "plain"),
        (TemplateValue.array(["it's", "say \"hi\"", "both ' \"", "tab\t\u{1}é\u{a0}"]), #"["it's", 'say "hi"', 'both \' "', 'tab\t\x01é\xa0']"#),
        (TemplateValue.object(["k": 1.5, "n": nil]), "{'k': 1.5, 'n': None}")
    ])
    func pythonStringOfValues(_ value: TemplateValue, _ expected: String) {
        #expect(value.description == expected)
    }

    @Test func dictionaryKeepsInsertionOrderAcrossEdits() {
        var dictionary: TemplateDictionary = [:]
        for index in 0..<20 { dictionary["key\(19 - index)"] = .int(index) }
        #expect(dictionary.count == 20)
        #expect(dictionary.keys.first == "key19")
        dictionary["key10"] = "changed"
        dictionary.removeValue(forKey: "key19")
        #expect(dictionary.keys.first == "key18")
        #expect(dictionary["key10"] == "changed")
        #expect(dictionary.contains(key: "key0"))
        #expect(!dictionary.contains(key: "key19"))
        #expect(dictionary.entries.map(\.key) == dictionary.keys)
        #expect(Array(dictionary).count == 19)
    }

    @Test func structuralEqualityDistinguishesWhatPythonEquates() {
        #expect(TemplateValue.int(1) != .double(1))
        #expect(TemplateValue.int(1) != .bool(true))
        #expect(TemplateValue(dictionaryLiteral: ("a", 1), ("b", 2)) != TemplateValue(dictionaryLiteral: ("b", 2), ("a", 1)))
        #expect(TemplateValue.array([1, "a"]) == [1, "a"])
    }

    @Test func accessorsReturnOnlyTheirOwnType() {
        let value: TemplateValue = 3
        #expect(value.intValue == 3)
        #expect(value.doubleValue == 3)
        #expect(value.stringValue == nil)
        #expect(value.boolValue == nil)
        #expect(TemplateValue.none.isNone)
        #expect(TemplateValue.undefined.isUndefined)
        #expect(TemplateValue.string("x").arrayValue == nil)
    }
}
