import Foundation

/// An evaluation result as files store it (`saveJSON`, `saveJSONLines`, `fm eval report`).
///
/// ```json
/// {
///   "format": "evaluation-result", "version": 1,
///   "metadata": {"evaluationID": …, "resultID": …, "startTime": …, "endTime": …, "duration": …,
///                "evaluationInfo": {…}},
///   "metricNames": ["Accuracy", …],
///   "summary": [{"operation": {"statistic": "Mean", "metric": "Accuracy"}, "group": null, "value": 0.75}],
///   "results": [{"Input": {…}, "InputDescription": "…", "Response": {"value": …}, "Expected": …,
///                "Error": "…", "metrics": {"Accuracy": {"name": …, "result": "passing", "rationale": …}}}],
///   "runErrors": {…},
///   "reportMetadata": {…}
/// }
/// ```
struct ResultDocument: Codable {
    struct Metadata: Codable {
        var evaluationID: String
        var resultID: UUID
        var startTime: Date
        var endTime: Date
        var duration: Double
        var evaluationInfo: [String: String]
    }

    struct Row: Codable {
        var input: StructuredValue
        var inputDescription: String
        var response: StructuredValue?
        var expected: StructuredValue?
        var error: String?
        var metrics: [String: MetricRecord]

        enum CodingKeys: String, CodingKey {
            case input = "Input"
            case inputDescription = "InputDescription"
            case response = "Response"
            case expected = "Expected"
            case error = "Error"
            case metrics
        }
    }

    var format: String
    var version: Int
    var metadata: Metadata
    var metricNames: [String]
    var summary: [AggregateMetric]
    var results: [Row]
    var runErrors: EvaluationRunErrors?
    var reportMetadata: [String: StructuredValue]?

    static let formatName = "evaluation-result"

    init(_ result: EvaluationResult, includeReportMetadata: Bool) {
        format = Self.formatName
        version = 1
        metadata = Metadata(
            evaluationID: result.evaluationID, resultID: result.resultID, startTime: result.startTime,
            endTime: result.endTime, duration: result.duration, evaluationInfo: result.evaluationInfo)
        metricNames = result.metricNames
        summary = result.aggregates
        results = result.rows.map { row in
            Row(
                input: row.input.json ?? .string(row.inputDescription), inputDescription: row.inputDescription,
                response: row.response?.json, expected: row.expected?.json, error: row.error,
                metrics: row.metrics.mapValues(MetricRecord.init))
        }
        runErrors = result.errors
        reportMetadata = includeReportMetadata ? result.reportMetadata.mapValues(Self.storable) : nil
    }

    /// The result the document describes.
    func result() throws -> EvaluationResult {
        let rows = try results.map { row in
            var metrics: [String: Metric] = [:]
            for (name, record) in row.metrics {
                guard let metric = record.metric else { throw EvaluationResultsError.invalidJSONFormat }
                metrics[name] = metric
            }
            return ResultRow(
                input: TableCell(value: nil, json: row.input), inputDescription: row.inputDescription,
                response: row.response.map { TableCell(value: nil, json: $0) },
                expected: row.expected.map { TableCell(value: nil, json: $0) }, error: row.error, metrics: metrics)
        }
        return EvaluationResult(
            resultID: metadata.resultID, evaluationID: metadata.evaluationID,
            reportMetadata: (reportMetadata ?? [:]).mapValues(Self.fact),
            evaluationInfo: metadata.evaluationInfo, startTime: metadata.startTime, endTime: metadata.endTime,
            errors: runErrors ?? .clean, rows: rows, metricNames: metricNames, aggregates: summary)
    }

    /// A report fact as JSON: numbers, text and Booleans as they are, anything else as its description.
    private static func storable(_ value: any Sendable) -> StructuredValue {
        switch value {
        case let text as String: .string(text)
        case let flag as Bool: .bool(flag)
        case let number as Int: .int(number)
        case let number as Double: .double(number)
        case let values as [String]: .array(values.map(StructuredValue.string))
        default: .string(String(describing: value))
        }
    }

    /// A stored report fact as a Swift value: text, a number, a Boolean, or JSON text.
    private static func fact(_ value: StructuredValue) -> any Sendable {
        switch value {
        case .string(let text): text
        case .int(let number): number
        case .double(let number): number
        case .bool(let flag): flag
        default: value.jsonText
        }
    }

    /// Times as ISO 8601 with milliseconds, so that durations survive a round trip.
    private static func timestampFormatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(timestampFormatter().string(from: date))
        }
        return encoder
    }

    /// Reads times with or without fractional seconds.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            let plain = ISO8601DateFormatter()
            guard let date = timestampFormatter().date(from: text) ?? plain.date(from: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 time: \(text)")
            }
            return date
        }
        return decoder
    }
}
