import JSONValues

/// Keywords of one schema object that contradict each other, named before anything is compiled.
///
/// The grammar's emptiness check finds every schema without an instance; this check names the
/// common contradictions at their keyword and path (`minLength` above `maxLength`, an empty
/// `enum`, …) so that a refusal says what to fix.
extension JSONSchemaCompiler {
    static func checkContradictions(_ object: JSONValue, path: String) throws(SchemaError) {
        func integer(_ key: String) -> Int? {
            guard case .number(let text)? = object[key], let value = DecimalNumber(text), value.isInteger else { return nil }
            return Int(text)
        }
        func number(_ key: String) -> DecimalNumber? {
            guard case .number(let text)? = object[key] else { return nil }
            return DecimalNumber(text)
        }
        for (low, high) in [("minLength", "maxLength"), ("minItems", "maxItems"), ("minProperties", "maxProperties")] {
            if let minimum = integer(low), let maximum = integer(high), minimum > maximum {
                throw .unsatisfiable(keyword: low, path: path, reason: "\(low) \(minimum) is above \(high) \(maximum)")
            }
        }
        if let minimum = number("minimum"), let maximum = number("maximum"), maximum < minimum {
            throw .unsatisfiable(keyword: "minimum", path: path, reason: "minimum \(minimum.text) is above maximum \(maximum.text)")
        }
        let exclusivePairs: [(String, String)] = [("exclusiveMinimum", "maximum"), ("minimum", "exclusiveMaximum"), ("exclusiveMinimum", "exclusiveMaximum")]
        for (low, high) in exclusivePairs {
            if let minimum = number(low), let maximum = number(high), !(minimum < maximum) {
                throw .unsatisfiable(keyword: low, path: path, reason: "\(low) \(minimum.text) leaves no number below \(high) \(maximum.text)")
            }
        }
        if case .array(let values)? = object["enum"], values.isEmpty {
            throw .unsatisfiable(keyword: "enum", path: path, reason: "an empty enum allows no value")
        }
        if case .array(let required)? = object["required"], object["additionalProperties"] == .bool(false), object["patternProperties"] == nil {
            let declared = Set((object["properties"]?.objectMembers ?? []).map(\.key))
            if let missing = required.compactMap(\.stringValue).first(where: { !declared.contains($0) }) {
                throw .unsatisfiable(
                    keyword: "required", path: path, reason: "'\(missing)' is required but additionalProperties is false and properties does not declare it")
            }
        }
    }
}
