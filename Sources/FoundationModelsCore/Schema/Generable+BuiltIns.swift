public import Foundation
import JSONValues

// The standard types the model can generate directly, as in Apple's framework: Bool, String, Int,
// Float, Double, Decimal, Never, GeneratedContent, arrays of generable elements, and optionals
// (which convert to content but are not themselves `Generable`).

extension Bool: Generable {
    /// The schema of a Boolean value.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: SchemaNode(kind: .boolean), rootType: Bool.self)
    }

    /// Creates a Boolean value from generated content.
    ///
    /// - Parameter content: A Boolean value.
    /// - Throws: ``GeneratedContent/ConversionError/typeMismatch(expected:content:)`` for other kinds.
    public init(_ content: GeneratedContent) throws {
        guard case .bool(let value) = content.kind else {
            throw GeneratedContent.ConversionError.typeMismatch(expected: "a Boolean", content: content)
        }
        self = value
    }

    /// The value as generated content.
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .bool(self)) }
}

extension String: Generable {
    /// The schema of a string.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: SchemaNode(kind: .string(StringConstraints())), rootType: String.self)
    }

    /// Creates a string from generated content.
    ///
    /// - Parameter content: A string value.
    /// - Throws: ``GeneratedContent/ConversionError/typeMismatch(expected:content:)`` for other kinds.
    public init(_ content: GeneratedContent) throws {
        guard case .string(let value) = content.kind else {
            throw GeneratedContent.ConversionError.typeMismatch(expected: "a string", content: content)
        }
        self = value
    }

    /// The string as generated content.
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .string(self)) }
}

extension Int: Generable {
    /// The schema of an integer.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: SchemaNode(kind: .number(NumberConstraints(isInteger: true))), rootType: Int.self)
    }

    /// Creates an integer from generated content.
    ///
    /// - Parameter content: A number without a fraction.
    /// - Throws: ``GeneratedContent/ConversionError`` for other kinds, fractions and numbers out of
    ///   range.
    public init(_ content: GeneratedContent) throws {
        let number = try content.number(for: "an integer")
        guard let value = Int(exactly: number) else {
            throw GeneratedContent.ConversionError.unrepresentableNumber(number, type: "Int")
        }
        self = value
    }

    /// The integer as generated content.
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(Double(self))) }
}

extension Float: Generable {
    /// The schema of a number.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: SchemaNode(kind: .number(NumberConstraints(isInteger: false))), rootType: Float.self)
    }

    /// Creates a number from generated content.
    ///
    /// - Parameter content: A number.
    /// - Throws: ``GeneratedContent/ConversionError/typeMismatch(expected:content:)`` for other kinds.
    public init(_ content: GeneratedContent) throws {
        self = Float(try content.number(for: "a number"))
    }

    /// The number as generated content, spelled as the `Float` prints (`0.1`, not `0.100000001`).
    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .number(Double(String(self)) ?? Double(self)))
    }
}

extension Double: Generable {
    /// The schema of a number.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: SchemaNode(kind: .number(NumberConstraints(isInteger: false))), rootType: Double.self)
    }

    /// Creates a number from generated content.
    ///
    /// - Parameter content: A number.
    /// - Throws: ``GeneratedContent/ConversionError/typeMismatch(expected:content:)`` for other kinds.
    public init(_ content: GeneratedContent) throws {
        self = try content.number(for: "a number")
    }

    /// The number as generated content.
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(self)) }
}

extension Decimal: Generable {
    /// The schema of a number.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: SchemaNode(kind: .number(NumberConstraints(isInteger: false))), rootType: Decimal.self)
    }

    /// Creates a decimal number from generated content, from the number's shortest spelling
    /// (so `0.1` gives exactly `0.1`).
    ///
    /// - Parameter content: A number.
    /// - Throws: ``GeneratedContent/ConversionError`` for other kinds and numbers JSON cannot spell.
    public init(_ content: GeneratedContent) throws {
        let number = try content.number(for: "a number")
        guard number.isFinite, let value = Decimal(string: JSONValue.numberText(number)) else {
            throw GeneratedContent.ConversionError.unrepresentableNumber(number, type: "Decimal")
        }
        self = value
    }

    /// The number as generated content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .number(Double(description) ?? .nan))
    }
}

extension Never: Generable {
    /// A schema that no value satisfies.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(node: SchemaNode(kind: .anyOf([])), rootType: Never.self)
    }

    /// Always throws: no content converts to `Never`.
    ///
    /// - Parameter content: Any content.
    /// - Throws: ``GeneratedContent/ConversionError/uninhabitedType(_:)``.
    public init(_ content: GeneratedContent) throws {
        throw GeneratedContent.ConversionError.uninhabitedType("Never")
    }

    /// Unreachable: no value of `Never` exists.
    public var generatedContent: GeneratedContent {
        switch self {}
    }
}

// MARK: - Arrays

extension Array: Generable where Element: Generable {
    /// An array of the elements' partially generated values.
    public typealias PartiallyGenerated = [Element.PartiallyGenerated]

    /// The schema of an array of the element type.
    public static var generationSchema: GenerationSchema {
        let items = SchemaNode(kind: .generable(Element.self, guides: []))
        return GenerationSchema(node: SchemaNode(kind: .array(items: items, minimumCount: nil, maximumCount: nil)))
    }
}

extension Array: ConvertibleToGeneratedContent where Element: ConvertibleToGeneratedContent {
    /// The array as generated content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .array(map(\.generatedContent)))
    }
}

extension Array: ConvertibleFromGeneratedContent where Element: ConvertibleFromGeneratedContent {
    /// Creates an array from generated content.
    ///
    /// While the content is still being generated, a last element that cannot convert yet is left
    /// out.
    ///
    /// - Parameter content: An array value.
    /// - Throws: ``GeneratedContent/ConversionError`` for other kinds, or an element's error.
    public init(_ content: GeneratedContent) throws {
        guard case .array(let elements) = content.kind else {
            throw GeneratedContent.ConversionError.typeMismatch(expected: "an array", content: content)
        }
        var values: [Element] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                values.append(try Element(element))
            } catch  where !element.isComplete && index == elements.count - 1 {
                break
            }
        }
        self = values
    }
}

// MARK: - Optionals

extension Optional where Wrapped: Generable {
    /// The wrapped type's partially generated type.
    public typealias PartiallyGenerated = Wrapped.PartiallyGenerated
}

extension Optional: ConvertibleToGeneratedContent, PromptRepresentable, InstructionsRepresentable
where Wrapped: ConvertibleToGeneratedContent {
    /// The wrapped value as generated content, or `null`.
    public var generatedContent: GeneratedContent {
        switch self {
        case .some(let value): value.generatedContent
        case .none: GeneratedContent(kind: .null)
        }
    }
}

extension GeneratedContent {
    /// The number this content holds.
    fileprivate func number(for expected: String) throws -> Double {
        guard case .number(let value) = kind else {
            throw ConversionError.typeMismatch(expected: expected, content: self)
        }
        return value
    }
}
