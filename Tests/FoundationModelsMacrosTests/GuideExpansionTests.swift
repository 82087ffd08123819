import Testing

/// Every form of `@Guide`, read by `@Generable` into the property's schema entry.
@Suite struct GuideExpansionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var declaration: String
        var property: String
        var testDescription: String { declaration.replacing("\n", with: " ") }
    }

    static let cases: [Case] = [
        Case(
            declaration: #"@Guide(description: "A name") var name: String"#,
            property: #"GenerationSchema.Property(name: "name", description: "A name", type: String.self)"#
        ),
        Case(
            declaration: #"@Guide(description: "Stars", .range(1...5)) var rating: Int"#,
            property: #"GenerationSchema.Property(name: "rating", description: "Stars", type: Int.self, guides: [.range(1 ... 5)])"#
        ),
        Case(
            declaration: #"@Guide(.count(3)) var tags: [String]"#,
            property: #"GenerationSchema.Property(name: "tags", type: [String].self, guides: [.count(3)])"#
        ),
        Case(
            declaration: "@Guide(description: \"Tags\")\n@Guide(.count(3))\nlet tags: [String]",
            property: #"GenerationSchema.Property(name: "tags", description: "Tags", type: [String].self, guides: [.count(3)])"#
        ),
        Case(
            declaration: "@Guide(.minimumCount(1))\n@Guide(description: \"Codes\", .maximumCount(4))\nvar codes: [String]?",
            property: #"GenerationSchema.Property(name: "codes", description: "Codes", type: [String]?.self, guides: [.minimumCount(1), .maximumCount(4)])"#
        ),
        Case(
            declaration: #"@Guide(.anyOf(["red", "green"]), .constant("red")) var color: String"#,
            property: #"GenerationSchema.Property(name: "color", type: String.self, guides: [.anyOf(["red", "green"]), .constant("red")])"#
        ),
        Case(
            declaration: #"@Guide(.minimum(0.5), .maximum(9.5)) var ratio: Double"#,
            property: #"GenerationSchema.Property(name: "ratio", type: Double.self, guides: [.minimum(0.5), .maximum(9.5)])"#
        ),
        Case(
            declaration: #"@Guide(description: "Maybe", .range(0...10)) var count: Int?"#,
            property: #"GenerationSchema.Property(name: "count", description: "Maybe", type: Int?.self, guides: [.range(0 ... 10)])"#
        ),
        Case(
            declaration: #"@Guide(.element(.range(1...9)), .minimumCount(1)) var digits: [Int]"#,
            property: #"GenerationSchema.Property(name: "digits", type: [Int].self, guides: [.element(.range(1 ... 9)), .minimumCount(1)])"#
        ),
        Case(
            declaration: #"@Guide(.pattern(/[A-Z]{3}/)) var code: String"#,
            property: #"GenerationSchema.Property(name: "code", type: String.self, guides: [._pattern(/[A-Z]{3}/, source: "[A-Z]{3}")])"#
        ),
        Case(
            declaration: #"@Guide(/\d+/) var digits: String"#,
            property: ##"GenerationSchema.Property(name: "digits", type: String.self, guides: [GenerationGuide<String>._pattern(/\d+/, source: #"\d+"#)])"##
        ),
        Case(
            declaration: ##"@Guide(description: "Phone", #/\d{3}-\d{4}/#) var phone: String?"##,
            property:
                ##"GenerationSchema.Property(name: "phone", description: "Phone", type: String?.self, guides: [GenerationGuide<String>._pattern(#/\d{3}-\d{4}/#, source: #"\d{3}-\d{4}"#)])"##
        ),
        Case(
            declaration: #"@Guide(.pattern(try! Regex("[a-z]+"))) var word: String"#,
            property: #"GenerationSchema.Property(name: "word", type: String.self, guides: [._pattern(try! Regex("[a-z]+"), source: "[a-z]+")])"#
        ),
        Case(
            declaration: ##"@Guide(.pattern(try! Regex(#"\w+"#))) var word: String"##,
            property: ##"GenerationSchema.Property(name: "word", type: String.self, guides: [._pattern(try! Regex(#"\w+"#), source: #"\w+"#)])"##
        ),
        Case(
            declaration: #"@Guide(.element(.pattern(/x+/))) var words: [String]"#,
            property: #"GenerationSchema.Property(name: "words", type: [String].self, guides: [.element(._pattern(/x+/, source: "x+"))])"#
        ),
        Case(
            declaration: #"@Guide(.pattern(Self.codeRegex)) var code: String"#,
            property: #"GenerationSchema.Property(name: "code", type: String.self, guides: [.pattern(Self.codeRegex)])"#
        ),
        Case(
            declaration: #"@Guide(try! Regex(codePattern)) var code: String"#,
            property: #"GenerationSchema.Property(name: "code", type: String.self, guides: [GenerationGuide<String>.pattern(try! Regex(codePattern))])"#
        ),
        Case(
            declaration: "@Guide(#/\n  [a-z]+  # letters\n/#) var word: String",
            property: "GenerationSchema.Property(name: \"word\", type: String.self, guides: [GenerationGuide<String>.pattern(#/\n  [a-z]+  # letters\n/#)])"
        )
    ]

    @Test(arguments: cases)
    func schemaProperty(_ testCase: Case) throws {
        let result = expandMacros(in: "@Generable\nstruct Subject {\n\(testCase.declaration)\n}")
        #expect(result.diagnostics == [])
        let start = try #require(result.expandedSource.range(of: "GenerationSchema.Property("))
        let end = try #require(result.expandedSource[start.lowerBound...].range(of: "),\n"))
        let property = String(result.expandedSource[start.lowerBound..<end.lowerBound]) + ")"
        // Why: the expansion is formatted; a multi-line regex literal is re-indented with it.
        #expect(property.collapsingWhitespace() == testCase.property.collapsingWhitespace())
    }

    /// `@Guide` on a type without `@Generable` expands to nothing.
    @Test func guideAloneExpandsToNothing() {
        assertMacroExpansion(
            """
            struct Plain {
                @Guide(description: "Not generated here")
                var name: String
            }
            """,
            expandedSource: """
                struct Plain {
                    var name: String
                }
                """
        )
    }
}

extension String {
    /// The text with every run of whitespace replaced by one space.
    func collapsingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
