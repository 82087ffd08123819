public import FoundationModels

extension TripReport {
    /// The title's guide.
    static let titleDescription = "A title of at most eight words."
    /// The stops' guide.
    static let stopsDescription = "Each stop, in the order of the notes."
    /// The summary's guide.
    static let summaryDescription = "The trip in one or two sentences."

    /// The report's schema with exactly `stopCount` stops: what an app that knows how many notes
    /// the outing has asks for, one stop per note. ``TripReport``'s own schema allows one to six,
    /// and the models cut reports short or wrote stops again until the six allowed; the count is
    /// the app's to know, so it goes in the schema rather than the prompt. Decode the answer with
    /// `TripReport(response.content)`.
    ///
    /// - Parameter stopCount: How many stops the report has (the outing's notes), at least 1.
    /// - Returns: The schema: ``TripReport``'s properties and guides, the stops counted.
    /// - Throws: `GenerationSchema`'s error when the schema cannot be built.
    public static func generationSchema(stops stopCount: Int) throws -> GenerationSchema {
        let text = DynamicGenerationSchema(type: String.self)
        let count = max(1, stopCount)
        let stops = DynamicGenerationSchema(arrayOf: DynamicGenerationSchema(type: Stop.self), minimumElements: count, maximumElements: count)
        let root = DynamicGenerationSchema(
            name: "TripReport",
            properties: [
                .init(name: "title", description: titleDescription, schema: text),
                .init(name: "stops", description: stopsDescription, schema: stops),
                .init(name: "summary", description: summaryDescription, schema: text)
            ])
        return try GenerationSchema(root: root, dependencies: [])
    }
}
