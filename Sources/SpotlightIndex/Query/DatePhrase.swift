package import Foundation

/// Phrases of time as people say them ("last spring", "in March 2026", "yesterday", "3 weeks
/// ago"), turned into a date interval relative to a given now: a pure value, tested with a fixed
/// now and calendar, and fuzzed (`FuzzSpotlightQuery`).
///
/// Seasons are meteorological and northern: spring is March to May, summer June to August,
/// autumn (or fall) September to November, winter December to February (`winter 2026` is the one
/// that contains January 2026). "Last" names the most recent instance that has ended ("last
/// spring" in July 2026 is spring 2026; in April 2026 it is spring 2025); a bare "March" or
/// "spring" names the most recent one that has begun; "this" names the one of the current year
/// (or week). Weeks start on the calendar's first weekday. Intervals end exclusively.
package struct DatePhrase: Equatable, Sendable {
    /// The interval the phrase names.
    package var interval: DateInterval
    /// The words of the text that the phrase took (lowercased).
    package var words: [String]
    /// The text without the phrase's words, in the original order.
    package var remainder: String

    /// The most words of text looked at (longer text is cut).
    static let maximumWords = 200

    /// Finds the first time phrase in a text.
    ///
    /// - Parameters:
    ///   - text: A question, a query, or just the phrase.
    ///   - now: The present.
    ///   - calendar: The calendar (and time zone) for days, months and years.
    /// - Returns: The phrase, or `nil` when the text has none.
    package static func find(in text: String, now: Date, calendar: Calendar) -> DatePhrase? {
        let tokens = Array(tokenize(text).prefix(maximumWords))
        var parser = Parser(tokens: tokens.map(\.lowercased), now: now, calendar: calendar)
        for start in tokens.indices {
            guard let (interval, length) = parser.match(at: start) else { continue }
            // Leading prepositions belong to the phrase ("in March", "during the spring").
            var first = start
            while first > 0, ["in", "on", "during", "from", "since", "of", "around", "about", "at"].contains(tokens[first - 1].lowercased) { first -= 1 }
            let taken = first..<(start + length)
            let remainder = tokens.indices.filter { !taken.contains($0) }.map { tokens[$0].original }.joined(separator: " ")
            return DatePhrase(interval: interval, words: taken.map { tokens[$0].lowercased }, remainder: remainder)
        }
        return nil
    }

    /// Words, numbers and ISO dates (`2026-03-14`, `2026-03`), with their original spelling.
    static func tokenize(_ text: String) -> [(original: String, lowercased: String)] {
        var tokens: [(String, String)] = []
        var current = ""
        func flush() {
            var word = current
            while let last = word.last, last == "-" || last == "." { word.removeLast() }
            if !word.isEmpty { tokens.append((word, word.lowercased())) }
            current = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "-", current.first?.isNumber == true {
                current.append(character)  // ISO dates stay one token
            } else {
                flush()
            }
        }
        flush()
        return tokens
    }
}

/// The matchers, tried at each position; each returns an interval and how many tokens it took.
private struct Parser {
    let tokens: [String]
    let now: Date
    let calendar: Calendar

