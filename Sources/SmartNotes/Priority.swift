public import FoundationModels

/// How urgent an ``ActionItem`` is.
@Generable
public enum Priority: Sendable {
    /// It can wait.
    case low
    /// Soon.
    case medium
    /// Urgent.
    case high
}
