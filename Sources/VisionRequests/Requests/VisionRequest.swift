/// A request that analyses an image and produces a result of its own type.
///
/// Apple's protocol also selects compute devices (`ComputeStage`, Core ML's `MLComputeDevice`) and
/// describes itself with a `RequestDescriptor`; Linux has neither, so those members are left out.
public protocol VisionRequest: CustomStringConvertible, Hashable, Sendable {
    /// What the request produces.
    associatedtype Result
}
