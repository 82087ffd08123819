import FoundationModelsMacros
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing

/// The macros under test, with the conformance the compiler would ask `@Generable` to add.
let testMacros: [String: MacroSpec] = [
    "Generable": MacroSpec(type: GenerableMacro.self, conformances: ["Generable"]),
    "Guide": MacroSpec(type: GuideMacro.self),
    "SessionPropertyEntry": MacroSpec(type: SessionPropertyEntryMacro.self)
]

/// A diagnostic as a test expects it: its message, severity and 1-based position.
struct ExpectedDiagnostic: Equatable, CustomStringConvertible {
    var message: String
    var line: Int
    var column: Int
    var severity: DiagnosticSeverity = .error

    var description: String { "\(line):\(column) \(severity): \(message)" }
}

/// The result of expanding the macros in a source text.
struct MacroExpansionResult {
    /// The expanded source, trimmed.
    var expandedSource: String
    /// The diagnostics the macros reported, in source order.
    var diagnostics: [ExpectedDiagnostic]
}

/// Expands `@Generable` and `@Guide` in `source` the way the compiler's plugin host does.
///
/// The toolchain ships no `SwiftSyntaxMacrosTestSupport`; this is the small part of its
/// `assertMacroExpansion` the tests need, built on `SwiftSyntaxMacroExpansion`.
func expandMacros(in source: String) -> MacroExpansionResult {
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(
        sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "Test.swift")]
    )
    let expanded = file.expand(macroSpecs: testMacros, contextGenerator: { _ in context }, indentationWidth: .spaces(4))
    let converter = SourceLocationConverter(fileName: "Test.swift", tree: file)
    let diagnostics = context.diagnostics.map { diagnostic in
        // Why: peer macros receive detached copies of their nodes; the context knows where each
        // copy came from, as the compiler does.
        var line = diagnostic.location(converter: converter).line
        var column = diagnostic.location(converter: converter).column
        if let location = context.location(of: diagnostic.node, at: .afterLeadingTrivia, filePathMode: .fileID),
            let mappedLine = location.line.as(IntegerLiteralExprSyntax.self)?.representedLiteralValue,
            let mappedColumn = location.column.as(IntegerLiteralExprSyntax.self)?.representedLiteralValue
        {
            line = mappedLine
            column = mappedColumn
        }
        return ExpectedDiagnostic(
            message: diagnostic.message,
            line: line,
            column: column,
            severity: diagnostic.diagMessage.severity
        )
    }
    return MacroExpansionResult(
        expandedSource: expanded.description.trimmingWhitespace(),
        diagnostics: diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    )
}

/// Checks that `source` expands to `expected` with exactly the expected diagnostics.
func assertMacroExpansion(
    _ source: String,
    expandedSource expected: String,
    diagnostics expectedDiagnostics: [ExpectedDiagnostic] = [],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let result = expandMacros(in: source)
    #expect(
        result.expandedSource == expected.trimmingWhitespace(),
        "expansion differs:\n\(lineDiff(expected: expected.trimmingWhitespace(), actual: result.expandedSource))",
        sourceLocation: sourceLocation
    )
    #expect(result.diagnostics == expectedDiagnostics, sourceLocation: sourceLocation)
}

/// The first lines where two texts differ, for readable failures.
private func lineDiff(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
        let left = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
        let right = index < actualLines.count ? String(actualLines[index]) : "<end>"
        if left != right {
            return "line \(index + 1):\n  expected: \(left)\n  actual:   \(right)\n--- actual expansion ---\n\(actual)"
        }
    }
    return "(texts are equal)"
}

extension String {
    func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}

/// One row of an expansion table: a source and its full expansion.
struct ExpansionCase: CustomTestStringConvertible, Sendable {
    var name: String
    var source: String
    var expansion: String
    var testDescription: String { name }
}
