/// Jinja's per-frame symbol analysis (`jinja2/idtracking.py`), reduced to the one fact rendering
/// needs: which names a frame starts as undefined.
///
/// Jinja compiles each frame (the template, a loop body, a macro, …) like a Python function. A name
/// the frame assigns *before* reading it, and that no enclosing frame uses, becomes a local that
/// starts undefined, hiding a context variable of the same name even for reads in nested frames
/// that run before the assignment. Names first read, or assigned only inside `if` branches, resolve
/// from the context instead; our scope chain already does that.
enum FrameAnalysis {
    /// Annotates every frame of a template; returns the nodes and the root frame's undefined locals.
    static func annotate(_ nodes: [Node]) -> (nodes: [Node], rootLocals: [String]) {
        var root = Frame(nodes)
        annotate(&root, parameters: [], ancestors: [])
        return (root.nodes, root.undefinedLocals)
    }

    /// The symbols of one frame while it is visited.
    private struct Symbols {
        var references: Set<String> = []
        var stores: Set<String> = []
        var undefined: Set<String> = []
        let ancestors: Set<String>

        mutating func load(_ name: String) {
            if !references.contains(name) && !ancestors.contains(name) { references.insert(name) }
        }

        mutating func store(_ name: String) {
            stores.insert(name)
            guard !references.contains(name) else { return }
            references.insert(name)
            if !ancestors.contains(name) { undefined.insert(name) }
        }

        mutating func declareParameter(_ name: String) {
            stores.insert(name)
            references.insert(name)
        }

        /// Merges `if` branches: names assigned only inside branches resolve from outside instead.
        mutating func mergeBranches(_ branches: [Symbols]) {
            var branchStores = Set<String>()
            for branch in branches { branchStores.formUnion(branch.stores) }
            branchStores.subtract(stores)
            for branch in branches {
                references.formUnion(branch.references)
                stores.formUnion(branch.stores)
                undefined.formUnion(branch.undefined)
            }
            undefined.subtract(branchStores)
        }
    }

    private static func annotate(
        _ frame: inout Frame, parameters: [String], defaults: [Expression] = [], ancestors: Set<String>
    ) {
        var symbols = Symbols(ancestors: ancestors)
        for parameter in parameters { symbols.declareParameter(parameter) }
        for defaultValue in defaults { visit(defaultValue, &symbols) }
        visit(frame.nodes, &symbols)
        frame.undefinedLocals = symbols.undefined.sorted()
        let inner = ancestors.union(symbols.references)
        frame.nodes = frame.nodes.map { annotateNested($0, ancestors: inner) }
    }

    /// Annotates the frames nested in `node` (loop bodies, macros, blocks), and those inside `if` branches.
    private static func annotateNested(_ node: Node, ancestors: Set<String>) -> Node {
        switch node {
        case .text, .output, .assign, .loopControl:
            return node
        case .conditional(let branches, let otherwise):
            return .conditional(
                branches: branches.map {
                    ConditionalBranch(condition: $0.condition, body: $0.body.map { annotateNested($0, ancestors: ancestors) })
                },
                otherwise: otherwise.map { annotateNested($0, ancestors: ancestors) })
        case .forLoop(var loop):
            annotate(&loop.body, parameters: ["loop"] + names(in: loop.target), ancestors: ancestors)
            annotate(&loop.otherwise, parameters: [], ancestors: ancestors)
            return .forLoop(loop)
        case .assignBlock(let target, let filters, var body, let location):
            annotate(&body, parameters: [], ancestors: ancestors)
            return .assignBlock(target: target, filters: filters, body: body, location: location)
        case .macro(var definition):
            annotateMacro(&definition, ancestors: ancestors)
            return .macro(definition)
        case .callBlock(var block):
            annotateMacro(&block.caller, ancestors: ancestors)
            return .callBlock(block)
        case .filterBlock(let filters, var body):
            annotate(&body, parameters: [], ancestors: ancestors)
            return .filterBlock(filters: filters, body: body)
        case .with(let assignments, var body):
            var symbols = Symbols(ancestors: ancestors)
            for assignment in assignments { storeTarget(assignment.target, &symbols) }
            visit(body.nodes, &symbols)
            body.undefinedLocals = symbols.undefined.sorted()
            let inner = ancestors.union(symbols.references)
            body.nodes = body.nodes.map { annotateNested($0, ancestors: inner) }
            return .with(assignments: assignments, body: body)
        case .block(var body):
            annotate(&body, parameters: [], ancestors: ancestors)
            return .block(body)
        }
    }

    private static func annotateMacro(_ definition: inout MacroDefinition, ancestors: Set<String>) {
        annotate(
            &definition.body, parameters: definition.parameters.map(\.name),
            defaults: definition.parameters.compactMap(\.defaultValue), ancestors: ancestors)
    }

    /// Visits one frame's own statements in Jinja's order, without entering nested frames.
    private static func visit(_ nodes: [Node], _ symbols: inout Symbols) {
        for node in nodes {
            switch node {
            case .text, .loopControl:
                break
            case .output(let expression):
                visit(expression, &symbols)
            case .conditional(let branches, let otherwise):
                guard let first = branches.first else { break }
                visit(first.condition, &symbols)
                var visited: [Symbols] = []
                var branch = symbols
                visit(first.body, &branch)
                visited.append(branch)
                var elseBranches = symbols
                for elif in branches.dropFirst() {
                    visit(elif.condition, &elseBranches)
                    var elifBody = elseBranches
                    visit(elif.body, &elifBody)
                    elseBranches.mergeBranches([elifBody])
                }
                visited.append(elseBranches)
                var otherwiseBranch = symbols
                visit(otherwise, &otherwiseBranch)
                visited.append(otherwiseBranch)
                symbols.mergeBranches(visited)
            case .forLoop(let loop):
                visit(loop.iterable, &symbols)
            case .assign(let target, let value, _):
                visit(value, &symbols)
                storeTarget(target, &symbols)
            case .assignBlock(let target, _, _, _):
                storeTarget(target, &symbols)
            case .macro(let definition):
                symbols.store(definition.name)
            case .callBlock(let block):
                visit(block.call, &symbols)
            case .filterBlock(let filters, _):
                for filter in filters { visit(filter.arguments, &symbols) }
            case .with(let assignments, _):
                for assignment in assignments { visit(assignment.value, &symbols) }
            case .block:
                break
            }
        }
    }

    private static func storeTarget(_ target: AssignTarget, _ symbols: inout Symbols) {
        switch target {
        case .name(let name): symbols.store(name)
        case .attribute(let variable, _): symbols.load(variable)
        case .tuple(let targets): for element in targets { storeTarget(element, &symbols) }
        }
    }

    private static func names(in target: AssignTarget) -> [String] {
        switch target {
        case .name(let name): return [name]
        case .attribute: return []
        case .tuple(let targets): return targets.flatMap(names(in:))
        }
    }

    private static func visit(_ arguments: Arguments, _ symbols: inout Symbols) {
        for expression in arguments.positional { visit(expression, &symbols) }
        for (_, expression) in arguments.keyword { visit(expression, &symbols) }
        if let splat = arguments.positionalSplat { visit(splat, &symbols) }
        if let splat = arguments.keywordSplat { visit(splat, &symbols) }
    }

    /// Records the names an expression reads (expressions never assign).
    private static func visit(_ expression: Expression, _ symbols: inout Symbols) {
        var names = Set<String>()
        NameCollector.collect(expression, into: &names)
        for name in names.sorted() { symbols.load(name) }
    }
}
