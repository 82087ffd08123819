import SwiftSyntax

extension GenerableProperty {
    /// `GenerationSchema.Property(name:description:type:guides:)` for this property.
    var schemaPropertyExpression: String {
        var arguments = ["name: \(literal(name))"]
        if let description = guides.description { arguments.append("description: \(description.trimmedDescription)") }
        arguments.append("type: \(type.trimmedDescription).self")
        if !guides.guides.isEmpty {
            arguments.append("guides: [\(guides.guides.map(\.trimmedDescription).joined(separator: ", "))]")
        }
        return "GenerationSchema.Property(\(arguments.joined(separator: ", ")))"
    }

    /// The property's type in the partially generated type (always optional).
    var partiallyGeneratedType: String {
        "\(TypeInspection.partiallyGeneratedType(type).trimmedDescription)?"
    }

    /// The expression converting a value of this property's type, named `value`, to its partial form.
    func partialValue(of value: String) -> String {
        isOptional ? "\(value)?.asPartiallyGenerated()" : "\(value).asPartiallyGenerated()"
    }
}

/// The body of a `generatedContent` property for a list of named values, in order.
///
/// - Parameters:
///   - entries: Each value's JSON key, the expression reading it, and whether it is optional.
///   - explicitNil: Whether absent optionals are written as `null` rather than left out.
///   - id: The `id:` expression, if any.
func generatedContentBody(entries: [(key: String, value: String, isOptional: Bool)], explicitNil: Bool, id: String?) -> String {
    let label = explicitNil || !entries.contains(where: \.isOptional) ? "properties" : "_omittingNilProperties"
    let idArgument = id.map { ", id: \($0)" } ?? ""
    guard !entries.isEmpty else { return "GeneratedContent(properties: [:]\(idArgument))" }
    let pairs = entries.map { "\(literal($0.key)): \($0.value)," }.joined(separator: "\n")
    return lines([
        "GeneratedContent(",
        "    \(label): [",
        indented(pairs, 2),
        "    ]\(id == nil ? "" : ",")",
        id.map { "    id: \($0)" } ?? "",
        ")"
    ])
}
