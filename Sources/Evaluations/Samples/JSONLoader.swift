public import Foundation

/// A loader of samples from a JSON file: an array of samples, or JSON Lines (one sample per line).
///
/// ```swift
/// JSONLoader<ModelSample<String>>(url: URL(fileURLWithPath: "prompts.jsonl"))
/// ```
///
/// A file that cannot be read, or an array file that is not JSON, ends the stream with an error. A
/// line that is not JSON, or a row that is not a sample, is skipped with a warning on standard error
/// naming its place, as Apple's loader logs and skips malformed entries.
public struct JSONLoader<Sample>: Loader where Sample: SampleProtocol {
    /// The file.
    let url: URL

    /// A loader of the file's samples.
    public init(url: URL) {
        self.url = url
    }

    /// The file's samples, in order.
    public var stream: any AsyncSequence<Sample, any Error> {
        let url = url
        return AsyncThrowingStream<Sample, any Error> { continuation in
            do {
                for sample in try Self.samples(in: Data(contentsOf: url), file: url.lastPathComponent) {
                    continuation.yield(sample)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    /// The samples a file holds: a JSON array, or one JSON value per non-empty line.
    static func samples(in data: Data, file: String) throws -> [Sample] {
        let decoder = JSONDecoder()
        let text = String(decoding: data, as: UTF8.self)
        if text.first(where: { !$0.isWhitespace }) == "[" {
            let rows = try JSONDecoder().decode([StructuredValue].self, from: data)
            return rows.enumerated().compactMap { index, row in
                decode(row, decoder: decoder, place: "\(file): item \(index + 1)")
            }
        }
        var samples: [Sample] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            guard let row = try? decoder.decode(StructuredValue.self, from: Data(line.utf8)) else {
                warn("Evaluations: skipping \(file):\(index + 1): not JSON")
                continue
            }
            if let sample = decode(row, decoder: decoder, place: "\(file):\(index + 1)") { samples.append(sample) }
        }
        return samples
    }

    private static func decode(_ row: StructuredValue, decoder: JSONDecoder, place: String) -> Sample? {
        do {
            return try decoder.decode(Sample.self, from: JSONEncoder().encode(row))
        } catch {
            warn("Evaluations: skipping \(place): not a \(Sample.self): \(error)")
            return nil
        }
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
