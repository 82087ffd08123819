import Foundation
import Testing
import TestSupport

/// The prefix cache on disk across processes: `fm respond` run twice on the same request, first
/// with an empty cache folder, then with the one the first run left, answers the same and the
/// second run loads the instructions from disk; a damaged file is ignored and replaced.
@Suite(.requiresSmolLM2, .serialized) struct PrefixCacheEndToEndTests {
    static let instructions = """
        You are a careful assistant for a small bakery. You answer questions about bread, pastries, \
        opening hours and prices, you never invent products, and you always keep every answer short \
        and friendly.
        """

    struct Answer: Equatable {
        var content: String
        var promptTokens: Int
        var cachedTokens: Int
    }

    /// One `fm respond --json --greedy` process with the cache folder `folder`.
    func respond(cacheFolder folder: URL, environment: [String: String] = [:]) async throws -> Answer {
        let result = try await ChildProcess.run(
            EndToEndTests.binary,
            [
                "respond", "--json", "--greedy", "--max-tokens", "24", "--instructions", Self.instructions,
                "--model", TestModels.smolLM2Path, "What time do you open on Sundays?"
            ],
            environment: ["FM_CACHE_DIR": folder.path, "FM_THREADS": "1", "FM_ADAPTIVE_THREADS": "0"].merging(environment) { $1 })
        try #require(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let usage = try #require(object["usage"] as? [String: Any])
        return Answer(
            content: try #require(object["content"] as? String), promptTokens: try #require(usage["prompt_tokens"] as? Int),
            cachedTokens: try #require(usage["cached_prompt_tokens"] as? Int))
    }

    func prefixFiles(in folder: URL) throws -> [URL] {
        let cache = folder.appendingPathComponent("prefix-cache")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        return names.filter { $0.hasSuffix(".fmprefix") }.map { cache.appendingPathComponent($0) }
    }

    @Test func aWarmProcessLoadsTheInstructionsAndAnswersAsACold() async throws {
        let folder = try ScratchFolder.make("prefix-cache-cli")
        let cold = try await respond(cacheFolder: folder)
        #expect(cold.cachedTokens == 0)
        let files = try prefixFiles(in: folder)
        try #require(files.count == 1, "the cold run saved its instructions")

        let warm = try await respond(cacheFolder: folder)
        #expect(warm.content == cold.content)
        #expect(warm.promptTokens == cold.promptTokens)
        // SmolLM2's template: the system turn, up to the user's.
        #expect(warm.cachedTokens >= 32 && warm.cachedTokens < warm.promptTokens, "loaded \(warm.cachedTokens) tokens from disk")
        #expect(try prefixFiles(in: folder) == files)
    }

    @Test func aDamagedFileIsIgnoredAndReplaced() async throws {
        let folder = try ScratchFolder.make("prefix-cache-cli")
        let cold = try await respond(cacheFolder: folder)
        let file = try #require(try prefixFiles(in: folder).first)
        let whole = try Data(contentsOf: file)

        // Truncated: computed in full, same answer, and the file is whole again.
        try whole.prefix(whole.count / 2).write(to: file)
        let afterTruncation = try await respond(cacheFolder: folder)
        #expect(afterTruncation == Answer(content: cold.content, promptTokens: cold.promptTokens, cachedTokens: 0))
        #expect(try Data(contentsOf: file) == whole)

        // A flipped byte in the state: the checksum refuses it.
        var corrupt = [UInt8](whole)
        corrupt[corrupt.count - 1000] ^= 0x40
        try Data(corrupt).write(to: file)
        let afterCorruption = try await respond(cacheFolder: folder)
        #expect(afterCorruption.cachedTokens == 0)
        #expect(afterCorruption.content == cold.content)

        // Repaired, it is used again.
        let warm = try await respond(cacheFolder: folder)
        #expect(warm.cachedTokens > 0)
        #expect(warm.content == cold.content)
    }

    @Test func noFolderIsWrittenWhenTurnedOff() async throws {
        let folder = try ScratchFolder.make("prefix-cache-cli")
        let answer = try await respond(cacheFolder: folder, environment: ["FM_PREFIX_CACHE_MB": "0"])
        #expect(answer.cachedTokens == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("prefix-cache").path))
    }
}
