import Foundation
import JSONValues

/// Apple's JSON wire format for transcripts:
///
/// ```json
/// {"type": "FoundationModels.Transcript", "version": 1, "transcript": {"entries": [
///   {"id": "…", "role": "instructions", "contents": [{"type": "text", "text": "…", "id": "…"}],
///    "tools": [{"type": "function", "function": {"name": "…", "description": "…", "parameters": {…}}}]},
///   {"id": "…", "role": "user", "contents": […], "options": {},
///    "responseFormat": {"type": "jsonSchema", "jsonSchema": {"name": "…", "schema": {…}}}},
///   {"id": "…", "role": "response", "toolCalls": [{"id": "…", "name": "…", "arguments": "<JSON text>"}]},
///   {"id": "…", "role": "tool", "toolName": "…", "toolCallID": "…", "contents": […]},
///   {"id": "…", "role": "reasoning", "contents": […], "signature": "<base64>", "metadata": {…}},
///   {"id": "…", "role": "response", "assets": […], "contents": [{"type": "structure",
///    "structure": {"source": "…", "content": {…}}, "id": "…"}]}
/// ]}}
/// ```
///
/// The OS 27 additions are written only when present, so a transcript without them encodes as it
/// did on OS 26: `metadata` objects on prompts, responses, reasoning and tool calls;
/// `contextOptions` on prompts (`{"includeSchemaInPrompt": false, "reasoningLevel": "deep"}`);
/// the `reasoning` role; and two segment types, `{"type": "attachment", "attachment": {"type":
/// "image", "url": "…", "orientation": 1}, "label": "…", "id": "…"}` and `{"type": "custom",
/// "custom": {"type": "<Swift type>", "content": {…}}, "id": "…"}`. Apple has not published its
/// encoding of these additions; this is ours, and reading it back is lossless. A custom segment
/// whose Swift type is unknown to the reader is kept as its JSON and written back unchanged.
extension Transcript: Codable {
    /// Decodes a transcript from Apple's JSON wire format.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose description names the path of the first
    ///   value that does not fit (for example `transcript.entries[2].role`).
    public init(from decoder: any Decoder) throws {
        let document = try JSONValue(from: decoder)
        do {
            self = try TranscriptWireFormat.transcript(from: document)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes the transcript in Apple's JSON wire format.
    public func encode(to encoder: any Encoder) throws {
        try TranscriptWireFormat.document(of: self).encode(to: encoder)
    }
}

/// Reading and writing the wire format.
enum TranscriptWireFormat {
    /// A value that does not fit the format, with its path.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    // MARK: Writing

    static func document(of transcript: Transcript) -> JSONValue {
        .object([
            JSONMember("type", .string("FoundationModels.Transcript")),
            JSONMember("version", .number("1")),
            JSONMember("transcript", .object([JSONMember("entries", .array(transcript.map(entry)))]))
        ])
    }

    static func entry(_ entry: Transcript.Entry) -> JSONValue {
        switch entry {
        case .instructions(let instructions):
            var members: [JSONMember] = [
                JSONMember("id", .string(instructions.id)), JSONMember("role", .string("instructions")),
                JSONMember("contents", .array(instructions.segments.map(segment)))
            ]
            if !instructions.toolDefinitions.isEmpty {
                members.append(
                    JSONMember(
                        "tools",
                        .array(
                            instructions.toolDefinitions.map { tool in
                                .object([
                                    JSONMember("type", .string("function")),
                                    JSONMember(
                                        "function",
                                        .object([
                                            JSONMember("name", .string(tool.name)), JSONMember("description", .string(tool.description)),
                                            JSONMember("parameters", tool.parameters.resolved().jsonValue())
                                        ]))
                                ])
                            })))
            }
            return .object(members)
        case .prompt(let prompt):
            var members: [JSONMember] = [
                JSONMember("id", .string(prompt.id)), JSONMember("role", .string("user")),
                JSONMember("contents", .array(prompt.segments.map(segment))), JSONMember("options", options(prompt.options))
            ]
            if prompt.contextOptions != ContextOptions() {
                members.append(JSONMember("contextOptions", contextOptions(prompt.contextOptions)))
            }
            if !prompt.metadata.isEmpty { members.append(JSONMember("metadata", prompt.metadata.jsonValue)) }
            if let format = prompt.responseFormat {
                members.append(
                    JSONMember(
                        "responseFormat",
                        .object([
                            JSONMember("type", .string("jsonSchema")),
                            JSONMember("jsonSchema", .object([JSONMember("name", .string(format.name)), JSONMember("schema", format.schema.resolved().jsonValue())]))
                        ])))
            }
            return .object(members)
        case .toolCalls(let calls):
            return .object([
                JSONMember("id", .string(calls.id)), JSONMember("role", .string("response")),
                JSONMember(
                    "toolCalls",
                    .array(
                        calls.map { call in
                            var members = [
                                JSONMember("id", .string(call.id)), JSONMember("name", .string(call.toolName)),
                                JSONMember("arguments", .string(call.arguments.jsonString))
                            ]
                            if !call.metadata.isEmpty { members.append(JSONMember("metadata", call.metadata.jsonValue)) }
                            return .object(members)
                        }))
            ])
        case .toolOutput(let output):
            return .object([
                JSONMember("id", .string(output.id)), JSONMember("role", .string("tool")), JSONMember("toolName", .string(output.toolName)),
                JSONMember("toolCallID", .string(output.id)), JSONMember("contents", .array(output.segments.map(segment)))
            ])
        case .response(let response):
            var members = [
                JSONMember("id", .string(response.id)), JSONMember("role", .string("response")),
                JSONMember("assets", .array(response.assetIDs.map(JSONValue.string))),
                JSONMember("contents", .array(response.segments.map(segment)))
            ]
            if !response.metadata.isEmpty { members.append(JSONMember("metadata", response.metadata.jsonValue)) }
            return .object(members)
        case .reasoning(let reasoning):
            var members = [
                JSONMember("id", .string(reasoning.id)), JSONMember("role", .string("reasoning")),
                JSONMember("contents", .array(reasoning.segments.map(segment)))
            ]
            if let signature = reasoning.signature { members.append(JSONMember("signature", .string(signature.base64EncodedString()))) }
            if !reasoning.metadata.isEmpty { members.append(JSONMember("metadata", reasoning.metadata.jsonValue)) }
            return .object(members)
        }
    }

    static func contextOptions(_ options: ContextOptions) -> JSONValue {
        var members: [JSONMember] = []
        if let include = options.includeSchemaInPrompt { members.append(JSONMember("includeSchemaInPrompt", .bool(include))) }
        switch options.reasoningLevel {
        case nil: break
        case .light?: members.append(JSONMember("reasoningLevel", .string("light")))
        case .moderate?: members.append(JSONMember("reasoningLevel", .string("moderate")))
        case .deep?: members.append(JSONMember("reasoningLevel", .string("deep")))
        case .custom(let name)?: members.append(JSONMember("reasoningLevel", .object([JSONMember("custom", .string(name))])))
        }
        return .object(members)
    }

    static func segment(_ segment: Transcript.Segment) -> JSONValue {
        switch segment {
        case .text(let text):
            .object([JSONMember("type", .string("text")), JSONMember("text", .string(text.content)), JSONMember("id", .string(text.id))])
        case .structure(let structure):
            .object([
                JSONMember("type", .string("structure")),
                JSONMember("structure", .object([JSONMember("source", .string(structure.schemaName)), JSONMember("content", JSONValue(structure.content))])),
                JSONMember("id", .string(structure.id))
            ])
        case .attachment(let attachment):
            attachmentSegment(attachment)
        case .custom(let custom):
            customSegment(custom)
        }
    }

    static func attachmentSegment(_ segment: Transcript.AttachmentSegment) -> JSONValue {
        var members = [JSONMember("type", .string("attachment"))]
        switch segment.content {
        case .image(let image):
            var fields = [JSONMember("type", .string("image")), JSONMember("url", .string(image.imageURL.absoluteString))]
            if let orientation = image.storedOrientation { fields.append(JSONMember("orientation", .number(String(orientation.rawValue)))) }
            members.append(JSONMember("attachment", .object(fields)))
        }
        if let label = segment.label { members.append(JSONMember("label", .string(label))) }
        members.append(JSONMember("id", .string(segment.id)))
        return .object(members)
    }

    static func customSegment(_ segment: any Transcript.CustomSegment) -> JSONValue {
        let typeName = (segment as? PreservedCustomSegment)?.typeName ?? String(reflecting: type(of: segment))
        let content = segment.contentJSON
        return .object([
            JSONMember("type", .string("custom")), JSONMember("custom", .object([JSONMember("type", .string(typeName)), JSONMember("content", content)])),
            JSONMember("id", .string(segment.id))
        ])
    }

    static func options(_ options: GenerationOptions) -> JSONValue {
        var members: [JSONMember] = []
        switch options.samplingMode?.kind {
        case .none: break
        case .greedy:
            members.append(JSONMember("sampling", .object([JSONMember("type", .string("greedy"))])))
        case .randomTopK(let k, let seed):
            var sampling: [JSONMember] = [JSONMember("type", .string("topK")), JSONMember("k", .number(String(k)))]
            if let seed { sampling.append(JSONMember("seed", .number(String(seed)))) }
            members.append(JSONMember("sampling", .object(sampling)))
        case .randomProbabilityThreshold(let threshold, let seed):
            var sampling: [JSONMember] = [JSONMember("type", .string("probabilityThreshold")), JSONMember("threshold", .number(JSONValue.numberText(threshold)))]
            if let seed { sampling.append(JSONMember("seed", .number(String(seed)))) }
            members.append(JSONMember("sampling", .object(sampling)))
        }
        if let temperature = options.temperature { members.append(JSONMember("temperature", .number(JSONValue.numberText(temperature)))) }
        if let maximum = options.maximumResponseTokens { members.append(JSONMember("maximumResponseTokens", .number(String(maximum)))) }
        if let mode = options.toolCallingMode {
            let name =
                switch mode.kind {
                case .allowed: "allowed";
                case .required: "required";
                case .disallowed: "disallowed"
                }
            members.append(JSONMember("toolCallingMode", .string(name)))
        }
        return .object(members)
    }

    // MARK: Reading

    static func transcript(from document: JSONValue) throws(Failure) -> Transcript {
        guard case .object = document else { throw Failure(path: "$", reason: "expected an object") }
        if let type = document["type"], type != .string("FoundationModels.Transcript") {
            throw Failure(path: "type", reason: "expected \"FoundationModels.Transcript\", found \(type.serialized())")
        }
        if let version = document["version"] {
            let text: String? =
                switch version {
                case .number(let n): n;
                case .string(let s): s;
                default: nil
                }
            guard let text, let number = Double(text), number >= 1, number < 2 else {
                throw Failure(path: "version", reason: "unsupported version \(version.serialized())")
            }
        }
        guard let body = document["transcript"] else { throw Failure(path: "transcript", reason: "missing") }
        guard case .array(let entries)? = body["entries"] else {
            throw Failure(path: "transcript.entries", reason: "expected an array of entries")
        }
        var result: [Transcript.Entry] = []
        for (index, value) in entries.enumerated() {
            result.append(try entry(from: value, path: "transcript.entries[\(index)]"))
        }
        return Transcript(entries: result)
    }

    static func entry(from value: JSONValue, path: String) throws(Failure) -> Transcript.Entry {
        let id = try string(value, "id", path: path)
        let role = try string(value, "role", path: path)
        switch role {
        case "instructions":
            var tools: [Transcript.ToolDefinition] = []
            if case .array(let definitions)? = value["tools"] {
                for (index, definition) in definitions.enumerated() {
                    let toolPath = "\(path).tools[\(index)]"
                    guard let function = definition["function"] else { throw Failure(path: toolPath + ".function", reason: "missing") }
                    let name = try string(function, "name", path: toolPath + ".function")
                    let description = (try? string(function, "description", path: toolPath + ".function")) ?? ""
                    let parameters = try schema(function["parameters"], path: toolPath + ".function.parameters")
                    tools.append(Transcript.ToolDefinition(name: name, description: description, parameters: parameters))
                }
            }
            return .instructions(Transcript.Instructions(id: id, segments: try segments(value, path: path), toolDefinitions: tools))
        case "user":
            var format: Transcript.ResponseFormat?
            if let responseFormat = value["responseFormat"], responseFormat != .null {
                let formatPath = path + ".responseFormat"
                guard let jsonSchema = responseFormat["jsonSchema"] else { throw Failure(path: formatPath + ".jsonSchema", reason: "missing") }
                format = Transcript.ResponseFormat(schema: try schema(jsonSchema["schema"], path: formatPath + ".jsonSchema.schema"))
            }
            return .prompt(
                Transcript.Prompt(
                    id: id, metadata: metadata(value), segments: try segments(value, path: path),
                    options: try options(value["options"], path: path + ".options"), responseFormat: format,
                    contextOptions: try contextOptions(value["contextOptions"], path: path + ".contextOptions")))
        case "response":
            if case .array(let calls)? = value["toolCalls"] {
                var result: [Transcript.ToolCall] = []
                for (index, call) in calls.enumerated() {
                    let callPath = "\(path).toolCalls[\(index)]"
                    let arguments: GeneratedContent
                    switch call["arguments"] {
                    case .string(let text)?:
                        do { arguments = try GeneratedContent(json: text) } catch {
                            throw Failure(path: callPath + ".arguments", reason: "not JSON: \(error)")
                        }
                    case let object?:
                        do { arguments = try GeneratedContent(json: object.serialized()) } catch {
                            throw Failure(path: callPath + ".arguments", reason: "\(error)")
                        }
                    case nil:
                        throw Failure(path: callPath + ".arguments", reason: "missing")
                    }
                    result.append(
                        Transcript.ToolCall(
                            id: try string(call, "id", path: callPath), metadata: metadata(call), toolName: try string(call, "name", path: callPath),
                            arguments: arguments))
                }
                return .toolCalls(Transcript.ToolCalls(id: id, result))
            }
            var assets: [String] = []
            if case .array(let values)? = value["assets"] {
                for case .string(let asset) in values { assets.append(asset) }
            }
            var response = Transcript.Response(id: id, assetIDs: assets, segments: try segments(value, path: path))
            response.storedMetadata = metadata(value)
            return .response(response)
        case "reasoning":
            var signature: Data?
            if let encoded = value["signature"], encoded != .null {
                guard case .string(let text) = encoded, let data = Data(base64Encoded: text) else {
                    throw Failure(path: path + ".signature", reason: "expected base64 text")
                }
                signature = data
            }
            return .reasoning(Transcript.Reasoning(id: id, metadata: metadata(value), segments: try segments(value, path: path), signature: signature))
        case "tool":
            let callID = (try? string(value, "toolCallID", path: path)) ?? id
            return .toolOutput(Transcript.ToolOutput(id: callID, toolName: try string(value, "toolName", path: path), segments: try segments(value, path: path)))
        default:
            throw Failure(path: path + ".role", reason: "unknown role \"\(role)\" (expected instructions, user, response, reasoning or tool)")
        }
    }

    static func segments(_ value: JSONValue, path: String) throws(Failure) -> [Transcript.Segment] {
        guard let contents = value["contents"] else { return [] }
        guard case .array(let items) = contents else { throw Failure(path: path + ".contents", reason: "expected an array") }
        var result: [Transcript.Segment] = []
        for (index, item) in items.enumerated() {
            let segmentPath = "\(path).contents[\(index)]"
            let id = (try? string(item, "id", path: segmentPath)) ?? UUID().uuidString
            switch try string(item, "type", path: segmentPath) {
            case "text":
                result.append(.text(Transcript.TextSegment(id: id, content: try string(item, "text", path: segmentPath))))
            case "structure":
                guard let structure = item["structure"] else { throw Failure(path: segmentPath + ".structure", reason: "missing") }
                let source = try string(structure, "source", path: segmentPath + ".structure")
                guard let content = structure["content"] else { throw Failure(path: segmentPath + ".structure.content", reason: "missing") }
                let generated: GeneratedContent
                do { generated = try GeneratedContent(json: content.serialized()) } catch {
                    throw Failure(path: segmentPath + ".structure.content", reason: "\(error)")
                }
                result.append(.structure(Transcript.StructuredSegment(id: id, schemaName: source, content: generated)))
            case "attachment":
                result.append(.attachment(try attachmentSegment(item, id: id, path: segmentPath)))
            case "custom":
                guard let custom = item["custom"] else { throw Failure(path: segmentPath + ".custom", reason: "missing") }
                let typeName = try string(custom, "type", path: segmentPath + ".custom")
                guard let content = custom["content"] else { throw Failure(path: segmentPath + ".custom.content", reason: "missing") }
                result.append(.custom(PreservedCustomSegment(id: id, typeName: typeName, content: PreservedJSON(value: content))))
            case let other:
                throw Failure(path: segmentPath + ".type", reason: "unknown segment type \"\(other)\" (expected text, structure, attachment or custom)")
            }
        }
        return result
    }

    static func attachmentSegment(_ item: JSONValue, id: String, path: String) throws(Failure) -> Transcript.AttachmentSegment {
        guard let attachment = item["attachment"] else { throw Failure(path: path + ".attachment", reason: "missing") }
        let kind = try string(attachment, "type", path: path + ".attachment")
        guard kind == "image" else {
            throw Failure(path: path + ".attachment.type", reason: "unknown attachment type \"\(kind)\" (expected image)")
        }
        let text = try string(attachment, "url", path: path + ".attachment")
        guard let url = URL(string: text), url.scheme != nil else {
            throw Failure(path: path + ".attachment.url", reason: "not an absolute URL: \(text)")
        }
        var orientation: CGImagePropertyOrientation?
        if let raw = number(attachment["orientation"]) {
            guard let value = CGImagePropertyOrientation(rawValue: UInt32(exactly: raw) ?? 0) else {
                throw Failure(path: path + ".attachment.orientation", reason: "expected an EXIF orientation from 1 to 8")
            }
            orientation = value
        }
        var label: String?
        if case .string(let text)? = item["label"] { label = text }
        return Transcript.AttachmentSegment(id: id, content: .image(Transcript.ImageAttachment(imageURL: url, orientation: orientation)), label: label)
    }

    static func metadata(_ value: JSONValue) -> [String: any Sendable & Codable & Equatable] {
        guard let metadata = value["metadata"], case .object = metadata else { return [:] }
        return [String: any Sendable & Codable & Equatable](json: metadata)
    }

    static func contextOptions(_ value: JSONValue?, path: String) throws(Failure) -> ContextOptions {
        guard let value, value != .null else { return ContextOptions() }
        var options = ContextOptions()
        if case .bool(let include)? = value["includeSchemaInPrompt"] { options.includeSchemaInPrompt = include }
        switch value["reasoningLevel"] {
        case nil, .null?: break
        case .string("light")?: options.reasoningLevel = .light
        case .string("moderate")?: options.reasoningLevel = .moderate
        case .string("deep")?: options.reasoningLevel = .deep
        case let level?:
            guard case .string(let name)? = level["custom"] else {
                throw Failure(path: path + ".reasoningLevel", reason: "expected light, moderate, deep or {\"custom\": name}")
            }
            options.reasoningLevel = .custom(name)
        }
        return options
    }

    static func options(_ value: JSONValue?, path: String) throws(Failure) -> GenerationOptions {
        guard let value, value != .null else { return GenerationOptions() }
        var options = GenerationOptions()
        if let sampling = value["sampling"] {
            let seed = try whole(sampling["seed"], as: UInt64.self, path: path + ".sampling.seed")
            switch try string(sampling, "type", path: path + ".sampling") {
            case "greedy": options.samplingMode = .greedy
            case "topK": options.samplingMode = .random(top: try whole(sampling["k"], as: Int.self, path: path + ".sampling.k") ?? 1, seed: seed)
            case "probabilityThreshold": options.samplingMode = .random(probabilityThreshold: number(sampling["threshold"]) ?? 1, seed: seed)
            case let other: throw Failure(path: path + ".sampling.type", reason: "unknown sampling \"\(other)\"")
            }
        }
        options.temperature = number(value["temperature"])
        options.maximumResponseTokens = try whole(value["maximumResponseTokens"], as: Int.self, path: path + ".maximumResponseTokens")
        if case .string(let mode)? = value["toolCallingMode"] {
            switch mode {
            case "allowed": options.toolCallingMode = .allowed
            case "required": options.toolCallingMode = .required
            case "disallowed": options.toolCallingMode = .disallowed
            default: throw Failure(path: path + ".toolCallingMode", reason: "unknown mode \"\(mode)\"")
            }
        }
        return options
    }

    static func schema(_ value: JSONValue?, path: String) throws(Failure) -> GenerationSchema {
        guard let value else { throw Failure(path: path, reason: "missing") }
        do {
            return try JSONSchemaReader.read(value, dialect: .apple)
        } catch {
            throw Failure(path: path, reason: "not a schema in Apple's dialect: \(error)")
        }
    }

    static func string(_ value: JSONValue, _ key: String, path: String) throws(Failure) -> String {
        guard case .string(let text)? = value[key] else {
            throw Failure(path: "\(path).\(key)", reason: value[key] == nil ? "missing" : "expected a string")
        }
        return text
    }

    /// A number that must be a whole value of `type` (a seed, a count): nil when absent, a
    /// ``Failure`` when it is fractional, negative for an unsigned type, or out of range.
    static func whole<Integer: BinaryInteger>(_ value: JSONValue?, as type: Integer.Type, path: String) throws(Failure) -> Integer? {
        guard let number = number(value) else { return nil }
        guard let whole = Integer(exactly: number) else {
            throw Failure(path: path, reason: "\(number) is not a whole number in the range of \(Integer.self)")
        }
        return whole
    }

    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let text)?: Double(text)
        case .string(let text)?: Double(text)
        default: nil
        }
    }
}
