import Foundation

/// Tool calls as they stream in, by identifier, in the order they started.
struct ToolCallAssembly {
    private var order: [String] = []
    private var names: [String: String] = [:]
    private var arguments: [String: String] = [:]
    private var metadata: [String: [String: any Sendable & Codable & Equatable]] = [:]

    mutating func apply(_ call: LanguageModelExecutorGenerationChannel.ToolCalls.ToolCall) {
        if names[call.id] == nil { order.append(call.id) }
        names[call.id] = call.name
        switch call.action.kind {
        case .appendArguments(let fragment): arguments[call.id, default: ""] += fragment.content
        case .updateMetadata(let values): metadata[call.id] = values.values
        }
    }

    mutating func remove(_ id: String) {
        order.removeAll { $0 == id }
        names[id] = nil
        arguments[id] = nil
        metadata[id] = nil
    }

    /// The calls, with their arguments parsed.
    ///
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when a call's
    ///   arguments are not JSON.
    func finished() throws -> [Transcript.ToolCall] {
        try order.compactMap { id in
            guard let name = names[id] else { return nil }
            let json = arguments[id] ?? "{}"
            let parsed: GeneratedContent
            do {
                parsed = try GeneratedContent(json: json.isEmpty ? "{}" : json)
            } catch {
                throw LanguageModelSession.GenerationError.decodingFailure(
                    .init(debugDescription: "The arguments of the call to \(name) are not valid JSON: \(json)"))
            }
            return Transcript.ToolCall(id: id, metadata: metadata[id] ?? [:], toolName: name, arguments: parsed)
        }
    }
}
