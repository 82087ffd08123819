/// A person who authored or received an item (Apple's `CSPerson`): a display name and handles
/// such as email addresses or phone numbers.
// `@unchecked Sendable` as Apple's class is: its one mutable property, `contactIdentifier`, is set
// by the app before the person is handed to an index, and is not changed while another task reads it.
public final class CSPerson: @unchecked Sendable {
    /// The name to show.
    public let displayName: String?
    /// The person's handles (email addresses, phone numbers).
    public let handles: [String]
    /// What kind of handle `handles` holds (an attribute name such as `emailAddresses`).
    public let handleIdentifier: String
    /// The contact's identifier in the user's address book, when known.
    public var contactIdentifier: String?

    /// Creates a person.
    ///
    /// - Parameters:
    ///   - displayName: The name to show.
    ///   - handles: Email addresses or phone numbers.
    ///   - handleIdentifier: The kind of the handles.
    public init(displayName: String?, handles: [String], handleIdentifier: String) {
        self.displayName = displayName
        self.handles = handles
        self.handleIdentifier = handleIdentifier
    }

    var record: PersonRecord { PersonRecord(displayName: displayName, handles: handles, handleIdentifier: handleIdentifier) }

    convenience init(_ record: PersonRecord) {
        self.init(displayName: record.displayName, handles: record.handles, handleIdentifier: record.handleIdentifier)
    }
}
