@testable import ConstrainedDecoding
import FuzzSupport

/// libFuzzer entry: any text as a regular expression (JSON Schema `pattern`, `@Guide(Regex)`).
/// It compiles to a byte automaton, raw and JSON-escaped, and determinizes, or throws a typed
/// error (unsupported syntax, malformed, or past the state limits); a string the automaton spells
/// out from its start to an accepting state (chosen by a generator seeded with the input) runs
/// back through it to acceptance; and the automaton determinized by subset construction alone
/// equals the one read directly where it is deterministic already.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let pattern = try? RegexPattern(text) else { return 0 }
    for jsonEscaped in [false, true] {
        // The limits a schema's `pattern` gets (`JSONSchemaCompiler.contentAutomaton`).
        guard let automaton = try? pattern.automaton(jsonEscaped: jsonEscaped, stateLimit: 20_000), !automaton.isEmptyLanguage
        else { continue }
        let trimmed = automaton.trimmed()
        guard let dfa = try? trimmed.determinized(stateLimit: 10_000) else { continue }
        // Reading an automaton that is deterministic once closed over its epsilon moves must give
        // what subset construction gives (differential: the default way against subsets alone).
        if let bySubsets = try? trimmed.determinized(
            stateLimit: 10_000, workLimit: ByteNFA.determinizationWorkLimit, readsDeterministicDirectly: false),
            bySubsets != dfa
        {
            fatalError("reading the automaton directly and subset construction disagree")  // the fuzzer's finding
        }
        var seed = text.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        var state = Int32(0)  // a determinized automaton starts in its first state
        var spelled: [UInt8] = []
        for _ in 0..<64 where !dfa.accepting[Int(state)] {
            let moves = (0...255).compactMap { byte -> (UInt8, Int32)? in
                let next = dfa.next(state, UInt8(byte))
                return next >= 0 ? (UInt8(byte), next) : nil
            }
            guard !moves.isEmpty else {
                fatalError("a trimmed automaton has a dead state on the way from its start")  // the fuzzer's finding
            }
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let move = moves[Int(seed >> 33) % moves.count]
            spelled.append(move.0)
            state = move.1
        }
        if dfa.accepting[Int(state)] {
            let replayed = spelled.reduce(Int32(0)) { $0 >= 0 ? dfa.next($0, $1) : $0 }
            guard replayed >= 0, dfa.accepting[Int(replayed)] else {
                fatalError("a spelled-out match is not accepted: \(spelled)")
            }
        }
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzRegex_main` as `main`).
@_cdecl("FuzzRegex_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzRegex(data!, size) }
}
