public import Foundation

extension EvaluationResult {
    /// The result as a JSON document: metadata, the metric names, the statistics (`summary`), each
    /// sample's row (`results`), the run errors and, if asked, the report metadata.
    ///
    /// - Parameters:
    ///   - includeReportMetadata: Whether to add ``reportMetadata`` (values that are not text,
    ///     numbers or Booleans are written as their description).
    ///   - jsonOptions: How to lay out the JSON.
    public func jsonData(
        includeReportMetadata: Bool = false,
        jsonOptions: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys]
    ) throws -> Data {
        let compact = try ResultDocument.encoder.encode(ResultDocument(self, includeReportMetadata: includeReportMetadata))
        let object = try JSONSerialization.jsonObject(with: compact)
        return try JSONSerialization.data(withJSONObject: object, options: jsonOptions.union(.withoutEscapingSlashes))
    }

    /// Writes the result into a directory (created if needed) as
    /// `<evaluationID>-<yyyyMMdd-HHmmss>-<first 8 of resultID>.json`.
    ///
    /// - Returns: The file written.
    @discardableResult
    public func saveJSON(to directory: URL, includeReportMetadata: Bool = false) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent(fileName)
        try jsonData(includeReportMetadata: includeReportMetadata).write(to: file, options: .atomic)
        return file
    }

    /// The name ``saveJSON(to:includeReportMetadata:)`` gives the file.
    var fileName: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let safeID = evaluationID.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }
        return "\(String(safeID))-\(formatter.string(from: startTime))-\(resultID.uuidString.prefix(8).lowercased()).json"
    }

    /// Reads a result written by ``saveJSON(to:includeReportMetadata:)`` or ``jsonData(includeReportMetadata:jsonOptions:)``.
    ///
    /// - Throws: ``EvaluationResultsError``: the file is missing, empty, or not a result.
    public static func loadJSON(from url: URL) throws -> EvaluationResult {
        guard FileManager.default.fileExists(atPath: url.path) else { throw EvaluationResultsError.fileNotFound(url) }
        return try EvaluationResult(jsonData: Data(contentsOf: url))
    }

    /// Reads a result from its JSON document.
    ///
    /// - Throws: ``EvaluationResultsError/emptyJSONFile`` for empty data, and
    ///   ``EvaluationResultsError/invalidJSONFormat`` for anything that is not a result.
    public init(jsonData data: Data) throws {
        guard data.contains(where: { !(Character(UnicodeScalar($0)).isWhitespace) }) else {
            throw EvaluationResultsError.emptyJSONFile
        }
        let document: ResultDocument
        do {
            document = try ResultDocument.decoder.decode(ResultDocument.self, from: data)
        } catch {
            throw EvaluationResultsError.invalidJSONFormat
        }
        guard document.format == ResultDocument.formatName else { throw EvaluationResultsError.invalidJSONFormat }
        self = try document.result()
    }

    /// Reads results written by `saveJSONLines(to:includeReportMetadata:)`: one result per line
    /// (blank lines are skipped).
    ///
    /// - Throws: ``EvaluationResultsError``: the file is missing, has no result, or a line is not
    ///   one.
    public static func loadJSONLines(from url: URL) async throws -> [EvaluationResult] {
        guard FileManager.default.fileExists(atPath: url.path) else { throw EvaluationResultsError.fileNotFound(url) }
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        guard !lines.isEmpty else { throw EvaluationResultsError.emptyJSONFile }
        return try lines.map { try EvaluationResult(jsonData: Data($0.utf8)) }
    }
}

extension Collection where Element == EvaluationResult {
    /// Writes the results to a file, one compact JSON document per line (the file is replaced).
    ///
    /// - Returns: The file written.
    @discardableResult
    public func saveJSONLines(to url: URL, includeReportMetadata: Bool = false) throws -> URL {
        var data = Data()
        for result in self {
            data.append(try result.jsonData(includeReportMetadata: includeReportMetadata, jsonOptions: [.sortedKeys]))
            data.append(UInt8(ascii: "\n"))
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
        return url
    }
}
