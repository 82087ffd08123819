/// A position in a template's source text, counted from 1.
///
/// Columns count Unicode scalars, so a tab or an emoji each count as one column.
public struct TemplateLocation: Sendable, Hashable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in Unicode scalars.
    public var column: Int

    /// Creates a location from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location as `line:column`.
    public var description: String { "\(line):\(column)" }
}
