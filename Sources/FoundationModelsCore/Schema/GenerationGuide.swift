public import Foundation

/// A constraint on the values the model may generate for a property, such as a range or a count.
///
/// Use guides with the ``Guide(description:_:)`` macro or with ``GenerationSchema/Property``:
///
/// ```swift
/// @Guide(description: "A rating", .range(1...5))
/// var rating: Int
/// ```
public struct GenerationGuide<Value> {
    /// The constraint, in a form the schema writer and the decoder can read.
    let constraint: GuideConstraint

    init(_ constraint: GuideConstraint) {
        self.constraint = constraint
    }
}

// MARK: - Strings

extension GenerationGuide where Value == String {
    /// Requires the string to be exactly `value`.
    ///
    /// - Parameter value: The only allowed string.
    /// - Returns: A guide for string values.
    public static func constant(_ value: String) -> GenerationGuide<String> {
        GenerationGuide(.constant(value))
    }

    /// Requires the string to be one of `values`.
    ///
    /// - Parameter values: The allowed strings.
    /// - Returns: A guide for string values.
    public static func anyOf(_ values: [String]) -> GenerationGuide<String> {
        GenerationGuide(.anyOf(values))
    }

    /// Requires the string to match a regular expression.
    ///
    /// The guide keeps the expression's pattern text (as `Regex` prints it) for the decoder; a
    /// `Regex` built with RegexBuilder that has no textual form constrains nothing.
    ///
    /// - Parameter regex: The expression the whole string must match.
    /// - Returns: A guide for string values.
    public static func pattern<Output>(_ regex: Regex<Output>) -> GenerationGuide<String> {
        GenerationGuide(.pattern(regex._literalPattern))
    }

    /// Requires the string to match a regular expression whose source text is known.
    ///
    /// `@Generable` calls this with the text of a regex literal or a `Regex("…")` string literal so
    /// that the decoder sees the pattern exactly as written. Not meant to be called directly.
    ///
    /// - Parameters:
    ///   - regex: The expression the whole string must match.
    ///   - source: The expression's source text.
    /// - Returns: A guide for string values.
    @_documentation(visibility: internal)
    public static func _pattern<Output>(_ regex: Regex<Output>, source: String) -> GenerationGuide<String> {
        GenerationGuide(.pattern(source))
    }
}

// MARK: - Numbers

extension GenerationGuide where Value == Int {
    /// Requires the integer to be at least `value`.
    ///
    /// - Parameter value: The smallest allowed value.
    /// - Returns: A guide for integer values.
    public static func minimum(_ value: Int) -> GenerationGuide<Int> {
        GenerationGuide(.minimum(.integer(value)))
    }

    /// Requires the integer to be at most `value`.
    ///
    /// - Parameter value: The largest allowed value.
    /// - Returns: A guide for integer values.
    public static func maximum(_ value: Int) -> GenerationGuide<Int> {
        GenerationGuide(.maximum(.integer(value)))
    }

    /// Requires the integer to lie in `range`.
    ///
    /// - Parameter range: The allowed values.
    /// - Returns: A guide for integer values.
    public static func range(_ range: ClosedRange<Int>) -> GenerationGuide<Int> {
        GenerationGuide(.range(.integer(range.lowerBound), .integer(range.upperBound)))
    }
}

extension GenerationGuide where Value == Float {
    /// Requires the number to be at least `value`.
    ///
    /// - Parameter value: The smallest allowed value.
    /// - Returns: A guide for `Float` values.
    public static func minimum(_ value: Float) -> GenerationGuide<Float> {
        GenerationGuide(.minimum(.double(Double(value))))
    }

    /// Requires the number to be at most `value`.
    ///
    /// - Parameter value: The largest allowed value.
    /// - Returns: A guide for `Float` values.
    public static func maximum(_ value: Float) -> GenerationGuide<Float> {
        GenerationGuide(.maximum(.double(Double(value))))
    }

    /// Requires the number to lie in `range`.
    ///
    /// - Parameter range: The allowed values.
    /// - Returns: A guide for `Float` values.
    public static func range(_ range: ClosedRange<Float>) -> GenerationGuide<Float> {
        GenerationGuide(.range(.double(Double(range.lowerBound)), .double(Double(range.upperBound))))
    }
}

extension GenerationGuide where Value == Double {
    /// Requires the number to be at least `value`.
    ///
    /// - Parameter value: The smallest allowed value.
    /// - Returns: A guide for `Double` values.
    public static func minimum(_ value: Double) -> GenerationGuide<Double> {
        GenerationGuide(.minimum(.double(value)))
    }

