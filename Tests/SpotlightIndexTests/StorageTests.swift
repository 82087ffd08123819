import Foundation
import Testing
@testable import SpotlightIndex

/// The database under the index: corrupt and newer files are typed errors and stay untouched;
/// writers in several tasks and processes; a writer killed in a batch commits nothing of it.
@Suite struct StorageTests {
    @Test func aFileThatIsNotADatabaseIsATypedErrorAndStaysAsItWas() async throws {
        let folder = try IndexFixtures.folder()
        let file = folder.appendingPathComponent("notes.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: file)
        let index = CSSearchableIndex(name: "notes", directory: folder)
        let error = await #expect(throws: CSIndexError.self) {
            try await index.indexSearchableItems([IndexFixtures.note("1", title: "heron", text: "")])
        }
        #expect(error?.code == .indexUnavailableError)
        guard case .corruptDatabase = error?.reason else {
            Issue.record("expected corruptDatabase, got \(String(describing: error))")
            return
        }
        await #expect(throws: CSIndexError.self) { try await IndexFixtures.find("heron", in: index) }
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test func aDatabaseDamagedInsideIsATypedError() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems((0..<400).map { IndexFixtures.note("\($0)", title: "heron \($0)", text: String(repeating: "marsh reed ", count: 50)) })
        let path = index.databaseURL
        // Checkpoint the WAL into the file, then overwrite pages after the header.
        try index.store.withWriter { connection in try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        var bytes = try Data(contentsOf: path)
        for offset in stride(from: 4096, to: bytes.count, by: 1) where offset % 4096 < 2048 { bytes[offset] = 0xA5 }
        try bytes.write(to: path)
        let reopened = CSSearchableIndex(name: "notes", directory: path.deletingLastPathComponent())
        let error = await #expect(throws: CSIndexError.self) { try await IndexFixtures.find("heron", in: reopened) }
        #expect(error?.code == .indexUnavailableError, "\(String(describing: error))")
    }

    @Test func aNewerSchemaVersionIsRefusedAndLeftAlone() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([IndexFixtures.note("1", title: "heron", text: "")])
        try index.store.withWriter { connection in try connection.execute("PRAGMA user_version = 99") }
        let reopened = CSSearchableIndex(name: "notes", directory: index.databaseURL.deletingLastPathComponent())
        let error = await #expect(throws: CSIndexError.self) { try await reopened.itemCount() }
        #expect(error?.reason == .newerSchemaVersion(found: 99, supported: 1))
        let stillThere = try index.store.withWriter { connection in try connection.integer("SELECT count(*) FROM items") }
        #expect(stillThere == 1)
    }

    @Test func anIndexMadeBeforeTheFilterIndexGetsItAndKeepsItsItems() async throws {
        let index = try IndexFixtures.index()
        try await index.indexSearchableItems([IndexFixtures.note("1", title: "heron", text: "", date: Date(timeIntervalSince1970: 1_780_000_000))])
        // As the package made version 1 before: a date index alone.
        try index.store.withWriter { connection in
            try connection.execute("DROP INDEX items_filter; CREATE INDEX items_date ON items(item_date);")
        }
        let reopened = CSSearchableIndex(name: "notes", directory: index.databaseURL.deletingLastPathComponent())
        #expect(try await reopened.itemCount() == 1)
        let indexes = try reopened.store.withWriter { connection in
            try connection.query("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'items_%'") { $0.text(0) }
        }
        #expect(Set(indexes) == ["items_domain", "items_expiration", "items_filter"])
        let spring = DateInterval(start: Date(timeIntervalSince1970: 1_779_000_000), duration: 2_000_000)
        let found = try reopened.searchSynchronously(FullTextSearch(query: FullTextQuery("heron"), dateInterval: spring))
        #expect(found.map(\.identifier) == ["1"])
    }

    @Test func anotherApplicationsDatabaseIsNotTakenOver() async throws {
        let folder = try IndexFixtures.folder()
        let other = try SQLiteConnection(path: folder.appendingPathComponent("notes.sqlite").path, create: true)
        try other.execute("CREATE TABLE accounts(id INTEGER PRIMARY KEY); INSERT INTO accounts VALUES (1);")
        let index = CSSearchableIndex(name: "notes", directory: folder)
        let error = await #expect(throws: CSIndexError.self) { try await index.itemCount() }
        guard case .corruptDatabase = error?.reason else {
            Issue.record("expected corruptDatabase, got \(String(describing: error))")
            return
        }
        #expect(try other.integer("SELECT count(*) FROM accounts") == 1)
    }

