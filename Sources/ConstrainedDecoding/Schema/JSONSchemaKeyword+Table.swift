extension JSONSchemaKeyword {
    /// Every JSON Schema keyword the package knows, grouped as the specification groups them.
    ///
    /// A keyword that either reader handles must be listed here; `JSONSchemaKeywordTests` checks the
    /// readers' sources for keywords missing from this table. The importer reads every keyword the
    /// decoder enforces (`model: true` where Apple's schema model carries it, for some of its
    /// values; the rest keep their subschema verbatim), drops what constrains nothing, and rejects
    /// what the decoder refuses.
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
        .init("$defs", decoder: .notEnforced, apple: .read, standard: .read, model: true, annotation: true),
        .init("definitions", decoder: .notEnforced, apple: .rejected, standard: .read, model: true, annotation: true),
        // A `$ref` with constraining siblings keeps its subschema verbatim.
        .init("$ref", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("$dynamicRef", decoder: .refused(reason: "dynamic references are not supported"), apple: .rejected, standard: .rejected),
        .init("$recursiveRef", decoder: .refused(reason: "recursive references are not supported"), apple: .rejected, standard: .rejected),
        // Anchors for the two references above; alone they constrain nothing.
        .init("$dynamicAnchor", decoder: .notEnforced, apple: .rejected, standard: .dropped),
        .init("$recursiveAnchor", decoder: .notEnforced, apple: .rejected, standard: .dropped)
    ]

    /// Annotations, and the modifiers that constrain nothing by themselves.
    static let annotations: [JSONSchemaKeyword] = [
        .init("title", decoder: .notEnforced, apple: .read, standard: .read, model: true, annotation: true),
        .init("description", decoder: .notEnforced, apple: .read, standard: .read, model: true, annotation: true),
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
        .init("x-order", decoder: .enforced, apple: .read, standard: .read, model: true, annotation: true),
        // OpenAPI's `nullable: true`; the decoder adds `null` to the `type` beside it.
        .init("nullable", decoder: .enforced, apple: .rejected, standard: .read, model: true, annotation: true)
    ]

    /// Types, listed values and combinations of subschemas.
    static let applicators: [JSONSchemaKeyword] = [
        .init("type", decoder: .enforced, apple: .read, standard: .read, model: true),
        // The model carries lists of strings; other values keep their subschema verbatim.
        .init("enum", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("const", decoder: .enforced, apple: .read, standard: .read, model: true),
        // The model carries a choice with no constraining siblings; a `oneOf` too when its
        // branches exclude each other.
        .init("anyOf", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("oneOf", decoder: .enforcedInPart, apple: .read, standard: .read, model: true),
        .init("allOf", decoder: .enforcedInPart, apple: .read, standard: .read),
        .init("not", decoder: .enforcedInPart, apple: .read, standard: .read),
        .init("if", decoder: .enforcedInPart, apple: .read, standard: .read),
        .init("then", decoder: .enforcedInPart, apple: .read, standard: .read),
        .init("else", decoder: .enforcedInPart, apple: .read, standard: .read)
    ]

    /// Numbers.
    static let numbers: [JSONSchemaKeyword] = [
        .init("minimum", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("maximum", decoder: .enforced, apple: .read, standard: .read, model: true),
        // The model carries numeric exclusive bounds of integers (as inclusive ones).
        .init("exclusiveMinimum", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("exclusiveMaximum", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("multipleOf", decoder: .enforcedInPart, apple: .read, standard: .read)
    ]

    /// Strings.
    static let strings: [JSONSchemaKeyword] = [
        .init("pattern", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("minLength", decoder: .enforced, apple: .read, standard: .read),
        .init("maxLength", decoder: .enforced, apple: .read, standard: .read),
        // Known formats are enforced; unknown ones are noted as annotations (and dropped by the
        // importer, see `decoderEnforcesFormat(_:)`).
        .init("format", decoder: .enforcedInPart, apple: .read, standard: .read)
    ]

    /// Arrays.
    static let arrays: [JSONSchemaKeyword] = [
        // The model carries one schema for every item; a list of schemas stays verbatim.
        .init("items", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("minItems", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("maxItems", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("prefixItems", decoder: .enforced, apple: .read, standard: .read),
        .init("additionalItems", decoder: .enforced, apple: .read, standard: .read),
        .init("unevaluatedItems", decoder: .enforcedInPart, apple: .read, standard: .read),
        // The model carries `false` (no constraint); `true` stays verbatim.
        .init("uniqueItems", decoder: .enforcedInPart, apple: .read, standard: .read, model: true),
        .init("contains", decoder: .enforcedInPart, apple: .read, standard: .read),
        // Read, and refused by the decoder (so by the importer) where they apply to arrays.
        .init("minContains", decoder: .refusedForArrays, apple: .read, standard: .read),
        .init("maxContains", decoder: .refusedForArrays, apple: .read, standard: .read)
    ]

    /// Objects.
    static let objects: [JSONSchemaKeyword] = [
        .init("properties", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("required", decoder: .enforced, apple: .read, standard: .read, model: true),
        // The model carries `false` (and `true` in standard JSON Schema); a schema stays verbatim.
        .init("additionalProperties", decoder: .enforced, apple: .read, standard: .read, model: true),
        .init("patternProperties", decoder: .enforced, apple: .read, standard: .read),
        .init("unevaluatedProperties", decoder: .enforcedInPart, apple: .read, standard: .read),
        .init("propertyNames", decoder: .enforcedInPart, apple: .read, standard: .read),
        .init("minProperties", decoder: .enforcedInPart, apple: .read, standard: .read),
        .init("maxProperties", decoder: .enforced, apple: .read, standard: .read),
        .init("dependencies", decoder: .enforced, apple: .read, standard: .read),
        .init("dependentRequired", decoder: .enforced, apple: .read, standard: .read),
        .init("dependentSchemas", decoder: .enforced, apple: .read, standard: .read)
    ]

    /// Keywords the decoder writes into schemas it rewrites (negations, merged patterns); a
    /// document may spell them too, and the importer keeps them verbatim, since the decoder
    /// enforces them.
    static let internalRewrites: [JSONSchemaKeyword] = [
        .init("x-cd-patterns", decoder: .enforced, apple: .read, standard: .read),
        .init("x-cd-notPatterns", decoder: .enforced, apple: .read, standard: .read),
        .init("x-cd-notMultipleOf", decoder: .enforced, apple: .read, standard: .read),
        .init("x-cd-fractional", decoder: .enforced, apple: .read, standard: .read)
    ]
}
