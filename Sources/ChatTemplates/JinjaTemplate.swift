public import Foundation

/// A parsed Jinja2 template, rendered with the semantics of transformers' chat-template sandbox.
///
/// Parse once, render many times; a template is immutable and safe to share across tasks.
///
/// ```swift
/// let template = try JinjaTemplate("{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}")
/// let text = try template.render(["messages": [["role": "user", "content": "Hi"]]])
/// // "user: Hi\n"
/// ```
public struct JinjaTemplate: Sendable {
    /// How the lexer treats whitespace around tags.
    public struct Options: Sendable, Hashable {
        /// Remove the first newline after a block or comment tag (`trim_blocks`).
        public var trimBlocks: Bool
        /// Remove spaces and tabs before a block or comment tag that starts a line (`lstrip_blocks`).
        public var lstripBlocks: Bool

        /// Creates options; the defaults are Jinja's own (both off).
        public init(trimBlocks: Bool = false, lstripBlocks: Bool = false) {
            self.trimBlocks = trimBlocks
            self.lstripBlocks = lstripBlocks
        }

        /// The environment transformers renders chat templates with: both options on.
        public static let transformers = Options(trimBlocks: true, lstripBlocks: true)
    }

    let nodes: [Node]
    /// Names the template assigns at its top level before reading them: they start undefined.
    let rootLocals: [String]
    /// Every variable name the template reads, anywhere in it.
    let referencedNames: Set<String>

    /// Parses `source`.
    ///
    /// - Parameters:
    ///   - source: The Jinja2 template text.
    ///   - options: Whitespace handling; chat templates use ``Options/transformers`` (the default).
    /// - Throws: ``TemplateError/syntax(message:location:)`` naming the line, column and construct.
    public init(_ source: String, options: Options = .transformers) throws(TemplateError) {
        var lexer = Lexer(source: source, trimBlocks: options.trimBlocks, lstripBlocks: options.lstripBlocks)
        var parser = Parser(tokens: try lexer.tokenize())
        (nodes, rootLocals) = FrameAnalysis.annotate(try parser.parseTemplate())
        var names = Set<String>()
        NameCollector.collect(nodes, into: &names)
        referencedNames = names
    }

    /// Renders the template with `context` as its variables.
    ///
    /// - Parameters:
    ///   - context: The template's variables; they shadow the globals (`range`, `namespace`, …).
    ///   - now: The time `strftime_now` reports, in the local time zone.
    /// - Returns: The rendered text.
    /// - Throws: ``TemplateError/raised(message:location:)`` when the template calls `raise_exception`,
    ///   ``TemplateError/runtime(message:location:)`` for type errors and misuse of undefined values.
    public func render(_ context: [String: TemplateValue], now: Date = Date()) throws(TemplateError) -> String {
        let interpreter = Interpreter(now: now)
        defer { interpreter.releaseScopes() }
        var output = ""
        let root = Scope(parent: nil, variables: context)
        for name in rootLocals { root.variables[name] = .undefined(.variable(name)) }
        _ = try interpreter.execute(nodes, scope: root, into: &output)
        try RenderLimits.checkOutput(output, location: TemplateLocation(line: 1, column: 1))
        return output
    }

    /// Whether the template reads the variable `name` anywhere (for example `tools`).
    public func references(variable name: String) -> Bool {
        referencedNames.contains(name)
    }
}
