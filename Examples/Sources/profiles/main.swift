// A dynamic profile (OS 27): the notes app's tagging assistant must look the tag up exactly
// once, then answer. The profile is evaluated before every model request, the rounds of a tool
// loop included, so the hook's count changes the next request's tool-calling mode.
//
//   swift run --package-path Examples profiles

import Foundation
import FoundationModels

extension SessionPropertyValues {
    @SessionPropertyEntry var tagLookups: Int = 0
}

struct TagLookupTool: Tool {
    let name = "lookupTag"
    let description = "Counts the notes that have a tag."

    @Generable
    struct Arguments {
        @Guide(description: "The tag, without #")
        var tag: String
    }

    func call(arguments: Arguments) async throws -> String {
        let counts = ["work": 12, "home": 4, "ideas": 7]
        return "\(counts[arguments.tag.lowercased()] ?? 0) notes are tagged \(arguments.tag)."
    }
}

struct TaggingProfile: LanguageModelSession.DynamicProfile {
    @SessionProperty(\.tagLookups) var lookups

    var body: some DynamicProfile {
        Profile {
            Instructions("You answer questions about the user's notes. Call lookupTag one time with the tag, then answer in one sentence.")
            TagLookupTool()
        }
        .toolCallingMode(lookups < 1 ? .required : .disallowed)
        .onToolCall { call in
            lookups += 1
            print("[looked up \(call.arguments.jsonString)]")
        }
        .samplingMode(.greedy)
        .maximumResponseTokens(120)
    }
}

let session = LanguageModelSession(profile: TaggingProfile())
do {
    let answer = try await session.respond(to: "How many notes are tagged work?")
    print(answer.content)
    print("lookups: \(session.properties.tagLookups)")
} catch {
    print("error: \(error)")
    exit(1)
}
