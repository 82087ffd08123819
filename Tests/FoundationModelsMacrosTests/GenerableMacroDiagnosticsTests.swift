import SwiftDiagnostics
import Testing

/// Every diagnostic of `@Generable` and `@Guide`: source → messages at their line and column.
@Suite struct GenerableMacroDiagnosticsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var diagnostics: [ExpectedDiagnostic]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "on a class",
            source: #"""
                @Generable
                class Note {
                    var text: String
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"@Generable can only be applied to a struct or an enum, not a class"#, line: 1, column: 1)
            ]
        ),
        Case(
            name: "on an actor",
            source: #"""
                @Generable
                actor Counter {}
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"@Generable can only be applied to a struct or an enum, not an actor"#, line: 1, column: 1)
            ]
        ),
        Case(
            name: "on a protocol",
            source: #"""
                @Generable
                protocol Named {}
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"@Generable can only be applied to a struct or an enum, not a protocol"#, line: 1, column: 1)
            ]
        ),
        Case(
            name: "unsupported property types",
            source: #"""
                @Generable
                struct Bag {
                    var counts: [String: Int]
                    var pair: (Int, Int)
                    var callback: () -> Void
                    var shape: any Shape
                    var other: some Shape
                    var unique: Set<String>
                    var forced: String!
                    var nested: Int??
                    var holes: [Int?]
                    var lookup: Dictionary<String, Int>
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(
                    message: #"'counts' cannot be generated: dictionaries are not supported; use an array of a @Generable struct ('[String: Int]')"#, line: 3, column: 17),
                ExpectedDiagnostic(message: #"'pair' cannot be generated: tuples are not supported; use a @Generable struct ('(Int, Int)')"#, line: 4, column: 15),
                ExpectedDiagnostic(message: #"'callback' cannot be generated: functions are not supported ('() -> Void')"#, line: 5, column: 19),
                ExpectedDiagnostic(
                    message: #"'shape' cannot be generated: existential ('any') types are not supported; use a concrete @Generable type ('any Shape')"#, line: 6, column: 16),
                ExpectedDiagnostic(
                    message: #"'other' cannot be generated: opaque ('some') types are not supported; use a concrete @Generable type ('some Shape')"#, line: 7, column: 16),
                ExpectedDiagnostic(message: #"'unique' cannot be generated: sets are not supported; use an array ('Set<String>')"#, line: 8, column: 17),
                ExpectedDiagnostic(message: #"'forced' cannot be generated: implicitly unwrapped optionals are not supported; use an optional ('String!')"#, line: 9, column: 17),
                ExpectedDiagnostic(message: #"'nested' cannot be generated: nested optionals are not supported ('Int??')"#, line: 10, column: 17),
                ExpectedDiagnostic(message: #"'holes' cannot be generated: arrays of optionals are not supported ('[Int?]')"#, line: 11, column: 16),
                ExpectedDiagnostic(
                    message: #"'lookup' cannot be generated: dictionaries are not supported; use an array of a @Generable struct ('Dictionary<String, Int>')"#, line: 12, column: 17
                )
            ]
        ),
        Case(
            name: "properties without a type, bound by a pattern, or lazy",
            source: #"""
                @Generable
                struct Inferred {
                    var count = 0
                    let (a, b): (Int, Int)
                    lazy var cache: [String] = []
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"'count' needs an explicit type annotation to be generated"#, line: 3, column: 9),
                ExpectedDiagnostic(message: #"@Generable properties must be bound to a single name"#, line: 4, column: 9),
                ExpectedDiagnostic(message: #"'cache' is lazy; @Generable cannot generate lazy properties"#, line: 5, column: 14)
            ]
        ),
        Case(
            name: "guides of the wrong type",
            source: #"""
                @Generable
                struct Mismatch {
                    @Guide(.range(1...5)) var name: String
                    @Guide(.anyOf(["a"])) var count: Int
                    @Guide(.count(3)) var title: String
                    @Guide(.pattern(/a/)) var tags: [String]
                    @Guide(.minimum(1)) var flag: Bool
                    @Guide(.element(.anyOf(["x"]))) var numbers: [Int]
                    @Guide(/[0-9]+/) var code: Int
                    @Guide(description: "Fine", .maximumCount(2)) var fine: [Double]?
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"guide '.range' applies to numeric properties (Int, Float, Double, Decimal), but 'name' is 'String'"#, line: 3, column: 12),
                ExpectedDiagnostic(message: #"guide '.anyOf' applies to String properties, but 'count' is 'Int'"#, line: 4, column: 12),
                ExpectedDiagnostic(message: #"guide '.count' applies to array properties, but 'title' is 'String'"#, line: 5, column: 12),
                ExpectedDiagnostic(message: #"guide '.pattern' applies to String properties, but 'tags' is '[String]'"#, line: 6, column: 12),
                ExpectedDiagnostic(message: #"guide '.minimum' applies to numeric properties (Int, Float, Double, Decimal), but 'flag' is 'Bool'"#, line: 7, column: 12),
                ExpectedDiagnostic(message: #"guide '.anyOf' applies to String properties, but the elements of 'numbers' are 'Int'"#, line: 8, column: 21),
                ExpectedDiagnostic(message: #"a regular expression guide applies to String properties, but 'code' is 'Int'"#, line: 9, column: 12)
            ]
        ),
        Case(
            name: "a second GenerationID",
            source: #"""
                @Generable
                struct Identified {
                    var id: GenerationID
                    var other: GenerationID?
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"'other' is a second GenerationID; a @Generable type can store at most one"#, line: 4, column: 9)
            ]
        ),
        Case(
            name: "enum associated values: reserved label and unsupported type",
            source: #"""
                @Generable
                enum Event {
                    case tagged(type: String)
                    case bad([String: Int])
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"the associated value label 'type' of case 'tagged' is reserved for the case name in generated content"#, line: 3, column: 17),
                ExpectedDiagnostic(
                    message: #"'bad.value' cannot be generated: dictionaries are not supported; use an array of a @Generable struct ('[String: Int]')"#, line: 4, column: 14)
            ]
        ),
        Case(
            name: "representNilExplicitlyInGeneratedContent not a literal",
            source: #"""
                let explicit = true
                @Generable(representNilExplicitlyInGeneratedContent: explicit)
                struct Flagged {
                    var value: String?
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"'representNilExplicitlyInGeneratedContent' must be the literal true or false"#, line: 2, column: 54)
            ]
        ),
        Case(
            name: "only computed properties (warning)",
            source: #"""
                @Generable
                struct OnlyComputed {
                    var value: Int { 42 }
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"'OnlyComputed' has only computed properties; its generated schema is an empty object"#, line: 2, column: 8, severity: .warning)
            ]
        ),
        Case(
            name: "two descriptions on one property (warning)",
            source: #"""
                @Generable
                struct TwoDescriptions {
                    @Guide(description: "First")
                    @Guide(description: "Second", .count(2))
                    var items: [String]
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"'items' has more than one @Guide description; the first one is used"#, line: 4, column: 12, severity: .warning)
            ]
        ),
        Case(
            name: "@Guide on a computed property, a static property and a function",
            source: #"""
                struct Host {
                    @Guide(description: "Computed")
                    var computed: Int { 1 }
                    @Guide(description: "Static")
                    static var shared: Int = 0
                    @Guide(description: "Function")
                    func run() {}
                }
                """#,
            diagnostics: [
                ExpectedDiagnostic(message: #"@Guide can only be applied to a stored instance property, not a computed property"#, line: 2, column: 5),
                ExpectedDiagnostic(message: #"@Guide can only be applied to a stored instance property, not a static property"#, line: 4, column: 5),
                ExpectedDiagnostic(message: #"@Guide can only be applied to a stored instance property, not this declaration"#, line: 6, column: 5)
            ]
        )
    ]

    @Test(arguments: cases)
    func diagnostics(_ testCase: Case) {
        #expect(expandMacros(in: testCase.source).diagnostics == testCase.diagnostics)
    }

    @Test func errorsLeaveTheTypeUnexpanded() {
        let result = expandMacros(in: "@Generable\nstruct Bag {\n    var counts: [String: Int]\n}")
        #expect(!result.expandedSource.contains("generationSchema"))
        #expect(!result.expandedSource.contains("extension Bag"))
    }

    @Test(arguments: ["OnlyComputed", "TwoDescriptions"])
    func warningsStillExpand(_ typeName: String) throws {
        let testCase = try #require(Self.cases.first { $0.source.contains("struct \(typeName)") })
        let result = expandMacros(in: testCase.source)
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.expandedSource.contains("extension \(typeName): nonisolated Generable"))
    }
}
