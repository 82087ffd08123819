import Foundation
import FuzzSupport
@testable import SpotlightIndex

/// An FTS5 table in memory, for checking that every query the package builds is valid syntax.
private let table: SQLiteConnection = {
    // Unreachable failure: opening an in-memory database only fails without memory.
    let connection = try! SQLiteConnection(path: ":memory:", create: true)
    try! connection.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'porter unicode61 remove_diacritics 2'); INSERT INTO t VALUES ('heron near reed');")
    return connection
}()

/// Fixed present for time phrases.
private let now = Date(timeIntervalSince1970: 1_784_116_800)  // 15 July 2026, 12:00 UTC

/// libFuzzer entry: any text as a user's or model's query, a time phrase and a Core Spotlight
/// query string. The words' `MATCH` expression must be valid FTS5 (it runs on a real table), a
/// time phrase must name a forward interval and keep the other words, and the query language
/// must parse or throw `QueryParseError`, and a parsed query must match a record without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpotlightQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let query = FullTextQuery(text)
    if let expression = query.matchExpression {
        // The any-word expression, and the all-words and rarer-and-common ones a search builds.
        let terms = query.terms
        var expressions = [expression, FullTextQuery.expression(terms.map { [$0] })]
        if terms.count > 1 { expressions.append(FullTextQuery.expression([[terms[0]], Array(terms.dropFirst())])) }
        for expression in expressions {
            do {
                _ = try table.integer("SELECT count(*) FROM t WHERE t MATCH ?", [.text(expression)])
            } catch {
                fatalError("the MATCH expression \(expression) of \(text.debugDescription) failed: \(error)")  // the fuzzer's finding
            }
        }
    }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
    if let phrase = DatePhrase.find(in: text, now: now, calendar: calendar) {
        guard phrase.interval.start <= phrase.interval.end, !phrase.words.isEmpty else {
            fatalError("a time phrase of \(text.debugDescription) named \(phrase.interval)")
        }
    }
    if let expression = try? QueryParser.parse(text, now: now, calendar: calendar) {
        let record = ItemRecord(
            identifier: "x", domain: "notes", expiration: nil,
            values: ["title": .text("Herons"), "keywords": .texts(["heron", "reed"]), "contentCreationDate": .date(now), "rating": .number(3)],
            customValues: [:])
        _ = expression.matches(record)
    }
    return 0
}

/// The executable's entry (SwiftPM links `FuzzSpotlightQuery_main` as `main`).
@_cdecl("FuzzSpotlightQuery_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in fuzzSpotlightQuery(data!, size) }
}
