// Summarizes a long text with the larger server model (Private Cloud Compute, OS 27) when it is
// available and the day's quota allows; otherwise on the device, in chunks: each chunk is
// summarized, then the summaries are summarized. Written as for Apple's SDK; on Linux the server is
// any OpenAI-compatible one:
//
//   llama-server -m larger-model.gguf --port 8080 --jinja
//   FM_PCC_BASE_URL=http://127.0.0.1:8080/v1 FM_PCC_DAILY_TOKEN_QUOTA=20000 \
//     swift run --package-path Examples pcc-fallback [text-file]
//
// Without FM_PCC_BASE_URL (or with FM_SIMULATE_PCC_QUOTA=limitReached) it takes the on-device path.

import Foundation
import FoundationModels

let instructions = "You summarize documents faithfully and briefly, in plain prose."

/// The whole text in one request to the server model.
func summarizeWithPrivateCloudCompute(_ text: String, model: PrivateCloudComputeLanguageModel) async throws -> String {
    let session = LanguageModelSession(model: model, instructions: instructions)
    return try await session.respond(to: "Summarize this document in one paragraph:\n\n\(text)").content
}

/// Paragraphs packed into chunks of at most `limit` characters (a longer paragraph is cut).
func chunks(of text: String, limit: Int) -> [String] {
    var result: [String] = []
    var current = ""
    for paragraph in text.components(separatedBy: "\n\n") where !paragraph.isEmpty {
        for start in stride(from: 0, to: paragraph.count, by: limit) {
            let piece = String(paragraph.dropFirst(start).prefix(limit))
            if !current.isEmpty && current.count + piece.count + 2 > limit {
                result.append(current)
                current = ""
            }
            current += current.isEmpty ? piece : "\n\n" + piece
        }
    }
    if !current.isEmpty { result.append(current) }
    return result
}

/// Map and reduce on the device model: summarize each chunk in a fresh session, then summarize
/// the summaries, until one is left.
func summarizeOnDevice(_ text: String) async throws -> String {
    let model = SystemLanguageModel.default
    guard model.isAvailable else {
        throw LanguageModelSession.GenerationError.assetsUnavailable(.init(debugDescription: "The on-device model is unavailable too."))
    }
    // About four characters a token; half the context for the chunk, the rest for the answer.
    let limit = max(1_000, model.contextSize * 2)
    var parts = chunks(of: text, limit: limit)
    while true {
        var summaries: [String] = []
        for (index, part) in parts.enumerated() {
            print("on device: summarizing part \(index + 1) of \(parts.count)…")
            let session = LanguageModelSession(model: model, instructions: instructions)
            summaries.append(try await session.respond(to: "Summarize this part of a document in two or three sentences:\n\n\(part)").content)
        }
        if summaries.count == 1 { return summaries[0] }
        let joined = summaries.joined(separator: "\n\n")
        if joined.count <= limit {
            let session = LanguageModelSession(model: model, instructions: instructions)
            return try await session.respond(to: "Combine these partial summaries into one paragraph:\n\n\(joined)").content
        }
        parts = chunks(of: joined, limit: limit)
    }
}

let sample = [
    "Weekly sync, product team. The quarter closed with revenue eight percent above plan, driven by the new team tier.",
    "Launch plan: the public beta opens on the first of next month. Sara finalizes pricing by Friday; support needs the FAQ a week before.",
    "Risks: the login bug on older Android phones blocks the release. Youssef owns the fix; QA retests on the three affected models.",
    "Customers asked for offline mode, faster sync and clearer pricing. Offline mode is out of scope this quarter; sync improvements are in.",
    "Design: Lina shares the new onboarding mockups next week. The team agreed to cut the tutorial from five screens to two.",
    "Budget review moves to next month, after the beta's first two weeks of numbers are in."
].joined(separator: "\n\n")
let arguments = CommandLine.arguments.dropFirst()
let text = try arguments.first.map { try String(contentsOfFile: $0, encoding: .utf8) } ?? sample

let cloud = PrivateCloudComputeLanguageModel()
do {
    if cloud.availability == .available, !cloud.quotaUsage.isLimitReached {
        if case .belowLimit(let status) = cloud.quotaUsage.status, status.isApproachingLimit {
            print("note: most of today's Private Cloud Compute quota is used")
        }
        do {
            print(try await summarizeWithPrivateCloudCompute(text, model: cloud))
            exit(0)
        } catch PrivateCloudComputeLanguageModel.Error.quotaLimitReached(let info) {
            let until = info.resetDate.map { " until \($0.formatted())" } ?? ""
            print("Private Cloud Compute quota reached\(until); summarizing on device.")
        } catch let error as PrivateCloudComputeLanguageModel.Error {
            print("Private Cloud Compute failed (\(error.localizedDescription)); summarizing on device.")
        }
    } else if cloud.quotaUsage.isLimitReached {
        print("Today's Private Cloud Compute quota is used up; summarizing on device.")
    } else {
        print("Private Cloud Compute is unavailable (\(cloud.availability)); summarizing on device.")
    }
    print(try await summarizeOnDevice(text))
} catch {
    print("error: \(error.localizedDescription)")
    exit(1)
}
