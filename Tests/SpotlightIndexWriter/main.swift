// A second process for the index tests: it writes items into an index, so that the tests can
// read them after it ended, write beside it, or kill it in the middle of a batch.
//
//   spotlight-index-writer DATABASE PREFIX COUNT BATCH [WORDS]
//
// Indexes COUNT items named PREFIX-0 … in batches of BATCH (each item's text WORDS words long),
// printing "batch N" before each batch and "done" at the end.
import Foundation
import SpotlightIndex
import UniformTypeIdentifiers

let arguments = CommandLine.arguments
guard arguments.count >= 5, let count = Int(arguments[3]), let batch = Int(arguments[4]), batch > 0 else {
    FileHandle.standardError.write(Data("usage: spotlight-index-writer DATABASE PREFIX COUNT BATCH [WORDS]\n".utf8))
    exit(2)
}
let database = URL(fileURLWithPath: arguments[1])
let prefix = arguments[2]
let words = arguments.count > 5 ? Int(arguments[5]) ?? 20 : 20
let index = CSSearchableIndex(name: database.deletingPathExtension().lastPathComponent, directory: database.deletingLastPathComponent())
let vocabulary = ["heron", "reed", "marsh", "dawn", "ridge", "otter", "willow", "stream", "kestrel", "meadow"]

/// Writes the batches (a function: top-level code would pick the completion-handler overload).
func write() async throws {
    var start = 0
    while start < count {
        let items = (start..<min(count, start + batch)).map { number in
            let attributes = CSSearchableItemAttributeSet(contentType: .text)
            attributes.title = "\(prefix) note \(number)"
            attributes.textContent = (0..<words).map { vocabulary[($0 + number) % vocabulary.count] }.joined(separator: " ")
            return CSSearchableItem(uniqueIdentifier: "\(prefix)-\(number)", domainIdentifier: prefix, attributeSet: attributes)
        }
        FileHandle.standardOutput.write(Data("batch \(start / batch)\n".utf8))
        try await index.indexSearchableItems(items)
        start += batch
    }
    FileHandle.standardOutput.write(Data("done\n".utf8))
}

do {
    try await write()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
