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
