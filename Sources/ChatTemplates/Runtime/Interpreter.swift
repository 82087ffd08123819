internal import Foundation

/// Renders a parsed template: runs statements, evaluates expressions, applies filters and tests.
///
/// One interpreter serves one render call. Expression evaluation is in
/// `Interpreter+Expressions.swift`; filters, tests, methods and globals have their own files.
final class Interpreter {
    /// The moment `strftime_now` reports.
    let now: Date
    /// How deep macro calls are nested, to stop runaway recursion with an error instead of a crash.
    private var callDepth = 0
    /// Deep enough for recursive schema formatting in real templates, shallow enough for a task's stack.
    private static let maximumCallDepth = 64
    /// Loop iterations and macro calls so far (see ``RenderLimits/steps``).
    private var steps = 0
    /// The scopes that macros close over, and their ancestors: a macro stored in a scope it can
    /// reach is a reference cycle, which ``releaseScopes()`` breaks when the render ends.
    private var closureScopes: [ObjectIdentifier: Scope] = [:]

    init(now: Date) {
        self.now = now
    }

    /// What a statement asks its enclosing loop to do.
    enum Flow {
        case proceed
        case breakLoop
        case continueLoop
    }

    /// A new scope for entering `frame`: Jinja starts the frame's own locals as undefined.
    func frameScope(_ frame: Frame, parent: Scope) -> Scope {
        let scope = Scope(parent: parent)
        for name in frame.undefinedLocals { scope.variables[name] = .undefined(.variable(name)) }
        return scope
    }

    /// Runs a frame's statements in `scope` (made by ``frameScope(_:parent:)``).
    func execute(_ frame: Frame, scope: Scope, into output: inout String) throws(TemplateError) -> Flow {
        try execute(frame.nodes, scope: scope, into: &output)
    }

