/// Builds the statement tree of a template from its tokens, following `jinja2/parser.py`.
///
/// Expression parsing lives in `Parser+Expressions.swift`.
struct Parser {
    var tokens: [Token]
    var index = 0
    /// How deep blocks and bracketed expressions are nested; limited so that parsing and rendering
    /// hostile input cannot overflow the stack of the task doing it.
    var depth = 0
    static let maximumDepth = 100

    /// Enters one level of nesting at `location`, or fails when the template nests too deeply.
    mutating func enterNesting(at location: TemplateLocation) throws(TemplateError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw .syntax(message: "the template nests more than \(Self.maximumDepth) levels deep", location: location)
        }
    }

    init(tokens: [Token]) {
        self.tokens = tokens
    }

    /// Parses the whole template.
    mutating func parseTemplate() throws(TemplateError) -> [Node] {
        let (nodes, _) = try parseBody(until: [], opener: nil)
        return nodes
    }

    // MARK: - Token stream

    var current: Token { tokens[index] }

    func peek(_ offset: Int = 1) -> Token {
        tokens[min(index + offset, tokens.count - 1)]
    }

    mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    /// Consumes the current token if it is the operator `op`.
    mutating func skip(_ op: Operator) -> Bool {
        guard current.isOperator(op) else { return false }
        advance()
        return true
    }

    /// Consumes the current token if it is the name `word`.
    mutating func skip(name word: String) -> Bool {
        guard current.isName(word) else { return false }
        advance()
        return true
    }

    mutating func expect(_ op: Operator) throws(TemplateError) {
        guard skip(op) else { throw unexpected(expected: "'\(op.rawValue)'") }
    }

    mutating func expectName() throws(TemplateError) -> String {
        guard case .name(let name) = current.kind else { throw unexpected(expected: "a name") }
        advance()
        return name
    }

    mutating func expectBlockEnd() throws(TemplateError) {
        guard case .blockEnd = current.kind else { throw unexpected(expected: "end of statement block '%}'") }
        advance()
    }

    func unexpected(expected: String) -> TemplateError {
        .syntax(message: "expected \(expected), got \(current.display)", location: current.location)
    }

    // MARK: - Statements

    /// Parses nodes until a block tag named in `terminators`, consuming `{%` and the tag's name.
    mutating func parseBody(until terminators: Set<String>, opener: (name: String, location: TemplateLocation)?)
        throws(TemplateError) -> (nodes: [Node], terminator: String?)
    {
        var nodes: [Node] = []
        while true {
            switch current.kind {
            case .text(let text):
                nodes.append(.text(text))
                advance()
            case .variableBegin:
                advance()
                let expression = try parseTuple()
                guard case .variableEnd = current.kind else { throw unexpected(expected: "end of print statement '}}'") }
                advance()
                nodes.append(.output(expression))
            case .blockBegin:
                let tagToken = peek()
                guard case .name(let tag) = tagToken.kind else {
                    throw .syntax(message: "expected a tag name after '{%', got \(tagToken.display)", location: tagToken.location)
                }
                if terminators.contains(tag) {
                    advance()
                    advance()
                    return (nodes, tag)
                }
                advance()
                advance()
                try enterNesting(at: tagToken.location)
                nodes.append(try parseStatement(tag, location: tagToken.location, terminators: terminators, opener: opener))
                depth -= 1
            case .endOfInput:
                if let opener {
                    let expected = terminators.sorted().map { "'\($0)'" }.joined(separator: " or ")
                    throw .syntax(
                        message: "unexpected end of template: '\(opener.name)' is not closed (expected \(expected))",
                        location: opener.location)
                }
                return (nodes, nil)
            default:
                throw .syntax(message: "unexpected \(current.display)", location: current.location)
            }
        }
    }

    private mutating func parseStatement(
        _ tag: String, location: TemplateLocation, terminators: Set<String>,
        opener: (name: String, location: TemplateLocation)?
    ) throws(TemplateError) -> Node {
        switch tag {
        case "if": return try parseIf(location: location)
        case "for": return try parseFor(location: location)
        case "set": return try parseSet(location: location)
        case "macro": return try parseMacro(location: location)
        case "call": return try parseCallBlock(location: location)
        case "filter": return try parseFilterBlock(location: location)
        case "with": return try parseWith(location: location)
        case "generation":
            try expectBlockEnd()
            let body = try parseClosedBody(until: "endgeneration", opener: (tag, location))
            return .block(Frame(body))
        case "break", "continue":
            try expectBlockEnd()
            return .loopControl(isBreak: tag == "break", location: location)
        default:
            var message = "unknown tag '\(tag)'"
            if let opener {
                let expected = terminators.sorted().map { "'\($0)'" }.joined(separator: " or ")
                message += "; the innermost open block is '\(opener.name)' (expected \(expected))"
            } else if ["include", "import", "from", "extends", "block"].contains(tag) {
                message = "the tag '\(tag)' is not supported in chat templates"
            }
            throw .syntax(message: message, location: location)
        }
    }

    /// Parses a body that must end with `terminator`, then the end tag's `%}`.
    private mutating func parseClosedBody(until terminator: String, opener: (String, TemplateLocation))
        throws(TemplateError) -> [Node]
    {
        let (body, _) = try parseBody(until: [terminator], opener: (opener.0, opener.1))
        try expectBlockEnd()
        return body
    }

    private mutating func parseIf(location: TemplateLocation) throws(TemplateError) -> Node {
        var branches: [ConditionalBranch] = []
        var otherwise: [Node] = []
        var condition = try parseTuple(withCondition: false)
        while true {
            try expectBlockEnd()
            let (body, terminator) = try parseBody(until: ["elif", "else", "endif"], opener: ("if", location))
            branches.append(ConditionalBranch(condition: condition, body: body))
            if terminator == "elif" {
                condition = try parseTuple(withCondition: false)
                continue
            }
            if terminator == "else" {
                try expectBlockEnd()
                otherwise = try parseClosedBody(until: "endif", opener: ("if", location))
            } else {
                try expectBlockEnd()
            }
            return .conditional(branches: branches, otherwise: otherwise)
        }
    }

    private mutating func parseFor(location: TemplateLocation) throws(TemplateError) -> Node {
        let target = try parseAssignTarget(endNames: ["in"])
        guard skip(name: "in") else { throw unexpected(expected: "'in'") }
        let iterable = try parseTuple(withCondition: false, endNames: ["recursive"])
        var filter: Expression?
        if skip(name: "if") { filter = try parseExpression() }
        let isRecursive = skip(name: "recursive")
        if isRecursive {
            throw .syntax(message: "recursive for loops are not supported", location: location)
        }
        try expectBlockEnd()
        let (body, terminator) = try parseBody(until: ["endfor", "else"], opener: ("for", location))
        var otherwise: [Node] = []
        try expectBlockEnd()
        if terminator == "else" {
            otherwise = try parseClosedBody(until: "endfor", opener: ("for", location))
        }
        return .forLoop(
            ForLoop(
                target: target, iterable: iterable, filter: filter, body: Frame(body), otherwise: Frame(otherwise),
                isRecursive: isRecursive, location: location))
    }

    private mutating func parseSet(location: TemplateLocation) throws(TemplateError) -> Node {
        let target: AssignTarget
        if case .name(let variable) = current.kind, peek().isOperator(.dot) {
            advance()
            advance()
            target = .attribute(variable: variable, attribute: try expectName())
        } else {
            target = try parseAssignTarget(endNames: [])
        }
        if skip(.assign) {
            let value = try parseTuple()
            try expectBlockEnd()
            return .assign(target: target, value: value, location: location)
        }
        var filters: [FilterCall] = []
        while skip(.pipe) { filters.append(try parseFilterCall()) }
        try expectBlockEnd()
        let body = try parseClosedBody(until: "endset", opener: ("set", location))
        return .assignBlock(target: target, filters: filters, body: Frame(body), location: location)
    }

    private mutating func parseMacro(location: TemplateLocation) throws(TemplateError) -> Node {
        let name = try expectName()
        let parameters = try parseSignature()
        try expectBlockEnd()
        let body = try parseClosedBody(until: "endmacro", opener: ("macro", location))
        return .macro(MacroDefinition(name: name, parameters: parameters, body: Frame(body), location: location))
    }

    private mutating func parseCallBlock(location: TemplateLocation) throws(TemplateError) -> Node {
        let parameters = current.isOperator(.leftParen) ? try parseSignature() : []
        let call = try parseExpression()
        guard case .call = call.kind else {
            throw .syntax(message: "a call block needs a macro call, such as '{% call m() %}'", location: call.location)
        }
        try expectBlockEnd()
        let body = try parseClosedBody(until: "endcall", opener: ("call", location))
        let caller = MacroDefinition(name: "caller", parameters: parameters, body: Frame(body), location: location)
        return .callBlock(CallBlock(call: call, caller: caller))
    }

    private mutating func parseFilterBlock(location: TemplateLocation) throws(TemplateError) -> Node {
        var filters = [try parseFilterCall()]
        while skip(.pipe) { filters.append(try parseFilterCall()) }
        try expectBlockEnd()
        let body = try parseClosedBody(until: "endfilter", opener: ("filter", location))
        return .filterBlock(filters: filters, body: Frame(body))
    }

    private mutating func parseWith(location: TemplateLocation) throws(TemplateError) -> Node {
        var assignments: [(target: AssignTarget, value: Expression)] = []
        while !(current.kind == .blockEnd) {
            if !assignments.isEmpty { try expect(.comma) }
            let target = try parseAssignTarget(endNames: [])
            try expect(.assign)
            assignments.append((target, try parseExpression()))
        }
        try expectBlockEnd()
        let body = try parseClosedBody(until: "endwith", opener: ("with", location))
        return .with(assignments: assignments, body: Frame(body))
    }

    /// `(a, b=default)` of a macro or call block.
    private mutating func parseSignature() throws(TemplateError) -> [MacroDefinition.Parameter] {
        try expect(.leftParen)
        var parameters: [MacroDefinition.Parameter] = []
        while !current.isOperator(.rightParen) {
            if !parameters.isEmpty { try expect(.comma) }
            let nameLocation = current.location
            let name = try expectName()
            var defaultValue: Expression?
            if skip(.assign) {
                defaultValue = try parseExpression()
            } else if parameters.contains(where: { $0.defaultValue != nil }) {
                throw .syntax(message: "non-default parameter '\(name)' follows a default parameter", location: nameLocation)
            }
            parameters.append(MacroDefinition.Parameter(name: name, defaultValue: defaultValue))
        }
        try expect(.rightParen)
        return parameters
    }

    /// A name or a (possibly parenthesized) tuple of names, for `for` and `set`.
    private mutating func parseAssignTarget(endNames: Set<String>) throws(TemplateError) -> AssignTarget {
        var targets: [AssignTarget] = []
        var isTuple = false
        while true {
            if !targets.isEmpty { try expect(.comma) }
            if case .name(let name) = current.kind, endNames.contains(name) { break }
            if case .blockEnd = current.kind { break }
            if current.isOperator(.assign) { break }
            if skip(.leftParen) {
                targets.append(try parseAssignTarget(endNames: []))
                try expect(.rightParen)
            } else {
                let location = current.location
                let name = try expectName()
                if ["true", "false", "True", "False", "none", "None"].contains(name) {
                    throw .syntax(message: "cannot assign to '\(name)'", location: location)
                }
                targets.append(.name(name))
            }
            if current.isOperator(.comma) { isTuple = true } else { break }
        }
        guard let first = targets.first else { throw unexpected(expected: "a variable name") }
        return isTuple ? .tuple(targets) : first
    }
}
