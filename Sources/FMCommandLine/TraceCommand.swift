import Foundation
import FoundationModelsCore
import JSONValues

/// `fm trace FILE`: the requests of a trace file (`FM_TRACE=FILE`, `fm … --trace FILE`) as a table,
/// then each request in detail: what Apple's Foundation Models instrument shows per request.
struct TraceCommand {
    static let usage = """
        USAGE: fm trace FILE [--sort time|tokens|duration] [--detail]

        Prints the requests recorded in FILE (Chrome trace-event JSON, written by FM_TRACE=FILE or
        fm respond|stream|notes|chat --trace FILE; Perfetto and chrome://tracing open it too): one
        line per request with its model, tokens (input, cached, output), time to first token,
        prefill and decode rates, duration and tools; --detail adds each request's rounds, tool
        calls and, when recorded (FM_TRACE_CONTENT=1 or --trace-content), its text.

        OPTIONS:
          --sort time       in the order the requests started (the default)
          --sort tokens     the requests that used the most tokens first
          --sort duration   the slowest requests first
          --detail          every request's rounds and tool calls below the table
        """

    enum Order: String {
        case time, tokens, duration
    }

    let file: String
    var order = Order.time
    var detail = false

    init(arguments: inout CommandLineArguments) throws {
        var file: String?
        while let word = arguments.next() {
            switch word {
            case "--sort":
                let value = try arguments.value(for: "--sort")
                guard let order = Order(rawValue: value) else { throw CLIError.usage("--sort takes time, tokens or duration, not '\(value)'") }
                self.order = order
            case "--detail": detail = true
            default:
                if word.hasPrefix("--") { throw CLIError.usage("unknown option '\(word)' for fm trace") }
                guard file == nil else { throw CLIError.usage("fm trace reads one file") }
                file = word
            }
        }
        guard let file else { throw CLIError.usage("fm trace needs a FILE (fm trace --help)") }
        self.file = file
    }

    func run() throws {
        let traces = try Self.read(URL(fileURLWithPath: file))
        print(Self.table(Self.sorted(traces.finished, by: order), unfinished: traces.unfinished))
        if detail {
            for trace in Self.sorted(traces.finished, by: order) { print("\n" + Self.detail(of: trace)) }
        }
    }

    /// The requests of a trace file: finished ones with their traces, and the ids of those that
    /// started but never ended (the process was killed, or is still running).
    struct Contents {
        var finished: [RequestTrace]
        var unfinished: [(id: String, model: String)]
    }

