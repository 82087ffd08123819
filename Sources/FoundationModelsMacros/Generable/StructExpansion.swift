import SwiftSyntax

/// What `@Generable` writes for a struct.
///
/// Members: `generationSchema` (properties in declaration order), `generatedContent`, a
/// `PartiallyGenerated` struct whose properties are all optional, and `asPartiallyGenerated()`.
/// Extension: the `Generable` conformance with `init(_ content:)`, kept out of the struct's body so
/// that the struct keeps its memberwise initializer.
struct StructExpansion {
    let access: String
    let arguments: GenerableArguments
    let stored: StoredProperties
    let declaresContentInitializer: Bool

    // MARK: - Members

    func members() -> [DeclSyntax] {
        [generationSchema(), generatedContent(), partiallyGeneratedType(), asPartiallyGenerated()]
    }

    private func generationSchema() -> DeclSyntax {
        let properties = stored.properties.map { "\($0.schemaPropertyExpression)," }.joined(separator: "\n")
        let text = lines([
            "\(access)nonisolated static var generationSchema: GenerationSchema {",
            "    GenerationSchema(",
            "        type: Self.self,",
            indented(arguments.descriptionArgument, 2),
            indented(arguments.explicitNilArgument, 2),
            properties.isEmpty ? "        properties: []" : "        properties: [",
            indented(properties, 3),
            properties.isEmpty ? "" : "        ]",
            "    )\(arguments.nameSuffix)",
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    private func generatedContent() -> DeclSyntax {
        let entries = stored.properties.map { ($0.name, "self.\($0.identifier.text)", $0.isOptional) }
        let id = stored.generationID.map { "self.\($0.identifier.text)" }
        let text = lines([
            "\(access)nonisolated var generatedContent: GeneratedContent {",
            indented(generatedContentBody(entries: entries, explicitNil: arguments.representsNilExplicitly, id: id)),
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    /// Whether the partially generated type has its own `id: GenerationID` (and is `Identifiable`).
    private var partialHasGenerationID: Bool { !stored.hasGeneratedIDProperty }

    private func partiallyGeneratedType() -> DeclSyntax {
        var declarations: [String] = []
        if partialHasGenerationID { declarations.append("\(access)var id: GenerationID") }
        for property in stored.properties {
            declarations.append("\(access)var \(property.identifier.text): \(property.partiallyGeneratedType)")
        }
        if let generationID = stored.generationID, generationID.identifier.text != "id", partialHasGenerationID {
            let type = generationID.isOptional ? "GenerationID?" : "GenerationID"
            declarations.append("\(access)var \(generationID.identifier.text): \(type) { id }")
        }

        var initializer = ["\(access)nonisolated init(_ content: GeneratedContent) throws {"]
        if partialHasGenerationID { initializer.append("    self.id = content.id ?? GenerationID()") }
        for property in stored.properties {
            initializer.append("    self.\(property.identifier.text) = try content.value(forProperty: \(literal(property.name)))")
        }
        initializer.append("}")

        var parameters: [String] = []
        var assignments: [String] = []
        if partialHasGenerationID {
            parameters.append("id: GenerationID")
            assignments.append("    self.id = id")
        }
        for property in stored.properties {
            parameters.append("\(property.identifier.text): \(property.partiallyGeneratedType)")
            assignments.append("    self.\(property.identifier.text) = \(property.identifier.text)")
        }
        let memberwise = lines(
            ["fileprivate nonisolated init(\(parameters.joined(separator: ", "))) {"] + assignments + ["}"]
        )

        let conformances = partialHasGenerationID ? "Identifiable, ConvertibleFromGeneratedContent" : "ConvertibleFromGeneratedContent"
        let sections = [declarations.joined(separator: "\n"), lines(initializer), memberwise]
            .filter { !$0.isEmpty }
            .map { indented($0) }
            .joined(separator: "\n\n")
        let text = "\(access)nonisolated struct PartiallyGenerated: \(conformances) {\n\(sections)\n}"
        return DeclSyntax(stringLiteral: text)
    }

    private func asPartiallyGenerated() -> DeclSyntax {
        var arguments: [String] = []
        if partialHasGenerationID {
            let id: String
            if let generationID = stored.generationID {
                id =
                    generationID.isOptional
                    ? "self.\(generationID.identifier.text) ?? GenerationID()" : "self.\(generationID.identifier.text)"
            } else {
                id = "GenerationID()"
            }
            arguments.append("id: \(id)")
        }
        for property in stored.properties {
            arguments.append("\(property.identifier.argumentLabel): \(property.partialValue(of: "self.\(property.identifier.text)"))")
        }
        let call: String
        if arguments.count <= 1 {
            call = "PartiallyGenerated(\(arguments.joined()))"
        } else {
            call = lines(["PartiallyGenerated(", indented(arguments.joined(separator: ",\n")), ")"])
        }
        let text = lines([
            "\(access)nonisolated func asPartiallyGenerated() -> PartiallyGenerated {",
            indented(call),
            "}"
        ])
        return DeclSyntax(stringLiteral: text)
    }

    // MARK: - Extension

    func extensionMembers() -> [String] {
        guard !declaresContentInitializer else { return [] }
        var body: [String] = []
        for property in stored.properties {
            body.append("self.\(property.identifier.text) = try content.value(forProperty: \(literal(property.name)))")
        }
        if let generationID = stored.generationID {
            let value = generationID.isOptional ? "content.id" : "content.id ?? GenerationID()"
            body.append("self.\(generationID.identifier.text) = \(value)")
        }
        return [
            lines([
                "\(access)nonisolated init(_ content: GeneratedContent) throws {",
                indented(body.joined(separator: "\n")),
                "}"
            ])
        ]
    }
}
