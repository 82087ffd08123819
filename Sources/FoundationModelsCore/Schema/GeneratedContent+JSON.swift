extension GeneratedContent {
    /// Creates content from JSON text, which may be a complete document or any beginning of one.
    ///
    /// A streamed response is parsed from the text generated so far: open strings, arrays and
    /// objects, half-written numbers, literals and escapes are read as far as they go, and the
    /// result's ``isComplete`` is `true` only for a whole document. A key without a value yet is left
    /// out, and empty text gives incomplete `null` content. Parsing takes time linear in the length
    /// of the text; arrays and objects may nest 512 deep.
    ///
    /// ```swift
    /// let partial = try GeneratedContent(json: #"{"title": "Hello, wor"#)
    /// partial.jsonString   // {"title": "Hello, wor"}
    /// partial.isComplete   // false
    /// ```
    ///
    /// - Parameter json: JSON text, or the beginning of it.
    /// - Throws: ``GeneratedContent/JSONSyntaxError`` when the text cannot begin a JSON document.
    public init(json: String) throws {
        self = try PartialJSONParser.parse(json)
    }

    /// Creates content from UTF-8 bytes of JSON text or its beginning; a multi-byte character cut
    /// short at the end is left out until its remaining bytes arrive.
    ///
    /// - Parameter jsonUTF8: The bytes generated so far.
    /// - Throws: ``GeneratedContent/JSONSyntaxError`` for bytes that cannot begin a JSON document,
    ///   including invalid UTF-8.
    init(jsonUTF8: some Collection<UInt8>) throws(JSONSyntaxError) {
        self = try PartialJSONParser.parse(utf8: Array(jsonUTF8), isValidUTF8: false)
    }
}
