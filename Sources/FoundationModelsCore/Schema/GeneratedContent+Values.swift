extension GeneratedContent {
    /// Converts this content to a value of the given type.
    ///
    /// - Parameter type: The type to convert to.
    /// - Returns: The converted value.
    /// - Throws: The conversion's error, usually ``GeneratedContent/ConversionError``.
    public func value<Value: ConvertibleFromGeneratedContent>(_ type: Value.Type = Value.self) throws -> Value {
        try Value(self)
    }

    /// Converts one property of this object to a value of the given type.
    ///
    /// - Parameters:
    ///   - type: The type to convert to.
    ///   - property: The property's name.
    /// - Returns: The converted value.
    /// - Throws: ``GeneratedContent/ConversionError`` when this is not an object or the property is
    ///   missing, or the conversion's own error.
    public func value<Value: ConvertibleFromGeneratedContent>(
        _ type: Value.Type = Value.self,
        forProperty property: String
    ) throws -> Value {
        guard case .structure(let properties, _) = kind else {
            throw ConversionError.typeMismatch(expected: "an object", content: self)
        }
        guard let content = properties[property] else {
            throw ConversionError.missingProperty(property, content: self)
        }
        return try Value(content)
    }

    /// Converts one property of this object to a value of the given type, or `nil` when it is absent.
    ///
    /// A missing property and a `null` property both give `nil`. While the content is still being
    /// generated, a property whose incomplete value cannot convert yet also gives `nil`, and so does
    /// every property of content that has not started yet (parsed from empty text).
    ///
    /// - Parameters:
    ///   - type: The optional type to convert to.
    ///   - property: The property's name.
    /// - Returns: The converted value, or `nil`.
    /// - Throws: ``GeneratedContent/ConversionError`` when this is not an object, or the
    ///   conversion's own error for a complete property value.
    public func value<Value: ConvertibleFromGeneratedContent>(
        _ type: Value?.Type = Value?.self,
        forProperty property: String
    ) throws -> Value? {
        if case .null = kind, !isComplete { return nil }
        guard case .structure(let properties, _) = kind else {
            throw ConversionError.typeMismatch(expected: "an object", content: self)
        }
        guard let content = properties[property] else { return nil }
        if case .null = content.kind { return nil }
        do {
            return try Value(content)
        } catch  where !content.isComplete {
            // Why: a half-written value (say "hig" of "high") cannot convert yet; a streamed snapshot
            // shows it as not yet generated rather than failing the whole snapshot.
            return nil
        }
    }
}
