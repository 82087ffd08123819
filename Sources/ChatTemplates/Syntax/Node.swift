/// A statement of a parsed template: text, output, or a control structure.
indirect enum Node: Sendable {
    /// Literal template text, already whitespace-controlled.
    case text(String)
    /// `{{ expression }}`.
    case output(Expression)
    /// `{% if %}…{% elif %}…{% else %}…{% endif %}`: the first true branch runs, else `otherwise`.
    case conditional(branches: [ConditionalBranch], otherwise: [Node])
    /// `{% for %}…{% else %}…{% endfor %}`.
    case forLoop(ForLoop)
    /// `{% set target = value %}`.
    case assign(target: AssignTarget, value: Expression, location: TemplateLocation)
    /// `{% set target %}…{% endset %}`, with optional filters applied to the captured text.
    case assignBlock(target: AssignTarget, filters: [FilterCall], body: Frame, location: TemplateLocation)
    /// `{% macro name(parameters) %}…{% endmacro %}`.
    case macro(MacroDefinition)
    /// `{% call(parameters) macro(arguments) %}…{% endcall %}`.
    case callBlock(CallBlock)
    /// `{% filter name %}…{% endfilter %}`.
    case filterBlock(filters: [FilterCall], body: Frame)
    /// `{% with a = 1 %}…{% endwith %}`: assignments visible only inside the body.
    case with(assignments: [(target: AssignTarget, value: Expression)], body: Frame)
    /// `{% break %}` or `{% continue %}`.
    case loopControl(isBreak: Bool, location: TemplateLocation)
    /// A body rendered in its own scope: transformers' `{% generation %}…{% endgeneration %}`.
    case block(Frame)
}

/// The statements of a body that Jinja compiles as its own frame (a scope): a loop body, a macro, a
/// block assignment, a filter or `with` block.
struct Frame: Sendable {
    var nodes: [Node]
    /// Names this frame assigns before anything reads them, and that no enclosing frame uses: Jinja
    /// starts them as undefined when the frame is entered, hiding outer values of the same name.
    /// Filled in by ``FrameAnalysis``.
    var undefinedLocals: [String] = []

    init(_ nodes: [Node]) {
        self.nodes = nodes
    }
}

/// One `if` or `elif` branch.
struct ConditionalBranch: Sendable {
    var condition: Expression
    var body: [Node]
}

/// The left side of an assignment or the variables of a `for` loop.
indirect enum AssignTarget: Sendable {
    case name(String)
    /// `namespace_variable.attribute`, which only namespaces accept.
    case attribute(variable: String, attribute: String)
    case tuple([AssignTarget])
}

/// A parsed `for` loop.
struct ForLoop: Sendable {
    var target: AssignTarget
    var iterable: Expression
    /// The inline `if` that filters items before `loop` counts them.
    var filter: Expression?
    var body: Frame
    var otherwise: Frame
    var isRecursive: Bool
    var location: TemplateLocation
}

/// A parsed macro; `caller` blocks are macros without a name.
struct MacroDefinition: Sendable {
    var name: String
    var parameters: [Parameter]
    var body: Frame
    var location: TemplateLocation

    /// A parameter and its default value, evaluated at each call that omits it.
    struct Parameter: Sendable {
        var name: String
        var defaultValue: Expression?
    }
}

/// A parsed `{% call %}` block: `call` is the macro call, `caller` is the block body.
struct CallBlock: Sendable {
    var call: Expression
    var caller: MacroDefinition
}

/// One filter application in a filter block or block assignment.
struct FilterCall: Sendable {
    var name: String
    var arguments: Arguments
    var location: TemplateLocation
}

/// Call arguments: positional, keyword, and `*args`/`**kwargs` expansions.
struct Arguments: Sendable {
    var positional: [Expression] = []
    var keyword: [(name: String, value: Expression)] = []
    var positionalSplat: Expression?
    var keywordSplat: Expression?

    static let empty = Arguments()
}

/// An expression with the location of its first token, for error messages.
struct Expression: Sendable {
    indirect enum Kind: Sendable {
        case literal(TemplateValue)
        case name(String)
        case attribute(Expression, String)
        case item(Expression, Expression)
        case slice(Expression, start: Expression?, stop: Expression?, step: Expression?)
        case call(Expression, Arguments)
        case filter(Expression, name: String, Arguments)
        case test(Expression, name: String, Arguments, negated: Bool)
        case negate(Expression)
        case plus(Expression)
        case binary(BinaryOperator, Expression, Expression)
        case compare(Expression, [(CompareOperator, Expression)])
        case and(Expression, Expression)
        case or(Expression, Expression)
        case not(Expression)
        case conditional(test: Expression, then: Expression, otherwise: Expression?)
        case list([Expression])
        case tuple([Expression])
        case dictionary([(key: Expression, value: Expression)])
        /// `a ~ b ~ c`: string concatenation of every operand.
        case concat([Expression])
    }

    var kind: Kind
    var location: TemplateLocation
}

/// Arithmetic operators.
enum BinaryOperator: String, Sendable {
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case floorDivide = "//"
    case modulo = "%"
    case power = "**"
}

/// Comparison operators, including membership.
enum CompareOperator: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case `in` = "in"
    case notIn = "not in"
}
