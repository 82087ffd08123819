import ConstrainedDecoding
import JSONValues
import Foundation
import Testing

/// Acceptance on the JSONSchemaBench development split: at least 95% of schemas compile, and every
/// refusal names the keyword (and path) it could not enforce.
@Suite struct JSONSchemaBenchTests {
    static func loadSchemas() throws -> [(name: String, schema: JSONValue)] {
        let folder = TestVocabularies.benchFolder
        guard FileManager.default.fileExists(atPath: folder.path) else {
            print("⚠️  SKIPPING: \(folder.path) is absent; JSONSchemaBench acceptance did not run.")
            return []
        }
        var result: [(String, JSONValue)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where file.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            if let schema = try JSONReader.read(String(decoding: data, as: UTF8.self))["schema"] { result.append((file, schema)) }
        }
        return result
    }

    /// Every schema in release builds; in debug builds (about 20× slower to compile) a fixed
    /// one-in-three sample, unless `CD_JSB_STRIDE` says otherwise.
    static var stride: Int {
        if let text = ProcessInfo.processInfo.environment["CD_JSB_STRIDE"], let value = Int(text), value > 0 { return value }
        #if DEBUG
            return 3
        #else
            return 1
        #endif
    }

    @Test func acceptsAtLeast95PercentAndNamesEveryRefusal() throws {
        let all = try Self.loadSchemas()
        guard !all.isEmpty else { return }
        let schemas = all.enumerated().filter { $0.offset % Self.stride == 0 }.map(\.element)
        if Self.stride > 1 { print("JSONSchemaBench: checking every \(Self.stride)th schema (\(schemas.count) of \(all.count)); run with -c release for all") }
        var failures: [String: Int] = [:]
        var compiled = 0
        var examples: [String] = []
        let clock = ContinuousClock()
        var slowest: [(Duration, String)] = []
        for (name, schema) in schemas {
            let start = clock.now
            defer { slowest.append((clock.now - start, name)) }
            do {
                _ = try CompiledGrammar(Grammar.jsonSchema(schema), vocabulary: TestVocabularies.synthetic)
                compiled += 1
            } catch {
                #expect(error.keyword != nil && error.path != nil, "refusal without keyword for \(name): \(error)")
                failures["\(error.keyword ?? "?")", default: 0] += 1
                if failures["\(error.keyword ?? "?")", default: 0] <= 3 { examples.append("\(name): \(error)") }
            }
        }
        print("slowest compiles: \(slowest.sorted { $0.0 > $1.0 }.prefix(8).map { "\($0.1) \($0.0)" })")
        print("refusal examples:\n" + examples.joined(separator: "\n"))
        let rate = Double(compiled) / Double(schemas.count)
        print("JSONSchemaBench dev: compiled \(compiled)/\(schemas.count) (\(Int(rate * 1000)) per mille); refusals by keyword: \(failures.sorted { $0.value > $1.value })")
        #expect(rate >= 0.95)
    }
}

extension JSONSchemaBenchTests {
    /// Debugging aid: set CD_COMPILE_FILE to a JSONSchemaBench file name to time its phases.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CD_COMPILE_FILE"] != nil))
    func timeCompilePhases() throws {
        let file = try #require(ProcessInfo.processInfo.environment["CD_COMPILE_FILE"])
        let data = try Data(contentsOf: TestVocabularies.benchFolder.appendingPathComponent(file))
        let schema = try #require(try JSONReader.read(String(decoding: data, as: UTF8.self))["schema"])
        let clock = ContinuousClock()
        let start = clock.now
        let grammar = try Grammar.jsonSchema(schema)
        let middle = clock.now
        _ = try CompiledGrammar(grammar, vocabulary: TestVocabularies.synthetic)
        print("\(file): schema→grammar \(middle - start), rules \(grammar.ruleCount); validate+tables \(clock.now - middle)")
    }
}
