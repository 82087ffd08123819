/// Makes a struct or an enum generable: the model can produce its values, guided by a schema
/// derived from the type.
///
/// On a struct, every stored property is generated, in declaration order; describe and constrain
/// properties with ``Guide(description:_:)``. Properties may be `String`, `Int`, `Float`, `Double`,
/// `Decimal`, `Bool`, other `@Generable` types, arrays and optionals of them. A stored
/// `id: GenerationID` is filled with the identity of the generated value.
///
/// ```swift
/// @Generable(description: "A digest of meeting notes")
/// struct NotesDigest {
///     @Guide(description: "A concise one-paragraph summary of the notes.")
///     let summary: String
///     @Guide(description: "Every actionable task mentioned in the notes.", .maximumCount(10))
///     let actionItems: [ActionItem]
/// }
/// ```
///
/// On an enum without associated values, the model picks one of the case names. On an enum with
/// associated values, it writes an object whose `type` names the case, followed by the case's values
/// (unlabeled ones as `value`, `value1`, …).
///
/// The macro adds `generationSchema`, `generatedContent`, `init(_ content:)`, a
/// `PartiallyGenerated` type for streaming (a struct whose properties are all optional, or an enum
/// whose values are) and `asPartiallyGenerated()`. Generated members have the type's access level.
///
/// - Parameter description: A description of the type, for the model.
@attached(extension, conformances: Generable, names: named(init(_:)), named(generatedContent))
@attached(member, names: arbitrary)
public macro Generable(description: String? = nil) =
    #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Makes a struct or an enum generable, choosing how absent optional properties appear in its
/// generated content.
///
/// See ``Generable(description:)``.
///
/// - Parameters:
///   - description: A description of the type, for the model.
///   - representNilExplicitlyInGeneratedContent: Whether an optional property that is `nil` is
///     written as `null` (`true`) or left out (`false`) in generated content. Write `true` or
///     `false` literally.
@attached(extension, conformances: Generable, names: named(init(_:)), named(generatedContent))
@attached(member, names: arbitrary)
public macro Generable(description: String? = nil, representNilExplicitlyInGeneratedContent: Bool) =
    #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Makes a struct or an enum generable under a schema name of your choice (OS 27).
///
/// The name is the schema's ``GenerationSchema/name``: executors send it as the response
/// format's name, and other schemas refer to the type by it.
///
/// ```swift
/// @Generable(name: "trip_plan", description: "A day-by-day plan")
/// struct TripPlan { … }
/// ```
///
/// - Parameters:
///   - name: The schema's name.
///   - description: A description of the type, for the model.
///   - representNilExplicitlyInGeneratedContent: Whether an optional property that is `nil` is
///     written as `null`.
@attached(extension, conformances: Generable, names: named(init(_:)), named(generatedContent))
@attached(member, names: arbitrary)
public macro Generable(name: String, description: String? = nil, representNilExplicitlyInGeneratedContent: Bool = false) =
    #externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")

/// Describes and constrains a stored property of a `@Generable` type.
///
/// ```swift
/// @Guide(description: "A rating from 1 to 5", .range(1...5))
/// var rating: Int
///
/// @Guide(.count(3))
/// var tags: [String]
/// ```
///
/// Guides must fit the property's type: `.constant`, `.anyOf` and `.pattern` for strings;
/// `.minimum`, `.maximum` and `.range` for numbers; `.minimumCount`, `.maximumCount`, `.count` and
/// `.element` for arrays. Stack several `@Guide` attributes to combine them.
///
/// - Parameters:
///   - description: A description of the property, for the model.
///   - guides: Constraints on the property's values.
@attached(peer)
public macro Guide<T: Generable>(description: String? = nil, _ guides: GenerationGuide<T>...) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")

/// Constrains a `String` property of a `@Generable` type to match a regular expression.
///
/// ```swift
/// @Guide(description: "A US phone number", /\d{3}-\d{3}-\d{4}/)
/// var phone: String
/// ```
///
/// - Parameters:
///   - description: A description of the property, for the model.
///   - guides: The expression the whole string must match.
@attached(peer)
public macro Guide<RegexOutput>(description: String? = nil, _ guides: Regex<RegexOutput>) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")

/// Describes a stored property of a `@Generable` type, for the model.
///
/// ```swift
/// @Guide(description: "The person responsible, or 'Unassigned' if unclear.")
/// let owner: String
/// ```
///
/// - Parameter description: A description of the property.
@attached(peer)
public macro Guide(description: String) =
    #externalMacro(module: "FoundationModelsMacros", type: "GuideMacro")

/// Declares a value that sessions own, in an extension of ``SessionPropertyValues`` (OS 27).
///
/// ```swift
/// extension SessionPropertyValues {
///     @SessionPropertyEntry var tagLookups: Int = 0
/// }
/// ```
///
/// The property needs `var`, a type annotation and a default value; the macro writes its getter
/// and setter and a key type whose default is that value.
@attached(accessor)
@attached(peer, names: prefixed(__Key_))
public macro SessionPropertyEntry() = #externalMacro(module: "FoundationModelsMacros", type: "SessionPropertyEntryMacro")
