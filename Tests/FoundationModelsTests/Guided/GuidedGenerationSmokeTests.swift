import Foundation
import Testing
@testable import FoundationModels
import TestSupport

@Suite(.requiresSmolLM2) struct GuidedGenerationSmokeTests {
    @Test func notesDigestComesBackValid() async throws {
        let session = SessionFixtures.session(instructions: "Extract a summary and action items from meeting notes.")
        let notes = "Discussed Q3 launch. Sara to finalize pricing by Friday. Youssef needs to fix the login bug — urgent."
        let start = Date()
        let response = try await session.respond(to: "Analyze these notes:\n\n\(notes)", generating: NotesDigest.self,
                                                 options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 300))
        print("DIGEST", response.rawContent.jsonString, Date().timeIntervalSince(start))
        #expect(!response.content.summary.isEmpty)
    }
}
