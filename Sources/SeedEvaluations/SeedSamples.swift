import Foundation

/// The labelled samples kept beside the suite (`Resources/`, written by
/// `scripts/make-seed-eval-samples.py` and `scripts/make-sign-photos.py`; `judge-labels.json` by
/// a person, ``JudgeLabel``), read from the module's bundle.
enum SeedSamples {
    /// The decoded contents of `Resources/NAME.json`.
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)`` when the file is missing or not
    ///   the expected JSON.
    static func load<Contents: Decodable>(_ name: String, as type: Contents.Type = Contents.self) throws -> Contents {
        guard let url = Bundle.module.url(forResource: "Resources/\(name)", withExtension: "json") else {
            throw SeedEvaluationError.samplesUnreadable(name, "not in the SeedEvaluations bundle")
        }
        do {
            return try JSONDecoder().decode(Contents.self, from: Data(contentsOf: url))
        } catch {
            throw SeedEvaluationError.samplesUnreadable(name, String(describing: error))
        }
    }

    /// The folder `Resources/NAME` (the sign photos).
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)`` when it is not in the bundle.
    static func folder(_ name: String) throws -> URL {
        guard let folder = Bundle.module.url(forResource: "Resources/\(name)", withExtension: nil) else {
            throw SeedEvaluationError.samplesUnreadable(name, "no folder Resources/\(name) in the SeedEvaluations bundle")
        }
        return folder
    }

    /// The first `limit` samples (all of them without a limit).
    static func prefix<Sample>(_ samples: [Sample], limit: Int?) -> [Sample] {
        guard let limit else { return samples }
        return Array(samples.prefix(max(0, limit)))
    }
}
