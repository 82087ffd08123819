extension SpotlightSearchTool {
    /// A kind of content a focused search covers (Apple's `SpotlightSearchTool.ContentDomain`).
    ///
    /// On Linux a domain filters results by content type (``UTType``): ``items`` takes every
    /// item, ``documents`` text and PDF, ``communications`` messages, ``calendar`` calendar
    /// events, ``audio`` audio, ``visualMedia`` images and movies. The attribute lists of the
    /// configurations are kept for Apple's API; results show their title, date and passage.
    public struct ContentDomain: Sendable {
        enum Kind: String, Sendable, CaseIterable {
            case items, documents, communications, calendar, audio, visualMedia
        }

        let kind: Kind

        /// The content type identifiers the domain takes (empty: all).
        var contentTypes: [String] {
            switch kind {
            case .items: []
            case .documents: ["public.text", "com.adobe.pdf"]
            case .communications: ["public.message"]
            case .calendar: ["public.calendar-event"]
            case .audio: ["public.audio"]
            case .visualMedia: ["public.image", "public.movie"]
            }
        }

        /// What the tool's description calls the domain's content.
        var noun: String {
            switch kind {
            case .items: "notes, documents and saved items"
            case .documents: "documents"
            case .communications: "messages"
            case .calendar: "calendar events"
            case .audio: "recordings and music"
            case .visualMedia: "photos and videos"
            }
        }

        /// Audio: artists, albums, transcriptions.
        public static var audio: ContentDomain { ContentDomain(kind: .audio) }
        /// Audio, with the attributes of each role.
        public static func audio(_ config: Audio) -> ContentDomain { ContentDomain(kind: .audio) }
        /// Calendar events.
        public static var calendar: ContentDomain { ContentDomain(kind: .calendar) }
        /// Calendar events, with the attributes of each role.
        public static func calendar(_ config: Calendar) -> ContentDomain { ContentDomain(kind: .calendar) }
        /// Messages and mail.
        public static var communications: ContentDomain { ContentDomain(kind: .communications) }
        /// Messages, with the attributes of each role.
        public static func communications(_ config: Communications) -> ContentDomain { ContentDomain(kind: .communications) }
        /// Documents.
        public static var documents: ContentDomain { ContentDomain(kind: .documents) }
        /// Documents, with the attributes of each role.
        public static func documents(_ config: Documents) -> ContentDomain { ContentDomain(kind: .documents) }
        /// Any item.
        public static var items: ContentDomain { ContentDomain(kind: .items) }
        /// Any item, with the attributes of each role.
        public static func items(_ config: Items) -> ContentDomain { ContentDomain(kind: .items) }
        /// Photos and videos.
        public static var visualMedia: ContentDomain { ContentDomain(kind: .visualMedia) }
        /// Photos and videos, with the attributes of each role.
        public static func visualMedia(_ config: VisualMedia) -> ContentDomain { ContentDomain(kind: .visualMedia) }
    }
}

extension SpotlightSearchTool.ContentDomain {
    /// The attributes of audio's roles.
    public struct Audio: Sendable {
        public var artist: [SearchableItemAttribute]?
        public var album: [SearchableItemAttribute]?
        public var transcription: [SearchableItemAttribute]?
        public var date: [SearchableItemAttribute]?
        /// Creates the roles.
        public init(
            artist: [SearchableItemAttribute]? = nil, album: [SearchableItemAttribute]? = nil, transcription: [SearchableItemAttribute]? = nil,
            date: [SearchableItemAttribute]? = nil
        ) {
            self.artist = artist
            self.album = album
            self.transcription = transcription
            self.date = date
        }
    }

    /// The attributes of a calendar event's roles.
    public struct Calendar: Sendable {
        public var organizer: [SearchableItemAttribute]?
        public var attendees: [SearchableItemAttribute]?
        public var location: [SearchableItemAttribute]?
        public var date: [SearchableItemAttribute]?
        /// Creates the roles.
        public init(
            organizer: [SearchableItemAttribute]? = nil, attendees: [SearchableItemAttribute]? = nil, location: [SearchableItemAttribute]? = nil,
            date: [SearchableItemAttribute]? = nil
        ) {
            self.organizer = organizer
            self.attendees = attendees
            self.location = location
            self.date = date
        }
    }

    /// The attributes of a message's roles.
    public struct Communications: Sendable {
        public var authors: [SearchableItemAttribute]?
        public var recipients: [SearchableItemAttribute]?
        public var sent: [SearchableItemAttribute]?
        public var received: [SearchableItemAttribute]?
        public var topic: [SearchableItemAttribute]?
        /// Creates the roles.
        public init(
            authors: [SearchableItemAttribute]? = nil, recipients: [SearchableItemAttribute]? = nil, sent: [SearchableItemAttribute]? = nil,
            received: [SearchableItemAttribute]? = nil, topic: [SearchableItemAttribute]? = nil
        ) {
            self.authors = authors
            self.recipients = recipients
            self.sent = sent
            self.received = received
            self.topic = topic
        }
    }

    /// The attributes of a document's roles.
    public struct Documents: Sendable {
        public var authors: [SearchableItemAttribute]?
        public var keywords: [SearchableItemAttribute]?
        public var created: [SearchableItemAttribute]?
        public var modified: [SearchableItemAttribute]?
        /// Creates the roles.
        public init(
            authors: [SearchableItemAttribute]? = nil, keywords: [SearchableItemAttribute]? = nil, created: [SearchableItemAttribute]? = nil,
            modified: [SearchableItemAttribute]? = nil
        ) {
            self.authors = authors
            self.keywords = keywords
            self.created = created
            self.modified = modified
        }
    }

    /// The attributes of an item's roles.
    public struct Items: Sendable {
        public var title: [SearchableItemAttribute]?
        public var text: [SearchableItemAttribute]?
        public var created: [SearchableItemAttribute]?
        public var modified: [SearchableItemAttribute]?
        /// Creates the roles.
        public init(
            title: [SearchableItemAttribute]? = nil, text: [SearchableItemAttribute]? = nil, created: [SearchableItemAttribute]? = nil,
            modified: [SearchableItemAttribute]? = nil
        ) {
            self.title = title
            self.text = text
            self.created = created
            self.modified = modified
        }
    }

    /// The attributes of a photo's or video's roles.
    public struct VisualMedia: Sendable {
        public var people: [SearchableItemAttribute]?
        public var description: [SearchableItemAttribute]?
        public var location: [SearchableItemAttribute]?
        public var date: [SearchableItemAttribute]?
        /// Creates the roles.
        public init(
            people: [SearchableItemAttribute]? = nil, description: [SearchableItemAttribute]? = nil, location: [SearchableItemAttribute]? = nil,
            date: [SearchableItemAttribute]? = nil
        ) {
            self.people = people
            self.description = description
            self.location = location
            self.date = date
        }
    }
}
