import Foundation
import Testing
@testable import SpotlightIndex
import UniformTypeIdentifiers

/// `CSSearchableIndex`: adding, updating, deleting by identifier and domain, reopening, expiry,
/// and the completion-handler forms.
@Suite struct IndexAPITests {
    @Test func addedItemsAreFoundByTheirWordsWithStemming() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([
            IndexFixtures.note("1", title: "Herons at the lake", text: "Two grey herons fishing in the reeds."),
            IndexFixtures.note("2", title: "Otters", text: "An otter family playing under the bridge.")
        ])
        #expect(try await IndexFixtures.find("heron", in: index) == ["1"])
        #expect(try await IndexFixtures.find("fished", in: index) == ["1"])
        #expect(try await IndexFixtures.find("otters bridge", in: index) == ["2"])
        #expect(try await index.itemCount() == 2)
    }

    @Test func indexingAnIdentifierAgainReplacesTheItem() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([IndexFixtures.note("1", title: "Herons", text: "grey herons")])
        try await index.indexSearchableItems([IndexFixtures.note("1", title: "Kestrels", text: "a kestrel hovering")])
        #expect(try await IndexFixtures.find("heron", in: index).isEmpty)
        #expect(try await IndexFixtures.find("kestrel", in: index) == ["1"])
        #expect(try await index.itemCount() == 1)
    }

    @Test func anUpdateKeepsTheAttributesItDoesNotSet() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([IndexFixtures.note("1", title: "Herons", text: "grey herons by the weir", keywords: ["birds"])])
        let attributes = CSSearchableItemAttributeSet(contentType: .text)
        attributes.title = "Herons and egrets"
        let update = CSSearchableItem(uniqueIdentifier: "1", domainIdentifier: nil, attributeSet: attributes)
        update.isUpdate = true
        try await index.indexSearchableItems([update])
        #expect(try await IndexFixtures.find("weir", in: index) == ["1"])
        #expect(try await IndexFixtures.find("egrets", in: index) == ["1"])
        let items = try await itemsFound("egret", in: index, fetch: ["title", "keywords"])
        #expect(items.first?.attributeSet.title == "Herons and egrets")
        #expect(items.first?.attributeSet.keywords == ["birds"])
        #expect(items.first?.domainIdentifier == "notes")
    }

    @Test func deletingByIdentifierRemovesOnlyThoseItems() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems((1...5).map { IndexFixtures.note("\($0)", title: "heron \($0)", text: "heron") })
        try await index.deleteSearchableItems(withIdentifiers: ["2", "4", "unknown"])
        #expect(try await Set(IndexFixtures.find("heron", in: index)) == ["1", "3", "5"])
    }

    @Test func deletingByDomainRemovesItsSubdomainsButNotSimilarNames() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([
            IndexFixtures.note("a", title: "heron", text: "", domain: "notes"),
            IndexFixtures.note("b", title: "heron", text: "", domain: "notes.archive"),
            IndexFixtures.note("c", title: "heron", text: "", domain: "notesbook"),
            IndexFixtures.note("d", title: "heron", text: "", domain: nil)
        ])
        try await index.deleteSearchableItems(withDomainIdentifiers: ["notes"])
        #expect(try await Set(IndexFixtures.find("heron", in: index)) == ["c", "d"])
        try await index.deleteAllSearchableItems()
        #expect(try await index.itemCount() == 0)
    }

    @Test func completionHandlersReportTheOutcome() async throws {
        let index = try IndexFixtures.index()
        let error: (any Error)? = await withCheckedContinuation { continuation in
            index.indexSearchableItems([IndexFixtures.note("1", title: "heron", text: "")]) { continuation.resume(returning: $0) }
        }
        #expect(error == nil)
        let deleted: (any Error)? = await withCheckedContinuation { continuation in
            index.deleteSearchableItems(withIdentifiers: ["1"]) { continuation.resume(returning: $0) }
        }
        #expect(deleted == nil)
        #expect(try await index.itemCount() == 0)
        let invalid: (any Error)? = await withCheckedContinuation { continuation in
            index.indexSearchableItems([IndexFixtures.note("", title: "no id", text: "")]) { continuation.resume(returning: $0) }
        }
        #expect((invalid as? CSIndexError)?.code == .invalidItemError)
    }

    @Test func aSecondIndexObjectOnTheSamePathSeesTheItems() async throws {
        let folder = try IndexFixtures.folder()
        do {
            let first = CSSearchableIndex(name: "shared", directory: folder)
            try await first.indexSearchableItems([IndexFixtures.note("1", title: "Kingfisher", text: "a flash of blue")])
        }
        let second = CSSearchableIndex(name: "shared", directory: folder)
        #expect(try await IndexFixtures.find("kingfisher", in: second) == ["1"])
        #expect(second.databaseURL.lastPathComponent == "shared.sqlite")
    }

    @Test func itemsWrittenByAnotherProcessAreReadAfterItEnds() throws {
        let folder = try IndexFixtures.folder()
        let database = folder.appendingPathComponent("child.sqlite")
        let outcome = try ChildWriter.run(database: database, prefix: "child", count: 300, batch: 100)
        #expect(outcome.status == 0, "\(outcome.output)")
        let index = CSSearchableIndex(name: "child", directory: folder)
        #expect(try index.store.count() == 300)
    }

    @Test func expiredItemsAreNotFound() async throws {
        let index = try IndexFixtures.index()
        let old = IndexFixtures.note("old", title: "heron", text: "")
        old.expirationDate = Date().addingTimeInterval(-60)
        let current = IndexFixtures.note("new", title: "heron", text: "")
        current.expirationDate = Date().addingTimeInterval(3600)
        try await index.indexSearchableItems([old, current])
        #expect(try await IndexFixtures.find("heron", in: index) == ["new"])
        #expect(try await index.itemCount() == 1)
    }

    @Test func theDefaultFolderFollowsXDG() {
        let xdg = CSSearchableIndex.defaultStorageDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"], processName: "notes")
        #expect(xdg.path == "/data/foundation-models/spotlight/notes")
        let home = CSSearchableIndex.defaultStorageDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"], processName: "notes")
        #expect(home.path == "/home/u/.local/share/foundation-models/spotlight/notes")
    }

    @Test func customKeysAndCommonAttributesRoundTrip() async throws {
        let index = try IndexFixtures.index()
        let attributes = CSSearchableItemAttributeSet(contentType: .plainText)
        attributes.title = "Survey"
        attributes.authorNames = ["Ada Park"]
        attributes.url = URL(string: "https://example.org/notes/1")
        attributes.latitude = NSNumber(value: 51.5)
        let key = try #require(CSCustomAttributeKey(keyName: "species", searchable: true, searchableByDefault: true, unique: false, multiValued: false))
        attributes.setValue(NSString(string: "Ardea cinerea"), forCustomKey: key)
        try await index.indexSearchableItems([CSSearchableItem(uniqueIdentifier: "1", domainIdentifier: nil, attributeSet: attributes)])
        #expect(try await IndexFixtures.find("ardea", in: index) == ["1"])
        #expect(try await IndexFixtures.find("park", in: index) == ["1"])
        let item = try #require(try await itemsFound("survey", in: index, fetch: ["title", "authorNames", "url", "latitude", "species", "contentType"]).first)
        #expect(item.attributeSet.authorNames == ["Ada Park"])
        #expect(item.attributeSet.url?.absoluteString == "https://example.org/notes/1")
        #expect(item.attributeSet.latitude?.doubleValue == 51.5)
        #expect(item.attributeSet.contentType == UTType.plainText.identifier)
        #expect((item.attributeSet.value(forCustomKey: key) as? NSString).map { String($0) } == "Ardea cinerea")
        #expect(CSCustomAttributeKey(keyName: "kMDItemTitle") == nil)
        #expect(CSCustomAttributeKey(keyName: "with space") == nil)
    }

    private func itemsFound(_ text: String, in index: CSSearchableIndex, fetch: [String]) async throws -> [CSSearchableItem] {
        let context = CSUserQueryContext()
        context.fetchAttributes = fetch
        let query = CSUserQuery(userQueryString: text, userQueryContext: context)
        query.searchableIndex = index
        var items: [CSSearchableItem] = []
        for try await response in query.responses {
            if case .item(let item) = response { items.append(item.item) }
        }
        return items
    }
}
