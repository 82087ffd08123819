import ConstrainedDecoding
import Foundation
@testable import FoundationModelsCore
import JSONValues
import Testing

/// The importer against the decoder on the JSONSchemaBench development split: every document the
/// decoder compiles is imported, and every import compiles. Opt-in (`FM_JSB_IMPORT=1`; a stride in
/// `FM_JSB_IMPORT_STRIDE`, default 4): in a debug build a quarter of the split takes about a quarter
/// of an hour.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FM_JSB_IMPORT"] != nil))
struct JSONSchemaImportBenchTests {
    /// `FM_JSONSCHEMABENCH_DIR`, or `../shared/data/jsonschemabench-dev` beside the package's folder.
    static let folder: URL = {
        if let explicit = ProcessInfo.processInfo.environment["FM_JSONSCHEMABENCH_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/jsonschemabench-dev")
    }()

    @Test func theImporterAcceptsWhatTheDecoderCompiles() throws {
        guard FileManager.default.fileExists(atPath: Self.folder.path) else {
            print("⚠️  SKIPPING: \(Self.folder.path) is absent; the import check on JSONSchemaBench did not run.")
            return
        }
        let stride = Int(ProcessInfo.processInfo.environment["FM_JSB_IMPORT_STRIDE"] ?? "") ?? 4
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted().filter { $0.hasSuffix(".json") }
        var (both, verbatim, neither) = (0, 0, 0)
        for (index, file) in files.enumerated() where index % stride == 0 {
            let text = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(file)), as: UTF8.self)
            guard let document = try JSONReader.read(text)["schema"] else { continue }
            let decoderError: SchemaError?
            do {
                _ = try Grammar.jsonSchema(document).validated()
                decoderError = nil
            } catch {
                decoderError = error
            }
            do {
                let schema = try GenerationSchema(jsonSchema: document.jsonText())
                // The written document may compile where the source does not (a `oneOf` written as
                // the `anyOf` it means), never the other way round.
                _ = try Grammar.jsonSchema(schema.jsonSchemaValue()).validated()
                both += decoderError == nil ? 1 : 0
                verbatim += schema.containsVerbatim ? 1 : 0
            } catch {
                #expect(decoderError != nil, "\(file): the decoder compiles it, the importer says \(error)")
                neither += 1
            }
        }
        print("JSONSchemaBench import: \(both) compiled and imported (\(verbatim) with verbatim subschemas), \(neither) refused by both")
    }
}
