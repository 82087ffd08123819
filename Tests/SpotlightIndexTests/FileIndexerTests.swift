import Foundation
import Testing
@testable import SpotlightIndex

/// Files under a scope: the kinds read, HTML as text, changes and deletions, bad bytes, link
/// loops and huge files.
@Suite struct FileIndexerTests {
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func textMarkdownAndHTMLAreIndexedAndOtherFilesAreNot() async throws {
        let scope = try IndexFixtures.folder("scope")
        try Self.write("Grey herons at the weir.", to: scope.appendingPathComponent("heron.txt"))
        try Self.write("# Otter survey\n\nTracks by the **river**.", to: scope.appendingPathComponent("sub/otters.md"))
        try Self.write(
            "<html><head><title>Kestrel &amp; hawk</title><script>var secret = 'hidden';</script><style>p{}</style></head><body><p>A kestrel&nbsp;hovering</p><!-- comment --></body></html>",
            to: scope.appendingPathComponent("kestrel.html"))
        try Self.write("heron", to: scope.appendingPathComponent("image.png"))
        try Self.write("heron", to: scope.appendingPathComponent(".hidden.txt"))
        let indexer = FileIndexer(scopes: [scope], index: try IndexFixtures.index("files"))
        let changes = try indexer.refresh()
        #expect(changes == FileIndexer.Changes(added: 3))
        #expect(try await IndexFixtures.find("heron", in: indexer.index) == [scope.appendingPathComponent("heron.txt").path])
        #expect(try await IndexFixtures.find("otter", in: indexer.index).count == 1)
        #expect(try await IndexFixtures.find("hovering", in: indexer.index).count == 1)
        #expect(try await IndexFixtures.find("secret hidden comment", in: indexer.index).isEmpty)
        let hits = try await indexer.index.search(FullTextSearch(query: FullTextQuery("kestrel")))
        #expect(hits.first?.title == "Kestrel & hawk")
        #expect(hits.first?.snippet == "A kestrel hovering")
        let otters = try await indexer.index.search(FullTextSearch(query: FullTextQuery("otter")))
        #expect(otters.first?.title == "Otter survey")
    }

    @Test func changedAndDeletedFilesAreNoticed() async throws {
        let scope = try IndexFixtures.folder("scope")
        let heron = scope.appendingPathComponent("heron.txt")
        let otter = scope.appendingPathComponent("otter.txt")
        try Self.write("grey heron", to: heron)
        try Self.write("otter tracks", to: otter)
        let indexer = FileIndexer(scopes: [scope], index: try IndexFixtures.index("files"))
        try indexer.refresh()
        try Self.write("a kingfisher instead of the heron", to: heron)
        try FileManager.default.removeItem(at: otter)
        let changes = try indexer.refresh()
        #expect(changes == FileIndexer.Changes(updated: 1, removed: 1))
        #expect(try await IndexFixtures.find("kingfisher", in: indexer.index) == [heron.path])
        #expect(try await IndexFixtures.find("otter", in: indexer.index).isEmpty)
        #expect(try indexer.refresh() == FileIndexer.Changes(unchanged: 1))
    }

    @Test func invalidUTF8IsReadLossily() async throws {
        let scope = try IndexFixtures.folder("scope")
        var bytes = Data("heron ".utf8)
        bytes += Data([0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82])
        bytes += Data(" marsh café".utf8)
        try bytes.write(to: scope.appendingPathComponent("broken.txt"))
        let indexer = FileIndexer(scopes: [scope], index: try IndexFixtures.index("files"))
        try indexer.refresh()
        #expect(try await IndexFixtures.find("marsh", in: indexer.index).count == 1)
        #expect(try await IndexFixtures.find("cafe", in: indexer.index).count == 1)
    }

    @Test func symbolicLinkLoopsEnd() async throws {
        let scope = try IndexFixtures.folder("scope")
        try Self.write("heron in a loop", to: scope.appendingPathComponent("a/note.txt"))
        try FileManager.default.createSymbolicLink(at: scope.appendingPathComponent("a/loop"), withDestinationURL: scope)
        try FileManager.default.createSymbolicLink(at: scope.appendingPathComponent("a/self"), withDestinationURL: scope.appendingPathComponent("a"))
        try FileManager.default.createSymbolicLink(at: scope.appendingPathComponent("dangling.txt"), withDestinationURL: scope.appendingPathComponent("nowhere.txt"))
        let indexer = FileIndexer(scopes: [scope], index: try IndexFixtures.index("files"))
        let changes = try indexer.refresh()
        #expect(changes.added == 1)
        #expect(try await IndexFixtures.find("loop", in: indexer.index).count == 1)
    }

    @Test func hugeFilesAreReadUpToTheLimit() async throws {
        let scope = try IndexFixtures.folder("scope")
        var text = "kingfisher "
        text += String(repeating: "marsh reed water ", count: (FileIndexer.maximumFileBytes / 17) + 10_000)
        text += " cormorant"
        try Self.write(text, to: scope.appendingPathComponent("huge.txt"))
        let indexer = FileIndexer(scopes: [scope], index: try IndexFixtures.index("files"))
        try indexer.refresh()
        #expect(try await IndexFixtures.find("kingfisher", in: indexer.index).count == 1)
        #expect(try await IndexFixtures.find("cormorant", in: indexer.index).isEmpty)
    }

    @Test func malformedHTMLStillGivesItsWords() {
        #expect(HTMLText.extract(from: "<p>heron <b unclosed").text == "heron <b unclosed")
        #expect(HTMLText.extract(from: "<script>never closed heron").text == "")
        #expect(HTMLText.extract(from: "a &#x1F426; &#99999999; &bogus; b").text == "a 🐦 &#99999999; &bogus; b")
        #expect(HTMLText.extract(from: "<TITLE>Big</TITLE><P>x").title == "Big")
    }
}
