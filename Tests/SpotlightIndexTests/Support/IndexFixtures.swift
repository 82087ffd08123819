import Foundation
import SpotlightIndex
import UniformTypeIdentifiers

/// Scratch indexes and items for the index tests.
enum IndexFixtures {
    /// A new folder under the temporary directory, removed when the process ends… or by the OS.
    static func folder(_ name: String = "index") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spotlight-tests-\(getpid())")
            .appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A new, empty index in a folder of its own.
    static func index(_ name: String = "notes") throws -> CSSearchableIndex {
        CSSearchableIndex(name: name, directory: try folder())
    }

    /// A note with a title, text, a domain and an optional date.
    static func note(_ id: String, title: String, text: String, domain: String? = "notes", date: Date? = nil, keywords: [String]? = nil)
        -> CSSearchableItem
    {
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = title
        attributes.textContent = text
        attributes.contentCreationDate = date
        attributes.keywords = keywords
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: domain, attributeSet: attributes)
    }

    /// The identifiers a user query finds, best first.
    static func find(_ text: String, in index: CSSearchableIndex, fetch: [String] = ["title"]) async throws -> [String] {
        let context = CSUserQueryContext()
        context.fetchAttributes = fetch
        let query = CSUserQuery(userQueryString: text, userQueryContext: context)
        query.searchableIndex = index
        var found: [String] = []
        for try await response in query.responses {
            if case .item(let item) = response { found.append(item.id) }
        }
        return found
    }

    /// The identifiers a Core Spotlight query string finds, sorted.
    static func query(_ text: String, in index: CSSearchableIndex, fetch: [String] = []) async throws -> [String] {
        let context = CSSearchQueryContext()
        context.fetchAttributes = fetch
        let query = CSSearchQuery(queryString: text, queryContext: context)
        query.searchableIndex = index
        var found: [String] = []
        for try await result in query.results { found.append(result.id) }
        return found.sorted()
    }

    /// The writer program's path, beside the test bundle.
    static var writer: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("spotlight-index-writer")
    }
}
