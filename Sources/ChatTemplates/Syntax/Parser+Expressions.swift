/// Expression parsing, with Jinja's precedence (loosest first): inline `if`, `or`, `and`, `not`,
/// comparisons, `+ -`, `~`, `* / // %`, `**`, unary `- +`, then postfix access, calls, filters and tests.
extension Parser {
    /// `expression [, expression …]`: a single expression, or a tuple when commas follow.
    mutating func parseTuple(
        withCondition: Bool = true, endNames: Set<String> = [], explicitParentheses: Bool = false
    ) throws(TemplateError) -> Expression {
        let location = current.location
        var elements: [Expression] = []
        var isTuple = false
        while true {
            if !elements.isEmpty { try expect(.comma) }
            if isTupleEnd(endNames: endNames) { break }
            elements.append(withCondition ? try parseExpression() : try parseOr())
            if current.isOperator(.comma) { isTuple = true } else { break }
        }
        if !isTuple {
            if let first = elements.first { return first }
            if !explicitParentheses { throw unexpected(expected: "an expression") }
        }
        return Expression(kind: .tuple(elements), location: location)
    }

    private func isTupleEnd(endNames: Set<String>) -> Bool {
        switch current.kind {
        case .variableEnd, .blockEnd, .operator(.rightParen): return true
        case .name(let name): return endNames.contains(name)
        default: return false
        }
    }

    /// A full expression, including the inline `a if condition else b`.
    mutating func parseExpression() throws(TemplateError) -> Expression {
        let entryDepth = depth
        defer { depth = entryDepth }
        var expression = try parseOr()
        while current.isName("if") {
            let location = current.location
            try enterNesting(at: location)
            advance()
            let condition = try parseOr()
            var otherwise: Expression?
            if skip(name: "else") { otherwise = try parseExpression() }
            expression = Expression(
                kind: .conditional(test: condition, then: expression, otherwise: otherwise), location: location)
        }
        return expression
    }

    private mutating func parseOr() throws(TemplateError) -> Expression {
        let entryDepth = depth
        defer { depth = entryDepth }
        var left = try parseAnd()
        while current.isName("or") {
            let location = current.location
            try enterNesting(at: location)
            advance()
            left = Expression(kind: .or(left, try parseAnd()), location: location)
        }
        return left
    }

    private mutating func parseAnd() throws(TemplateError) -> Expression {
        let entryDepth = depth
        defer { depth = entryDepth }
        var left = try parseNot()
        while current.isName("and") {
            let location = current.location
            try enterNesting(at: location)
            advance()
            left = Expression(kind: .and(left, try parseNot()), location: location)
        }
        return left
    }

    private mutating func parseNot() throws(TemplateError) -> Expression {
        if current.isName("not") {
            let location = current.location
            try enterNesting(at: location)
            defer { depth -= 1 }
            advance()
            return Expression(kind: .not(try parseNot()), location: location)
        }
        return try parseCompare()
    }

    private mutating func parseCompare() throws(TemplateError) -> Expression {
        let entryDepth = depth
        defer { depth = entryDepth }
        let left = try parseAddition()
        var operations: [(CompareOperator, Expression)] = []
        while true {
            let op: CompareOperator
            switch current.kind {
            case .operator(.equal): op = .equal
            case .operator(.notEqual): op = .notEqual
            case .operator(.less): op = .less
            case .operator(.lessOrEqual): op = .lessOrEqual
            case .operator(.greater): op = .greater
            case .operator(.greaterOrEqual): op = .greaterOrEqual
            case .name("in"): op = .in
            case .name("not") where peek().isName("in"):
                advance()
                op = .notIn
            default:
                return operations.isEmpty ? left : Expression(kind: .compare(left, operations), location: left.location)
            }
            try enterNesting(at: current.location)
            advance()
            operations.append((op, try parseAddition()))
        }
    }

    private mutating func parseAddition() throws(TemplateError) -> Expression {
        let entryDepth = depth
        defer { depth = entryDepth }
        var left = try parseConcat()
        while true {
            let op: BinaryOperator
            if current.isOperator(.plus) {
                op = .add
            } else if current.isOperator(.minus) {
                op = .subtract
            } else {
                return left
            }
            let location = current.location
            try enterNesting(at: location)
            advance()
            left = Expression(kind: .binary(op, left, try parseConcat()), location: location)
        }
    }

