import Foundation

/// One cell of a results table: the value the run produced and, for values read back from a file,
/// its JSON.
// Why @unchecked: a cell holds what an evaluation produced (samples are Sendable; subjects are
// values the runner no longer touches), is written once when the table is built and only read
// afterwards, as Apple's Sendable results hold the same values in their tables.
struct TableCell: @unchecked Sendable {
    /// The value as produced, or `nil` for a cell read back from a file.
    let value: Any?
    /// The value as JSON, when it has one.
    let json: StructuredValue?

    init(value: Any?, json: StructuredValue?) {
        self.value = value
        self.json = json
    }

    /// The cell's value as `T`: the value itself, or one decoded from its JSON when `T` can be.
    func typed<T>(as type: T.Type) -> T? {
        if let value = value as? T { return value }
        guard let json, case let data? = try? JSONEncoder().encode(json) else { return nil }
        if let restorable = T.self as? any JSONRestorable.Type {
            return restorable.restore(fromJSON: data) as? T
        }
        if let decodable = T.self as? any Decodable.Type {
            return (try? JSONDecoder().decode(decodable, from: data)) as? T
        }
        return nil
    }
}

/// A type that results files store by a JSON form other than its own `Codable` one.
protocol JSONRestorable {
    /// The value from its stored JSON, if it is one.
    static func restore(fromJSON data: Data) -> Any?
}

extension ModelSubject: JSONRestorable {
    /// A subject from `{"value": …}` (the transcript is not stored).
    static func restore(fromJSON data: Data) -> Any? {
        guard let stored = try? JSONDecoder().decode(StoredValue<Value>.self, from: data) else { return nil }
        return ModelSubject(value: stored.value)
    }
}

/// A subject's value as results files store it: `{"value": …}`.
struct StoredValue<Value> {
    let value: Value
}

extension StoredValue: Encodable where Value: Encodable {}
extension StoredValue: Decodable where Value: Decodable {}
