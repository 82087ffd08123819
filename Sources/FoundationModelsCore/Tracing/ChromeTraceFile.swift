package import Foundation
import JSONValues
import Synchronization

/// Writes request traces to a file in Chrome's trace-event format (JSON array form), which
/// Perfetto (ui.perfetto.dev) and `chrome://tracing` open and `fm trace FILE` prints.
///
/// Each session is a track (a "thread" named after it); on it, each request is a span that opens
/// when the request starts and closes when it ends, with its rounds inside (a model call's
/// prefill and decode, then the tools it called). The request's closing event carries the whole
/// ``RequestTrace`` in its arguments.
///
/// Crash-safe by construction: the file is an array whose closing bracket is optional in this
/// format, and every event is written with one `write` call as it happens, so a process killed
/// mid-request leaves a file that opens, with the unfinished request's start in it.
package final class ChromeTraceFile: RequestTraceObserver {
    /// Where the events go.
    package let url: URL
    private let state: Mutex<State>

    private struct State {
        var handle: FileHandle
        var sessionTracks: [UUID: Int] = [:]
    }

    /// Opens (truncates) the file and writes the array's opening bracket.
    ///
    /// - Parameter path: The file; `{pid}` in it becomes this process's id, so that processes
    ///   sharing one setting write files of their own.
    /// - Throws: `CocoaError` when the file cannot be created.
    package init(path: String) throws {
        let resolved = path.replacingOccurrences(of: "{pid}", with: String(ProcessInfo.processInfo.processIdentifier))
        url = URL(fileURLWithPath: resolved)
        guard FileManager.default.createFile(atPath: url.path, contents: Data("[\n".utf8)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        state = Mutex(State(handle: handle))
    }

    /// Writes the request's opening event (and its session's track name, the first time).
    package func requestDidStart(_ start: RequestTraceStart) {
        state.withLock { state in
            var events: [JSONValue] = []
            let track = Self.track(for: start.sessionID, in: &state, newTrack: &events)
            events.append(
                Self.event(
                    name: "request", phase: "B", timestamp: Self.timestamp(start.date), track: track,
                    arguments: [JSONMember("id", .string(start.id.uuidString)), JSONMember("model", .string(start.model))]))
            Self.write(events, to: state.handle)
        }
    }

    /// Writes the request's rounds, tool calls and closing event.
    package func requestDidFinish(_ trace: RequestTrace) {
        state.withLock { state in
            var events: [JSONValue] = []
            let track = Self.track(for: trace.sessionID, in: &state, newTrack: &events)
            let origin = Self.timestamp(trace.startDate)
            for (index, round) in trace.rounds.enumerated() {
                let roundEnd =
                    round.toolCalls.map { $0.start + $0.duration }.max().map { max($0, round.start + round.duration) }
                    ?? round.start + round.duration
                var arguments = [
                    JSONMember("input_tokens", .number(String(round.usage.input.totalTokenCount))),
                    JSONMember("cached_input_tokens", .number(String(round.usage.input.cachedTokenCount))),
                    JSONMember("output_tokens", .number(String(round.usage.output.totalTokenCount)))
                ]
                if let compile = round.grammarCompileDuration {
                    arguments.append(JSONMember("grammar_compile_us", .number(String(compile.microseconds))))
                }
                events.append(
                    Self.complete(
                        "round \(index + 1)", start: origin + round.start.microseconds, duration: roundEnd - round.start, track: track,
                        arguments: arguments))
                let modelStart = origin + round.start.microseconds
                let load = round.modelLoadDuration ?? .zero
                if load > .milliseconds(1) {
                    events.append(Self.complete("load model", start: modelStart, duration: load, track: track, arguments: []))
                }
                if let prefill = round.prefillDuration {
                    events.append(
                        Self.complete("prefill", start: modelStart + round.prefillOffset.microseconds, duration: prefill, track: track, arguments: []))
                }
                if let first = round.timeToFirstToken {
                    events.append(
                        Self.complete(
                            "decode", start: modelStart + first.microseconds, duration: round.duration - first, track: track,
                            arguments: [JSONMember("output_tokens", .number(String(round.usage.output.totalTokenCount)))]))
                }
                for call in round.toolCalls {
                    var arguments: [JSONMember] = []
                    if let error = call.error { arguments.append(JSONMember("error", .string(error))) }
                    events.append(
                        Self.complete(
                            "tool: \(call.name)", start: origin + call.start.microseconds, duration: call.duration, track: track,
                            arguments: arguments))
                }
            }
            events.append(
                Self.event(
                    name: "request", phase: "E", timestamp: origin + trace.duration.microseconds, track: track,
                    arguments: [JSONMember("trace", trace.jsonValue)]))
            Self.write(events, to: state.handle)
        }
    }

    /// The session's track number, naming the track the first time.
    private static func track(for session: UUID, in state: inout State, newTrack events: inout [JSONValue]) -> Int {
        if let track = state.sessionTracks[session] { return track }
        let track = state.sessionTracks.count + 1
        state.sessionTracks[session] = track
        events.append(
            .object([
                JSONMember("name", .string("thread_name")), JSONMember("ph", .string("M")), JSONMember("pid", .number(pid)),
                JSONMember("tid", .number(String(track))),
                JSONMember("args", .object([JSONMember("name", .string("session \(session.uuidString.prefix(8))"))]))
            ]))
        return track
    }

    private static func complete(_ name: String, start: Int64, duration: Duration, track: Int, arguments: [JSONMember]) -> JSONValue {
        var event = event(name: name, phase: "X", timestamp: start, track: track, arguments: arguments)
        if case .object(var members) = event {
            members.append(JSONMember("dur", .number(String(max(0, duration.microseconds)))))
            event = .object(members)
        }
        return event
    }

    private static func event(name: String, phase: String, timestamp: Int64, track: Int, arguments: [JSONMember]) -> JSONValue {
        .object([
            JSONMember("name", .string(name)), JSONMember("cat", .string("foundation-models")), JSONMember("ph", .string(phase)),
            JSONMember("ts", .number(String(timestamp))), JSONMember("pid", .number(pid)), JSONMember("tid", .number(String(track))),
            JSONMember("args", .object(arguments))
        ])
    }

    /// Microseconds since the Unix epoch.
    private static func timestamp(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1e6).rounded()) }

    private static let pid = String(ProcessInfo.processInfo.processIdentifier)

    /// Writes events, one per line, each followed by a comma, in one `write` call.
    private static func write(_ events: [JSONValue], to handle: FileHandle) {
        let text = events.map { $0.jsonText() + ",\n" }.joined()
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
