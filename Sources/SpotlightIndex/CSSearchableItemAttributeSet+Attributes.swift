public import Foundation

// The common attributes of an item, by Apple's names. Each is stored under its own name; the
// getters and setters only convert between the property's type and the stored value.
extension CSSearchableItemAttributeSet {
    // MARK: String
    /// The item's display name.
    public var displayName: String? {
        get { string(.displayName) }
        set { set(.displayName, newValue.map { .text($0) }) }
    }
    /// The item's path.
    public var path: String? {
        get { string(.path) }
        set { set(.path, newValue.map { .text($0) }) }
    }
    /// The item's content type.
    public var contentType: String? {
        get { string(.contentType) }
        set { set(.contentType, newValue.map { .text($0) }) }
    }
    /// The item's identifier.
    public var identifier: String? {
        get { string(.identifier) }
        set { set(.identifier, newValue.map { .text($0) }) }
    }
    /// The item's domain identifier.
    public var domainIdentifier: String? {
        get { string(.domainIdentifier) }
        set { set(.domainIdentifier, newValue.map { .text($0) }) }
    }
    /// The item's related unique identifier.
    public var relatedUniqueIdentifier: String? {
        get { string(.relatedUniqueIdentifier) }
        set { set(.relatedUniqueIdentifier, newValue.map { .text($0) }) }
    }
    /// The item's weak related unique identifier.
    public var weakRelatedUniqueIdentifier: String? {
        get { string(.weakRelatedUniqueIdentifier) }
        set { set(.weakRelatedUniqueIdentifier, newValue.map { .text($0) }) }
    }
    /// The item's version.
    public var version: String? {
        get { string(.version) }
        set { set(.version, newValue.map { .text($0) }) }
    }
    /// The item's title.
    public var title: String? {
        get { string(.title) }
        set { set(.title, newValue.map { .text($0) }) }
    }
    /// The item's text content.
    public var textContent: String? {
        get { string(.textContent) }
        set { set(.textContent, newValue.map { .text($0) }) }
    }
    /// The item's container title.
    public var containerTitle: String? {
        get { string(.containerTitle) }
        set { set(.containerTitle, newValue.map { .text($0) }) }
    }
    /// The item's container display name.
    public var containerDisplayName: String? {
        get { string(.containerDisplayName) }
        set { set(.containerDisplayName, newValue.map { .text($0) }) }
    }
    /// The item's container identifier.
    public var containerIdentifier: String? {
        get { string(.containerIdentifier) }
        set { set(.containerIdentifier, newValue.map { .text($0) }) }
    }
    /// The item's subject.
    public var subject: String? {
        get { string(.subject) }
        set { set(.subject, newValue.map { .text($0) }) }
    }
    /// The item's theme.
    public var theme: String? {
        get { string(.theme) }
        set { set(.theme, newValue.map { .text($0) }) }
    }
    /// The item's content description.
    public var contentDescription: String? {
        get { string(.contentDescription) }
        set { set(.contentDescription, newValue.map { .text($0) }) }
    }
    /// The item's creator.
    public var creator: String? {
        get { string(.creator) }
        set { set(.creator, newValue.map { .text($0) }) }
    }
    /// The item's kind.
    public var kind: String? {
        get { string(.kind) }
        set { set(.kind, newValue.map { .text($0) }) }
    }
    /// The item's headline.
    public var headline: String? {
        get { string(.headline) }
        set { set(.headline, newValue.map { .text($0) }) }
    }
    /// The item's instructions.
    public var instructions: String? {
        get { string(.instructions) }
        set { set(.instructions, newValue.map { .text($0) }) }
    }
    /// The item's comment.
    public var comment: String? {
        get { string(.comment) }
        set { set(.comment, newValue.map { .text($0) }) }
    }
    /// The item's copyright.
    public var copyright: String? {
        get { string(.copyright) }
        set { set(.copyright, newValue.map { .text($0) }) }
    }
    /// The item's information.
    public var information: String? {
        get { string(.information) }
        set { set(.information, newValue.map { .text($0) }) }
    }
    /// The item's named location.
    public var namedLocation: String? {
        get { string(.namedLocation) }
        set { set(.namedLocation, newValue.map { .text($0) }) }
    }
    /// The item's city.
    public var city: String? {
        get { string(.city) }
        set { set(.city, newValue.map { .text($0) }) }
    }
    /// The item's state or province.
    public var stateOrProvince: String? {
        get { string(.stateOrProvince) }
        set { set(.stateOrProvince, newValue.map { .text($0) }) }
    }
    /// The item's country.
    public var country: String? {
        get { string(.country) }
        set { set(.country, newValue.map { .text($0) }) }
    }
    /// The item's postal code.
    public var postalCode: String? {
        get { string(.postalCode) }
        set { set(.postalCode, newValue.map { .text($0) }) }
    }
    /// The item's thoroughfare.
    public var thoroughfare: String? {
        get { string(.thoroughfare) }
        set { set(.thoroughfare, newValue.map { .text($0) }) }
    }
    /// The item's sub thoroughfare.
    public var subThoroughfare: String? {
        get { string(.subThoroughfare) }
        set { set(.subThoroughfare, newValue.map { .text($0) }) }
    }
    /// The item's fully formatted address.
    public var fullyFormattedAddress: String? {
        get { string(.fullyFormattedAddress) }
        set { set(.fullyFormattedAddress, newValue.map { .text($0) }) }
    }
    /// The item's genre.
    public var genre: String? {
        get { string(.genre) }
        set { set(.genre, newValue.map { .text($0) }) }
    }
    /// The item's album.
    public var album: String? {
        get { string(.album) }
        set { set(.album, newValue.map { .text($0) }) }
    }
    /// The item's artist.
    public var artist: String? {
        get { string(.artist) }
        set { set(.artist, newValue.map { .text($0) }) }
    }
    /// The item's composer.
    public var composer: String? {
        get { string(.composer) }
        set { set(.composer, newValue.map { .text($0) }) }
    }
    /// The item's director.
    public var director: String? {
        get { string(.director) }
        set { set(.director, newValue.map { .text($0) }) }
    }
    /// The item's producer.
    public var producer: String? {
        get { string(.producer) }
        set { set(.producer, newValue.map { .text($0) }) }
    }
    /// The item's rights.
    public var rights: String? {
        get { string(.rights) }
        set { set(.rights, newValue.map { .text($0) }) }
    }
    /// The item's coverage.
    public var coverage: String? {
        get { string(.coverage) }
        set { set(.coverage, newValue.map { .text($0) }) }
    }
    /// The item's original source.
    public var originalSource: String? {
        get { string(.originalSource) }
        set { set(.originalSource, newValue.map { .text($0) }) }
    }
    /// The item's role.
    public var role: String? {
        get { string(.role) }
        set { set(.role, newValue.map { .text($0) }) }
    }

