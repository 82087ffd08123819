import ChatTemplates
import Testing

/// Errors name the line and column of the offending construct, and say what it is.
@Suite struct ErrorTests {
    /// A template, where its error should point, and words its message should contain.
    struct Case: Sendable, CustomTestStringConvertible {
        var source: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { source.debugDescription }

        init(_ source: String, _ line: Int, _ column: Int, _ message: String) {
            self.source = source
            self.line = line
            self.column = column
            self.message = message
        }
    }

    static let syntaxErrors: [Case] = [
        Case("{% if x %}\nunclosed", 1, 4, "'if' is not closed"),
        Case("{% for %}", 1, 8, "expected a variable name, got '%}'"),
        Case("{{ 1 + }}", 1, 8, "unexpected '}}'"),
        Case("line one\n{% endfor %}", 2, 4, "unknown tag 'endfor'"),
        Case("{{ 'unterminated }}", 1, 4, "unterminated string literal"),
        Case("ok\n  {% foo bar %}", 2, 6, "unknown tag 'foo'"),
        Case("{{ (1 }}", 1, 7, "unexpected '}', expected ')'"),
        Case("{{ [1, 2) }}", 1, 9, "unexpected ')', expected ']'"),
        Case("{# never closed", 1, 1, "missing end of comment tag"),
        Case("{{ x\n", 1, 1, "expected '}}'"),
        Case("{% macro m(a=1, b) %}{% endmacro %}", 1, 17, "non-default parameter 'b'"),
        Case("{% include 'other.jinja' %}", 1, 4, "'include' is not supported"),
        Case("{% for x in y recursive %}{% endfor %}", 1, 4, "recursive for loops"),
        Case("{{ '\\xZZ' }}", 1, 5, "invalid \\x escape"),
        Case("{% set x = 1 %}\n{% else %}", 2, 4, "unknown tag 'else'"),
        Case("{% for x in y %}{% if x %}{% endfor %}", 1, 30, "innermost open block is 'if'"),
        // Nesting is limited so that hostile templates cannot overflow a task's stack.
        Case("{{ " + String(repeating: "(", count: 150) + "1" + String(repeating: ")", count: 150) + " }}", 1, 104, "nests more than 100 levels"),
        Case("{{ 1" + String(repeating: " + 1", count: 500) + " }}", 1, 404, "nests more than 100 levels"),
        Case(String(repeating: "{% if true %}", count: 150), 1, 1294, "nests more than 100 levels")
    ]

    static let runtimeErrors: [Case] = [
        Case("{{ 'a' | tojsn }}", 1, 10, "no filter named 'tojsn'"),
        Case("{{ 1 is frobbed }}", 1, 6, "no test named 'frobbed'"),
        Case("first\n{{ 1 + 'a' }}", 2, 6, "unsupported operand type(s) for +: 'int' and 'str'"),
        Case("{{ 10 / 0 }}", 1, 7, "division by zero"),
        Case("{{ missing.attribute }}", 1, 4, "'missing' is undefined"),
        Case("{{ none | length }}", 1, 11, "object of type 'NoneType' has no len()"),
        Case("{% set x = 1 %}{% set x.y = 2 %}", 1, 19, "not a namespace"),
        Case("{{ [1, 2].append(3) }}", 1, 4, "'append' of 'list' object is unsafe"),
        Case("{{ 'x' < 1 }}", 1, 10, "'<' not supported between instances of 'str' and 'int'"),
        Case("{{ undefined_value | tojson }}", 1, 22, "Object of type Undefined is not JSON serializable"),
        Case("{{ 9223372036854775807 + 1 }}", 1, 24, "integer overflow"),
        Case("{% macro r() %}{{ r() }}{% endmacro %}{{ r() }}", 1, 19, "recursed more than 64 levels"),
        Case("{{ range(200000) | length }}", 1, 4, "range too big"),
        Case("{% for a, b in [[1, 2, 3]] %}{% endfor %}", 1, 4, "too many values to unpack")
    ]

    @Test(arguments: syntaxErrors)
    func syntaxErrorsNameTheirLocation(_ errorCase: Case) {
        #expect {
            _ = try JinjaTemplate(errorCase.source)
        } throws: { error in
            guard case .syntax(let message, let location) = error as? TemplateError else { return false }
            return location == TemplateLocation(line: errorCase.line, column: errorCase.column)
                && message.contains(errorCase.message)
        }
    }

    @Test(arguments: runtimeErrors)
    func runtimeErrorsNameTheirLocation(_ errorCase: Case) throws {
        let template = try JinjaTemplate(errorCase.source)
        #expect {
            _ = try template.render([:])
        } throws: { error in
            guard case .runtime(let message, let location) = error as? TemplateError else { return false }
            return location == TemplateLocation(line: errorCase.line, column: errorCase.column)
                && message.contains(errorCase.message)
        }
    }

    @Test func raiseExceptionCarriesTheTemplatesMessage() throws {
        let template = try ChatTemplate(
            source: """
                {% if messages[0]['role'] == 'system' %}
                  {{- raise_exception('System role not supported') }}
                {% endif %}
                """)
        #expect(throws: TemplateError.raised(message: "System role not supported", location: TemplateLocation(line: 2, column: 7))) {
            try template.render(messages: [.system("s"), .user("u")])
        }
        #expect(try template.render(messages: [.user("u")]) == "")
    }

    @Test func raiseExceptionMessageIsTheStringOfItsArgument() throws {
        let template = try JinjaTemplate("{{ raise_exception('bad role: ' ~ role ~ ' at ' ~ index) }}")
        #expect(throws: TemplateError.raised(message: "bad role: robot at 3", location: TemplateLocation(line: 1, column: 4))) {
            try template.render(["role": "robot", "index": 3])
        }
    }

    @Test func errorDescriptionsNameKindLocationAndMessage() {
        let error = TemplateError.runtime(message: "no filter named 'x'", location: TemplateLocation(line: 3, column: 14))
        #expect(error.description == "template error at 3:14: no filter named 'x'")
        #expect(error.message == "no filter named 'x'")
        #expect(TemplateError.syntax(message: "m", location: TemplateLocation(line: 1, column: 2)).description == "template syntax error at 1:2: m")
    }

    @Test(arguments: [
        ("{\"a\": }", 1, 7),
        ("[1, 2,\n  ]", 2, 3),
        ("{\"a\": 1} extra", 1, 10),
        ("\"unterminated", 1, 14),
        ("{\"k\" 1}", 1, 6),
        ("01", 1, 1)
    ])
    func invalidJSONNamesItsLocation(_ text: String, _ line: Int, _ column: Int) {
        #expect {
            _ = try TemplateValue(jsonText: text)
        } throws: { error in
            guard case .invalidJSON(_, let location) = error as? TemplateError else { return false }
            return location == TemplateLocation(line: line, column: column)
        }
    }
}
