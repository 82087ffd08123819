import Foundation
import Testing
@testable import SpotlightIndex

/// Time phrases to intervals, with a fixed now (Wednesday 15 July 2026, 12:00 UTC).
@Suite struct DatePhraseTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        calendar.firstWeekday = 2
        return calendar
    }()
    static let now = day(2026, 7, 15).addingTimeInterval(12 * 3600)

    static func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? .distantPast
    }

    /// Phrase → [start, end) as (y, m, d) triples.
    static let cases: [(String, (Int, Int, Int), (Int, Int, Int))] = [
        ("what did I note about herons last spring?", (2026, 3, 1), (2026, 6, 1)),
        ("this spring", (2026, 3, 1), (2026, 6, 1)),
        ("last summer", (2025, 6, 1), (2025, 9, 1)),
        ("in the summer", (2026, 6, 1), (2026, 9, 1)),
        ("last winter", (2025, 12, 1), (2026, 3, 1)),
        ("winter 2025", (2024, 12, 1), (2025, 3, 1)),
        ("autumn of 2025", (2025, 9, 1), (2025, 12, 1)),
        ("last fall", (2025, 9, 1), (2025, 12, 1)),
        ("in March 2026", (2026, 3, 1), (2026, 4, 1)),
        ("in March", (2026, 3, 1), (2026, 4, 1)),
        ("in August", (2025, 8, 1), (2025, 9, 1)),
        ("last July", (2025, 7, 1), (2025, 8, 1)),
        ("this July", (2026, 7, 1), (2026, 8, 1)),
        ("yesterday", (2026, 7, 14), (2026, 7, 15)),
        ("today", (2026, 7, 15), (2026, 7, 16)),
        ("the day before yesterday", (2026, 7, 13), (2026, 7, 14)),
        ("last week", (2026, 7, 6), (2026, 7, 13)),
        ("this week", (2026, 7, 13), (2026, 7, 20)),
        ("last month", (2026, 6, 1), (2026, 7, 1)),
        ("last year", (2025, 1, 1), (2026, 1, 1)),
        ("in 2024", (2024, 1, 1), (2025, 1, 1)),
        ("2024", (2024, 1, 1), (2025, 1, 1)),
        ("on 2026-03-14", (2026, 3, 14), (2026, 3, 15)),
        ("2026-02", (2026, 2, 1), (2026, 3, 1)),
        ("March 14, 2026", (2026, 3, 14), (2026, 3, 15)),
        ("14 March 2026", (2026, 3, 14), (2026, 3, 15)),
        ("the 3rd of May", (2026, 5, 3), (2026, 5, 4)),
        ("December 25", (2025, 12, 25), (2025, 12, 26)),
        ("3 weeks ago", (2026, 6, 22), (2026, 6, 29)),
        ("two months ago", (2026, 5, 1), (2026, 6, 1)),
        ("a year ago", (2025, 1, 1), (2026, 1, 1)),
        ("on Monday", (2026, 7, 13), (2026, 7, 14)),
        ("last Wednesday", (2026, 7, 8), (2026, 7, 9)),
        ("in May", (2026, 5, 1), (2026, 6, 1))
    ]

    @Test(arguments: cases)
    func phrasesNameTheirInterval(_ text: String, _ start: (Int, Int, Int), _ end: (Int, Int, Int)) throws {
        let phrase = try #require(DatePhrase.find(in: text, now: Self.now, calendar: Self.calendar), "\(text)")
        #expect(phrase.interval.start == Self.day(start.0, start.1, start.2), "\(text): \(phrase.interval)")
        #expect(phrase.interval.end == Self.day(end.0, end.1, end.2), "\(text): \(phrase.interval)")
    }

    @Test func rollingPhrasesEndNow() throws {
        let past = try #require(DatePhrase.find(in: "the last 10 days", now: Self.now, calendar: Self.calendar))
        #expect(past.interval.start == Self.now.addingTimeInterval(-10 * 86_400))
        #expect(past.interval.end > Self.now)
        let recently = try #require(DatePhrase.find(in: "recently", now: Self.now, calendar: Self.calendar))
        #expect(recently.interval.start == Self.now.addingTimeInterval(-30 * 86_400))
    }

    @Test func thePhraseLeavesTheOtherWords() throws {
        let phrase = try #require(DatePhrase.find(in: "herons at Lake Orta last spring", now: Self.now, calendar: Self.calendar))
        #expect(phrase.remainder == "herons at Lake Orta")
        #expect(phrase.words == ["last", "spring"])
        let inMarch = try #require(DatePhrase.find(in: "otters in March 2026 near the weir", now: Self.now, calendar: Self.calendar))
        #expect(inMarch.remainder == "otters near the weir")
    }

    static let noDates = ["herons", "", "may I see the herons", "the fall of the rock", "1234567", "I march on", "notes about 12 birds", "last", "this"]

    @Test(arguments: noDates)
    func textWithoutATimePhraseHasNone(_ text: String) {
        #expect(DatePhrase.find(in: text, now: Self.now, calendar: Self.calendar) == nil, "\(text)")
    }

    @Test func springInAprilIsLastYearsWhenSaidAsLast() throws {
        let april = Self.day(2026, 4, 10)
        let last = try #require(DatePhrase.find(in: "last spring", now: april, calendar: Self.calendar))
        #expect(last.interval.start == Self.day(2025, 3, 1))
        let this = try #require(DatePhrase.find(in: "this spring", now: april, calendar: Self.calendar))
        #expect(this.interval.start == Self.day(2026, 3, 1))
    }
}
