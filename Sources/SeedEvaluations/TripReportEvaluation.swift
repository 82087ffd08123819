public import Evaluations
public import FoundationModels

/// Trip reports: the notes of one outing in, a guided `TripReport` out. Is the title at most
/// eight words, are all the places and species there, each species with the count its note
/// gives, and is nothing invented?
///
/// Every check is exact. Species match when the report's name contains the label ("brown
/// hares" for "brown hare"). A report invents when it lists a species the notes do not have,
/// names one of the set's people, places or species that these notes lack, or writes a number
/// in its title, places or summary that the notes lack (counts are checked against their labels).
public struct TripReportEvaluation: Evaluation {
    /// The model that writes the reports.
    public let model: any LanguageModel
    /// The samples (`Resources/trip-reports.json`).
    public let samples: [TripReportSample]
    /// Every person, place and species the samples name.
    let namePool: Set<String>

    /// Title of at most eight words.
    public let shortTitle = Metric("Title ≤ 8 words")
    /// Every labelled place among the report's places.
    public let placesVisited = Metric("Places visited")
    /// Every labelled species among the report's sightings.
    public let speciesListed = Metric("Species listed")
    /// Every listed labelled species with its labelled count.
    public let countsRight = Metric("Counts right")
    /// No species, name or number that the notes lack.
    public let nothingInvented = Metric("Nothing invented")

    /// The instructions the session is given.
    public static let instructions = "You write trip reports from a naturalist's field notes. Use only what the notes say."

    /// The prompt for a sample's notes.
    static func prompt(for sample: TripReportSample) -> String {
        "Write a report of this trip from its notes.\n\n\(sample.input)"
    }

    /// An evaluation of `model` on these samples; names are looked for among `namePool`.
    init(model: any LanguageModel, samples: [TripReportSample], namePool: Set<String>) {
        self.model = model
        self.samples = samples
        self.namePool = namePool
    }

    /// An evaluation of `model` on the kept set, or its first `limit` samples (names are looked
    /// for among the whole set's).
    ///
    /// - Throws: ``SeedEvaluationError/samplesUnreadable(_:_:)``.
    public init(model: any LanguageModel, limit: Int? = nil) throws {
        let all = try SeedSamples.load("trip-reports", as: [TripReportSample].self)
        let names = all.flatMap { $0.people + $0.places + $0.sightings.map(\.species) }
        self.init(model: model, samples: SeedSamples.prefix(all, limit: limit), namePool: Set(names))
    }

    /// The samples.
    public var dataset: ArrayLoader<TripReportSample> { ArrayLoader(samples: samples) }

    /// One session with the instructions, the notes, a guided `TripReport` with one stop per note
    /// (``TripReport/generationSchema(stops:)``), greedy.
    public func subject(from sample: TripReportSample) async throws -> ModelSubject<TripReport> {
        let session = LanguageModelSession(model: model, instructions: Self.instructions)
        let response = try await session.respond(
            to: Self.prompt(for: sample), schema: TripReport.generationSchema(stops: sample.notes.count),
            options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 400))
        return ModelSubject(value: try TripReport(response.content), transcript: session.transcript.structuredTranscript)
    }

    /// The five checks.
    public var evaluators: Evaluators {
        Evaluator { _, subject in SharedChecks.shortHeadline(subject.value.title, shortTitle) }
        Evaluator { sample, subject in
            let listed = subject.value.places.joined(separator: "\n")
            let missing = sample.places.filter { !AnswerText.contains(listed, $0) }
            return missing.isEmpty ? placesVisited.passing() : placesVisited.failing(rationale: "missing " + missing.joined(separator: ", "))
        }
        Evaluator { sample, subject in
            let missing = sample.sightings.filter { Self.sightings(of: $0.species, in: subject.value).isEmpty }.map(\.species)
            return missing.isEmpty ? speciesListed.passing() : speciesListed.failing(rationale: "missing " + missing.joined(separator: ", "))
        }
        Evaluator { sample, subject in Self.countsCheck(sample, subject.value, countsRight) }
        Evaluator { sample, subject in Self.inventionCheck(sample, subject.value, namePool: namePool, nothingInvented) }
    }

    /// The share of samples passing each check.
    public func aggregateMetrics(using aggregator: inout MetricsAggregator) {
        aggregator.computeMean(of: shortTitle)
        aggregator.computeMean(of: placesVisited)
        aggregator.computeMean(of: speciesListed)
        aggregator.computeMean(of: countsRight)
        aggregator.computeMean(of: nothingInvented)
    }

    /// The report's sightings whose species names `species`.
    static func sightings(of species: String, in report: TripReport) -> [TripReport.Sighting] {
        report.sightings.filter { AnswerText.contains($0.species, species) }
    }

    /// Passing when every labelled species the report lists has a sighting with its labelled
    /// count; not counted when it lists none of them.
    static func countsCheck(_ sample: TripReportSample, _ report: TripReport, _ metric: Metric) -> Metric {
        var wrong: [String] = []
        var found = 0
        for labelled in sample.sightings {
            let listed = sightings(of: labelled.species, in: report)
            guard !listed.isEmpty else { continue }
            found += 1
            if !listed.contains(where: { $0.count == labelled.count }) {
                wrong.append("\(labelled.species) \(listed.map { String($0.count) }.joined(separator: "/")) for \(labelled.count)")
            }
        }
        guard found > 0 else { return metric.ignore(rationale: "no labelled species listed") }
        return wrong.isEmpty ? metric.passing(rationale: "\(found) counts") : metric.failing(rationale: wrong.joined(separator: ", "))
    }

    /// Whether `name` is a shorter name of `species`: every word of it, but for a plural's `s`, is
    /// a word of the species ("harrier" or "Coppers" for "small copper" kind of names).
    static func isShorterName(_ name: String, of species: String) -> Bool {
        let words = AnswerText.words(of: name).map { $0.hasSuffix("s") ? String($0.dropLast()) : $0 }
        let speciesWords = Set(AnswerText.words(of: species))
        return !words.isEmpty && words.allSatisfy(speciesWords.contains)
    }

    /// Passing when every sighting is of a species of the notes (the label inside the report's
    /// name, or a shorter name of it: "harrier" for "marsh harrier" and "coppers" for "small
    /// copper" are not invented) and
    /// ``SharedChecks/nothingInvented(in:source:namePool:_:)`` finds no name or number in the
    /// title, places, species and summary that the notes lack.
    static func inventionCheck(_ sample: TripReportSample, _ report: TripReport, namePool: Set<String>, _ metric: Metric) -> Metric {
        let strange = report.sightings.map(\.species).filter { name in
            !sample.sightings.contains { AnswerText.contains(name, $0.species) || isShorterName(name, of: $0.species) }
        }
        let text = ([report.title] + report.places + report.sightings.map(\.species) + [report.summary]).joined(separator: "\n")
        let named = SharedChecks.nothingInvented(in: text, source: sample.input, namePool: namePool, metric)
        guard !strange.isEmpty else { return named }
        let others = named.value == .passing ? [] : [named.rationale ?? ""]
        return metric.failing(rationale: (strange.map { "species \($0)" } + others).joined(separator: ", "))
    }
}
