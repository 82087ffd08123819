extension JSONSchemaKeyword {
    /// Every JSON Schema keyword the package knows, grouped as the specification groups them.
    ///
    /// A keyword that either reader handles must be listed here; `JSONSchemaKeywordTests` checks the
    /// readers' sources for keywords missing from this table.
    package static let all: [JSONSchemaKeyword] = core + annotations + applicators + numbers + strings + arrays + objects + internalRewrites

    /// Identification, references and definitions.
    static let core: [JSONSchemaKeyword] = [
        .init("$schema", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        .init("$id", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        // Draft 4's spelling of `$id`; the decoder resolves references by it.
        .init("id", decoder: .notEnforced, apple: .rejected, standard: .dropped, annotation: true),
        .init("$anchor", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        .init("$vocabulary", decoder: .notEnforced, apple: .rejected, standard: .dropped, annotation: true),
        .init("$comment", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        .init("$defs", decoder: .notEnforced, apple: .read, standard: .read, annotation: true),
        .init("definitions", decoder: .notEnforced, apple: .rejected, standard: .read, annotation: true),
        .init("$ref", decoder: .enforced, apple: .read, standard: .read),
        .init("$dynamicRef", decoder: .refused(reason: "dynamic references are not supported"), apple: .rejected, standard: .rejected),
        .init("$recursiveRef", decoder: .refused(reason: "recursive references are not supported"), apple: .rejected, standard: .rejected),
        .init("$dynamicAnchor", decoder: .notEnforced, apple: .rejected, standard: .rejected),
        .init("$recursiveAnchor", decoder: .notEnforced, apple: .rejected, standard: .rejected)
    ]

    /// Annotations, and the modifiers that constrain nothing by themselves.
    static let annotations: [JSONSchemaKeyword] = [
        .init("title", decoder: .notEnforced, apple: .read, standard: .read, annotation: true),
        .init("description", decoder: .notEnforced, apple: .read, standard: .read, annotation: true),
        .init("default", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        .init("examples", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        // OpenAPI's singular spelling.
        .init("example", decoder: .notEnforced, apple: .rejected, standard: .dropped, annotation: true),
        .init("deprecated", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        .init("readOnly", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        .init("writeOnly", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        .init("contentMediaType", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        .init("contentEncoding", decoder: .notEnforced, apple: .dropped, standard: .dropped, annotation: true),
        // Apple's property order; the decoder generates properties in it.
        .init("x-order", decoder: .enforced, apple: .read, standard: .read, annotation: true),
        // OpenAPI's `nullable: true`; the decoder adds `null` to the `type` beside it.
        .init("nullable", decoder: .enforced, apple: .rejected, standard: .read, annotation: true)
    ]

    /// Types, listed values and combinations of subschemas.
    static let applicators: [JSONSchemaKeyword] = [
        .init("type", decoder: .enforced, apple: .read, standard: .read),
        .init("enum", decoder: .enforced, apple: .read, standard: .read),
        .init("const", decoder: .enforced, apple: .read, standard: .read),
        .init("anyOf", decoder: .enforced, apple: .read, standard: .read),
        .init("oneOf", decoder: .enforcedInPart, apple: .rejected, standard: .read),
        .init("allOf", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("not", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("if", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("then", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("else", decoder: .enforcedInPart, apple: .rejected, standard: .rejected)
    ]

    /// Numbers.
    static let numbers: [JSONSchemaKeyword] = [
        .init("minimum", decoder: .enforced, apple: .read, standard: .read),
        .init("maximum", decoder: .enforced, apple: .read, standard: .read),
        .init("exclusiveMinimum", decoder: .enforced, apple: .rejected, standard: .read),
        .init("exclusiveMaximum", decoder: .enforced, apple: .rejected, standard: .read),
        .init("multipleOf", decoder: .enforcedInPart, apple: .dropped, standard: .dropped)
    ]

    /// Strings.
    static let strings: [JSONSchemaKeyword] = [
        .init("pattern", decoder: .enforced, apple: .read, standard: .read),
        .init("minLength", decoder: .enforced, apple: .dropped, standard: .dropped),
        .init("maxLength", decoder: .enforced, apple: .dropped, standard: .dropped),
        // Known formats are enforced; unknown ones are noted as annotations.
        .init("format", decoder: .enforcedInPart, apple: .dropped, standard: .dropped)
    ]

    /// Arrays.
    static let arrays: [JSONSchemaKeyword] = [
        .init("items", decoder: .enforced, apple: .read, standard: .read),
        .init("minItems", decoder: .enforced, apple: .read, standard: .read),
        .init("maxItems", decoder: .enforced, apple: .read, standard: .read),
        .init("prefixItems", decoder: .enforced, apple: .rejected, standard: .rejected),
        .init("additionalItems", decoder: .enforced, apple: .rejected, standard: .rejected),
        .init("unevaluatedItems", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("uniqueItems", decoder: .enforcedInPart, apple: .rejected, standard: .read),
        .init("contains", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("minContains", decoder: .refusedForArrays, apple: .rejected, standard: .rejected),
        .init("maxContains", decoder: .refusedForArrays, apple: .rejected, standard: .rejected)
    ]

    /// Objects.
    static let objects: [JSONSchemaKeyword] = [
        .init("properties", decoder: .enforced, apple: .read, standard: .read),
        .init("required", decoder: .enforced, apple: .read, standard: .read),
        .init("additionalProperties", decoder: .enforced, apple: .read, standard: .read),
        .init("patternProperties", decoder: .enforced, apple: .rejected, standard: .rejected),
        .init("unevaluatedProperties", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("propertyNames", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("minProperties", decoder: .enforcedInPart, apple: .rejected, standard: .rejected),
        .init("maxProperties", decoder: .enforced, apple: .rejected, standard: .rejected),
        .init("dependencies", decoder: .enforced, apple: .rejected, standard: .rejected),
        .init("dependentRequired", decoder: .enforced, apple: .rejected, standard: .rejected),
        .init("dependentSchemas", decoder: .enforced, apple: .rejected, standard: .rejected)
    ]

    /// Keywords the decoder writes into schemas it rewrites (negations, merged patterns); a
    /// document may spell them too, and the importer drops them as `x-` extensions.
    static let internalRewrites: [JSONSchemaKeyword] = [
        .init("x-cd-patterns", decoder: .enforced, apple: .dropped, standard: .dropped),
        .init("x-cd-notPatterns", decoder: .enforced, apple: .dropped, standard: .dropped),
        .init("x-cd-notMultipleOf", decoder: .enforced, apple: .dropped, standard: .dropped),
        .init("x-cd-fractional", decoder: .enforced, apple: .dropped, standard: .dropped)
    ]
}
