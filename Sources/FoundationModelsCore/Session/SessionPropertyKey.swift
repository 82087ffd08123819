/// A key for a value that a session owns (OS 27), with the value it has until it is set.
///
/// Declare keys with `@SessionPropertyEntry` in an extension of ``SessionPropertyValues``
/// rather than by hand.
public protocol SessionPropertyKey: SendableMetatype {
    /// The value's type.
    associatedtype Value
    /// The value a session starts with.
    static var defaultValue: Self.Value { get }
}
