extension LanguageModelSession {
    /// A value the session owns, read and written from a profile, dynamic instructions or a tool
    /// (OS 27).
    ///
    /// ```swift
    /// struct TagLookupTool: Tool {
    ///     @SessionProperty(\.tagLookups) var lookups
    ///     func call(arguments: Arguments) async throws -> String {
    ///         lookups += 1
    ///         …
    ///     }
    /// }
    /// ```
    ///
    /// The value is the session's whose request is running: each session has its own. Outside a
    /// session's request, the task's own values are used (defaults unless set there).
    @propertyWrapper
    public struct SessionProperty<Value> {
        /// `nonisolated(unsafe)` is sound: a key path is immutable, and one into
        /// `SessionPropertyValues` names a property (`\.tagLookups`), capturing no state; Apple
        /// takes the same non-`Sendable` type and makes the wrapper `Sendable` all the same.
        nonisolated(unsafe) let keyPath: ReferenceWritableKeyPath<SessionPropertyValues, Value>

        /// The session's value.
        public var wrappedValue: Value {
            get { SessionPropertyValues.current[keyPath: keyPath] }
            nonmutating set { SessionPropertyValues.current[keyPath: keyPath] = newValue }
        }

        /// A property that reads and writes the session's value at `keyPath`.
        ///
        /// - Parameter keyPath: The value's path in ``SessionPropertyValues``.
        public init(_ keyPath: ReferenceWritableKeyPath<SessionPropertyValues, Value>) {
            self.keyPath = keyPath
        }
    }
}

extension LanguageModelSession.SessionProperty: Sendable where Value: Sendable {}

extension Tool {
    /// A value the session owns, for tools (see ``LanguageModelSession/SessionProperty``).
    public typealias SessionProperty = LanguageModelSession.SessionProperty
}
