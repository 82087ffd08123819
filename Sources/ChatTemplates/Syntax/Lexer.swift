/// Splits template source into tokens, applying Jinja's whitespace control as Jinja's lexer does.
///
/// The rules follow `jinja2/lexer.py`: newlines are normalized to `\n` and one trailing newline is
/// dropped; `{%-`/`-%}` strip all whitespace on that side; with `trimBlocks` the first newline after
/// a block or comment tag is removed; with `lstripBlocks` spaces and tabs between the start of a line
/// and a block or comment tag are removed; `{%+`/`+%}` turn those two off for one tag. Comments
/// disappear and `{% raw %}` bodies become text.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private let lineStarts: [Int]
    private let trimBlocks: Bool
    private let lstripBlocks: Bool
    private var position = 0
    /// Whether the last consumed piece of source ended with a newline (Jinja's `line_starting`).
    private var lineStarting = true
    private var tokens: [Token] = []

    init(source: String, trimBlocks: Bool, lstripBlocks: Bool) {
        var normalized: [Unicode.Scalar] = []
        normalized.reserveCapacity(source.unicodeScalars.count)
        var previousWasCarriageReturn = false
        for scalar in source.unicodeScalars {
            if scalar == "\r" {
                normalized.append("\n")
                previousWasCarriageReturn = true
                continue
            }
            if scalar == "\n" && previousWasCarriageReturn {
                previousWasCarriageReturn = false
                continue
            }
            previousWasCarriageReturn = false
            normalized.append(scalar)
        }
        // keep_trailing_newline=False: a single final newline is not part of the template.
        if normalized.last == "\n" { normalized.removeLast() }
        scalars = normalized
        var starts = [0]
        for (index, scalar) in normalized.enumerated() where scalar == "\n" { starts.append(index + 1) }
        lineStarts = starts
        self.trimBlocks = trimBlocks
        self.lstripBlocks = lstripBlocks
    }

    /// Tokenizes the whole template; the last token is ``Token/Kind/endOfInput``.
    mutating func tokenize() throws(TemplateError) -> [Token] {
        while position < scalars.count {
            try lexRoot()
        }
        tokens.append(Token(kind: .endOfInput, location: location(of: scalars.count)))
        return tokens
    }

    // MARK: - Text and tag openers

    private mutating func lexRoot() throws(TemplateError) {
        guard let opener = nextOpener(from: position) else {
            emitText(from: position, to: scalars.count)
            position = scalars.count
            return
        }
        let kind = scalars[opener + 1]
        var afterOpener = opener + 2
        var sign: Unicode.Scalar?
        if afterOpener < scalars.count, scalars[afterOpener] == "-" || scalars[afterOpener] == "+" {
            sign = scalars[afterOpener]
            afterOpener += 1
        }
        let rawEnd = kind == "%" ? matchRawOpener(at: afterOpener) : nil
        emitText(from: position, to: opener, sign: sign, isVariable: kind == "{")
        let openerLocation = location(of: opener)
        switch kind {
        case "#":
            try lexComment(from: afterOpener, openerLocation: openerLocation)
        case "%" where rawEnd != nil:
            if let rawEnd { try lexRaw(from: rawEnd, openerLocation: openerLocation) }
        case "%":
            tokens.append(Token(kind: .blockBegin, location: openerLocation))
            position = afterOpener
            try lexTag(isBlock: true, openerLocation: openerLocation)
        default:
            tokens.append(Token(kind: .variableBegin, location: openerLocation))
            position = afterOpener
            try lexTag(isBlock: false, openerLocation: openerLocation)
        }
    }

    private func nextOpener(from start: Int) -> Int? {
        var index = start
        while index + 1 < scalars.count {
            if scalars[index] == "{" {
                let next = scalars[index + 1]
                if next == "{" || next == "%" || next == "#" { return index }
            }
            index += 1
        }
        return nil
    }

    /// Emits the text before a tag, stripped as the tag's whitespace control asks.
    private mutating func emitText(
        from start: Int, to end: Int, sign: Unicode.Scalar? = nil, isVariable: Bool = true
    ) {
        var end = end
        if sign == "-" {
            while end > start, PythonText.isWhitespace(scalars[end - 1]) { end -= 1 }
        } else if sign != "+" && lstripBlocks && !isVariable {
            var lineStart = end
            while lineStart > start, scalars[lineStart - 1] != "\n" { lineStart -= 1 }
            let atLineStart = lineStart > start || lineStarting
            if atLineStart, lineStart < end,
                scalars[lineStart..<end].allSatisfy({ PythonText.isWhitespace($0) })
            {
                end = lineStart
            }
        }
        if end > start {
            let text = String(String.UnicodeScalarView(scalars[start..<end]))
            tokens.append(Token(kind: .text(text), location: location(of: start)))
        }
    }

    // MARK: - Comments and raw blocks

    private mutating func lexComment(from start: Int, openerLocation: TemplateLocation) throws(TemplateError) {
        var index = start
        while index + 1 < scalars.count {
            if scalars[index] == "#" && scalars[index + 1] == "}" {
                let closerSign: Unicode.Scalar? = index > start ? scalars[index - 1] : nil
                position = index + 2
                finishTag(sign: closerSign == "-" || closerSign == "+" ? closerSign : nil, trims: true)
                return
            }
            index += 1
        }
        throw .syntax(message: "missing end of comment tag '#}'", location: openerLocation)
    }

    /// If `{% raw %}` starts here (after `{%` and its sign), returns the offset after its `%}`.
    private mutating func matchRawOpener(at start: Int) -> Int? {
        var index = skipWhitespace(from: start)
        guard matches("raw", at: index) else { return nil }
        index = skipWhitespace(from: index + 3)
        if matches("-%}", at: index) {
            return skipWhitespace(from: index + 3)
        }
        return matches("%}", at: index) ? index + 2 : nil
    }

    private mutating func lexRaw(from start: Int, openerLocation: TemplateLocation) throws(TemplateError) {
        lineStarting = start > 0 && scalars[start - 1] == "\n"
        var index = start
        while let opener = nextBlockOpener(from: index) {
            var cursor = opener + 2
            var sign: Unicode.Scalar?
            if cursor < scalars.count, scalars[cursor] == "-" || scalars[cursor] == "+" {
                sign = scalars[cursor]
                cursor += 1
            }
            cursor = skipWhitespace(from: cursor)
            if matches("endraw", at: cursor) {
                cursor = skipWhitespace(from: cursor + 6)
                var closerSign: Unicode.Scalar?
                if cursor < scalars.count, scalars[cursor] == "-" || scalars[cursor] == "+" {
                    closerSign = scalars[cursor]
                    cursor += 1
                }
                if matches("%}", at: cursor) {
                    emitText(from: start, to: opener, sign: sign, isVariable: false)
                    position = cursor + 2
                    finishTag(sign: closerSign, trims: true)
                    return
                }
            }
            index = opener + 2
        }
        throw .syntax(message: "missing end of raw directive '{% endraw %}'", location: openerLocation)
    }

    private func nextBlockOpener(from start: Int) -> Int? {
        var index = start
        while index + 1 < scalars.count {
            if scalars[index] == "{" && scalars[index + 1] == "%" { return index }
            index += 1
        }
        return nil
    }

    /// Applies the closing delimiter's whitespace control after `position` (just past the delimiter).
    private mutating func finishTag(sign: Unicode.Scalar?, trims: Bool) {
        if sign == "-" {
            position = skipWhitespace(from: position)
        } else if sign != "+" && trims && trimBlocks, position < scalars.count, scalars[position] == "\n" {
            position += 1
        }
        lineStarting = position > 0 && scalars[position - 1] == "\n"
    }

    // MARK: - Tags

    private mutating func lexTag(isBlock: Bool, openerLocation: TemplateLocation) throws(TemplateError) {
        var brackets: [(closer: Unicode.Scalar, location: TemplateLocation)] = []
        while true {
            guard position < scalars.count else {
                let closer = isBlock ? "%}" : "}}"
                throw .syntax(message: "unexpected end of template, expected '\(closer)'", location: openerLocation)
            }
            if brackets.isEmpty, let closed = closeTag(isBlock: isBlock) {
                tokens.append(Token(kind: isBlock ? .blockEnd : .variableEnd, location: closed))
                return
            }
            let scalar = scalars[position]
            if PythonText.isWhitespace(scalar) {
                position += 1
                continue
            }
            let start = position
            let tokenLocation = location(of: start)
            if let number = try lexNumber() {
                tokens.append(Token(kind: number, location: tokenLocation))
            } else if isIdentifierStart(scalar) {
                while position < scalars.count, isIdentifierContinue(scalars[position]) { position += 1 }
                let name = String(String.UnicodeScalarView(scalars[start..<position]))
                tokens.append(Token(kind: .name(name), location: tokenLocation))
            } else if scalar == "'" || scalar == "\"" {
                tokens.append(Token(kind: .string(try lexString()), location: tokenLocation))
            } else if let op = lexOperator() {
                switch op {
                case .leftParen: brackets.append((")", tokenLocation))
                case .leftBracket: brackets.append(("]", tokenLocation))
                case .leftBrace: brackets.append(("}", tokenLocation))
                case .rightParen, .rightBracket, .rightBrace:
                    guard let expected = brackets.popLast() else {
                        throw .syntax(message: "unexpected '\(op.rawValue)'", location: tokenLocation)
                    }
                    guard expected.closer == op.rawValue.unicodeScalars.first else {
                        throw .syntax(
                            message: "unexpected '\(op.rawValue)', expected '\(expected.closer)'",
                            location: tokenLocation)
                    }
                default: break
                }
                tokens.append(Token(kind: .operator(op), location: tokenLocation))
            } else {
                throw .syntax(message: "unexpected character '\(scalar)'", location: tokenLocation)
            }
        }
    }

    /// Consumes the tag's closing delimiter if it starts at `position`; returns its location.
    private mutating func closeTag(isBlock: Bool) -> TemplateLocation? {
        let start = position
        if isBlock {
            if matches("+%}", at: start) || matches("-%}", at: start) {
                position = start + 3
                finishTag(sign: scalars[start], trims: true)
                return location(of: start)
            }
            if matches("%}", at: start) {
                position = start + 2
                finishTag(sign: nil, trims: true)
                return location(of: start)
            }
        } else {
            if matches("-}}", at: start) {
                position = start + 3
                finishTag(sign: "-", trims: false)
                return location(of: start)
            }
            if matches("}}", at: start) {
                position = start + 2
                finishTag(sign: nil, trims: false)
                return location(of: start)
            }
        }
        return nil
    }

    private mutating func lexOperator() -> Operator? {
        let first = scalars[position]
        let second: Unicode.Scalar? = position + 1 < scalars.count ? scalars[position + 1] : nil
        let pair: Operator?
        switch (first, second) {
        case ("/", "/"): pair = .floorDivide
        case ("*", "*"): pair = .power
        case ("=", "="): pair = .equal
        case ("!", "="): pair = .notEqual
        case (">", "="): pair = .greaterOrEqual
        case ("<", "="): pair = .lessOrEqual
        default: pair = nil
        }
        if let pair {
            position += 2
            return pair
        }
        guard let single = Operator(rawValue: String(first)) else { return nil }
        position += 1
        return single
    }

    // MARK: - Literals

    private mutating func lexNumber() throws(TemplateError) -> Token.Kind? {
        guard position < scalars.count, isDigit(scalars[position]) else { return nil }
        let start = position
        let afterDot = start > 0 && scalars[start - 1] == "."
        if !afterDot, let float = lexFloat() { return float }
        position = start
        let text = String(String.UnicodeScalarView(scalars[start...].prefix { isDigit($0) || $0 == "_" || isLetter($0) }))
        let lower = text.lowercased()
        var radix = 10
        var digits = Substring(lower)
        if lower.hasPrefix("0x") {
            radix = 16
        } else if lower.hasPrefix("0o") {
            radix = 8
        } else if lower.hasPrefix("0b") {
            radix = 2
        }
        if radix != 10 { digits = digits.dropFirst(2) }
        let allowed = digits.prefix { Int(String($0), radix: radix) != nil || $0 == "_" }
        let consumed = (radix == 10 ? 0 : 2) + allowed.count
        let cleaned = allowed.replacingOccurrences(of: "_")
        guard !cleaned.isEmpty, let value = Int(cleaned, radix: radix) else {
            throw .syntax(message: "invalid integer literal '\(text)'", location: location(of: start))
        }
        position = start + consumed
        return .integer(value)
    }

    /// Jinja's float pattern: digits with a fraction, an exponent, or both.
    private mutating func lexFloat() -> Token.Kind? {
        let start = position
        func digitRun() -> Bool {
            let runStart = position
            while position < scalars.count, isDigit(scalars[position]) || scalars[position] == "_" { position += 1 }
            return position > runStart
        }
        guard digitRun() else { return nil }
        var isFloat = false
        if position + 1 < scalars.count, scalars[position] == ".", isDigit(scalars[position + 1]) {
            position += 1
            _ = digitRun()
            isFloat = true
        }
        if position < scalars.count, scalars[position] == "e" || scalars[position] == "E" {
            let exponentStart = position
            position += 1
            if position < scalars.count, scalars[position] == "+" || scalars[position] == "-" { position += 1 }
            if position < scalars.count, isDigit(scalars[position]) {
                _ = digitRun()
                isFloat = true
            } else {
                position = exponentStart
            }
        }
        guard isFloat else { return nil }
        let text = String(String.UnicodeScalarView(scalars[start..<position])).replacingOccurrences(of: "_")
        guard let value = Double(text) else { return nil }
        return .float(value)
    }

    /// A quoted string, decoded with Python's escape rules.
    private mutating func lexString() throws(TemplateError) -> String {
        let quote = scalars[position]
        let start = position
        position += 1
        var result = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == quote {
                position += 1
                return String(result)
            }
            if scalar != "\\" {
                result.append(scalar)
                position += 1
                continue
            }
            guard position + 1 < scalars.count else { break }
            let escape = scalars[position + 1]
            position += 2
            switch escape {
            case "\n": break
            case "\\", "'", "\"": result.append(escape)
            case "a": result.append("\u{07}")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "v": result.append("\u{0B}")
            case "0"..."7":
                var value = escape.value - 0x30
                var count = 1
                while count < 3, position < scalars.count, ("0"..."7").contains(scalars[position]) {
                    value = value * 8 + scalars[position].value - 0x30
                    position += 1
                    count += 1
                }
                result.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            case "x", "u", "U":
                let width = escape == "x" ? 2 : escape == "u" ? 4 : 8
                guard position + width <= scalars.count,
                    let value = UInt32(String(String.UnicodeScalarView(scalars[position..<position + width])), radix: 16),
                    scalars[position..<position + width].allSatisfy({ $0.properties.isASCIIHexDigit }),
                    let decoded = Unicode.Scalar(value)
                else {
                    throw .syntax(
                        message: "truncated or invalid \\\(escape) escape in a string literal",
                        location: location(of: position - 2))
                }
                result.append(decoded)
                position += width
            default:
                // Python keeps unknown escapes such as `\d` as they are.
                result.append("\\")
                result.append(escape)
            }
        }
        throw .syntax(message: "unterminated string literal", location: location(of: start))
    }

    // MARK: - Helpers

    private func matches(_ text: String, at index: Int) -> Bool {
        var cursor = index
        for scalar in text.unicodeScalars {
            guard cursor < scalars.count, scalars[cursor] == scalar else { return false }
            cursor += 1
        }
        return true
    }

    private func skipWhitespace(from start: Int) -> Int {
        var index = start
        while index < scalars.count, PythonText.isWhitespace(scalars[index]) { index += 1 }
        return index
    }

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || scalar == "_" || (scalar.value > 0x7F && scalar.properties.isXIDStart)
    }

    private func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || isDigit(scalar) || scalar == "_"
            || (scalar.value > 0x7F && scalar.properties.isXIDContinue)
    }

    /// The 1-based line and column of a scalar offset.
    private func location(of offset: Int) -> TemplateLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return TemplateLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }
}

extension StringProtocol {
    /// The text with every occurrence of `target` removed (Foundation-free).
    fileprivate func replacingOccurrences(of target: Character) -> String {
        String(filter { $0 != target })
    }
}
