// The declarations of the macro expansion tables (FoundationModelsMacrosTests), compiled for real:
// every form `@Generable` accepts must build against this package.

public import FoundationModels

@Generable(description: "Explicit", representNilExplicitlyInGeneratedContent: true)
struct Explicit: Equatable {
    var maybe: String?
    var count: Int
}

@Generable
public struct Record: Equatable {
    public var id: GenerationID
    public var name: String
    public var nickname: String?
    public var tags: [String]?
}

@Generable(description: "How urgent a task is")
public enum Urgency: Equatable {
    case low, medium
    case `default`
}

@Generable
nonisolated struct Empty: Equatable {
}

@Generable
struct Mixed: Equatable {
    static let shared: Int = 0
    let kind = "mixed"
    var a, b: Int
    var `default`: String
    var computed: Int { a + b }
    var observed: Double = 0 {
        didSet { print(observed) }
    }
    func helper() {}
}

@Generable
struct Custom: Generable {
    var value: Int

    init(value: Int) {
        self.value = value
    }

    init(_ content: GeneratedContent) throws {
        self.value = try content.value(Int.self, forProperty: "value") * 10
    }
}

@Generable(representNilExplicitlyInGeneratedContent: true)
enum Shape: Equatable {
    case circle(radius: Double?)
}

@Generable
struct Item: Equatable {
    var id: Int
    var title: String
}

/// A generic type whose property type is its parameter.
@Generable
struct Box<Content: Generable & Equatable>: Equatable {
    var content: Content
}

/// A type that stores its generation identity under another name.
@Generable
struct Tracked {
    var generationID: GenerationID?
    var label: String
}
