public import Foundation
public import FoundationModels

/// A step of the app's own that runs on a search's results before the model reads them (Apple's
/// `CustomStage`): it takes one kind of data and gives another.
///
/// On Linux the stages run in their order on every search, each when its ``inputTypes`` include
/// the kind of data the previous step gave; the model does not choose them. The default
/// implementations hand their input on unchanged.
public protocol CustomStage: Generable, Decodable, Encodable, Sendable {
    /// The stage's name.
    static var name: String { get }
    /// What the stage does.
    static var description: String { get }
    /// The kinds of data the stage takes.
    static var inputTypes: [SearchPipelineDataType] { get }
    /// The kinds of data the stage gives.
    static var outputTypes: [SearchPipelineDataType] { get }

    func execute(items: [SearchableItem]) async throws -> SearchPipelineData
    func execute(scoredItems: [ScoredSearchableItem]) async throws -> SearchPipelineData
    func execute(groupedItems: [SearchableItemAttribute: [SearchableItem]]) async throws -> SearchPipelineData
    func execute(count: Int) async throws -> SearchPipelineData
    func execute(table: SearchResultsTable) async throws -> SearchPipelineData
    func execute(statisticName: String, value: Double) async throws -> SearchPipelineData
    func execute(text: String) async throws -> SearchPipelineData
}

extension CustomStage {
    /// Hands the items on.
    public func execute(items: [SearchableItem]) async throws -> SearchPipelineData { .items(items) }
    /// Hands the scored items on.
    public func execute(scoredItems: [ScoredSearchableItem]) async throws -> SearchPipelineData { .scoredItems(scoredItems) }
    /// Hands the groups on.
    public func execute(groupedItems: [SearchableItemAttribute: [SearchableItem]]) async throws -> SearchPipelineData { .groupedItems(groupedItems) }
    /// Hands the count on.
    public func execute(count: Int) async throws -> SearchPipelineData { .count(count) }
    /// Hands the table on.
    public func execute(table: SearchResultsTable) async throws -> SearchPipelineData { .table(table) }
    /// Hands the statistic on.
    public func execute(statisticName: String, value: Double) async throws -> SearchPipelineData { .statistic(name: statisticName, value: value) }
    /// Hands the text on.
    public func execute(text: String) async throws -> SearchPipelineData { .text(text) }
}

/// Data passed between the steps of a search (Apple's `SearchPipelineData`).
public struct SearchPipelineData: Sendable {
    /// The data.
    public let payload: Payload

    /// Wraps data.
    public init(payload: Payload) { self.payload = payload }

    /// The kinds of data.
    public enum Payload: @unchecked Sendable {
        // `@unchecked Sendable` as in Apple's interface: items are not mutated once found.
        case items([SearchableItem])
        case scoredItems([ScoredSearchableItem])
        case groupedItems([SearchableItemAttribute: [SearchableItem]])
        case count(Int)
        case table(SearchResultsTable)
        case statistic(name: String, value: Double)
        case text(String)
    }

    public static func items(_ items: [SearchableItem]) -> SearchPipelineData { SearchPipelineData(payload: .items(items)) }
    public static func scoredItems(_ items: [ScoredSearchableItem]) -> SearchPipelineData { SearchPipelineData(payload: .scoredItems(items)) }
    public static func groupedItems(_ groups: [SearchableItemAttribute: [SearchableItem]]) -> SearchPipelineData {
        SearchPipelineData(payload: .groupedItems(groups))
    }
    public static func count(_ n: Int) -> SearchPipelineData { SearchPipelineData(payload: .count(n)) }
    public static func table(_ t: SearchResultsTable) -> SearchPipelineData { SearchPipelineData(payload: .table(t)) }
    public static func statistic(name: String, value: Double) -> SearchPipelineData { SearchPipelineData(payload: .statistic(name: name, value: value)) }
    public static func text(_ s: String) -> SearchPipelineData { SearchPipelineData(payload: .text(s)) }

    /// The kind of the data.
    var type: SearchPipelineDataType {
        switch payload {
        case .items: .items
        case .scoredItems: .scoredItems
        case .groupedItems: .groupedItems
        case .count: .count
        case .table: .table
        case .statistic: .statistic
        case .text: .text
        }
    }
}

/// The kinds of data a stage takes or gives (Apple's `SearchPipelineDataType`).
public enum SearchPipelineDataType: String, Codable, CaseIterable, Sendable {
    case items
    case scoredItems
    case groupedItems
    case count
    case table
    case statistic
    case text
}

/// A found item with its relevance, higher is better (Apple's `ScoredSearchableItem`).
public struct ScoredSearchableItem: Sendable {
    /// The item.
    public let item: SearchableItem
    /// The relevance (BM25 on Linux).
    public let score: Double

    /// Creates a scored item.
    public init(item: SearchableItem, score: Double) {
        self.item = item
        self.score = score
    }
}

/// Results as a table (Apple's `SearchResultsTable`).
public struct SearchResultsTable: Sendable {
    public let header: String?
    public let columns: [Column]
    public let rows: [Row]

    /// Creates a table.
    public init(header: String? = nil, columns: [Column], rows: [Row]) {
        self.header = header
        self.columns = columns
        self.rows = rows
    }

    /// A column: its name and the type of its values.
    public struct Column: Sendable {
        public let name: String
        public let type: ValueType
        /// Creates a column.
        public init(name: String, type: ValueType) {
            self.name = name
            self.type = type
        }
    }

    /// The types of values.
    public enum ValueType: Sendable, Equatable, Hashable {
        case string, integer, double, date, boolean
    }

    /// A row of values, one per column.
    public struct Row: Sendable {
        public let values: [Value]
        /// Creates a row.
        public init(values: [Value]) { self.values = values }
    }

    /// A value.
    public enum Value: Sendable {
        case string(String)
        case integer(Int)
        case double(Double)
        case date(Date)
        case boolean(Bool)
        case none
    }
}

/// A count of results (Apple's `SearchCount`).
public struct SearchCount: Sendable {
    public let value: Int
    public let header: String?
    /// Creates a count.
    public init(value: Int, header: String? = nil) {
        self.value = value
        self.header = header
    }
}

/// A number computed over results (Apple's `SearchStatistic`).
public struct SearchStatistic: Sendable {
    public let name: String
    public let value: Double
    public let header: String?
    /// Creates a statistic.
    public init(name: String, value: Double, header: String? = nil) {
        self.name = name
        self.value = value
        self.header = header
    }
}

/// Text made from results (Apple's `SearchTextResult`).
public struct SearchTextResult: Sendable {
    public let body: String
    public let header: String?
    /// Creates a text result.
    public init(body: String, header: String? = nil) {
        self.body = body
        self.header = header
    }
}

/// Tells who the user is, so that "my" and "me" in a question can be resolved (Apple's
/// `ContactResolver`). Not used on Linux, where items carry no owner.
public protocol ContactResolver: Sendable {
    /// The user.
    func userIdentity() -> ResolvedContact
}

/// A person's names and handles (Apple's `ResolvedContact`).
public struct ResolvedContact: Sendable {
    public var displayName: String
    public var names: [String] = []
    public var nameComponents: [PersonNameComponents] = []
    public var emailAddresses: [String] = []
    public var phoneNumbers: [String] = []

    /// Creates a contact with a display name.
    public init(displayName: String) { self.displayName = displayName }
}
