public import Evaluations

/// The notes of one outing with their ground truth: the places in the order visited, every
/// species seen with its count (each species at one stop only), and the people along.
public struct TripReportSample: SampleProtocol, Equatable {
    /// One labelled species and its count.
    public struct Sighting: Codable, Sendable, Equatable {
        /// The species as the labels name it (the notes may write its plural: "brown hares").
        public var species: String
        /// How many the notes say were seen.
        public var count: Int

        /// A labelled sighting.
        public init(species: String, count: Int) {
            self.species = species
            self.count = count
        }
    }

    /// The sample's name in the file (`trip-01`).
    public var id: String
    /// The day of the trip ("18 July").
    public var date: String
    /// The notes, one per stop, each beginning with its time and place.
    public var notes: [String]
    /// The places, in the order visited.
    public var places: [String]
    /// Every species seen, with its count.
    public var sightings: [Sighting]
    /// The people along.
    public var people: [String]

    /// A sample.
    public init(id: String, date: String, notes: [String], places: [String], sightings: [Sighting], people: [String]) {
        self.id = id
        self.date = date
        self.notes = notes
        self.places = places
        self.sightings = sightings
        self.people = people
    }

    /// What the model is given: the day and its notes, one per line.
    public var input: String { "Notes of \(date):\n" + notes.joined(separator: "\n") }

    /// The reference report: a stop for each labelled place with the labelled sightings its note
    /// names (no title or summary is labelled).
    public var expected: TripReport? {
        let stops = zip(places, notes).map { place, note in
            TripReport.Stop(
                place: place,
                sightings: sightings.filter { AnswerText.contains(note, $0.species) }.map { TripReport.Sighting(species: $0.species, count: $0.count) })
        }
        return TripReport(title: "", stops: stops, summary: "")
    }
}