    private mutating func parseConcat() throws(TemplateError) -> Expression {
        let first = try parseMultiplication()
        var operands = [first]
        while skip(.tilde) { operands.append(try parseMultiplication()) }
        return operands.count == 1 ? first : Expression(kind: .concat(operands), location: first.location)
    }

    private mutating func parseMultiplication() throws(TemplateError) -> Expression {
        let entryDepth = depth
        defer { depth = entryDepth }
        var left = try parsePower()
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .operator(.multiply): op = .multiply
            case .operator(.divide): op = .divide
            case .operator(.floorDivide): op = .floorDivide
            case .operator(.modulo): op = .modulo
            default: return left
            }
            let location = current.location
            try enterNesting(at: location)
            advance()
            left = Expression(kind: .binary(op, left, try parsePower()), location: location)
        }
    }

    private mutating func parsePower() throws(TemplateError) -> Expression {
        let entryDepth = depth
        defer { depth = entryDepth }
        var left = try parseUnary(withFilter: true)
        while current.isOperator(.power) {
            let location = current.location
            try enterNesting(at: location)
            advance()
            left = Expression(kind: .binary(.power, left, try parseUnary(withFilter: true)), location: location)
        }
        return left
    }

    private mutating func parseUnary(withFilter: Bool) throws(TemplateError) -> Expression {
        let location = current.location
        try enterNesting(at: location)
        defer { depth -= 1 }
        var expression: Expression
        if skip(.minus) {
            expression = Expression(kind: .negate(try parseUnary(withFilter: false)), location: location)
        } else if skip(.plus) {
            expression = Expression(kind: .plus(try parseUnary(withFilter: false)), location: location)
        } else {
            expression = try parsePrimary()
        }
        expression = try parsePostfix(expression)
        if withFilter { expression = try parseFilterExpression(expression) }
        return expression
    }

    private mutating func parsePrimary() throws(TemplateError) -> Expression {
        let token = current
        switch token.kind {
        case .name(let name):
            advance()
            switch name {
            case "true", "True": return Expression(kind: .literal(.true), location: token.location)
            case "false", "False": return Expression(kind: .literal(.false), location: token.location)
            case "none", "None": return Expression(kind: .literal(.none), location: token.location)
            default: return Expression(kind: .name(name), location: token.location)
            }
        case .string(let first):
            advance()
            var text = first
            while case .string(let next) = current.kind {
                text += next
                advance()
            }
            return Expression(kind: .literal(.string(text)), location: token.location)
        case .integer(let value):
            advance()
            return Expression(kind: .literal(.int(value)), location: token.location)
        case .float(let value):
            advance()
            return Expression(kind: .literal(.double(value)), location: token.location)
        case .operator(.leftParen):
            advance()
            let inner = try parseTuple(explicitParentheses: true)
            try expect(.rightParen)
            return inner
        case .operator(.leftBracket):
            advance()
            var elements: [Expression] = []
            while !current.isOperator(.rightBracket) {
                if !elements.isEmpty { try expect(.comma) }
                if current.isOperator(.rightBracket) { break }
                elements.append(try parseExpression())
            }
            try expect(.rightBracket)
            return Expression(kind: .list(elements), location: token.location)
        case .operator(.leftBrace):
            advance()
            var entries: [(key: Expression, value: Expression)] = []
            while !current.isOperator(.rightBrace) {
                if !entries.isEmpty { try expect(.comma) }
                if current.isOperator(.rightBrace) { break }
                let key = try parseExpression()
                try expect(.colon)
                entries.append((key, try parseExpression()))
            }
            try expect(.rightBrace)
            return Expression(kind: .dictionary(entries), location: token.location)
        default:
            throw .syntax(message: "unexpected \(token.display)", location: token.location)
        }
    }

    /// Attribute access, subscripts and calls after a primary; errors point at the chain's start.
    private mutating func parsePostfix(_ base: Expression) throws(TemplateError) -> Expression {
        var expression = base
        let location = base.location
        let entryDepth = depth
        defer { depth = entryDepth }
        while true {
            if current.isOperator(.dot) || current.isOperator(.leftBracket) || current.isOperator(.leftParen) {
                try enterNesting(at: current.location)
            }
            if skip(.dot) {
                switch current.kind {
                case .name(let name):
                    advance()
                    expression = Expression(kind: .attribute(expression, name), location: location)
                case .integer(let value):
                    advance()
                    let key = Expression(kind: .literal(.int(value)), location: location)
                    expression = Expression(kind: .item(expression, key), location: location)
                default:
                    throw unexpected(expected: "an attribute name after '.'")
                }
            } else if skip(.leftBracket) {
                expression = try parseSubscript(expression, location: location)
                try expect(.rightBracket)
            } else if current.isOperator(.leftParen) {
                expression = Expression(kind: .call(expression, try parseCallArguments()), location: location)
            } else {
                return expression
            }
        }
    }

    /// `[index]` or `[start:stop:step]`, after the `[`.
    private mutating func parseSubscript(_ base: Expression, location: TemplateLocation) throws(TemplateError)
        -> Expression
    {
        var start: Expression?
        if !current.isOperator(.colon) {
            let index = try parseExpression()
            guard current.isOperator(.colon) else {
                return Expression(kind: .item(base, index), location: location)
            }
            start = index
        }
        advance()
        var stop: Expression?
        if !current.isOperator(.rightBracket) && !current.isOperator(.colon) { stop = try parseExpression() }
        var step: Expression?
        if skip(.colon), !current.isOperator(.rightBracket) { step = try parseExpression() }
        return Expression(kind: .slice(base, start: start, stop: stop, step: step), location: location)
    }

    /// `(positional, name=value, *args, **kwargs)`.
    mutating func parseCallArguments() throws(TemplateError) -> Arguments {
        try expect(.leftParen)
        var arguments = Arguments()
        var needsComma = false
        while !current.isOperator(.rightParen) {
            if needsComma {
                try expect(.comma)
                if current.isOperator(.rightParen) { break }
            }
            let location = current.location
            if skip(.multiply) {
                arguments.positionalSplat = try parseExpression()
            } else if skip(.power) {
                arguments.keywordSplat = try parseExpression()
            } else if case .name(let name) = current.kind, peek().isOperator(.assign) {
                advance()
                advance()
                arguments.keyword.append((name, try parseExpression()))
            } else {
                if !arguments.keyword.isEmpty || arguments.positionalSplat != nil || arguments.keywordSplat != nil {
                    throw .syntax(message: "a positional argument follows keyword arguments", location: location)
                }
                arguments.positional.append(try parseExpression())
            }
            needsComma = true
        }
        try expect(.rightParen)
        return arguments
    }

    /// Filters (`| name(args)`), tests (`is [not] name args`) and calls after an operand.
    private mutating func parseFilterExpression(_ base: Expression) throws(TemplateError) -> Expression {
        var expression = base
        let entryDepth = depth
        defer { depth = entryDepth }
        while true {
            let location = current.location
            if current.isOperator(.pipe) || current.isName("is") || current.isOperator(.leftParen) {
                try enterNesting(at: location)
            }
            if skip(.pipe) {
                let filter = try parseFilterCall()
                expression = Expression(
                    kind: .filter(expression, name: filter.name, filter.arguments), location: filter.location)
            } else if current.isName("is") {
                advance()
                let negated = skip(name: "not")
                var name = try expectName()
                while skip(.dot) { name += "." + (try expectName()) }
                var arguments = Arguments.empty
                if current.isOperator(.leftParen) {
                    arguments = try parseCallArguments()
                } else if startsTestArgument() {
                    let argument = try parsePostfix(try parsePrimary())
                    arguments = Arguments(positional: [argument])
                }
                expression = Expression(kind: .test(expression, name: name, arguments, negated: negated), location: location)
            } else if current.isOperator(.leftParen) {
                expression = Expression(kind: .call(expression, try parseCallArguments()), location: expression.location)
            } else {
                return expression
            }
        }
    }

    /// Whether a test's single argument follows without parentheses (`is divisibleby 3`).
    private func startsTestArgument() -> Bool {
        switch current.kind {
        case .name(let name): return !["else", "or", "and"].contains(name)
        case .string, .integer, .float, .operator(.leftBracket), .operator(.leftBrace): return true
        default: return false
        }
    }

    /// `name(args)` after a `|`.
    mutating func parseFilterCall() throws(TemplateError) -> FilterCall {
        let location = current.location
        var name = try expectName()
        while skip(.dot) { name += "." + (try expectName()) }
        let arguments = current.isOperator(.leftParen) ? try parseCallArguments() : Arguments.empty
        return FilterCall(name: name, arguments: arguments, location: location)
    }
}
