// Smart Notes on the default local model: availability, a digest with owners resolved through
// the team directory tool, and a streamed summary.
//
//   swift run --package-path Examples smart-notes

import FoundationModels

let notes = "Discussed Q3 launch. Sara to finalize pricing by Friday. Youssef needs to fix the login bug — urgent."

switch SystemLanguageModel.default.availability {
case .available:
    break
case .unavailable(.modelNotReady):
    print("The model is not set up yet: run scripts/setup.sh.")
    exit(1)
case .unavailable(let reason):
    print("The model is unavailable: \(reason)")
    exit(1)
}

let digest = try await makeDigestWithOwners(from: notes)
print("Summary: \(digest.summary)")
for item in digest.actionItems {
    print("- \(item.task) — \(item.owner) · \(item.priority)")
}

print("\nStreaming summary:")
var shown = ""
try await streamSummary(of: notes) { text in
    print(text.dropFirst(shown.count), terminator: "")
    shown = text
}
print()

import Foundation