    /// Runs `nodes` in `scope`, appending their output.
    func execute(_ nodes: [Node], scope: Scope, into output: inout String) throws(TemplateError) -> Flow {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .output(let expression):
                let value = try evaluate(expression, in: scope)
                output += value.pythonString
            case .conditional(let branches, let otherwise):
                var body = otherwise
                for branch in branches where try evaluate(branch.condition, in: scope).isTruthy {
                    body = branch.body
                    break
                }
                let flow = try execute(body, scope: scope, into: &output)
                if case .proceed = flow { continue }
                return flow
            case .forLoop(let loop):
                try executeLoop(loop, scope: scope, into: &output)
            case .assign(let target, let valueExpression, let location):
                let value = try evaluate(valueExpression, in: scope)
                try assign(value, to: target, in: scope, location: location)
            case .assignBlock(let target, let filters, let body, let location):
                var captured = ""
                _ = try execute(body, scope: frameScope(body, parent: scope), into: &captured)
                let value = try applyFilters(filters, to: .string(captured), in: scope)
                try assign(value, to: target, in: scope, location: location)
            case .macro(let definition):
                let macro = MacroObject(definition: definition, closure: scope)
                rememberClosure(scope)
                scope.variables[definition.name] = TemplateValue(storage: .callable(.macro(macro)))
            case .callBlock(let block):
                output += try executeCallBlock(block, scope: scope).pythonString
            case .filterBlock(let filters, let body):
                var captured = ""
                _ = try execute(body, scope: frameScope(body, parent: scope), into: &captured)
                output += try applyFilters(filters, to: .string(captured), in: scope).pythonString
            case .with(let assignments, let body):
                let inner = frameScope(body, parent: scope)
                for (target, valueExpression) in assignments {
                    let value = try evaluate(valueExpression, in: scope)
                    try assign(value, to: target, in: inner, location: valueExpression.location)
                }
                let flow = try execute(body, scope: inner, into: &output)
                if case .proceed = flow { continue }
                return flow
            case .loopControl(let isBreak, _):
                return isBreak ? .breakLoop : .continueLoop
            case .block(let body):
                let flow = try execute(body, scope: frameScope(body, parent: scope), into: &output)
                if case .proceed = flow { continue }
                return flow
            }
        }
        return .proceed
    }

    private func applyFilters(_ filters: [FilterCall], to value: TemplateValue, in scope: Scope)
        throws(TemplateError) -> TemplateValue
    {
        var result = value
        for filter in filters {
            let arguments = try evaluateArguments(filter.arguments, in: scope, location: filter.location)
            result = try applyFilter(filter.name, to: result, arguments: arguments, in: scope)
        }
        return result
    }

    // MARK: - Loops

    private func executeLoop(_ loop: ForLoop, scope: Scope, into output: inout String) throws(TemplateError) {
        let iterable = try evaluate(loop.iterable, in: scope)
        var items = try elements(of: iterable, location: loop.iterable.location)
        if let filter = loop.filter {
            var kept: [TemplateValue] = []
            for item in items {
                let filterScope = Scope(parent: scope)
                try assign(item, to: loop.target, in: filterScope, location: loop.location)
                if try evaluate(filter, in: filterScope).isTruthy { kept.append(item) }
            }
            items = kept
        }
        if items.isEmpty {
            _ = try execute(loop.otherwise, scope: frameScope(loop.otherwise, parent: scope), into: &output)
            return
        }
        // Only recursive loops (not supported) go deeper than depth 1, even when nested.
        let loopObject = LoopObject(items: items, depth0: 0)
        let loopValue = TemplateValue(storage: .loop(loopObject))
        for (position, item) in items.enumerated() {
            try countStep(location: loop.location)
            try RenderLimits.checkOutput(output, location: loop.location)
            loopObject.index0 = position
            let iteration = frameScope(loop.body, parent: scope)
            iteration.variables["loop"] = loopValue
            try assign(item, to: loop.target, in: iteration, location: loop.location)
            if case .breakLoop = try execute(loop.body, scope: iteration, into: &output) { break }
        }
    }

    /// The items a `for` loop visits: list elements, dictionary keys, string characters.
    func elements(of value: TemplateValue, location: TemplateLocation) throws(TemplateError) -> [TemplateValue] {
        switch value.plain.storage {
        case .list(let elements), .tuple(let elements), .iterator(let elements): return elements
        case .object(let dictionary): return dictionary.storedKeys.map(\.value)
        case .string(let text): return text.unicodeScalars.map { .string(String($0)) }
        case .undefined: return []
        default:
            throw .runtime(message: "'\(value.typeName)' object is not iterable", location: location)
        }
    }

    /// Counts a loop iteration or macro call against ``RenderLimits/steps``.
    private func countStep(location: TemplateLocation) throws(TemplateError) {
        steps += 1
        guard steps <= RenderLimits.steps else {
            throw .runtime(message: "the template ran more than \(RenderLimits.steps) loop iterations and macro calls", location: location)
        }
    }

    /// Records a macro's closure scope and its ancestors (see ``releaseScopes()``).
    private func rememberClosure(_ scope: Scope) {
        var current: Scope? = scope
        while let next = current, closureScopes.updateValue(next, forKey: ObjectIdentifier(next)) == nil {
            current = next.parent
        }
    }

    /// Empties the scopes that macros close over, once the render is over: macros stored in a
    /// scope they can reach (directly, in a namespace, through a loop's scope) form reference
    /// cycles that would otherwise keep the whole template state alive after every render.
    func releaseScopes() {
        for scope in closureScopes.values { scope.variables.removeAll() }
        closureScopes.removeAll()
    }

    // MARK: - Assignment

    func assign(_ value: TemplateValue, to target: AssignTarget, in scope: Scope, location: TemplateLocation)
        throws(TemplateError)
    {
        try RenderLimits.checkStored(value, location: location)
        switch target {
        case .name(let name):
            scope.variables[name] = value
        case .attribute(let variable, let attribute):
            guard let object = scope.lookup(variable), case .namespace(let namespace) = object.storage else {
                throw .runtime(
                    message: "cannot assign attribute '\(attribute)' on '\(variable)', which is not a namespace",
                    location: location)
            }
            namespace.attributes[attribute] = value
        case .tuple(let targets):
            let values = try elements(of: value, location: location)
            guard values.count == targets.count else {
                let problem = values.count > targets.count ? "too many values" : "not enough values"
                throw .runtime(
                    message: "\(problem) to unpack (expected \(targets.count), got \(values.count))", location: location)
            }
            for (element, elementTarget) in zip(values, targets) {
                try assign(element, to: elementTarget, in: scope, location: location)
            }
        }
    }

    // MARK: - Macros

    private func executeCallBlock(_ block: CallBlock, scope: Scope) throws(TemplateError) -> TemplateValue {
        guard case .call(let calleeExpression, let argumentExpressions) = block.call.kind else {
            throw .runtime(message: "a call block needs a macro call", location: block.call.location)
        }
        let callee = try evaluate(calleeExpression, in: scope)
        guard case .callable(.macro(let macro)) = callee.storage else {
            throw .runtime(
                message: "a call block needs a macro, got '\(callee.typeName)'", location: block.call.location)
        }
        let arguments = try evaluateArguments(argumentExpressions, in: scope, location: block.call.location)
        let caller = MacroObject(definition: block.caller, closure: scope)
        rememberClosure(scope)
        return try callMacro(macro, arguments: arguments, caller: caller)
    }

    /// Runs a macro body in a new scope over its closure; returns the rendered text.
    func callMacro(_ macro: MacroObject, arguments: CallArguments, caller: MacroObject? = nil)
        throws(TemplateError) -> TemplateValue
    {
        let definition = macro.definition
        let frame = frameScope(definition.body, parent: macro.closure)
        var extraPositional: [TemplateValue] = []
        for (position, value) in arguments.positional.enumerated() {
            if position < definition.parameters.count {
                frame.variables[definition.parameters[position].name] = value
            } else {
                extraPositional.append(value)
            }
        }
        var extraKeywords = TemplateDictionary()
        for (name, value) in arguments.keyword {
            if definition.parameters.contains(where: { $0.name == name }) {
                frame.variables[name] = value
            } else {
                extraKeywords[name] = value
            }
        }
        for parameter in definition.parameters where frame.variables[parameter.name] == nil {
            if let defaultValue = parameter.defaultValue {
                frame.variables[parameter.name] = try evaluate(defaultValue, in: frame)
            } else {
                frame.variables[parameter.name] = .undefined(.message("parameter '\(parameter.name)' was not provided"))
            }
        }
        frame.variables["varargs"] = .tuple(extraPositional)
        frame.variables["kwargs"] = .object(extraKeywords)
        if let caller { frame.variables["caller"] = TemplateValue(storage: .callable(.macro(caller))) }
        try countStep(location: arguments.location)
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth <= Self.maximumCallDepth else {
            throw .runtime(
                message: "macro '\(definition.name)' recursed more than \(Self.maximumCallDepth) levels",
                location: arguments.location)
        }
        var output = ""
        _ = try execute(definition.body, scope: frame, into: &output)
        return .string(output)
    }
}
