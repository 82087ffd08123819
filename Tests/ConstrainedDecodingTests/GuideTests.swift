import ConstrainedDecoding
import JSONValues
import Testing

/// One guide: a schema, complete texts it must accept, texts it must reject as complete outputs,
/// and prefixes that must be refused at once (byte-level acceptance).
struct GuideCase: Sendable, CustomStringConvertible {
    var name: String
    var schema: String
    var accepted: [String]
    var rejected: [String]
    var deadPrefixes: [String] = []
    var livePrefixes: [String] = []
    var layout: JSONLayout = .canonical

    var description: String { name }
}

@Suite struct GuideTests {
    static let cases: [GuideCase] = [
        GuideCase(
            name: "property order follows x-order",
            schema:
                ##"{"type":"object","title":"T","properties":{"a":{"type":"string"},"b":{"type":"integer"}},"required":["a","b"],"x-order":["b","a"],"additionalProperties":false}"##,
            accepted: [#"{"b": 1, "a": "x"}"#], rejected: [#"{"a": "x", "b": 1}"#, #"{"b": 1}"#, #"{"b":1,"a":"x"}"#],
            deadPrefixes: [#"{"a"#, #"{ "#]),
        GuideCase(
            name: "property order follows the document without x-order",
            schema: ##"{"type":"object","properties":{"z":{"type":"boolean"},"a":{"type":"null"}},"required":["z","a"]}"##,
            accepted: [#"{"z": true, "a": null}"#], rejected: [#"{"a": null, "z": true}"#]),
        GuideCase(
            name: "optional properties may be included or omitted, in order",
            schema: ##"{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"string"},"c":{"type":"boolean"}},"required":["b"],"additionalProperties":false}"##,
            accepted: [#"{"b": ""}"#, #"{"a": 1, "b": "x"}"#, #"{"b": "x", "c": false}"#, #"{"a": -3, "b": "y", "c": true}"#],
            rejected: [#"{}"#, #"{"a": 1}"#, #"{"b": "x", "a": 1}"#, #"{"c": true, "b": "x"}"#, #"{"b": "x", "d": 1}"#]),
        GuideCase(
            name: "array count within minItems and maxItems",
            schema: ##"{"type":"array","items":{"type":"integer"},"minItems":2,"maxItems":3}"##,
            accepted: ["[1, 2]", "[1, 2, 3]"], rejected: ["[]", "[1]", "[1, 2, 3, 4]", "[1,2]"],
            deadPrefixes: ["[1, 2, 3, "]),
        GuideCase(
            name: "element guide on array items",
            schema: ##"{"type":"array","items":{"type":"string","enum":["red","green"]}}"##,
            accepted: ["[]", #"["red"]"#, #"["green", "red"]"#], rejected: [#"["blue"]"#],
            deadPrefixes: [#"["b"#]),
        GuideCase(
            name: "string choices (anyOf of strings encodes as enum)",
            schema: ##"{"type":"string","enum":["alpha","beta","alpine"]}"##,
            accepted: [#""alpha""#, #""beta""#, #""alpine""#], rejected: [#""alp""#, #""gamma""#],
            deadPrefixes: [#""g"#], livePrefixes: [#""alp"#]),
        GuideCase(
            name: "const",
            schema: ##"{"const":"fixed"}"##, accepted: [#""fixed""#], rejected: [#""fixe""#, #""fixed2""#]),
        GuideCase(
            name: "regex pattern",
            schema: ##"{"type":"string","pattern":"^[A-Z]{2}-\\d{3}$"}"##,
            accepted: [#""AB-123""#], rejected: [#""AB-12""#, #""ab-123""#, #""AB-1234""#],
            deadPrefixes: [#""a"#, #""AB-12x"#]),
        GuideCase(
            name: "pattern search semantics, alternation and groups",
            schema: ##"{"type":"string","pattern":"(cat|dog)s?$"}"##,
            accepted: [#""cat""#, #""my dogs""#, #""xcat""#], rejected: [#""cow""#, #""cats!""#]),
        GuideCase(
            name: "integer maximum: digits that can still fit",
            schema: ##"{"type":"integer","maximum":150}"##,
            accepted: ["1", "15", "150", "-7", "0"], rejected: ["151", "1500", "01", "1.5"],
            deadPrefixes: ["151", "160", "01"], livePrefixes: ["1", "15", "-"]),
        GuideCase(
            name: "integer minimum: prefixes that can still grow into range",
            schema: ##"{"type":"integer","minimum":10,"maximum":20}"##,
            accepted: ["10", "15", "20"], rejected: ["1", "9", "21", "-10"],
            deadPrefixes: ["3", "-", "21"], livePrefixes: ["1", "2"]),
        GuideCase(
            name: "negative integer bounds",
            schema: ##"{"type":"integer","minimum":-5,"maximum":-2}"##,
            accepted: ["-5", "-2", "-3"], rejected: ["-1", "-6", "0", "2"],
            deadPrefixes: ["0", "1", "-6", "-1"]),
        GuideCase(
            name: "number bounds with decimals",
            schema: ##"{"type":"number","minimum":0.5,"maximum":2.5}"##,
            accepted: ["0.5", "1", "2.5", "2.49", "0.75"], rejected: ["0.4", "2.51", "3", "0"],
            deadPrefixes: ["3", "2.6", "0.4"], livePrefixes: ["0", "0.", "2."]),
        GuideCase(
            name: "exclusive bounds",
            schema: ##"{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1}"##,
            accepted: ["0.5", "0.001"], rejected: ["0", "1", "0.0"]),
        GuideCase(
            name: "enum with associated values: anyOf of objects with a discriminator",
            schema:
                ##"{"anyOf":[{"type":"object","properties":{"type":{"const":"circle"},"r":{"type":"number"}},"required":["type","r"],"additionalProperties":false},{"type":"object","properties":{"type":{"const":"none"}},"required":["type"],"additionalProperties":false}]}"##,
            accepted: [#"{"type": "circle", "r": 2}"#, #"{"type": "none"}"#],
            rejected: [#"{"type": "none", "r": 2}"#, #"{"type": "circle"}"#, #"{"type": "square"}"#]),
        GuideCase(
            name: "recursion to the root",
            schema:
                ##"{"type":"object","title":"Tree","properties":{"v":{"type":"integer"},"kids":{"type":"array","items":{"$ref":"#"}}},"required":["v","kids"],"x-order":["v","kids"],"additionalProperties":false}"##,
            accepted: [#"{"v": 1, "kids": []}"#, #"{"v": 1, "kids": [{"v": 2, "kids": [{"v": 3, "kids": []}]}, {"v": 4, "kids": []}]}"#],
            rejected: [#"{"v": 1, "kids": [{"v": 2}]}"#]),
        GuideCase(
            name: "nested types through $defs",
            schema:
                ##"{"type":"object","properties":{"owner":{"$ref":"#/$defs/Person","description":"ignored"}},"required":["owner"],"additionalProperties":false,"$defs":{"Person":{"type":"object","title":"Person","properties":{"name":{"type":"string"}},"required":["name"],"x-order":["name"],"additionalProperties":false}}}"##,
            accepted: [#"{"owner": {"name": "Ann"}}"#], rejected: [#"{"owner": {}}"#]),
        GuideCase(
            name: "JSON string escapes and Unicode",
            schema: ##"{"type":"string"}"##,
            accepted: [#""a\"b""#, #""\\""#, #""\n\t""#, #""\u00e9""#, #""\ud83d\ude00""#, "\"héllo 😀\"", #""""#],
            rejected: [#""\ud83d""#, #""\ude00""#, "\"a\nb\"", #""\x""#, #""\/""#],
            deadPrefixes: [#""\ude"#, "\"\u{01}"]),
        GuideCase(
            name: "string length counts Unicode scalars",
            schema: ##"{"type":"string","minLength":2,"maxLength":3}"##,
            accepted: [#""ab""#, #""abc""#, "\"😀é\"", #""\u00e9\u00e9""#], rejected: [#""a""#, #""abcd""#, "\"😀😀😀😀\""],
            deadPrefixes: [#""abcd"#]),
        GuideCase(
            name: "compact layout",
            schema: ##"{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}}},"required":["a"]}"##,
            accepted: [#"{"a":[1,2]}"#], rejected: [#"{"a": [1, 2]}"#], layout: .compact),
        GuideCase(
            name: "nullable through a type list",
            schema: ##"{"type":["integer","null"]}"##,
            accepted: ["null", "3"], rejected: ["true", #""3""#]),
        GuideCase(
            name: "formats",
            schema: ##"{"type":"array","prefixItems":[{"type":"string","format":"date"},{"type":"string","format":"uuid"}],"items":false,"minItems":2}"##,
            accepted: [#"["2024-02-28", "123e4567-e89b-12d3-a456-426614174000"]"#],
            rejected: [#"["2024-13-01", "123e4567-e89b-12d3-a456-426614174000"]"#, #"["2024-02-28"]"#]),
        GuideCase(
            name: "oneOf made exclusive by restriction",
            schema: ##"{"oneOf":[{"type":"integer"},{"type":"number","minimum":0}]}"##,
            accepted: ["-3", "0.5"], rejected: ["3"]),
        GuideCase(
            name: "not of a short string list, exactly",
            schema: ##"{"type":"string","not":{"enum":["a","bb","c.d",3]}}"##,
            accepted: [#""ccc""#, #""b""#, #""aa""#, #""""#, #""cxd""#, #""c.dd""#], rejected: [#""a""#, #""bb""#, #""c.d""#]),
        GuideCase(
            name: "not of a long string list, by restriction",
            schema: #"{"type":"string","not":{"enum":["# + (0..<65).map { "\"v\($0)\"" }.joined(separator: ",") + "]}}",
            accepted: [#""vvvv""#], rejected: [#""v1""#, #""v64""#, #""x""#])
    ]

    @Test(arguments: cases)
    func guide(_ guide: GuideCase) throws {
        let grammar = try ByteChecks.compile(guide.schema, options: JSONSchemaOptions(layout: guide.layout))
        for text in guide.accepted {
            #expect(ByteChecks.accepts(grammar, text), "should accept \(text) for \(guide.schema)")
        }
        for text in guide.rejected {
            #expect(!ByteChecks.accepts(grammar, text), "should reject \(text) for \(guide.schema)")
        }
        for prefix in guide.deadPrefixes {
            #expect(!ByteChecks.acceptsPrefix(grammar, prefix), "should refuse prefix \(prefix) for \(guide.schema)")
        }
        for prefix in guide.livePrefixes {
            #expect(ByteChecks.acceptsPrefix(grammar, prefix), "should allow prefix \(prefix) for \(guide.schema)")
        }
    }

    @Test func acceptedTextsValidate() throws {
        for guide in Self.cases {
            let schema = try JSONReader.read(guide.schema)
            for text in guide.accepted {
                #expect(try JSONSchemaValidation.isValid(try JSONReader.read(text), schema: schema), "\(guide.name): \(text)")
            }
        }
    }
}
