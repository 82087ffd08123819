/// A request body that does not follow the Chat Completions format: one sentence naming the field
/// at fault, and the field as a path (`messages[2].role`).
///
/// `fm serve` answers it as a 400 in OpenAI's error shape, with `param` set to ``param``.
package struct WireError: Error, Equatable, Sendable {
    /// What is wrong, naming the field and, where it helps, the value and what would be accepted.
    package var message: String
    /// The field at fault as a path, or `nil` when the body as a whole is (not an object).
    package var param: String?

    /// Creates an error.
    package init(_ message: String, param: String? = nil) {
        self.message = message
        self.param = param
    }
}