    // MARK: [String]
    /// The item's alternate names.
    public var alternateNames: [String]? {
        get { strings(.alternateNames) }
        set { set(.alternateNames, newValue.map { .texts($0) }) }
    }
    /// The item's content type tree.
    public var contentTypeTree: [String]? {
        get { strings(.contentTypeTree) }
        set { set(.contentTypeTree, newValue.map { .texts($0) }) }
    }
    /// The item's keywords.
    public var keywords: [String]? {
        get { strings(.keywords) }
        set { set(.keywords, newValue.map { .texts($0) }) }
    }
    /// The item's audiences.
    public var audiences: [String]? {
        get { strings(.audiences) }
        set { set(.audiences, newValue.map { .texts($0) }) }
    }
    /// The item's author names.
    public var authorNames: [String]? {
        get { strings(.authorNames) }
        set { set(.authorNames, newValue.map { .texts($0) }) }
    }
    /// The item's recipient names.
    public var recipientNames: [String]? {
        get { strings(.recipientNames) }
        set { set(.recipientNames, newValue.map { .texts($0) }) }
    }
    /// The item's author email addresses.
    public var authorEmailAddresses: [String]? {
        get { strings(.authorEmailAddresses) }
        set { set(.authorEmailAddresses, newValue.map { .texts($0) }) }
    }
    /// The item's recipient email addresses.
    public var recipientEmailAddresses: [String]? {
        get { strings(.recipientEmailAddresses) }
        set { set(.recipientEmailAddresses, newValue.map { .texts($0) }) }
    }
    /// The item's author addresses.
    public var authorAddresses: [String]? {
        get { strings(.authorAddresses) }
        set { set(.authorAddresses, newValue.map { .texts($0) }) }
    }
    /// The item's recipient addresses.
    public var recipientAddresses: [String]? {
        get { strings(.recipientAddresses) }
        set { set(.recipientAddresses, newValue.map { .texts($0) }) }
    }
    /// The item's phone numbers.
    public var phoneNumbers: [String]? {
        get { strings(.phoneNumbers) }
        set { set(.phoneNumbers, newValue.map { .texts($0) }) }
    }
    /// The item's email addresses.
    public var emailAddresses: [String]? {
        get { strings(.emailAddresses) }
        set { set(.emailAddresses, newValue.map { .texts($0) }) }
    }
    /// The item's instant message addresses.
    public var instantMessageAddresses: [String]? {
        get { strings(.instantMessageAddresses) }
        set { set(.instantMessageAddresses, newValue.map { .texts($0) }) }
    }
    /// The item's editors.
    public var editors: [String]? {
        get { strings(.editors) }
        set { set(.editors, newValue.map { .texts($0) }) }
    }
    /// The item's participants.
    public var participants: [String]? {
        get { strings(.participants) }
        set { set(.participants, newValue.map { .texts($0) }) }
    }
    /// The item's projects.
    public var projects: [String]? {
        get { strings(.projects) }
        set { set(.projects, newValue.map { .texts($0) }) }
    }
    /// The item's content sources.
    public var contentSources: [String]? {
        get { strings(.contentSources) }
        set { set(.contentSources, newValue.map { .texts($0) }) }
    }
    /// The item's languages.
    public var languages: [String]? {
        get { strings(.languages) }
        set { set(.languages, newValue.map { .texts($0) }) }
    }
    /// The item's publishers.
    public var publishers: [String]? {
        get { strings(.publishers) }
        set { set(.publishers, newValue.map { .texts($0) }) }
    }
    /// The item's contributors.
    public var contributors: [String]? {
        get { strings(.contributors) }
        set { set(.contributors, newValue.map { .texts($0) }) }
    }
    /// The item's organizations.
    public var organizations: [String]? {
        get { strings(.organizations) }
        set { set(.organizations, newValue.map { .texts($0) }) }
    }
    /// The item's performers.
    public var performers: [String]? {
        get { strings(.performers) }
        set { set(.performers, newValue.map { .texts($0) }) }
    }
    /// The item's account handles.
    public var accountHandles: [String]? {
        get { strings(.accountHandles) }
        set { set(.accountHandles, newValue.map { .texts($0) }) }
    }
    /// The item's mailbox identifiers.
    public var mailboxIdentifiers: [String]? {
        get { strings(.mailboxIdentifiers) }
        set { set(.mailboxIdentifiers, newValue.map { .texts($0) }) }
    }