    @Test func twoTasksWritingTwoIndexObjectsLoseNothing() async throws {
        let folder = try IndexFixtures.folder()
        let first = CSSearchableIndex(name: "busy", directory: folder)
        let second = CSSearchableIndex(name: "busy", directory: folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, name) in [(first, "a"), (second, "b")] {
                group.addTask {
                    for batch in 0..<20 {
                        try await writer.indexSearchableItems((0..<25).map { IndexFixtures.note("\(name)-\(batch)-\($0)", title: "heron", text: "reed") })
                    }
                }
            }
            group.addTask {
                // A reader beside the writers never fails and never sees a negative count.
                for _ in 0..<20 { _ = try await first.itemCount() }
            }
            try await group.waitForAll()
        }
        #expect(try await first.itemCount() == 1000)
    }

    /// Index objects opening one new index at the same moment: one creates the schema, the others
    /// find it (a check that read the version and then the tables, in two snapshots, once took a
    /// schema committed between the two reads for tables without a version).
    @Test func indexObjectsCreatingOneNewIndexAtOnceAllOpenIt() async throws {
        for round in 0..<40 {
            let folder = try IndexFixtures.folder()
            let indexes = (0..<6).map { _ in CSSearchableIndex(name: "fresh", directory: folder) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (number, index) in indexes.enumerated() {
                    group.addTask {
                        try await index.indexSearchableItems([IndexFixtures.note("\(round)-\(number)", title: "heron", text: "reed")])
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await indexes[0].itemCount() == 6)
        }
    }

    @Test func twoProcessesWritingTheSameIndexLoseNothing() async throws {
        let folder = try IndexFixtures.folder()
        let database = folder.appendingPathComponent("shared.sqlite")
        let (a, aOutput) = try ChildWriter.start(database: database, prefix: "a", count: 600, batch: 50)
        let (b, bOutput) = try ChildWriter.start(database: database, prefix: "b", count: 600, batch: 50)
        let index = CSSearchableIndex(name: "shared", directory: folder)
        try await index.indexSearchableItems((0..<200).map { IndexFixtures.note("parent-\($0)", title: "heron", text: "reed") })
        let aText = String(decoding: aOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let bText = String(decoding: bOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        a.waitUntilExit()
        b.waitUntilExit()
        #expect(a.terminationStatus == 0, "\(aText)")
        #expect(b.terminationStatus == 0, "\(bText)")
        #expect(try await index.itemCount() == 1400)
    }

    @Test func aWriterKilledInABatchCommitsNoneOfIt() async throws {
        let folder = try IndexFixtures.folder()
        let database = folder.appendingPathComponent("killed.sqlite")
        // A first batch that completes, then one big batch that the kill interrupts.
        let first = try ChildWriter.run(database: database, prefix: "kept", count: 100, batch: 100)
        #expect(first.status == 0, "\(first.output)")
        let (process, output) = try ChildWriter.start(database: database, prefix: "big", count: 60_000, batch: 60_000, words: 60)
        // Seen, waited for and killed on this thread, with no suspension between: a test run
        // that keeps Swift's cooperative pool busy could otherwise resume the kill only after the
        // batch had ended.
        let seen = ChildWriter.wait(for: "batch 0", in: output)
        usleep(300_000)
        kill(process.processIdentifier, SIGKILL)
        #expect(seen.contains("batch 0"), "\(seen)")
        process.waitUntilExit()
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .uncaughtSignal, "the writer finished before the kill: \(rest)")
        let index = CSSearchableIndex(name: "killed", directory: folder)
        #expect(try await index.itemCount() == 100)
        #expect(try await IndexFixtures.find("big", in: index).isEmpty)
        // The index still takes writes after the interrupted one.
        try await index.indexSearchableItems([IndexFixtures.note("after", title: "heron", text: "")])
        #expect(try await index.itemCount() == 101)
    }

    @Test func aHugeDocumentIsIndexedAndFoundByItsFirstMillionCharacters() async throws {
        let index = try IndexFixtures.index()
        let filler = String(repeating: "marsh reed water ", count: 300_000)  // 5.1 million characters
        let text = "kingfisher " + filler + " cormorant"
        try await index.indexSearchableItems([IndexFixtures.note("huge", title: "Long survey", text: text)])
        #expect(try await IndexFixtures.find("kingfisher", in: index) == ["huge"])
        #expect(try await IndexFixtures.find("cormorant", in: index).isEmpty)
        let hits = try await index.search(FullTextSearch(query: FullTextQuery("kingfisher"), snippetWords: 12))
        #expect(hits.first?.snippet.count ?? 0 < 200)
    }
}
