import FoundationModels

extension StructuredValue {
    /// The value of generated content: a tool call's arguments as the model wrote them.
    init(_ content: GeneratedContent) {
        switch content.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            if number.rounded() == number, abs(number) < 9e15 {
                self = .int(Int(number))
            } else {
                self = .double(number)
            }
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(StructuredValue.init))
        case .structure(let properties, _): self = .dictionary(properties.mapValues(StructuredValue.init))
        }
    }
}
