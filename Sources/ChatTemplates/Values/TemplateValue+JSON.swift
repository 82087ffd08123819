extension TemplateValue {
    /// Parses JSON text into a value, keeping object key order as Python's `json.loads` does.
    ///
    /// Numbers without a fraction or exponent become integers, others doubles; `NaN` and
    /// `Infinity` are accepted as Python accepts them. A repeated key keeps its first position
    /// and its last value.
    ///
    /// - Parameter jsonText: One JSON document (leading and trailing whitespace allowed).
    /// - Throws: ``TemplateError/invalidJSON(message:location:)`` naming the line and column.
    public init(jsonText: String) throws(TemplateError) {
        var reader = PythonJSONReader(text: jsonText)
        self = try reader.readDocument()
    }

    /// The value as JSON, formatted as Python's `json.dumps(value, ensure_ascii=False)` would.
    ///
    /// - Parameters:
    ///   - indent: Spaces per level; `nil` writes one line with `", "` and `": "` separators.
    ///   - sortKeys: Whether to sort object keys (by code point) instead of keeping their order.
    /// - Throws: ``TemplateError/runtime(message:location:)`` when the value holds `undefined`.
    public func jsonText(indent: Int? = nil, sortKeys: Bool = false) throws(TemplateError) -> String {
        var options = PythonJSONWriter.Options()
        options.indent = indent.map { String(repeating: " ", count: $0) }
        options.sortKeys = sortKeys
        if indent != nil { options.itemSeparator = "," }
        var output = ""
        do {
            try PythonJSONWriter(options: options).write(self, into: &output, level: 0)
        } catch {
            throw .runtime(message: error.message, location: TemplateLocation(line: 1, column: 1))
        }
        return output
    }
}
