/// A variable scope: a template's top level, one loop iteration, a macro call, a `with` block.
///
/// `@unchecked Sendable` is sound because scopes exist only inside one render call, which runs on
/// one thread, and no scope is reachable from anything a render returns. `TemplateValue` must be
/// `Sendable` for its public uses, and its render-only cases hold these objects.
final class Scope: @unchecked Sendable {
    var variables: [String: TemplateValue]
    let parent: Scope?

    init(parent: Scope?, variables: [String: TemplateValue] = [:]) {
        self.parent = parent
        self.variables = variables
    }

    /// The innermost binding of `name`.
    func lookup(_ name: String) -> TemplateValue? {
        var scope: Scope? = self
        while let current = scope {
            if let value = current.variables[name] { return value }
            scope = current.parent
        }
        return nil
    }
}

/// A `namespace(...)` object, whose attributes templates may assign from inside loops.
///
/// `@unchecked Sendable`: created and mutated only during one render call, on one thread (see ``Scope``).
final class NamespaceObject: @unchecked Sendable {
    var attributes: TemplateDictionary

    init(attributes: TemplateDictionary) {
        self.attributes = attributes
    }
}

/// The `loop` variable of a `for` loop; its index advances as the loop runs.
///
/// `@unchecked Sendable`: created and mutated only during one render call, on one thread (see ``Scope``).
final class LoopObject: @unchecked Sendable {
    let items: [TemplateValue]
    let depth0: Int
    var index0 = 0
    var lastChangedArguments: [TemplateValue]?

    init(items: [TemplateValue], depth0: Int) {
        self.items = items
        self.depth0 = depth0
    }

    /// `loop.<name>`, or nil for names a loop does not have.
    func attribute(_ name: String) -> TemplateValue? {
        let length = items.count
        switch name {
        case "index": return .int(index0 + 1)
        case "index0": return .int(index0)
        case "revindex": return .int(length - index0)
        case "revindex0": return .int(length - index0 - 1)
        case "first": return .bool(index0 == 0)
        case "last": return .bool(index0 == length - 1)
        case "length": return .int(length)
        case "depth": return .int(depth0 + 1)
        case "depth0": return .int(depth0)
        case "previtem":
            return index0 > 0 ? items[index0 - 1] : .undefined(.message("there is no previous item"))
        case "nextitem":
            return index0 + 1 < length ? items[index0 + 1] : .undefined(.message("there is no next item"))
        case "cycle": return TemplateValue(storage: .callable(.loopCycle(self)))
        case "changed": return TemplateValue(storage: .callable(.loopChanged(self)))
        default: return nil
        }
    }
}

/// A macro bound to the scope it was defined in (its closure).
///
/// `@unchecked Sendable`: lives only during one render call, on one thread (see ``Scope``).
final class MacroObject: @unchecked Sendable {
    let definition: MacroDefinition
    let closure: Scope

    init(definition: MacroDefinition, closure: Scope) {
        self.definition = definition
        self.closure = closure
    }
}

/// Something a template can call.
indirect enum Callable: Sendable {
    case global(GlobalFunction)
    /// A method of a string, list or dictionary, such as `text.strip` or `message.get`.
    case method(receiver: TemplateValue, name: String)
    case macro(MacroObject)
    case loopCycle(LoopObject)
    case loopChanged(LoopObject)

    var name: String {
        switch self {
        case .global(let function): return function.rawValue
        case .method(let receiver, let name): return "\(receiver.typeName).\(name)"
        case .macro(let macro): return macro.definition.name
        case .loopCycle: return "loop.cycle"
        case .loopChanged: return "loop.changed"
        }
    }
}

/// The functions every chat template can call (Jinja's defaults plus transformers' additions).
enum GlobalFunction: String, Sendable {
    case raiseException = "raise_exception"
    case strftimeNow = "strftime_now"
    case range
    case namespace
    case dict
}
