@testable import OpenAICompatibleBackend
import FuzzSupport

/// libFuzzer entry: any bytes as the event stream an OpenAI-compatible server sends. The parser
/// yields the same events (or the same error) whether the bytes arrive at once or cut at two
/// points (the first bytes pick where), and each event's data decodes to generation events or a
/// typed error of the backend.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = parse([bytes[...]])
    let first = bytes.isEmpty ? 0 : Int(bytes[0]) * 257 % (bytes.count + 1)
    let second = bytes.count < 2 ? first : max(first, Int(bytes[1]) * 263 % (bytes.count + 1))
    let pieces = parse([bytes[..<first], bytes[first..<second], bytes[second...]])
    // Events before an unreadable line may be lost with the chunk that holds it: only the
    // failure itself must not depend on the cuts.
    guard whole.failed == pieces.failed, whole.failed || whole.events == pieces.events else {
        fatalError("the events depend on how the bytes arrive: \(whole) vs \(pieces)")  // the fuzzer's finding
    }
    var decoder = ChatCompletionStreamDecoder()
    for event in whole.events {
        do {
            _ = try decoder.events(for: event)
        } catch {
            break  // a typed `OpenAICompatibleError`: the exchange ends with it
        }
    }
    _ = decoder.finalEvents()
    return 0
}

/// The events of the chunks, in order, and whether the stream was unreadable.
private func parse(_ chunks: [ArraySlice<UInt8>]) -> (events: [ServerSentEvent], failed: Bool) {
    var parser = ServerSentEventParser()
    var events: [ServerSentEvent] = []
    do {
        for chunk in chunks { events += try parser.feed(chunk) }
        events += try parser.finish()
    } catch {
        return (events, true)
    }
    return (events, false)
}

/// The executable's entry (SwiftPM links `FuzzServerSentEvents_main` as `main`).
@_cdecl("FuzzServerSentEvents_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzServerSentEvents(data!, size) }
}
