import JSONValues

extension GeneratedContent {
    /// The content as JSON text, with keys in their order, `": "` after each key and `", "` between
    /// members, as Apple's framework writes it.
    ///
    /// Partial content is written as the well-formed JSON of what has been generated so far.
    public var jsonString: String {
        var output: [UInt8] = []
        appendJSON(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends this content's JSON text to `output`.
    func appendJSON(to output: inout [UInt8]) {
        switch kind {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            output.append(contentsOf: JSONValue.numberText(value).utf8)
        case .string(let value):
            JSONWriter.appendQuoted(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(contentsOf: ", ".utf8) }
                element.appendJSON(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .structure(let properties, let orderedKeys):
            output.append(UInt8(ascii: "{"))
            var first = true
            for key in orderedKeys {
                guard let value = properties[key] else { continue }
                if !first { output.append(contentsOf: ", ".utf8) }
                first = false
                JSONWriter.appendQuoted(key, to: &output)
                output.append(contentsOf: ": ".utf8)
                value.appendJSON(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
