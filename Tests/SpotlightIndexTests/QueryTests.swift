import Foundation
import Testing
@testable import SpotlightIndex
import UniformTypeIdentifiers

/// User text never reaches FTS5 as syntax; Core Spotlight's query language, parsed and matched.
@Suite struct QueryTests {
    static let hostileQueries = [
        #"heron""#, #""heron"#, #"heron AND"#, "NEAR(heron reed)", "heron*", "*", "(((heron", "heron)))", "heron NOT",
        "-heron", "^heron", "title:heron", "heron + reed", "{heron}", "heron OR OR", "\u{0}heron", "heron\"\"\"'", "NEAR",
        "AND OR NOT", "héron", "HERON!!!", "heron's"
    ]

    @Test(arguments: hostileQueries)
    func queriesWithFullTextSyntaxAreJustWords(_ text: String) async throws {
        let index = try Self.sharedIndex()
        let found = try await IndexFixtures.find(text, in: index)
        let words = FullTextQuery(text).terms
        if words.contains(where: { $0.hasPrefix("heron") || $0 == "héron" }) {
            #expect(found.contains("heron"), "\(text) → \(words)")
        }
        #expect(FullTextQuery(text).matchExpression?.contains("NEAR(") != true)
    }

    @Test func wordsAreQuotedAndJoinedByOr() {
        #expect(FullTextQuery("What did I note about herons, last spring?").terms == ["note", "herons", "last", "spring"])
        #expect(FullTextQuery(#"NEAR("x" b*)"#).matchExpression == #"("near" OR "x" OR "b")"#)
        #expect(FullTextQuery("the of").terms == ["the", "of"])
        #expect(FullTextQuery("").matchExpression == nil)
        #expect(FullTextQuery(String(repeating: "x ", count: 100)).terms == ["x"])
        #expect(FullTextQuery((0..<100).map { "w\($0)" }.joined(separator: " ")).terms.count == FullTextQuery.maximumTerms)
    }