    // MARK: Date
    /// The item's metadata modification date.
    public var metadataModificationDate: Date? {
        get { date(.metadataModificationDate) }
        set { set(.metadataModificationDate, newValue.map { .date($0) }) }
    }
    /// The item's due date.
    public var dueDate: Date? {
        get { date(.dueDate) }
        set { set(.dueDate, newValue.map { .date($0) }) }
    }
    /// The item's completion date.
    public var completionDate: Date? {
        get { date(.completionDate) }
        set { set(.completionDate, newValue.map { .date($0) }) }
    }
    /// The item's start date.
    public var startDate: Date? {
        get { date(.startDate) }
        set { set(.startDate, newValue.map { .date($0) }) }
    }
    /// The item's end date.
    public var endDate: Date? {
        get { date(.endDate) }
        set { set(.endDate, newValue.map { .date($0) }) }
    }
    /// The item's last used date.
    public var lastUsedDate: Date? {
        get { date(.lastUsedDate) }
        set { set(.lastUsedDate, newValue.map { .date($0) }) }
    }
    /// The item's content creation date.
    public var contentCreationDate: Date? {
        get { date(.contentCreationDate) }
        set { set(.contentCreationDate, newValue.map { .date($0) }) }
    }
    /// The item's content modification date.
    public var contentModificationDate: Date? {
        get { date(.contentModificationDate) }
        set { set(.contentModificationDate, newValue.map { .date($0) }) }
    }
    /// The item's added date.
    public var addedDate: Date? {
        get { date(.addedDate) }
        set { set(.addedDate, newValue.map { .date($0) }) }
    }
    /// The item's downloaded date.
    public var downloadedDate: Date? {
        get { date(.downloadedDate) }
        set { set(.downloadedDate, newValue.map { .date($0) }) }
    }
    /// The item's recording date.
    public var recordingDate: Date? {
        get { date(.recordingDate) }
        set { set(.recordingDate, newValue.map { .date($0) }) }
    }