    static let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"
    ]
    static let shortMonths = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let seasons: [String: Int] = ["spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12]
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let units: [String: Calendar.Component] = [
        "day": .day, "days": .day, "week": .weekOfYear, "weeks": .weekOfYear, "month": .month, "months": .month, "year": .year, "years": .year
    ]
    static let numbers: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
        "couple": 2, "few": 3
    ]

    func token(_ index: Int) -> String? { tokens.indices.contains(index) ? tokens[index] : nil }

    func month(_ word: String?) -> Int? {
        guard let word else { return nil }
        if let index = Self.months.firstIndex(of: word) { return index + 1 }
        if let index = Self.shortMonths.firstIndex(of: word) { return index + 1 }
        return nil
    }

    func year(_ word: String?) -> Int? {
        guard let word, word.count == 4, let year = Int(word), (1900...2200).contains(year) else { return nil }
        return year
    }

    func day(_ word: String?) -> Int? {
        guard var word else { return nil }
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) { word.removeLast(2) }
        guard word.count <= 2, let day = Int(word), (1...31).contains(day) else { return nil }
        return day
    }

    func count(_ word: String?) -> Int? {
        guard let word else { return nil }
        if let number = Int(word), (1...1000).contains(number) { return number }
        return Self.numbers[word]
    }

    mutating func match(at start: Int) -> (DateInterval, Int)? {
        let word = tokens[start]
        let next = token(start + 1)
        switch word {
        case "today", "tonight": return (span(of: .day, containing: now), 1)
        case "yesterday": return (span(of: .day, containing: add(.day, -1, to: now)), 1)
        case "recently", "lately": return (DateInterval(start: add(.day, -30, to: now), end: now.addingTimeInterval(1)), 1)
        default: break
        }
        if let iso = isoDate(word) { return (iso, 1) }
        if word == "the", next == "day", token(start + 2) == "before", token(start + 3) == "yesterday" {
            return (span(of: .day, containing: add(.day, -2, to: now)), 4)
        }
        // "N days ago", "a week ago", "couple of months ago".
        if let number = count(word) {
            var offset = 1
            if token(start + offset) == "of" { offset += 1 }
            if let unit = token(start + offset).flatMap({ Self.units[$0] }), token(start + offset + 1) == "ago" {
                let spanUnit: Calendar.Component = unit == .weekOfYear ? .weekOfYear : unit
                return (span(of: spanUnit, containing: add(unit, -number, to: now)), offset + 2)
            }
        }
        if word == "this" || word == "last" || word == "past" || word == "previous" || word == "next" {
            return relative(word, at: start)
        }
        if let interval = calendarDate(at: start) { return interval }
        if let season = Self.seasons[word] {
            if next == "of" || next == "in", let year = year(token(start + 2)) { return (seasonInterval(season, year: year), 3) }
            if let year = year(next) { return (seasonInterval(season, year: year), 2) }
            guard isDateContext(before: start) || word != "fall" else { return nil }
            return (mostRecentSeason(season, ended: false), 1)
        }
        if let year = year(word), start == 0 || ["in", "of", "during", "since", "from"].contains(tokens[start - 1]) || tokens.count == 1 {
            return (span(of: .year, containing: date(year: year, month: 1, day: 1)), 1)
        }
        if let weekday = Self.weekdays.firstIndex(of: word), isDateContext(before: start) {
            return (mostRecentWeekday(weekday + 1), 1)
        }
        return nil
    }

    func isDateContext(before index: Int) -> Bool {
        index > 0 && ["in", "on", "during", "last", "this", "since", "from", "of"].contains(tokens[index - 1])
    }

    /// "this/last/past/previous/next" + unit, season, month or weekday, or "last N units".
    func relative(_ word: String, at start: Int) -> (DateInterval, Int)? {
        guard var next = token(start + 1) else { return nil }
        var length = 2
        if next == "the", let after = token(start + 2) {
            next = after
            length = 3
        }
        if let unit = Self.units[next] {
            switch word {
            case "this": return (span(of: unit, containing: now), length)
            case "next": return (span(of: unit, containing: add(unit, 1, to: now)), length)
            case "past":
                // "the past week": the last seven days up to now.
                return (DateInterval(start: add(unit, -1, to: now), end: now.addingTimeInterval(1)), length)
            default: return (span(of: unit, containing: add(unit, -1, to: now)), length)
            }
        }
        if word != "this", word != "next", let number = count(next), let unit = token(start + length).flatMap({ Self.units[$0] }) {
            return (DateInterval(start: add(unit, -number, to: now), end: now.addingTimeInterval(1)), length + 1)
        }
        if next == "weekend" {
            let saturday = mostRecentWeekday(7, includingToday: word == "this")
            return (DateInterval(start: saturday.start, end: add(.day, 2, to: saturday.start)), length)
        }
        if let season = Self.seasons[next] {
            if word == "this" { return (seasonInterval(season, year: seasonYear(season, containing: now)), length) }
            if word == "next" { return (seasonInterval(season, year: seasonYear(season, containing: now) + 1), length) }
            return (mostRecentSeason(season, ended: true), length)
        }
        if let month = month(next) {
            let current = calendar.component(.year, from: now)
            if word == "this" { return (monthInterval(month, year: current), length) }
            if word == "next" { return (mostUpcomingMonth(month), length) }
            return (mostRecentMonth(month, ended: true), length)
        }
        if let weekday = Self.weekdays.firstIndex(of: next) {
            return (mostRecentWeekday(weekday + 1), length)
        }
        return nil
    }

    /// "March", "March 2026", "March 14", "March 14, 2026", "14 March 2026", "14th of March".
    func calendarDate(at start: Int) -> (DateInterval, Int)? {
        let word = tokens[start]
        if let month = month(word) {
            // "may" and "march" are words too: alone, or with a day, a year or a date word before them.
            let ambiguous = ["may", "march", "mar", "jan", "dec", "sat", "sun"].contains(word)
            if let day = day(token(start + 1)) {
                if let year = year(token(start + 2)) { return dayInterval(year: year, month: month, day: day).map { ($0, 3) } }
                return mostRecentDay(month: month, day: day).map { ($0, 2) }
            }
            if let year = year(token(start + 1)) { return (monthInterval(month, year: year), 2) }
            if ambiguous && !isDateContext(before: start) && tokens.count > 1 { return nil }
            return (mostRecentMonth(month, ended: false), 1)
        }
        if let day = day(word) {
            var offset = 1
            if token(start + offset) == "of" { offset += 1 }
            if let month = month(token(start + offset)) {
                if let year = year(token(start + offset + 1)) { return dayInterval(year: year, month: month, day: day).map { ($0, offset + 2) } }
                return mostRecentDay(month: month, day: day).map { ($0, offset + 1) }
            }
        }
        return nil
    }

    /// `2026-03-14` or `2026-03`.
    func isoDate(_ word: String) -> DateInterval? {
        let parts = word.split(separator: "-").map(String.init)
        guard parts.count == 2 || parts.count == 3, let year = year(parts[0]), let month = Int(parts[1]), (1...12).contains(month) else { return nil }
        if parts.count == 2 { return monthInterval(month, year: year) }
        guard let day = Int(parts[2]) else { return nil }
        return dayInterval(year: year, month: month, day: day)
    }

    // MARK: - Calendar arithmetic

    func add(_ unit: Calendar.Component, _ value: Int, to date: Date) -> Date {
        calendar.date(byAdding: unit, value: value, to: date) ?? date
    }

    func date(year: Int, month: Int, day: Int) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? now
    }

    func span(of unit: Calendar.Component, containing date: Date) -> DateInterval {
        calendar.dateInterval(of: unit, for: date) ?? DateInterval(start: date, duration: 86_400)
    }

    func dayInterval(year: Int, month: Int, day: Int) -> DateInterval? {
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return span(of: .day, containing: date)
    }

    func monthInterval(_ month: Int, year: Int) -> DateInterval {
        span(of: .month, containing: date(year: year, month: month, day: 1))
    }

    func mostRecentMonth(_ month: Int, ended: Bool) -> DateInterval {
        var year = calendar.component(.year, from: now)
        while true {
            let interval = monthInterval(month, year: year)
            if ended ? interval.end <= now : interval.start <= now { return interval }
            year -= 1
        }
    }

    func mostUpcomingMonth(_ month: Int) -> DateInterval {
        var year = calendar.component(.year, from: now)
        while monthInterval(month, year: year).start <= now { year += 1 }
        return monthInterval(month, year: year)
    }

    func mostRecentDay(month: Int, day: Int) -> DateInterval? {
        let year = calendar.component(.year, from: now)
        for candidate in [year, year - 1, year - 2, year - 3, year - 4] {
            if let interval = dayInterval(year: candidate, month: month, day: day), interval.start <= now { return interval }
        }
        return nil
    }

    /// The season starting in `startMonth` whose January (for winter) or start lies in `year`.
    func seasonInterval(_ startMonth: Int, year: Int) -> DateInterval {
        let startYear = startMonth == 12 ? year - 1 : year
        let start = date(year: startYear, month: startMonth, day: 1)
        return DateInterval(start: start, end: add(.month, 3, to: start))
    }

    /// The year that names the season containing (or, for "this", nearest) a date.
    func seasonYear(_ startMonth: Int, containing date: Date) -> Int {
        let year = calendar.component(.year, from: date)
        let month = calendar.component(.month, from: date)
        return startMonth == 12 && month == 12 ? year + 1 : year
    }

    func mostRecentSeason(_ startMonth: Int, ended: Bool) -> DateInterval {
        var year = calendar.component(.year, from: now) + 1
        while true {
            let interval = seasonInterval(startMonth, year: year)
            if ended ? interval.end <= now : interval.start <= now { return interval }
            year -= 1
        }
    }

    /// The most recent day with this weekday (1 is Sunday) before today, or today when allowed.
    func mostRecentWeekday(_ weekday: Int, includingToday: Bool = false) -> DateInterval {
        var day = calendar.startOfDay(for: now)
        if !includingToday { day = add(.day, -1, to: day) }
        for _ in 0..<7 {
            if calendar.component(.weekday, from: day) == weekday { return span(of: .day, containing: day) }
            day = add(.day, -1, to: day)
        }
        return span(of: .day, containing: day)
    }
}
