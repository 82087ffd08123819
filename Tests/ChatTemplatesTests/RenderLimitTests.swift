import ChatTemplates
import Testing

/// Hostile templates (they come inside model files) end with a runtime error at the render
/// limits, quickly, instead of hanging or taking all memory; ordinary ones are unaffected.
@Suite struct RenderLimitTests {
    static let hostile: [(source: String, message: String)] = [
        ("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}", "loop iterations and macro calls"),
        ("{% macro m(n) %}{% if n > 0 %}{{ m(n - 1) }}{{ m(n - 1) }}{% endif %}{% endmacro %}{{ m(60) }}", "loop iterations and macro calls"),
        ("{{ 'ab' * 100000000000 }}", "render limit of 8388608 bytes"),
        ("{{ ('x' * 1000) * 1000000 }}", "render limit of 8388608 bytes"),
        ("{{ [1, 2] * 9000000000000 }}", "render limit of 1000000 elements"),
        ("{{ 'x'.ljust(99999999999) }}", "render limit of 8388608 bytes"),
        ("{{ '7'.zfill(99999999999) }}", "render limit of 8388608 bytes"),
        ("{% set ns = namespace(s='ab') %}{% for i in range(100) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}", "render limit of 8388608 bytes"),
        ("{% for i in range(100000) %}{{ 'y' * 1000 }}{% endfor %}", "the rendered text exceeds the render limit")
    ]

    @Test(arguments: hostile.indices)
    func hostileTemplatesStopAtALimit(_ index: Int) throws {
        let (source, expected) = Self.hostile[index]
        let template = try JinjaTemplate(source)
        #expect {
            _ = try template.render([:])
        } throws: { error in
            guard case .runtime(let message, _) = error as? TemplateError else { return false }
            return message.contains(expected)
        }
    }

    @Test func largeButOrdinaryRendersPass() throws {
        let template = try JinjaTemplate("{% for i in range(1000) %}{{ 'z' * 100 }}{% endfor %}{{ ('ab' * 10) | length }}")
        let text = try template.render([:])
        #expect(text.utf8.count == 100_000 + 2)
        #expect(text.hasSuffix("z20"))
    }
}
