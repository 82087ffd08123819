package import JSONValues

extension ChatCompletionRequest {
    /// What `response_format` asks for: free text, any JSON object, or JSON following a schema.
    package enum ResponseFormat: Encodable, Sendable, Equatable {
        /// Free text (`{"type": "text"}`).
        case text
        /// Any JSON object (`{"type": "json_object"}`).
        case jsonObject
        /// JSON that follows `schema` (`{"type": "json_schema", "json_schema": {…}}`).
        case jsonSchema(name: String, schema: JSONValue, strict: Bool?)

        private enum CodingKeys: String, CodingKey {
            case type
            case jsonSchema = "json_schema"
        }

        private enum SchemaKeys: String, CodingKey {
            case name, schema, strict
        }

        /// Writes the format with its `type`; a schema as `name`, `schema`, `strict`.
        ///
        /// - Throws: The encoder's errors.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .text: try container.encode("text", forKey: .type)
            case .jsonObject: try container.encode("json_object", forKey: .type)
            case .jsonSchema(let name, let schema, let strict):
                try container.encode("json_schema", forKey: .type)
                var format = container.nestedContainer(keyedBy: SchemaKeys.self, forKey: .jsonSchema)
                try format.encode(name, forKey: .name)
                try format.encode(schema, forKey: .schema)
                try format.encodeIfPresent(strict, forKey: .strict)
            }
        }

        /// Reads `response_format`: absent or `null` is `nil`; a schema's name defaults to
        /// `response`, and the schema must be an object (or `true`).
        ///
        /// - Throws: ``WireError`` naming the field at fault.
        init?(json value: JSONValue?) throws(WireError) {
            guard let value, value != .null else { return nil }
            guard let members = value.objectMembers else { throw WireError("response_format must be an object", param: "response_format") }
            let reader = FieldReader(members: members, path: "response_format.")
            switch try reader.string("type") {
            case "text"?: self = .text
            case "json_object"?: self = .jsonObject
            case "json_schema"?:
                guard let format = try reader.nested("json_schema") else {
                    throw WireError("response_format.json_schema is required for type json_schema", param: "response_format.json_schema")
                }
                guard let schema = format.value("schema"), schema.objectMembers != nil || schema == .bool(true) else {
                    throw WireError("response_format.json_schema.schema must be a JSON Schema object", param: "response_format.json_schema.schema")
                }
                let strict = try format.bool("strict")
                self = .jsonSchema(name: try format.string("name") ?? "response", schema: schema, strict: strict)
            case let other:
                throw WireError("response_format.type: unsupported '\(other ?? "")' (text, json_object or json_schema)", param: "response_format.type")
            }
        }
    }
}
