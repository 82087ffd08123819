extension SpotlightSearchTool {
    /// Where the tool searches, what its arguments offer, and how much it answers (Apple's
    /// `SpotlightSearchTool.Configuration`).
    ///
    /// ```swift
    /// let tool = SpotlightSearchTool(configuration: .init(
    ///     sources: [.coreSpotlight, .files(FileSource(scopes: [notesFolder]))],
    ///     guide: .focused(.items),
    ///     maximumResponseSize: 1_200))
    /// ```
    public struct Configuration: Sendable {
        /// Where to search; the app's default index when empty.
        public var sources: [SearchSource]
        /// What the arguments offer and how results are written; see ``Guide`` for `nil`.
        public var guide: Guide?
        /// Who the user is (not used on Linux).
        public var contactResolver: (any ContactResolver)?
        /// Steps of the app's own run on the results (see ``CustomStage``).
        public var customStages: [any CustomStage]
        /// The most characters the model receives from one search (1,600 when `nil`).
        public var maximumResponseSize: Int?

        /// Creates a configuration.
        public init(
            sources: [SearchSource] = [], guide: Guide? = nil, contactResolver: (any ContactResolver)? = nil, customStages: [any CustomStage] = [],
            maximumResponseSize: Int? = nil
        ) {
            self.sources = sources
            self.guide = guide
            self.contactResolver = contactResolver
            self.customStages = customStages
            self.maximumResponseSize = maximumResponseSize
        }
    }
}
