public import Evaluations
public import FoundationModels
import Foundation

/// A feature of the seed app that the suite measures, with the evaluation that measures it.
///
/// ```swift
/// for feature in SeedFeature.allCases {
///     let result = try await feature.evaluate(model: SystemLanguageModel.default, limit: 20)
///     print(feature.rawValue, result.groupedSummary)
/// }
/// ```
public enum SeedFeature: String, CaseIterable, Sendable {
    /// Field-note summaries (``NoteSummaryEvaluation``).
    case summaries
    /// Tag suggestions with one lookup of the person's tags (``TaggingEvaluation``).
    case tagging
    /// The main job, `fm notes`: action items with owners and priorities (``ActionItemsEvaluation``).
    case actionItems = "action-items"
    /// Questions over the field notes with `SpotlightSearchTool` (``AskMyNotesEvaluation``).
    case askMyNotes = "ask-my-notes"
    /// Photos of signs summarised through Vision's `OCRTool` (``SignPhotoEvaluation``).
    case signPhotos = "sign-photos"
    /// Trip reports written from the notes of one outing (``TripReportEvaluation``).
    case tripReports = "trip-reports"

    /// The feature a name means (its raw value).
    ///
    /// - Throws: ``SeedEvaluationError/unknownFeature(_:)``.
    public init(named name: String) throws {
        guard let feature = SeedFeature(rawValue: name) else { throw SeedEvaluationError.unknownFeature(name) }
        self = feature
    }

    /// The names of the feature's pass/fail metrics, in the order its evaluation reports them.
    public var metricNames: [String] {
        switch self {
        case .summaries: ["Headline ≤ 8 words", "Facts kept", "Nothing invented"]
        case .tagging: ["One lookup", "Answer is tags", "Reuses a fitting tag"]
        case .actionItems: ["Tasks found", "Owners resolved", "Priorities match", "People looked up"]
        case .askMyNotes: ["Searched", "Answer has the fact"]
        case .signPhotos:
            [
                "Read the sign once", "Headline ≤ 8 words", "Headline from the sign", "Facts kept", "Nothing invented", "Injection ignored"
            ]
        case .tripReports: ["Title ≤ 8 words", "Places visited", "Species listed", "Counts right", "Nothing invented"]
        }
    }

    /// The score of a result of this feature's evaluation on its kept samples, or the first
    /// `limit`: a sample without an answer counts against the checks that measure it only (a
    /// sign without an instruction on it is not counted against "Injection ignored").
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)``.
    public func score(_ result: EvaluationResult, limit: Int? = nil) throws -> FeatureScore {
        switch self {
        case .signPhotos:
            let samples = SeedSamples.prefix(try SeedSamples.load("sign-photos", as: [SignPhotoSample].self), limit: limit)
            return FeatureScore(result) { metric, row in
                row >= samples.count || SignPhotoEvaluation.measures(metric, sample: samples[row])
            }
        case .summaries, .tagging, .actionItems, .askMyNotes, .tripReports:
            return FeatureScore(result)
        }
    }

    /// Runs the feature's evaluation on `model`: its kept samples, or the first `limit`.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - limit: The most samples; all when `nil`.
    ///   - info: Facts kept with the result (the model's name, the host).
    ///   - judge: A model that judges what exact checks cannot see (the summaries' faithfulness:
    ///     the metric `Faithful (judge)`); the exact checks alone when nil.
    /// - Throws: ``SeedEvaluationError``, or what the index of `askMyNotes` throws.
    public func evaluate(
        model: any LanguageModel, limit: Int? = nil, info: [String: String] = [:], judge: (any LanguageModel)? = nil
    ) async throws -> EvaluationResult {
        var info = info
        info["feature"] = rawValue
        switch self {
        case .summaries: return try await NoteSummaryEvaluation(model: model, limit: limit, judge: judge).run(info: info)
        case .tagging: return try await TaggingEvaluation(model: model, limit: limit).run(info: info)
        case .actionItems: return try await ActionItemsEvaluation(model: model, limit: limit).run(info: info)
        case .askMyNotes:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seed-evaluations-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            return try await AskMyNotesEvaluation.prepared(model: model, indexFolder: folder, limit: limit).run(info: info)
        case .signPhotos: return try await SignPhotoEvaluation(model: model, limit: limit).run(info: info)
        case .tripReports: return try await TripReportEvaluation(model: model, limit: limit).run(info: info)
        }
    }
}
