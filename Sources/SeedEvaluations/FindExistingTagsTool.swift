public import FoundationModels

/// The seed app's tag lookup: the person's existing tags related to a topic, from a fixed list.
public struct FindExistingTagsTool: Tool {
    /// The name the model calls the tool by.
    public let name = "findExistingTags"
    /// What the tool does, for the model.
    public let description = "Finds the tags the person already uses that are related to a topic."

    /// The argument: the topic.
    @Generable
    public struct Arguments: Sendable {
        /// The note's topic, in a few words.
        @Guide(description: "The topic of the note, in a few words")
        public var topic: String
    }

    /// The person's tags and words that relate a topic to each (the labels of
    /// `Resources/tagging.json` use the same tags: see scripts/make-seed-eval-samples.py).
    public static let existingTags: [(tag: String, related: [String])] = [
        ("birding", ["bird", "flock", "nest", "wader", "heron", "owl", "curlew", "lapwing", "skylark", "swallow", "wren", "robin", "dipper"]),
        ("nests", ["nest", "egg", "chick", "fledg", "brood"]),
        ("mammals", ["mammal", "otter", "badger", "deer", "hare", "stoat", "fox", "bat", "dormouse", "vole", "cub"]),
        ("moths", ["moth", "butterfly", "insect", "trap"]),
        ("botany", ["orchid", "plant", "flower", "tree", "verge", "wildflower", "spike"]),
        ("trail-work", ["path", "trail", "step", "stile", "ditch", "drainage", "bridge", "work party", "repair", "storm damage"]),
        ("water-quality", ["water", "stream", "river", "kick sample", "acidity", "mayfly", "pollution"]),
        ("weather", ["weather", "storm", "gale", "frost", "rain", "wind", "snow", "cold"]),
        ("kit", ["kit", "gear", "binocular", "scope", "tripod", "notebook", "torch", "lost", "equipment"]),
        ("volunteering", ["volunteer", "work party", "school", "group", "children", "walk", "event"]),
        ("photography", ["photo", "camera", "clip", "video", "picture"]),
        ("reptiles", ["reptile", "adder", "lizard", "slow-worm", "snake", "basking"])
    ]

    /// The tool.
    public init() {}

    /// The existing tags whose name or related words the topic mentions; when none does, every
    /// existing tag, so that the answer can still reuse one.
    public func call(arguments: Arguments) async throws -> String {
        let matches = Self.tags(relatedTo: arguments.topic)
        if matches.isEmpty {
            return "No existing tag matches '\(arguments.topic)'. The person's tags are: \(Self.existingTags.map(\.tag).joined(separator: ", "))."
        }
        return "Existing tags related to '\(arguments.topic)': \(matches.joined(separator: ", "))."
    }

    /// The existing tags related to a topic: those whose name or a related word begins one of the
    /// topic's words ("nest" finds "nesting"; a related phrase is looked for whole).
    static func tags(relatedTo topic: String) -> [String] {
        let topic = topic.lowercased()
        let words = topic.split { !$0.isLetter && $0 != "-" }
        return existingTags.filter { entry in
            ([entry.tag] + entry.related).contains { related in
                related.contains(" ") ? topic.contains(related) : words.contains { $0.hasPrefix(related) }
            }
        }.map(\.tag)
    }
}
