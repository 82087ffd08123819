import Foundation

/// Parses Core Spotlight query strings into ``QueryExpression``s: a recursive-descent parser over
/// characters with a depth and a length limit, so that any input ends in a value or a
/// ``QueryParseError`` (fuzzed by `FuzzSpotlightQuery`).
struct QueryParser {
    private let characters: [Character]
    private var position = 0
    private var depth = 0
    /// The time `$time.now` and `$time.today` mean.
    private let now: Date
    private let calendar: Calendar

    /// Parses a query string.
    ///
    /// - Throws: ``QueryParseError`` with the position of the first problem.
    static func parse(_ text: String, now: Date = Date(), calendar: Calendar = .current) throws(QueryParseError) -> QueryExpression {
        guard text.count <= QueryExpression.maximumLength else {
            throw QueryParseError(offset: QueryExpression.maximumLength, message: "the query is longer than \(QueryExpression.maximumLength) characters")
        }
        var parser = QueryParser(characters: Array(text), now: now, calendar: calendar)
        let expression = try parser.parseOr()
        parser.skipSpace()
        guard parser.position == parser.characters.count else { throw parser.failure("unexpected '\(parser.characters[parser.position])'") }
        return expression
    }

    private init(characters: [Character], now: Date, calendar: Calendar) {
        self.characters = characters
        self.now = now
        self.calendar = calendar
    }

    private func failure(_ message: String) -> QueryParseError { QueryParseError(offset: position, message: message) }

    private mutating func skipSpace() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    private mutating func consume(_ token: String) -> Bool {
        skipSpace()
        let token = Array(token)
        guard position + token.count <= characters.count, Array(characters[position..<position + token.count]) == token else { return false }
        position += token.count
        return true
    }

    private mutating func parseOr() throws(QueryParseError) -> QueryExpression {
        var left = try parseAnd()
        while consume("||") { left = .or(left, try parseAnd()) }
        return left
    }

    private mutating func parseAnd() throws(QueryParseError) -> QueryExpression {
        var left = try parseUnary()
        while consume("&&") { left = .and(left, try parseUnary()) }
        return left
    }

    private mutating func parseUnary() throws(QueryParseError) -> QueryExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= QueryExpression.maximumDepth else { throw failure("the query nests deeper than \(QueryExpression.maximumDepth)") }
        skipSpace()
        if position < characters.count, characters[position] == "!", position + 1 >= characters.count || characters[position + 1] != "=" {
            position += 1
            return .not(try parseUnary())
        }
        if consume("(") {
            let inner = try parseOr()
            guard consume(")") else { throw failure("expected ')'") }
            return inner
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws(QueryParseError) -> QueryExpression {
        skipSpace()
        let start = position
        while position < characters.count, characters[position].isLetter || characters[position].isNumber || "_*.:".contains(characters[position]) {
            position += 1
        }
        guard position > start else { throw failure("expected an attribute name") }
        let attribute = String(characters[start..<position])
        let operators: [QueryExpression.ComparisonOperator] = [.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        guard let comparison = operators.first(where: { consume($0.rawValue) }) else { throw failure("expected a comparison after '\(attribute)'") }
        let value = try parseValue()
        return .comparison(attribute: attribute, operator: comparison, value: value)
    }

    private mutating func parseValue() throws(QueryParseError) -> QueryValue {
        skipSpace()
        guard position < characters.count else { throw failure("expected a value") }
        let character = characters[position]
        if character == "\"" || character == "'" { return try parseString(quote: character) }
        if character == "$" { return .date(try parseTime()) }
        if consume("true") { return .bool(true) }
        if consume("false") { return .bool(false) }
        let start = position
        while position < characters.count, characters[position].isNumber || "+-.eE".contains(characters[position]) { position += 1 }
        guard let number = Double(String(characters[start..<position])), number.isFinite else {
            position = start
            throw failure("expected a string, a number, a date or true/false")
        }
        return .number(number)
    }

    private mutating func parseString(quote: Character) throws(QueryParseError) -> QueryValue {
        position += 1
        var text = ""
        while true {
            guard position < characters.count else { throw failure("unterminated string") }
            let character = characters[position]
            position += 1
            if character == quote { break }
            if character == "\\" {
                guard position < characters.count else { throw failure("unterminated string") }
                text.append(characters[position])
                position += 1
            } else {
                text.append(character)
            }
        }
        var caseInsensitive = false
        var diacriticInsensitive = false
        var wordBased = false
        while position < characters.count, "cdwt".contains(characters[position]) {
            switch characters[position] {
            case "c": caseInsensitive = true
            case "d": diacriticInsensitive = true
            default: wordBased = true
            }
            position += 1
        }
        return .string(text, caseInsensitive: caseInsensitive, diacriticInsensitive: diacriticInsensitive, wordBased: wordBased)
    }

    /// `$time.now`, `$time.today`, `$time.today(N days)`, `$time.iso(DATE)`, with `(+|-)SECONDS` after `now`.
    private mutating func parseTime() throws(QueryParseError) -> Date {
        if consume("$time.now") {
            guard consume("(") else { return now }
            let seconds = try parseNumberArgument()
            return now.addingTimeInterval(seconds)
        }
        if consume("$time.today") {
            let today = calendar.startOfDay(for: now)
            guard consume("(") else { return today }
            let days = try parseNumberArgument()
            guard abs(days) < 1_000_000, let date = calendar.date(byAdding: .day, value: Int(days), to: today) else { throw failure("a day offset out of range") }
            return date
        }
        if consume("$time.iso(") {
            let start = position
            while position < characters.count, characters[position] != ")" { position += 1 }
            let text = String(characters[start..<position]).trimmingCharacters(in: .whitespaces)
            guard consume(")") else { throw failure("expected ')'") }
            guard let date = Self.isoDate(text, calendar: calendar) else { position = start; throw failure("expected an ISO 8601 date") }
            return date
        }
        throw failure("expected $time.now, $time.today or $time.iso(…)")
    }

    private mutating func parseNumberArgument() throws(QueryParseError) -> Double {
        skipSpace()
        let start = position
        while position < characters.count, characters[position].isNumber || "+-.".contains(characters[position]) { position += 1 }
        guard let number = Double(String(characters[start..<position])), number.isFinite, consume(")") else { throw failure("expected a number and ')'") }
        return number
    }

    /// `2026-03-01`, `2026-03-01T10:00:00Z` and the forms `ISO8601DateFormatter` reads.
    static func isoDate(_ text: String, calendar: Calendar) -> Date? {
        let parts = text.split(separator: "-").map(String.init)
        if parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year)
        {
            return calendar.date(from: DateComponents(year: year, month: month, day: day))
        }
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)
    }
}
