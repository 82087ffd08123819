public import FoundationModels

/// The seed app's summary of a note or a photographed sign (its `NoteSummary`, as the sign
/// reader writes it): a short headline and the key facts.
@Generable
public struct NoteSummary: Sendable, Codable, Equatable {
    /// The headline.
    @Guide(description: "A headline of at most eight words.")
    public var headline: String
    /// The key facts.
    @Guide(description: "The key facts, each a short phrase.", .count(1...4))
    public var keyFacts: [String]

    /// A summary with this headline and these facts.
    public init(headline: String, keyFacts: [String]) {
        self.headline = headline
        self.keyFacts = keyFacts
    }
}
