/// Walks a template tree and records every variable name it reads.
enum NameCollector {
    static func collect(_ nodes: [Node], into names: inout Set<String>) {
        for node in nodes { collect(node, into: &names) }
    }

    private static func collect(_ node: Node, into names: inout Set<String>) {
        switch node {
        case .text, .loopControl: break
        case .output(let expression): collect(expression, into: &names)
        case .conditional(let branches, let otherwise):
            for branch in branches {
                collect(branch.condition, into: &names)
                collect(branch.body, into: &names)
            }
            collect(otherwise, into: &names)
        case .forLoop(let loop):
            collect(loop.iterable, into: &names)
            if let filter = loop.filter { collect(filter, into: &names) }
            collect(loop.body.nodes, into: &names)
            collect(loop.otherwise.nodes, into: &names)
        case .assign(_, let value, _): collect(value, into: &names)
        case .assignBlock(_, let filters, let body, _):
            for filter in filters { collect(filter.arguments, into: &names) }
            collect(body.nodes, into: &names)
        case .macro(let definition): collect(definition, into: &names)
        case .callBlock(let block):
            collect(block.call, into: &names)
            collect(block.caller, into: &names)
        case .filterBlock(let filters, let body):
            for filter in filters { collect(filter.arguments, into: &names) }
            collect(body.nodes, into: &names)
        case .with(let assignments, let body):
            for assignment in assignments { collect(assignment.value, into: &names) }
            collect(body.nodes, into: &names)
        case .block(let body): collect(body.nodes, into: &names)
        }
    }

    private static func collect(_ definition: MacroDefinition, into names: inout Set<String>) {
        for parameter in definition.parameters {
            if let defaultValue = parameter.defaultValue { collect(defaultValue, into: &names) }
        }
        collect(definition.body.nodes, into: &names)
    }

    private static func collect(_ arguments: Arguments, into names: inout Set<String>) {
        for expression in arguments.positional { collect(expression, into: &names) }
        for (_, expression) in arguments.keyword { collect(expression, into: &names) }
        if let splat = arguments.positionalSplat { collect(splat, into: &names) }
        if let splat = arguments.keywordSplat { collect(splat, into: &names) }
    }

    static func collect(_ expression: Expression, into names: inout Set<String>) {
        switch expression.kind {
        case .literal: break
        case .name(let name): names.insert(name)
        case .attribute(let base, _), .negate(let base), .plus(let base), .not(let base):
            collect(base, into: &names)
        case .item(let base, let key):
            collect(base, into: &names)
            collect(key, into: &names)
        case .slice(let base, let start, let stop, let step):
            collect(base, into: &names)
            for part in [start, stop, step].compactMap({ $0 }) { collect(part, into: &names) }
        case .call(let base, let arguments), .filter(let base, _, let arguments), .test(let base, _, let arguments, _):
            collect(base, into: &names)
            collect(arguments, into: &names)
        case .binary(_, let left, let right), .and(let left, let right), .or(let left, let right):
            collect(left, into: &names)
            collect(right, into: &names)
        case .compare(let first, let operations):
            collect(first, into: &names)
            for (_, operand) in operations { collect(operand, into: &names) }
        case .conditional(let test, let then, let otherwise):
            collect(test, into: &names)
            collect(then, into: &names)
            if let otherwise { collect(otherwise, into: &names) }
        case .list(let elements), .tuple(let elements), .concat(let elements):
            for element in elements { collect(element, into: &names) }
        case .dictionary(let entries):
            for (key, value) in entries {
                collect(key, into: &names)
                collect(value, into: &names)
            }
        }
    }
}
