import ChatTemplates
import Testing

/// Whitespace control: `-` on either side of a tag, `+` to opt out, and the `trim_blocks` and
/// `lstrip_blocks` options transformers turns on. Expectations come from jinja2 3.1.
@Suite struct WhitespaceControlTests {
    /// With transformers' options (`trim_blocks` and `lstrip_blocks` on).
    static let transformersCases: [(String, String)] = [
        ("a  {{- ' b ' -}}  c", "a b c"),
        ("a\n  {%- if true %}\nb\n  {%- endif %}\nc", "abc"),
        ("  {% if true %}\n  x\n  {% endif %}\ny", "  x\ny"),
        ("line\n    {% set x = 1 %}\nnext", "line\nnext"),
        ("{% if true %}inline{% endif %} after", "inline after"),
        ("  {{ 'variables keep indentation' }}\n", "  variables keep indentation"),
        ("{% if true +%}\nkept{%+ if true %} kept{% endif %}{% endif %}", "\nkept kept"),
        ("a {# comment #} b\n  {# own line #}\nc", "a  b\nc"),
        ("a {#- trimmed -#} b", "ab"),
        ("{% for i in [1, 2] %}\n  item {{ i }}\n{% endfor %}\n", "  item 1\n  item 2\n"),
        ("{%- for i in [1, 2] -%}\n  {{ i }}\n{%- endfor -%}\n", "12"),
        ("x\n\n{{- 'y' }}\n\n", "xy\n"),
        ("one trailing newline is dropped\n", "one trailing newline is dropped"),
        ("tab\t{% if true %}\t{% endif %}\n\t{% if true %}x{% endif %}", "tab\t\tx"),
        ("crlf\r\nand cr\rnormalize", "crlf\nand cr\nnormalize"),
        ("{% raw -%}  {{ raw }}  {%- endraw %}", "{{ raw }}"),
        ("<{%- if true -%}>\n\n   x   \n\n<{%- endif -%}>", "<>\n\n   x   \n\n<>"),
        ("{% for i in [1, 2] -%}\n    {{ i }}\n{%- if not loop.last %},{% endif %}\n{% endfor %}", "1,2")
    ]

    /// With Jinja's defaults (both options off), the same engine keeps those newlines and indents.
    static let defaultCases: [(String, String)] = [
        ("  {% if true %}\n  x\n  {% endif %}\ny", "  \n  x\n  \ny"),
        ("{% for i in [1, 2] %}\n{{ i }}\n{% endfor %}", "\n1\n\n2\n"),
        ("a {# c #}\nb", "a \nb"),
        ("a  {%- if true -%}  b  {%- endif -%}  c", "abc")
    ]

    @Test(arguments: transformersCases)
    func transformersOptions(_ source: String, _ expected: String) throws {
        expectIdentical(try JinjaTemplate(source).render([:]), expected)
    }

    @Test(arguments: defaultCases)
    func jinjaDefaultOptions(_ source: String, _ expected: String) throws {
        expectIdentical(try JinjaTemplate(source, options: JinjaTemplate.Options()).render([:]), expected)
    }
}
