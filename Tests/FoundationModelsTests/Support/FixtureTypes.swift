public import FoundationModels
public import Foundation

/// A section of an ``Article``.
@Generable(description: "A titled section of an article")
struct Section: Equatable {
    var heading: String
    var body: String
}

/// An article with exactly three tags and nested sections.
@Generable(description: "A short article")
struct Article: Equatable {
    @Guide(description: "The article's title")
    var title: String
    var summary: String
    @Guide(description: "Topic tags", .count(3))
    var tags: [String]
    var sections: [Section]
}

/// A product review with a bounded rating and a verdict.
@Generable
struct Review: Equatable {
    @Guide(description: "Stars from 1 to 5", .range(1...5))
    var rating: Int
    var pros: [String]
    var cons: [String]
    var verdict: Verdict

    @Generable
    enum Verdict: Equatable {
        case buy
        case wait
        case skip
    }
}

/// A recursive type: a person and their children.
@Generable
struct Person: Equatable {
    @Guide(description: "The person's name")
    var name: String
    @Guide(description: "The person's age", .range(18...100))
    var age: Int?
    @Guide(description: "The person's children", .maximumCount(3))
    var children: [Person]
}

/// An operand of a ``Step``: an enum with unlabeled associated values.
@Generable
enum Operand: Equatable {
    case name(String)
    case number(Double)
}

/// An enum with labeled, unlabeled, optional and absent associated values.
@Generable(description: "One thing a clause does.")
enum Step: Equatable {
    case set(field: String, to: Operand)
    case add(Operand, to: String)
    case pair(Int, Int)
    case note(String?)
    case reset
}

/// A type with every kind of guide, optional values and a stored generation identity.
@Generable(description: "Everything at once")
public struct Kitchen: Equatable {
    public var id: GenerationID
    @Guide(description: "A code of three capitals", .pattern(/[A-Z]{3}/))
    public var code: String
    @Guide(/\d{3}-\d{4}/)
    public var phone: String
    @Guide(.anyOf(["red", "green"]))
    public var color: String
    @Guide(.constant("fixed"))
    public var fixed: String
    @Guide(.minimum(0.5), .maximum(9.5))
    public var ratio: Double
    @Guide(.range(0...1))
    public var weight: Float
    @Guide(.minimum(1))
    public var price: Decimal
    @Guide(.minimumCount(1), .element(.range(1...9)))
    public var digits: [Int]
    @Guide(.element(.pattern(try! Regex("[a-z]+"))))
    public var words: [String]
    public var flag: Bool
    public var note: String?
    public var extras: [String]?
}

/// A type that writes `null` for absent optionals.
@Generable(representNilExplicitlyInGeneratedContent: true)
struct ExplicitNil: Equatable {
    var maybe: String?
    var required: String
}