    /// Reads a trace file, whose closing bracket (and a trailing comma) may be missing.
    ///
    /// - Throws: ``CLIError`` when the file cannot be read or is not a trace file.
    static func read(_ url: URL) throws -> Contents {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw CLIError.usage("cannot read \(url.path): \(error.localizedDescription)") }
        var text = String(decoding: data, as: UTF8.self)
        while let last = text.last, last.isWhitespace || last == "," { text.removeLast() }
        // A write cut off by a crash: drop the partial last event.
        if !text.hasSuffix("]"), !text.hasSuffix("}"), let lastLine = text.lastIndex(of: "\n") { text = String(text[..<lastLine]) }
        while let last = text.last, last.isWhitespace || last == "," { text.removeLast() }
        if !text.hasSuffix("]") { text += "]" }
        let events: [JSONValue]
        do {
            guard let array = try JSONReader.read(text).arrayValue else { throw CLIError.usage("\(url.path) is not a trace file (no event array)") }
            events = array
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.usage("\(url.path) is not a trace file: \(error)")
        }
        var finished: [RequestTrace] = []
        var ended: Set<String> = []
        for event in events where event["ph"]?.stringValue == "E" {
            guard let json = event["args"]?["trace"] else { continue }
            do {
                let trace = try RequestTrace(json: json)
                finished.append(trace)
                ended.insert(trace.id.uuidString)
            } catch {
                throw CLIError.usage("\(url.path): \(error)")
            }
        }
        let unfinished = events.compactMap { event -> (String, String)? in
            guard event["ph"]?.stringValue == "B", let id = event["args"]?["id"]?.stringValue, !ended.contains(id) else { return nil }
            return (id, event["args"]?["model"]?.stringValue ?? "?")
        }
        return Contents(finished: finished, unfinished: unfinished)
    }

    static func sorted(_ traces: [RequestTrace], by order: Order) -> [RequestTrace] {
        switch order {
        case .time: traces.sorted { $0.startDate < $1.startDate }
        case .tokens: traces.sorted { $0.usage.totalTokenCount > $1.usage.totalTokenCount }
        case .duration: traces.sorted { $0.duration > $1.duration }
        }
    }

    /// One line per request, under a header.
    static func table(_ traces: [RequestTrace], unfinished: [(id: String, model: String)]) -> String {
        let header = ["start", "model", "in", "cached", "out", "ttft", "prefill/s", "decode/s", "duration", "rounds", "tools", "result"]
        let clock = DateFormatter()
        clock.dateFormat = "HH:mm:ss.SSS"
        clock.timeZone = TimeZone(identifier: "UTC")
        var rows = traces.map { trace -> [String] in
            let prefillRates = trace.rounds.compactMap(\.prefillTokensPerSecond)
            let decodeRates = trace.rounds.compactMap(\.decodeTokensPerSecond)
            let tools = trace.rounds.flatMap(\.toolCalls).map(\.name)
            return [
                clock.string(from: trace.startDate), shortModel(trace.model), "\(trace.usage.input.totalTokenCount)",
                "\(trace.usage.input.cachedTokenCount)", "\(trace.usage.output.totalTokenCount)",
                trace.timeToFirstToken.map(milliseconds) ?? "-", prefillRates.isEmpty ? "-" : rate(prefillRates.max()!),
                decodeRates.isEmpty ? "-" : rate(decodeRates.reduce(0, +) / Double(decodeRates.count)), milliseconds(trace.duration),
                "\(trace.rounds.count)", tools.isEmpty ? "-" : tools.joined(separator: ","), trace.error == nil ? "ok" : "error"
            ]
        }
        rows += unfinished.map { ["?", shortModel($0.model), "-", "-", "-", "-", "-", "-", "-", "-", "-", "unfinished"] }
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let lines = all.map { row in
            row.indices.map { column in
                let cell = row[column]
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 1 || column >= 10 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        var text = lines.joined(separator: "\n")
        let total = traces.reduce(0) { $0 + $1.usage.totalTokenCount }
        text += "\n\(traces.count) request\(traces.count == 1 ? "" : "s"), \(total) tokens"
        if !unfinished.isEmpty { text += "; \(unfinished.count) started but never finished" }
        return text
    }

    /// One request in detail.
    static func detail(of trace: RequestTrace) -> String {
        var lines = ["request \(trace.id.uuidString) (session \(trace.sessionID.uuidString.prefix(8))), \(trace.model)"]
        if let instructions = trace.instructions { lines.append("  instructions: \(instructions)") }
        if !trace.toolsOffered.isEmpty { lines.append("  tools offered: \(trace.toolsOffered.joined(separator: ", "))") }
        if !trace.options.isEmpty {
            lines.append("  options: " + trace.options.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if let prompt = trace.prompt { lines.append("  prompt: \(prompt)") }
        if let schema = trace.responseSchema { lines.append("  response schema: \(schema)") }
        for (index, round) in trace.rounds.enumerated() {
            var parts = [
                "at \(milliseconds(round.start))", "\(milliseconds(round.duration))",
                "in \(round.usage.input.totalTokenCount) (cached \(round.usage.input.cachedTokenCount))", "out \(round.usage.output.totalTokenCount)"
            ]
            if let load = round.modelLoadDuration, load > .milliseconds(1) { parts.append("model load \(milliseconds(load))") }
            if let prefill = round.prefillDuration { parts.append("prefill \(milliseconds(prefill))") }
            if let first = round.timeToFirstToken { parts.append("first token \(milliseconds(first))") }
            if let rate = round.decodeTokensPerSecond { parts.append("decode \(Self.rate(rate)) tokens/s") }
            if let compile = round.grammarCompileDuration { parts.append("grammar \(milliseconds(compile))") }
            lines.append("  round \(index + 1): " + parts.joined(separator: ", "))
            if let rendered = round.renderedPrompt {
                lines.append("    rendered prompt:")
                lines.append(contentsOf: rendered.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 })
            }
            for call in round.toolCalls {
                var text = "    tool \(call.name): \(milliseconds(call.duration))"
                if let arguments = call.arguments { text += ", arguments \(arguments)" }
                if let output = call.output { text += " -> \(output)" }
                if let error = call.error { text += ", error: \(error)" }
                lines.append(text)
            }
        }
        if let response = trace.response { lines.append("  response: \(response)") }
        if let error = trace.error { lines.append("  error: \(error)") }
        lines.append(
            "  total: \(milliseconds(trace.duration)), tokens in \(trace.usage.input.totalTokenCount) (cached \(trace.usage.input.cachedTokenCount)), out \(trace.usage.output.totalTokenCount)"
        )
        return lines.joined(separator: "\n")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return value >= 100 ? String(format: "%.0f ms", value) : String(format: "%.1f ms", value)
    }

    private static func rate(_ value: Double) -> String { String(format: "%.1f", value) }

    /// The model's file name, or its type.
    private static func shortModel(_ model: String) -> String {
        guard let slash = model.lastIndex(of: "/") else { return model }
        return String(model[model.index(after: slash)...].prefix { $0 != ")" && $0 != "," })
    }
}
