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
