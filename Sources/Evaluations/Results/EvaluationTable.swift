import Foundation

/// A table of results: what Apple's framework returns as a TabularData `DataFrame`, which Linux
/// lacks. It has the subscripts Apple's examples use (by ``ResultColumn``, by `metric:` and by
/// column name) and reads as a collection of rows.
///
/// ```swift
/// let scores = result.detailed[metric: accuracy]
/// let inputs = result.detailed[evaluation.inputColumn]
/// for row in scores.indices where scores[row]?.value == .failing {
///     print(inputs[row]?.promptDescription ?? "")
/// }
/// ```
public struct EvaluationTable: Sendable {
    /// The columns' names, in order.
    public let columnNames: [String]
    /// The cells of each column by name, one per row.
    let cells: [String: [TableCell]]
    /// The number of rows.
    public let rowCount: Int

    init(columns: [(name: String, cells: [TableCell])], rowCount: Int) {
        self.columnNames = columns.map(\.name)
        self.cells = Dictionary(columns.map { ($0.name, $0.cells) }, uniquingKeysWith: { first, _ in first })
        self.rowCount = rowCount
    }

    /// The number of rows and of columns.
    public var shape: (rows: Int, columns: Int) { (rowCount, columnNames.count) }

    /// The rows, in order.
    public var rows: [Row] { (0..<rowCount).map { Row(table: self, index: $0) } }

    /// A typed column: the samples, subjects or expected values (empty when absent).
    public subscript<T>(column: ResultColumn<T>) -> Column<T> {
        self[column.name, T.self]
    }

    /// A metric's column, by the metric's name (empty when no evaluator produced it).
    public subscript(metric metric: Metric) -> Column<Metric> {
        self[metric.name, Metric.self]
    }

    /// A column by name, its cells read as `T` (a cell that is not a `T` reads as `nil`).
    public subscript<T>(name: String, type: T.Type) -> Column<T> {
        Column(name: name, cells: cells[name] ?? [])
    }

    /// A column by name, untyped.
    public subscript(name: String) -> Column<Any> {
        Column(name: name, cells: cells[name] ?? [])
    }

    /// Whether the table has a column with this name.
    public func containsColumn(_ name: String) -> Bool {
        cells[name] != nil
    }
}

extension EvaluationTable {
    /// One column of a table: a collection of optional values, one per row.
    public struct Column<Value>: RandomAccessCollection, Sendable {
        /// The column's name.
        public let name: String
        let cells: [TableCell]

        /// The first row.
        public var startIndex: Int { 0 }
        /// One past the last row.
        public var endIndex: Int { cells.count }

        /// The value of a row, or `nil` when the row has none.
        public subscript(position: Int) -> Value? {
            cells[position].typed(as: Value.self)
        }
    }

    /// One row of a table.
    public struct Row: Sendable {
        let table: EvaluationTable
        /// The row's position.
        public let index: Int

        /// The value in the named column, if any.
        public subscript(column: String) -> Any? {
            guard let cell = table.cells[column]?[index] else { return nil }
            return cell.value ?? cell.json?.value
        }

        /// The value in the named column as `T`, if it is one.
        public subscript<T>(column: String, as type: T.Type) -> T? {
            table.cells[column]?[index].typed(as: T.self)
        }
    }
}

extension EvaluationTable: CustomStringConvertible {
    /// The table as aligned text, one line per row (long cells are cut).
    public var description: String {
        let header = columnNames
        let body = rows.map { row in
            columnNames.map { name in Self.text(of: row[name]) }
        }
        let widths = header.indices.map { column in
            ([header[column]] + body.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: " | ")
        }
        return ([line(header)] + body.map(line)).joined(separator: "\n")
    }

    private static func text(of value: Any?) -> String {
        let text: String =
            switch value {
            case nil: "–"
            case let metric as Metric: metric.doubleValue.map { Self.format($0) } ?? "ignored"
            case let aggregate as AggregateMetric: Self.format(aggregate.value)
            case let describable as any CustomStringConvertible: describable.description
            case let value?: String(describing: value)
            }
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count > 40 ? String(flat.prefix(39)) + "…" : flat
    }

    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
