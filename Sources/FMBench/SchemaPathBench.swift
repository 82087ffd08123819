import Foundation
import FoundationModels
import FoundationModelsCore
import JSONValues

/// The user path of `fm bench --only schemas`: what a user gets from `respond(to:schema:)` on
/// real-world schemas. Each schema of a JSONSchemaBench folder is imported with
/// `GenerationSchema(jsonSchema:)` and answered greedily within a token budget, and the outcome is
/// counted per subset: answered (complete JSON the decoder accepted), refused up front (naming the
/// keyword, or the budget the smallest answer exceeds), cut off, or another error.
///
/// Whether each answer also validates against its schema is judged by a validator we did not
/// write, in `scripts/schema-coverage.py` (Python's `jsonschema`); this figure is the in-process
/// half of the same path, for `fm bench --json` consumers.
package struct SchemaPathBench {
    var folder: String
    var perSubset: Int
    var maximumTokens: Int
    var log: (String) -> Void

    /// A run over the first `perSubset` files of each subset of `folder`.
    package init(folder: String, perSubset: Int, maximumTokens: Int, log: @escaping (String) -> Void) {
        self.folder = folder
        self.perSubset = perSubset
        self.maximumTokens = maximumTokens
        self.log = log
    }

    /// What happened to one schema.
    enum Outcome: Hashable, CustomStringConvertible {
        case answered
        case refused(String)
        case cutOff
        case failed

        var description: String {
            switch self {
            case .answered: "answered"
            case .refused(let keyword): "refused (\(keyword))"
            case .cutOff: "cut off"
            case .failed: "failed"
            }
        }
    }

    /// The outcomes by subset, as `fm bench` reports them.
    package struct Report {
        var outcomes: [(subset: String, outcome: Outcome)] = []

        /// JSON members: totals, refusals by keyword and a per-subset table.
        package var jsonMembers: [String: Any] {
            var bySubset: [String: [String: Int]] = [:]
            var refusals: [String: Int] = [:]
            for (subset, outcome) in outcomes {
                bySubset[subset, default: [:]][Self.name(outcome), default: 0] += 1
                bySubset[subset, default: [:]]["schemas", default: 0] += 1
                if case .refused(let keyword) = outcome { refusals[keyword, default: 0] += 1 }
            }
            return [
                "user_path_schemas": outcomes.count,
                "user_path_answered": count(.answered),
                "user_path_refused": outcomes.filter { if case .refused = $0.outcome { true } else { false } }.count,
                "user_path_cut_off": count(.cutOff),
                "user_path_failed": count(.failed),
                "user_path_refusals_by_keyword": refusals,
                "user_path_by_subset": bySubset
            ]
        }

        /// The human-readable table.
        package var table: String {
            let members = jsonMembers
            let refusals = (members["user_path_refusals_by_keyword"] as? [String: Int] ?? [:])
                .sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return """
                user path (respond(to:schema:), greedy)   \(outcomes.count) schemas
                answered (complete JSON)   \(count(.answered))
                refused up front           \(outcomes.count - count(.answered) - count(.cutOff) - count(.failed))\
                \(refusals.isEmpty ? "" : " (\(refusals))")
                cut off                    \(count(.cutOff))
                other errors               \(count(.failed))
                """
        }

        private func count(_ outcome: Outcome) -> Int {
            outcomes.filter { $0.outcome == outcome }.count
        }

        private static func name(_ outcome: Outcome) -> String {
            switch outcome {
            case .answered: "answered"
            case .refused: "refused"
            case .cutOff: "cut_off"
            case .failed: "failed"
            }
        }
    }

    /// Runs every sampled schema through the user path.
    package func run() async throws -> Report {
        var report = Report()
        let sample = try self.sample()
        for (index, entry) in sample.enumerated() {
            let outcome = await answer(entry.schema)
            log("schemas \(index + 1)/\(sample.count): \(entry.name): \(outcome)")
            report.outcomes.append((entry.subset, outcome))
        }
        return report
    }

    private func answer(_ text: String) async -> Outcome {
        let schema: GenerationSchema
        do {
            schema = try GenerationSchema(jsonSchema: text)
        } catch {
            return .refused(Self.keyword(of: error))
        }
        let session = LanguageModelSession(instructions: "You produce JSON.")
        do {
            _ = try await session.respond(
                to: "Produce one realistic example instance.", schema: schema,
                options: SamplingKnobs(temperature: 0, maximumTokens: maximumTokens).generationOptions)
            return .answered
        } catch let error as LanguageModelSession.GenerationError {
            switch error {
            case .decodingFailure(let context):
                // Refused before generating because the smallest answer exceeds the budget, or cut off.
                if case .responseBudget? = context.details { return .refused("budget") }
                return .cutOff
            case .unsupportedGuide: return .refused("decoder")
            case .exceededContextWindowSize: return .refused("context")
            default: return .failed
            }
        } catch {
            return .failed
        }
    }

    private static func keyword(of error: JSONSchemaImportError) -> String {
        switch error {
        case .invalidJSON: "json"
        case .unsupportedKeyword(let keyword, _), .missingKeyword(let keyword, _): keyword
        case .invalidValue(let keyword, _, _), .unsatisfiable(let keyword, _, _): keyword
        case .unresolvedReference: "$ref"
        case .invalidSchema: "schema"
        }
    }

    /// The first `perSubset` files of each subset (the name up to `---`, or else up to the first
    /// `_`), in file-name order.
    private func sample() throws -> [(name: String, subset: String, schema: String)] {
        var taken: [String: Int] = [:]
        var result: [(String, String, String)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() where file.hasSuffix(".json") {
            let subset = file.contains("---") ? file.components(separatedBy: "---")[0] : String(file.split(separator: "_").first ?? "")
            guard taken[subset, default: 0] < perSubset,
                let data = FileManager.default.contents(atPath: folder + "/" + file),
                let schema = try? JSONReader.read(String(decoding: data, as: UTF8.self))["schema"]
            else { continue }
            taken[subset, default: 0] += 1
            result.append((file, subset, schema.jsonText()))
        }
        return result
    }
}
