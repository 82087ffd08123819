extension SpotlightSearchTool {
    /// How much the tool's arguments let the model say, and how results are written (Apple's
    /// `SpotlightSearchTool.Guide`).
    ///
    /// On Linux the level decides the argument schema: ``complete`` has `query`, `when` and
    /// `kind`; ``focused(_:)`` has `query` and `when` and searches only its domain; ``dynamic(_:)``
    /// drops `when` when the profile's `dates` is `false`. A configuration without a guide has
    /// `query` alone (times are read from its words), the shape a 0.5B model fills most reliably.
    public struct Guide: Sendable {
        /// What the arguments let the model ask for.
        public let level: GuidanceLevel
        /// How results are written for the model.
        public let format: FormatLevel

        /// Creates a guide.
        public init(level: GuidanceLevel = .complete, format: FormatLevel = .structured) {
            self.level = level
            self.format = format
        }

        /// Every argument: words, a time, a kind of content.
        public static var complete: Guide { Guide(level: .complete) }

        /// Searches only one domain of content.
        public static func focused(_ domain: ContentDomain = .items) -> Guide { Guide(level: .focused(domain)) }

        /// Arguments chosen by a profile.
        public static func dynamic(_ profile: GuidanceProfile) -> Guide { Guide(level: .dynamic(profile)) }
    }

    /// What the arguments let the model ask for (Apple's `SpotlightSearchTool.GuidanceLevel`).
    public enum GuidanceLevel: Sendable {
        /// Words, a time and a kind of content.
        case complete
        /// Words and a time, within one domain.
        case focused(_: ContentDomain = .items)
        /// What a profile allows.
        case dynamic(GuidanceProfile)
    }

    /// How results are written for the model (Apple's `SpotlightSearchTool.FormatLevel`).
    public enum FormatLevel: Sendable, Equatable, Hashable {
        /// A block per result: title, date, attributes and the passage.
        case structured
        /// A line per result.
        case compact
    }

    /// Which arguments a dynamic guide offers (Apple's `SpotlightSearchTool.GuidanceProfile`).
    ///
    /// On Linux `dates == false` removes the time argument and `attributes` are shown with each
    /// result; the other switches are kept for Apple's API (text matching is always on,
    /// similarity, numeric and people matching are not available).
    public struct GuidanceProfile: Sendable {
        public var textMatch: Bool?
        public var similarityMatch: Bool?
        public var numericMatch: Bool?
        public var dates: Bool?
        public var people: Bool?
        public var contentType: Bool?
        public var attributes: [SearchableItemAttribute]?

        /// Creates a profile; `nil` leaves a switch at its default.
        public init(
            textMatch: Bool? = nil, similarityMatch: Bool? = nil, numericMatch: Bool? = nil, dates: Bool? = nil, people: Bool? = nil,
            contentType: Bool? = nil, attributes: [SearchableItemAttribute]? = nil
        ) {
            self.textMatch = textMatch
            self.similarityMatch = similarityMatch
            self.numericMatch = numericMatch
            self.dates = dates
            self.people = people
            self.contentType = contentType
            self.attributes = attributes
        }
    }
}