    // MARK: [Date]
    /// The item's important dates.
    public var importantDates: [Date]? {
        get { dates(.importantDates) }
        set { set(.importantDates, newValue.map { .dates($0) }) }
    }

    // MARK: NSNumber
    /// The item's ranking hint.
    public var rankingHint: NSNumber? {
        get { number(.rankingHint) }
        set { set(.rankingHint, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's user created.
    public var userCreated: NSNumber? {
        get { number(.userCreated) }
        set { set(.userCreated, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's user owned.
    public var userOwned: NSNumber? {
        get { number(.userOwned) }
        set { set(.userOwned, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's user curated.
    public var userCurated: NSNumber? {
        get { number(.userCurated) }
        set { set(.userCurated, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's supports phone call.
    public var supportsPhoneCall: NSNumber? {
        get { number(.supportsPhoneCall) }
        set { set(.supportsPhoneCall, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's supports navigation.
    public var supportsNavigation: NSNumber? {
        get { number(.supportsNavigation) }
        set { set(.supportsNavigation, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's container order.
    public var containerOrder: NSNumber? {
        get { number(.containerOrder) }
        set { set(.containerOrder, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's file size.
    public var fileSize: NSNumber? {
        get { number(.fileSize) }
        set { set(.fileSize, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's page count.
    public var pageCount: NSNumber? {
        get { number(.pageCount) }
        set { set(.pageCount, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's all day.
    public var allDay: NSNumber? {
        get { number(.allDay) }
        set { set(.allDay, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's likely junk.
    public var likelyJunk: NSNumber? {
        get { number(.likelyJunk) }
        set { set(.likelyJunk, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's duration.
    public var duration: NSNumber? {
        get { number(.duration) }
        set { set(.duration, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's rating.
    public var rating: NSNumber? {
        get { number(.rating) }
        set { set(.rating, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's play count.
    public var playCount: NSNumber? {
        get { number(.playCount) }
        set { set(.playCount, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's latitude.
    public var latitude: NSNumber? {
        get { number(.latitude) }
        set { set(.latitude, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's longitude.
    public var longitude: NSNumber? {
        get { number(.longitude) }
        set { set(.longitude, newValue.map { .number($0.doubleValue) }) }
    }
    /// The item's altitude.
    public var altitude: NSNumber? {
        get { number(.altitude) }
        set { set(.altitude, newValue.map { .number($0.doubleValue) }) }
    }

    // MARK: URL
    /// The item's content URL.
    public var contentURL: URL? {
        get { url(.contentURL) }
        set { set(.contentURL, newValue.map { .url($0.absoluteString) }) }
    }
    /// The item's thumbnail URL.
    public var thumbnailURL: URL? {
        get { url(.thumbnailURL) }
        set { set(.thumbnailURL, newValue.map { .url($0.absoluteString) }) }
    }
    /// The item's dark thumbnail URL.
    public var darkThumbnailURL: URL? {
        get { url(.darkThumbnailURL) }
        set { set(.darkThumbnailURL, newValue.map { .url($0.absoluteString) }) }
    }
    /// The item's url.
    public var url: URL? {
        get { url(.url) }
        set { set(.url, newValue.map { .url($0.absoluteString) }) }
    }

    /// The people who made the item.
    public var authors: [CSPerson]? {
        get { people(.authors) }
        set { set(.authors, newValue.map { .people($0.map(\.record)) }) }
    }

    /// The people the item was sent to.
    public var recipients: [CSPerson]? {
        get { people(.recipients) }
        set { set(.recipients, newValue.map { .people($0.map(\.record)) }) }
    }

    /// A small image of the item.
    public var thumbnailData: Data? {
        get { if case .data(let data) = values[SearchableItemAttribute.thumbnailData.rawValue] { data } else { nil } }
        set { set(.thumbnailData, newValue.map { .data($0) }) }
    }

    func people(_ attribute: SearchableItemAttribute) -> [CSPerson]? {
        if case .people(let people) = values[attribute.rawValue] { return people.map(CSPerson.init) }
        return nil
    }
}

extension SearchableItemAttribute {
    /// Where ``CSSearchableItemAttributeSet/authors`` is stored (Apple lists no attribute for it).
    static let authors = SearchableItemAttribute(rawValue: "authors")
    /// Where ``CSSearchableItemAttributeSet/recipients`` is stored.
    static let recipients = SearchableItemAttribute(rawValue: "recipients")
}
