// Streams an answer: each snapshot holds the whole text so far, so print only what is new.
//
//   swift run --package-path Examples streaming

import Foundation
import FoundationModels

let notes = """
    Discussed Q3 launch. Sara to finalize pricing by Friday. Youssef needs to fix the login bug — urgent.
    Lina will share new onboarding mockups next week.
    """

let session = LanguageModelSession(instructions: "Summarize meeting notes clearly and briefly.")
var printed = ""
for try await snapshot in session.streamResponse(to: "Summarize these notes:\n\n\(notes)") {
    FileHandle.standardOutput.write(Data(snapshot.content.dropFirst(printed.count).utf8))
    printed = snapshot.content
}
print()