    static let parsed: [(String, Set<String>)] = [
        (#"title == "Herons at the lake""#, ["heron"]),
        (#"title == "*heron*"c"#, ["heron"]),
        (#"title == "*HERON*""#, []),
        (#"textContent == "otter"cw"#, ["otter"]),
        (#"** == "kestrel*"cd"#, ["kestrel"]),
        (#"domainIdentifier == "birds" && title == "*s*"c"#, ["heron", "kestrel"]),
        (#"domainIdentifier == "birds" || domainIdentifier == "mammals""#, ["heron", "kestrel", "otter"]),
        (#"!(domainIdentifier == "birds")"#, ["otter"]),
        (#"domainIdentifier != "birds""#, ["otter"]),
        (#"contentCreationDate >= $time.iso(2026-03-01) && contentCreationDate < $time.iso(2026-04-01)"#, ["heron"]),
        (#"contentCreationDate < $time.iso(2026-01-01)"#, ["otter"]),
        (#"rating > 3"#, ["kestrel"]),
        (#"title == 'Otters\'s den'"#, ["otter"])
    ]

    @Test(arguments: parsed)
    func coreSpotlightQueriesFindTheMatchingItems(_ query: String, _ expected: Set<String>) async throws {
        let index = try Self.sharedIndex()
        let found = try await IndexFixtures.query(query, in: index)
        #expect(Set(found) == expected, "\(query)")
    }

    static let invalid = [
        "heron", "title ==", "title == \"heron", "(title == \"a\"", "title == \"a\" &&", "title ~ \"a\"", "contentCreationDate > $time.iso(March)",
        "", String(repeating: "(", count: 100) + "title == \"a\"" + String(repeating: ")", count: 100)
    ]

    @Test(arguments: invalid)
    func malformedQueriesEndWithATypedError(_ query: String) async throws {
        let index = try Self.sharedIndex()
        let error = await #expect(throws: CSIndexError.self) { try await IndexFixtures.query(query, in: index) }
        guard case .invalidQuery = error?.reason else {
            Issue.record("expected invalidQuery for \(query), got \(String(describing: error))")
            return
        }
    }

    @Test func foundItemsCarryOnlyTheFetchedAttributes() async throws {
        let index = try Self.sharedIndex()
        let context = CSSearchQueryContext()
        context.fetchAttributes = ["title"]
        let query = CSSearchQuery(queryString: #"title == "Herons*""#, queryContext: context)
        query.searchableIndex = index
        var items: [CSSearchableItem] = []
        for try await result in query.results { items.append(result.item) }
        #expect(items.count == 1)
        #expect(items.first?.attributeSet.title == "Herons at the lake")
        #expect(items.first?.attributeSet.textContent == nil)
    }

    @Test func handlersReceiveBatchesAndTheEnd() async throws {
        let index = try Self.sharedIndex()
        let query = CSSearchQuery(queryString: #"** == "*"c"#, queryContext: nil)
        query.searchableIndex = index
        let count = await withCheckedContinuation { continuation in
            let found = FoundCounter()
            query.foundItemsHandler = { found.add($0.count) }
            query.completionHandler = { _ in continuation.resume(returning: found.value) }
            query.start()
        }
        #expect(count >= 3)
        #expect(query.foundItemCount == count)
    }

    @Test func passagesSurroundTheMatchingWords() {
        let text = "We walked for an hour in the rain. At the weir two grey herons were fishing, and one caught an eel. Then home."
        #expect(Snippet.passage(of: text, around: FullTextQuery("heron eel"), words: 8) == "…herons were fishing, and one caught an eel.…")
        #expect(Snippet.passage(of: text, around: FullTextQuery("albatross"), words: 4) == "We walked for an…")
        #expect(Snippet.passage(of: "Short note.", around: FullTextQuery("note"), words: 40) == "Short note.")
        #expect(Snippet.passage(of: "", around: FullTextQuery("note"), words: 40) == "")
    }

    @Test func wildcardsNeverBacktrackExponentially() {
        let text = String(repeating: "a", count: 5_000)
        let pattern = String(repeating: "*a", count: 200) + "b"
        #expect(!QueryExpression.wildcardMatch(text, pattern))
        #expect(QueryExpression.wildcardMatch("heron", "h*r*n"))
        #expect(QueryExpression.wildcardMatch("", "*"))
    }

    /// One small index shared by the query tests (they only read it).
    static func sharedIndex() throws -> CSSearchableIndex {
        try shared.get()
    }

    private static let shared: Result<CSSearchableIndex, any Error> = Result {
        let index = try IndexFixtures.index("queries")
        let calendar = Calendar(identifier: .gregorian)
        func date(_ year: Int, _ month: Int) -> Date? { calendar.date(from: DateComponents(timeZone: .gmt, year: year, month: month, day: 10)) }
        let heron = IndexFixtures.note("heron", title: "Herons at the lake", text: "Two grey herons fishing.", domain: "birds", date: date(2026, 3))
        let kestrel = IndexFixtures.note("kestrel", title: "Kestrels", text: "A kestrel hovering over the meadow.", domain: "birds", date: date(2026, 5))
        kestrel.attributeSet.rating = 5
        let otter = IndexFixtures.note("otter", title: "Otters's den", text: "An otter by the bridge.", domain: "mammals", date: date(2025, 11))
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        index.indexSearchableItems([heron, kestrel, otter]) { error in
            outcome.error = error.map { "\($0)" }
            semaphore.signal()
        }
        semaphore.wait()
        if let error = outcome.error { throw CSIndexError(.unknownError, reason: .invalidItem(detail: error)) }
        return index
    }
}

/// Counts found items across handler calls.
private final class FoundCounter: @unchecked Sendable {
    // `@unchecked Sendable` is sound: the query calls its handlers one after another.
    var value = 0
    func add(_ count: Int) { value += count }
}

/// The outcome of the shared index's indexing.
private final class Outcome: @unchecked Sendable {
    // `@unchecked Sendable` is sound: written before the semaphore is signalled, read after.
    var error: String?
}
