public import FoundationModels

/// A report of one outing written from its field notes: a title, each stop in the order of the
/// notes with the species seen there and their counts, and the trip in a sentence or two.
@Generable
public struct TripReport: Sendable, Codable, Equatable {
    /// One species and how many were seen.
    @Generable
    public struct Sighting: Sendable, Codable, Equatable {
        /// The species' common name: letters, spaces, hyphens and apostrophes, so that a count
        /// cannot be written into it ("26 oystercatcher" with a count of 1, as the 1.5B model
        /// wrote in 2 of 50 reports before), beginning in lower case as the notes write it ("8
        /// wheatear"): with the digit masked, a capital first letter took the model off the
        /// note's word ("Wheatatear", "Demoiselle" for banded demoiselle; species listed 88%
        /// against 94% in lower case on all 50, Docs/Quality.md).
        @Guide(description: "The species' common name.", .pattern(/^\p{Ll}[\p{L}' -]*$/))
        public var species: String
        /// How many were seen.
        @Guide(description: "How many were seen.", .range(1...999))
        public var count: Int

        /// A sighting of `count` of `species`.
        public init(species: String, count: Int) {
            self.species = species
            self.count = count
        }
    }

    /// One stop of the trip: its place and what was seen there.
    @Generable
    public struct Stop: Sendable, Codable, Equatable {
        /// The place.
        @Guide(description: "The place, as the note names it.")
        public var place: String
        /// What was seen there.
        @Guide(description: "Each species seen here, with how many.", .count(0...6))
        public var sightings: [Sighting]

        /// A stop at `place` with these sightings.
        public init(place: String, sightings: [Sighting]) {
            self.place = place
            self.sightings = sightings
        }
    }

    /// The title.
    @Guide(description: TripReport.titleDescription)
    public var title: String
    /// The stops, in the order of the notes.
    @Guide(description: TripReport.stopsDescription, .count(1...6))
    public var stops: [Stop]
    /// The trip in a sentence or two.
    @Guide(description: TripReport.summaryDescription)
    public var summary: String

    /// A report with this title, these stops and this summary.
    public init(title: String, stops: [Stop], summary: String) {
        self.title = title
        self.stops = stops
        self.summary = summary
    }

    /// The stops' places, in order.
    public var places: [String] { stops.map(\.place) }

    /// Every stop's sightings, in order.
    public var sightings: [Sighting] { stops.flatMap(\.sightings) }
}
