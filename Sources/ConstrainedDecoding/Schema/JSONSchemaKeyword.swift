/// One JSON Schema keyword the package knows, with what each of its two schema readers does with it.
///
/// The package reads JSON Schema twice: the constrained decoder (`JSONSchemaCompiler`) compiles a
/// document into a grammar, and FoundationModels' importer (`JSONSchemaReader`) turns it into a
/// `GenerationSchema` in Apple's dialect, or reads Apple's dialect back. ``all`` is the one table of
/// keywords both consult, so the keywords they accept cannot drift apart. See
/// `Docs/Evolution/0005-json-schema-import.md` for who owns which keyword.
///
/// ```swift
/// JSONSchemaKeyword.named("minLength")?.decoder        // .enforced
/// JSONSchemaKeyword.named("minLength")?.standardImport // .read (kept with its subschema verbatim)
/// ```
package struct JSONSchemaKeyword: Sendable, Hashable {
    /// What the constrained decoder does with a keyword.
    package enum Decoding: Sendable, Hashable {
        /// Compiled into the grammar: every generated value satisfies it.
        case enforced
        /// Enforced for some values or combinations (often by a sound restriction); the rest are
        /// refused with a `SchemaError` naming the keyword.
        case enforcedInPart
        /// Constrains nothing while decoding (an annotation, or structure such as `$defs`).
        case notEnforced
        /// Refused wherever it appears, with this reason.
        case refused(reason: String)
        /// Refused on schemas that generate arrays (where it would apply).
        case refusedForArrays
    }

    /// What the importer (`GenerationSchema(jsonSchema:)`, `GenerationSchema`'s `Decodable`) does with a keyword.
    package enum Import: Sendable, Hashable {
        /// Kept: read into Apple's schema model where it carries the keyword
        /// (``isRepresentableInAppleDialect``), otherwise kept with its subschema verbatim, as
        /// written; either way the decoder enforces it.
        case read
        /// Left out of the schema without an error: it constrains nothing (an annotation).
        case dropped
        /// Rejected with `JSONSchemaImportError.unsupportedKeyword`: the decoder refuses it, or (in
        /// Apple's dialect, which the package writes itself) the package never writes it there.
        case rejected
    }

    /// The keyword as it is spelled in a document.
    package let name: String
    /// What the constrained decoder does with it.
    package let decoder: Decoding
    /// What the importer does with it when reading Apple's dialect (`Decodable`).
    package let appleImport: Import
    /// What the importer does with it when reading standard JSON Schema (`init(jsonSchema:)`).
    package let standardImport: Import
    /// Whether it constrains no value by itself (an annotation, structure such as `$defs`, or a
    /// modifier of another keyword such as `nullable` or `x-order`); a `$ref` with only such
    /// siblings is a plain reference.
    package let isAnnotation: Bool
    /// Whether Apple's schema model (`SchemaNode`) carries the keyword, for some of its values
    /// (`enum` of strings, `uniqueItems: false`, `additionalProperties: false`, …).
    ///
    /// A schema object using a keyword the importer reads but the model does not carry (`allOf`,
    /// `minLength`, …), or a value of it the model does not carry (an `enum` of numbers), is kept
    /// verbatim, as written.
    package let isRepresentableInAppleDialect: Bool

    init(_ name: String, decoder: Decoding, apple: Import, standard: Import, model: Bool = false, annotation: Bool = false) {
        self.name = name
        self.decoder = decoder
        self.appleImport = apple
        self.standardImport = standard
        self.isRepresentableInAppleDialect = model
        self.isAnnotation = annotation
    }

    /// The keyword spelled `name`, or nil when the package does not know it.
    package static func named(_ name: String) -> JSONSchemaKeyword? {
        byName[name]
    }

    /// What the importer does with any key of a schema object, known or not.
    ///
    /// Unknown keys follow one rule: `x-` extensions are dropped; other unknown keys are dropped in
    /// standard JSON Schema (annotations, by the specification) and rejected in Apple's dialect
    /// (which this package writes itself, so an unknown key there is a mistake).
    ///
    /// - Parameters:
    ///   - name: The key.
    ///   - appleDialect: Whether the document is in Apple's dialect.
    package static func importRule(for name: String, appleDialect: Bool) -> Import {
        if let keyword = named(name) { return appleDialect ? keyword.appleImport : keyword.standardImport }
        if name.hasPrefix("x-") { return .dropped }
        return appleDialect ? .rejected : .dropped
    }

    /// Whether the decoder enforces `format: name` (a format it knows, or an alias of one); it
    /// notes other formats as annotations.
    package static func decoderEnforcesFormat(_ name: String) -> Bool {
        JSONSchemaCompiler.formats[JSONSchemaCompiler.formatAliases[name] ?? name] != nil
    }

    /// The names of the keywords that constrain nothing by themselves (``isAnnotation``).
    package static let annotationNames: Set<String> = Set(all.filter(\.isAnnotation).map(\.name))

    private static let byName: [String: JSONSchemaKeyword] = Dictionary(
        all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
