import SwiftSyntax

/// One case of a `@Generable` enum.
struct GenerableCase {
    /// One associated value.
    struct Value {
        /// The label as written, if any.
        var label: TokenSyntax?
        /// The key in generated content: the label, or `value`, `value1`, … by position.
        var key: String
        var type: TypeSyntax
        var isOptional: Bool
    }

    /// The case's name in generated content (without backticks).
    var name: String
    /// The case's identifier as written.
    var identifier: TokenSyntax
    var values: [Value]
}

/// What `@Generable` writes for an enum.
///
/// An enum without associated values is a choice between its case names: a string schema with an
/// `enum` of them, content that is the case name, and `PartiallyGenerated == Self`. An enum with
/// associated values is a choice between one object per case, `{"type": "<case>", <values>…}`
/// (unlabeled values are named `value`, `value1`, …; absent optionals are left out), with a nested
/// `PartiallyGenerated` enum whose values are optional partial values.
struct EnumExpansion {
    let typeName: String
    let access: String
    let arguments: GenerableArguments
    let cases: [GenerableCase]
    let declaresContentInitializer: Bool

    /// Reads an enum's cases.
    static func cases(of declaration: EnumDeclSyntax, diagnostics: inout DiagnosticList) -> [GenerableCase] {
        var cases: [GenerableCase] = []
        for member in declaration.memberBlock.members {
            guard let caseDeclaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDeclaration.elements {
                let name = element.name.unescapedName
                var values: [GenerableCase.Value] = []
                for (index, parameter) in (element.parameterClause?.parameters ?? []).enumerated() {
                    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.trimmed }
                    if label?.unescapedName == "type" {
                        diagnostics.append(.reservedAssociatedValueLabel(caseName: name), at: parameter)
                        continue
                    }
                    let key = label?.unescapedName ?? (index == 0 ? "value" : "value\(index)")
                    let type = parameter.type.trimmed
                    if let reason = TypeInspection.unsupportedReason(type) {
                        diagnostics.append(.unsupportedType(name: "\(name).\(key)", type: type.trimmedDescription, reason: reason), at: parameter.type)
                        continue
                    }
                    values.append(.init(label: label, key: key, type: type, isOptional: TypeInspection.optionalWrapped(type) != nil))
                }
                cases.append(GenerableCase(name: name, identifier: element.name.trimmed, values: values))
            }
        }
        return cases
    }

    private var hasAssociatedValues: Bool {
        cases.contains { !$0.values.isEmpty }
    }

    // MARK: - Members

    func members() -> [DeclSyntax] {
        if hasAssociatedValues {
            return [discriminatedSchema(), discriminatedContent(), partiallyGeneratedEnum(), asPartiallyGenerated()]
        }
        return [choiceSchema(), choiceContent()]
    }

    private func choiceSchema() -> DeclSyntax {
        let choices = cases.map { literal($0.name) }.joined(separator: ", ")
        let text = lines([
            "\(access)nonisolated static var generationSchema: GenerationSchema {",
            "    GenerationSchema(",
            "        type: Self.self,",
            indented(arguments.descriptionArgument, 2),
            "        anyOf: [\(choices)]",
            "    )\(arguments.nameSuffix)",
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    private func choiceContent() -> DeclSyntax {
        let switchCases = cases.map { "case .\($0.identifier.text):\n    GeneratedContent(kind: .string(\(literal($0.name))))" }
        let text = lines([
            "\(access)nonisolated var generatedContent: GeneratedContent {",
            "    switch self {",
            indented(switchCases.joined(separator: "\n")),
            "    }",
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    private func discriminatedSchema() -> DeclSyntax {
        let entries = cases.map { choice -> String in
            let properties = choice.values.map { value in
                GenerableProperty(
                    name: value.key,
                    identifier: .identifier(value.key),
                    type: value.type,
                    isOptional: value.isOptional,
                    guides: GuideAttributes()
                ).schemaPropertyExpression
            }
            if properties.isEmpty {
                return "GenerationSchema._DiscriminatedCase(name: \(literal(choice.name)), properties: []),"
            }
            return lines([
                "GenerationSchema._DiscriminatedCase(",
                "    name: \(literal(choice.name)),",
                "    properties: [",
                indented(properties.map { "\($0)," }.joined(separator: "\n"), 2),
                "    ]",
                "),"
            ])
        }
        let text = lines([
            "\(access)nonisolated static var generationSchema: GenerationSchema {",
            "    GenerationSchema(",
            "        type: Self.self,",
            indented(arguments.descriptionArgument, 2),
            indented(arguments.explicitNilArgument, 2),
            "        _discriminatedCases: [",
            indented(entries.joined(separator: "\n"), 3),
            "        ]",
            "    )\(arguments.nameSuffix)",
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    /// `case .name(let value0, …)` for a case.
    private func pattern(_ choice: GenerableCase) -> String {
        guard !choice.values.isEmpty else { return "case .\(choice.identifier.text):" }
        let bindings = choice.values.indices.map { "let value\($0)" }.joined(separator: ", ")
        return "case .\(choice.identifier.text)(\(bindings)):"
    }

    private func discriminatedContent() -> DeclSyntax {
        let switchCases = cases.map { choice -> String in
            var entries = [(key: "type", value: literal(choice.name), isOptional: false)]
            for (index, value) in choice.values.enumerated() {
                entries.append((value.key, "value\(index)", value.isOptional))
            }
            return lines([
                pattern(choice),
                indented(generatedContentBody(entries: entries, explicitNil: arguments.representsNilExplicitly, id: nil))
            ])
        }
        let text = lines([
            "\(access)nonisolated var generatedContent: GeneratedContent {",
            "    switch self {",
            indented(switchCases.joined(separator: "\n")),
            "    }",
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    /// `self = try .name(label: content.value(forProperty: "key"), …)` for a case.
    private func construction(_ choice: GenerableCase) -> String {
        guard !choice.values.isEmpty else { return "self = .\(choice.identifier.text)" }
        let arguments = choice.values.map { value in
            let read = "content.value(forProperty: \(literal(value.key)))"
            return value.label.map { "\($0.argumentLabel): \(read)" } ?? read
        }
        return "self = try .\(choice.identifier.text)(\(arguments.joined(separator: ", ")))"
    }

    /// The body of `init(_ content:)`, shared by the enum and its partially generated form.
    private func contentInitializerBody() -> String {
        let switchCases = cases.map { "case \(literal($0.name)):\n    \(construction($0))" }
        return lines([
            "switch try content.value(String.self, forProperty: \"type\") {",
            switchCases.joined(separator: "\n"),
            "case let choice:",
            "    throw GeneratedContent.ConversionError.unknownChoice(choice, type: \(literal(typeName)))",
            "}"
        ])
    }

    private func partiallyGeneratedEnum() -> DeclSyntax {
        let caseDeclarations = cases.map { choice -> String in
            guard !choice.values.isEmpty else { return "case \(choice.identifier.text)" }
            let parameters = choice.values.map { value in
                let type = "\(TypeInspection.partiallyGeneratedType(value.type).trimmedDescription)?"
                return value.label.map { "\($0.text): \(type)" } ?? type
            }
            return "case \(choice.identifier.text)(\(parameters.joined(separator: ", ")))"
        }
        let initializer = lines([
            "\(access)nonisolated init(_ content: GeneratedContent) throws {",
            indented(contentInitializerBody()),
            "}"
        ])
        let text = lines([
            "\(access)nonisolated enum PartiallyGenerated: ConvertibleFromGeneratedContent {",
            indented(caseDeclarations.joined(separator: "\n") + "\n\n" + initializer),
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    private func asPartiallyGenerated() -> DeclSyntax {
        let switchCases = cases.map { choice -> String in
            guard !choice.values.isEmpty else { return "\(pattern(choice))\n    return .\(choice.identifier.text)" }
            let arguments = choice.values.enumerated().map { index, value in
                let partial = value.isOptional ? "value\(index)?.asPartiallyGenerated()" : "value\(index).asPartiallyGenerated()"
                return value.label.map { "\($0.argumentLabel): \(partial)" } ?? partial
            }
            return "\(pattern(choice))\n    return .\(choice.identifier.text)(\(arguments.joined(separator: ", ")))"
        }
        let text = lines([
            "\(access)nonisolated func asPartiallyGenerated() -> PartiallyGenerated {",
            "    switch self {",
            indented(switchCases.joined(separator: "\n")),
            "    }",
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    // MARK: - Extension

    func extensionMembers() -> [String] {
        guard !declaresContentInitializer else { return [] }
        let body: String
        if hasAssociatedValues {
            body = contentInitializerBody()
        } else {
            let switchCases = cases.map { "case \(literal($0.name)):\n    self = .\($0.identifier.text)" }
            body = lines([
                "switch try content.value(String.self) {",
                switchCases.joined(separator: "\n"),
                "case let choice:",
                "    throw GeneratedContent.ConversionError.unknownChoice(choice, type: \(literal(typeName)))",
                "}"
            ])
        }
        return [
            lines([
                "\(access)nonisolated init(_ content: GeneratedContent) throws {",
                indented(body),
                "}"
            ])
        ]
    }
}