    /// Requires the number to be at most `value`.
    ///
    /// - Parameter value: The largest allowed value.
    /// - Returns: A guide for `Double` values.
    public static func maximum(_ value: Double) -> GenerationGuide<Double> {
        GenerationGuide(.maximum(.double(value)))
    }

    /// Requires the number to lie in `range`.
    ///
    /// - Parameter range: The allowed values.
    /// - Returns: A guide for `Double` values.
    public static func range(_ range: ClosedRange<Double>) -> GenerationGuide<Double> {
        GenerationGuide(.range(.double(range.lowerBound), .double(range.upperBound)))
    }
}

extension GenerationGuide where Value == Decimal {
    /// Requires the number to be at least `value`.
    ///
    /// - Parameter value: The smallest allowed value.
    /// - Returns: A guide for `Decimal` values.
    public static func minimum(_ value: Decimal) -> GenerationGuide<Decimal> {
        GenerationGuide(.minimum(.decimal(value)))
    }

    /// Requires the number to be at most `value`.
    ///
    /// - Parameter value: The largest allowed value.
    /// - Returns: A guide for `Decimal` values.
    public static func maximum(_ value: Decimal) -> GenerationGuide<Decimal> {
        GenerationGuide(.maximum(.decimal(value)))
    }

    /// Requires the number to lie in `range`.
    ///
    /// - Parameter range: The allowed values.
    /// - Returns: A guide for `Decimal` values.
    public static func range(_ range: ClosedRange<Decimal>) -> GenerationGuide<Decimal> {
        GenerationGuide(.range(.decimal(range.lowerBound), .decimal(range.upperBound)))
    }
}

// MARK: - Arrays

extension GenerationGuide {
    /// Requires the array to have at least `count` elements.
    ///
    /// - Parameter count: The smallest allowed number of elements.
    /// - Returns: A guide for array values.
    public static func minimumCount<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.minimumCount(count))
    }

    /// Requires the array to have at most `count` elements.
    ///
    /// - Parameter count: The largest allowed number of elements.
    /// - Returns: A guide for array values.
    public static func maximumCount<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.maximumCount(count))
    }

    /// Requires the array's number of elements to lie in `range`.
    ///
    /// - Parameter range: The allowed numbers of elements.
    /// - Returns: A guide for array values.
    public static func count<Element>(_ range: ClosedRange<Int>) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.count(range.lowerBound, range.upperBound))
    }

    /// Requires the array to have exactly `count` elements.
    ///
    /// - Parameter count: The number of elements.
    /// - Returns: A guide for array values.
    public static func count<Element>(_ count: Int) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.count(count, count))
    }

    /// Applies a guide to every element of the array.
    ///
    /// - Parameter guide: The guide for each element.
    /// - Returns: A guide for array values.
    public static func element<Element>(_ guide: GenerationGuide<Element>) -> GenerationGuide<[Element]> where Value == [Element] {
        GenerationGuide<[Element]>(.element(guide.constraint))
    }
}

/// Count guides written where the element type is not yet known, as in `@Guide(.count(3))`: the
/// macro's own signature cannot name the property's type, so these let `.count(3)` type-check
/// there. The macro then applies the guide to the property's real type.
extension GenerationGuide where Value == [Never] {
    /// Requires the array to have at least `count` elements.
    ///
    /// - Parameter count: The smallest allowed number of elements.
    /// - Returns: A guide for array values.
    @_documentation(visibility: internal)
    public static func minimumCount(_ count: Int) -> GenerationGuide<[Never]> {
        GenerationGuide<[Never]>(.minimumCount(count))
    }

    /// Requires the array to have at most `count` elements.
    ///
    /// - Parameter count: The largest allowed number of elements.
    /// - Returns: A guide for array values.
    @_documentation(visibility: internal)
    public static func maximumCount(_ count: Int) -> GenerationGuide<[Never]> {
        GenerationGuide<[Never]>(.maximumCount(count))
    }

    /// Requires the array's number of elements to lie in `range`.
    ///
    /// - Parameter range: The allowed numbers of elements.
    /// - Returns: A guide for array values.
    @_documentation(visibility: internal)
    public static func count(_ range: ClosedRange<Int>) -> GenerationGuide<[Never]> {
        GenerationGuide<[Never]>(.count(range.lowerBound, range.upperBound))
    }

    /// Requires the array to have exactly `count` elements.
    ///
    /// - Parameter count: The number of elements.
    /// - Returns: A guide for array values.
    @_documentation(visibility: internal)
    public static func count(_ count: Int) -> GenerationGuide<[Never]> {
        GenerationGuide<[Never]>(.count(count, count))
    }
}
