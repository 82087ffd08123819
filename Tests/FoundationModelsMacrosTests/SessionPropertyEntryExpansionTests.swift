import FoundationModelsMacros
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// `@SessionPropertyEntry`: its getter, setter and key, and its errors.
@Suite struct SessionPropertyEntryExpansionTests {
    /// Expands with each macro's lexical context, as the compiler gives it.
    func expand(_ source: String) -> (text: String, messages: [String]) {
        let file = Parser.parse(source: source)
        var contexts: [BasicMacroExpansionContext] = []
        let expanded = file.expand(
            macroSpecs: ["SessionPropertyEntry": MacroSpec(type: SessionPropertyEntryMacro.self)],
            contextGenerator: { node in
                let context = BasicMacroExpansionContext(
                    lexicalContext: node.allMacroLexicalContexts(),
                    sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "Test.swift")])
                contexts.append(context)
                return context
            },
            indentationWidth: .spaces(4))
        let messages = contexts.flatMap { $0.diagnostics.map(\.message) }
        return (expanded.description.trimmingCharacters(in: .whitespacesAndNewlines), messages)
    }

    @Test func anEntryExpandsToAccessorsAndAKey() {
        let result = expand(
            """
            extension SessionPropertyValues {
                @SessionPropertyEntry var tagLookups: Int = 0
            }
            """)
        #expect(result.messages.isEmpty)
        #expect(result.text.contains("get {\n            self[__Key_tagLookups.self]\n        }"))
        #expect(result.text.contains("set {\n            self[__Key_tagLookups.self] = newValue\n        }"))
        #expect(result.text.contains("struct __Key_tagLookups: SessionPropertyKey {\n        static var defaultValue: Int {\n            0\n        }"))
    }

    @Test func aPublicEntryHasAPublicKeyAndDefault() {
        let result = expand(
            """
            extension SessionPropertyValues {
                @SessionPropertyEntry public var lookups: Int = 0
            }
            """)
        #expect(result.messages.isEmpty)
        #expect(result.text.contains("public struct __Key_lookups: SessionPropertyKey {\n        public static var defaultValue: Int {"))
    }

    @Test(arguments: [
        ("extension SessionPropertyValues {\n    @SessionPropertyEntry var count: Int\n}", "session property 'count' needs a default value ('= …')"),
        ("extension SessionPropertyValues {\n    @SessionPropertyEntry let count: Int = 0\n}", "session property 'count' must be declared with 'var', not 'let'"),
        ("extension SessionPropertyValues {\n    @SessionPropertyEntry var count = 0\n}", "session property 'count' needs a type annotation"),
        ("extension Settings {\n    @SessionPropertyEntry var count: Int = 0\n}", "@SessionPropertyEntry must be used in an extension of SessionPropertyValues"),
        (
            "extension SessionPropertyValues {\n    @SessionPropertyEntry var count: Int { 1 }\n}",
            "session property 'count' must not have accessors; @SessionPropertyEntry writes them"
        )
    ])
    func malformedEntriesAreClearErrors(source: String, message: String) {
        #expect(expand(source).messages == [message])
    }
}
