import FoundationModels

/// One tool call an evaluation expects (or forbids): the tool's name and checks on its arguments,
/// or a group of calls that may come in any order.
///
/// ```swift
/// ToolExpectation("getWeather", arguments: [.exact(argumentName: "city", value: "Paris")])
/// ToolExpectation.anyOrder([ToolExpectation("getWeather"), ToolExpectation("getTime")])
/// ```
public struct ToolExpectation: Sendable, Codable {
    /// The tool's name; empty for an any-order group.
    public private(set) var name: String
    /// The checks on the call's arguments; each must pass.
    public private(set) var arguments: [ArgumentMatcher]
    /// Whether this is a group made by ``anyOrder(_:)``.
    public var isAnyOrderGroup: Bool { members != nil }
    /// The group's expectations, for a group.
    private(set) var members: [ToolExpectation]?

    /// Expects a call of the named tool whose arguments pass every matcher.
    public init(_ name: String, arguments: [ArgumentMatcher] = []) {
        self.name = name
        self.arguments = arguments
        self.members = nil
    }

    /// Expects every call of the group, in any order among themselves, at this place of an ordered
    /// trajectory. Groups inside a group are flattened into it.
    public static func anyOrder(_ expectations: [ToolExpectation]) -> ToolExpectation {
        var group = ToolExpectation("")
        group.members = expectations.flatMap { $0.members ?? [$0] }
        return group
    }

    /// The single expectations this one stands for: the group's members, or itself.
    var calls: [ToolExpectation] { members ?? [self] }

    private enum CodingKeys: String, CodingKey {
        case name, arguments, anyOrder
    }

    /// Reads `{"name": …, "arguments": […]}`, or `{"anyOrder": [ … ]}` for a group.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let group = try container.decodeIfPresent([ToolExpectation].self, forKey: .anyOrder) {
            self = .anyOrder(group)
        } else {
            self.init(
                try container.decode(String.self, forKey: .name),
                arguments: try container.decodeIfPresent([ArgumentMatcher].self, forKey: .arguments) ?? [])
        }
    }

    /// Writes `{"name": …, "arguments": […]}`, or `{"anyOrder": [ … ]}` for a group.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let members {
            try container.encode(members, forKey: .anyOrder)
        } else {
            try container.encode(name, forKey: .name)
            try container.encode(arguments, forKey: .arguments)
        }
    }
}
