import ChatTemplates
import Testing

/// The expression language, one expression per row, rendered as `{{ expression }}`.
///
/// Each expectation is what jinja2 3.1 prints (checked with the reference; the snippet fixtures
/// cover the same ground against jinja2 directly).
@Suite struct ExpressionTests {
    static let context: [String: TemplateValue] = [
        "n": 7, "f": 2.5, "s": "héllo", "l": [3, 1, 2], "nothing": nil,
        "d": ["b": 1, "a": [1, 2], "items": 3],
        "m": ["role": "user", "content": "hi", "tool_calls": [["function": ["name": "f", "arguments": ["x": 1]]]]]
    ]

    static let literals: [(String, String)] = [
        ("'single' ~ \"double\"", "singledouble"),
        ("'it\\'s'", "it's"),
        ("'tab\\tnew\\nline'", "tab\tnew\nline"),
        ("'\\x41\\u00e9'", "Aé"),
        ("'a' 'b' 'c'", "abc"),
        ("42", "42"),
        ("1_000", "1000"),
        ("0x1F", "31"),
        ("1.5e3", "1500.0"),
        ("1e16", "1e+16"),
        ("1e-5", "1e-05"),
        ("0.1 + 0.2", "0.30000000000000004"),
        ("true ~ True ~ false ~ none ~ None", "TrueTrueFalseNoneNone"),
        ("[1, 'a', none, true, 1.5]", "[1, 'a', None, True, 1.5]"),
        ("{'k': 'v', 'n': [1]}", "{'k': 'v', 'n': [1]}"),
        ("(1, 2)", "(1, 2)"),
        ("(1,)", "(1,)"),
        ("\"it's\"", "it's"),
        ("[\"it's\"]", "[\"it's\"]")
    ]

    static let arithmetic: [(String, String)] = [
        ("7 / 2", "3.5"),
        ("4 / 2", "2.0"),
        ("7 // 2", "3"),
        ("-7 // 2", "-4"),
        ("-7 % 3", "2"),
        ("7 % -3", "-2"),
        ("2 ** 10", "1024"),
        ("2 ** -1", "0.5"),
        ("2 ** 3 ** 2", "64"),
        ("1 + 1.0", "2.0"),
        ("true + 1", "2"),
        ("'ab' * 2", "abab"),
        ("[1] + [2]", "[1, 2]"),
        ("-n", "-7"),
        ("n ~ '/' ~ f", "7/2.5"),
        ("'x' ~ (1 + 2)", "x3")
    ]

    static let logic: [(String, String)] = [
        ("1 == 1.0", "True"),
        ("true == 1", "True"),
        ("{'a': 1, 'b': 2} == {'b': 2, 'a': 1}", "True"),
        ("1 < 2 < 3", "True"),
        ("3 > 2 > 2", "False"),
        ("'B' < 'a'", "True"),
        ("'ll' in s", "True"),
        ("2 not in l", "False"),
        ("'b' in d", "True"),
        ("0 or '' or 'last'", "last"),
        ("'x' and 0", "0"),
        ("not nothing", "True"),
        ("'yes' if n > 5 else 'no'", "yes"),
        ("'only' if false", ""),
        ("n is odd and n is divisibleby 7", "True"),
        ("nothing is none", "True"),
        ("missing is defined", "False"),
        ("d.zz is undefined", "True"),
        ("l is iterable", "True"),
        ("d is mapping", "True"),
        ("1.0 is integer", "False"),
        ("'a' is in ['a', 'b']", "True")
    ]

    static let access: [(String, String)] = [
        ("d.b", "1"),
        ("d['items']", "3"),
        ("d.a.1", "2"),
        ("d.zz", ""),
        ("l[-1]", "2"),
        ("l[10]", ""),
        ("l[::-1]", "[2, 1, 3]"),
        ("l[1:]", "[1, 2]"),
        ("s[1:3]", "él"),
        ("s[::-1]", "olléh"),
        ("m.tool_calls[0].function.arguments", "{'x': 1}"),
        ("m['tool_calls'][0]['function']['name']", "f"),
        ("d.get('zz', 'fallback')", "fallback"),
        ("d.items() | list", "[('b', 1), ('a', [1, 2]), ('items', 3)]")
    ]

    static let filtersAndMethods: [(String, String)] = [
        ("l | tojson", "[3, 1, 2]"),
        ("m | tojson", "{\"role\": \"user\", \"content\": \"hi\", \"tool_calls\": [{\"function\": {\"name\": \"f\", \"arguments\": {\"x\": 1}}}]}"),
        ("'é\"\\n' | tojson", "\"é\\\"\\n\""),
        ("d.a | tojson(indent=2)", "[\n  1,\n  2\n]"),
        ("{'b': 1, 'a': 2} | tojson(sort_keys=true)", "{\"a\": 2, \"b\": 1}"),
        ("'é' | tojson(ensure_ascii=true)", "\"\\u00e9\""),
        ("'  pad  ' | trim", "pad"),
        ("s | upper", "HÉLLO"),
        ("'hello world' | title", "Hello World"),
        ("'hELLO' | capitalize", "Hello"),
        ("s | length", "5"),
        ("l | join(', ')", "3, 1, 2"),
        ("l | sort | first", "1"),
        ("l | last", "2"),
        ("missing | default('dflt')", "dflt"),
        ("'' | default('dflt', true)", "dflt"),
        ("'42' | int + 1", "43"),
        ("'2.5' | float", "2.5"),
        ("2.5 | round", "2.0"),
        ("2.675 | round(2)", "2.67"),
        ("[{'r': 'a'}, {'r': 'b'}] | map(attribute='r') | join", "ab"),
        ("[0, 1, 2] | select | list", "[1, 2]"),
        ("[{'r': 'a'}, {'r': 'b'}] | selectattr('r', 'equalto', 'b') | list", "[{'r': 'b'}]"),
        ("['a', 'A', 'b'] | unique | list", "['a', 'b']"),
        ("'a\\nb' | indent(2, true)", "  a\n  b"),
        ("'x' | replace('x', 'y')", "y"),
        ("'  a b '.split()", "['a', 'b']"),
        ("'a,b,c'.split(',', 1)", "['a', 'b,c']"),
        ("'x</think>y'.split('</think>')[-1].lstrip('\\n')", "y"),
        ("'Hello'.startswith(('x', 'H'))", "True"),
        ("'{} and {}'.format(1, 'b')", "1 and b"),
        ("'%s=%d' % ('n', 7)", "n=7"),
        ("range(3) | list", "[0, 1, 2]"),
        ("namespace(a=1).a", "1"),
        ("dict(a=1, b='x')", "{'a': 1, 'b': 'x'}")
    ]

    private func render(_ expression: String) throws -> String {
        try JinjaTemplate("{{ " + expression + " }}").render(Self.context)
    }

    @Test(arguments: literals)
    func literal(_ expression: String, _ expected: String) throws {
        #expect(try render(expression) == expected)
    }

    @Test(arguments: arithmetic)
    func arithmeticFollowsPython(_ expression: String, _ expected: String) throws {
        #expect(try render(expression) == expected)
    }

    @Test(arguments: logic)
    func comparisonsLogicAndTests(_ expression: String, _ expected: String) throws {
        #expect(try render(expression) == expected)
    }

    @Test(arguments: access)
    func attributeItemAndSliceAccess(_ expression: String, _ expected: String) throws {
        #expect(try render(expression) == expected)
    }

    @Test(arguments: filtersAndMethods)
    func filterOrMethod(_ expression: String, _ expected: String) throws {
        #expect(try render(expression) == expected)
    }
}
