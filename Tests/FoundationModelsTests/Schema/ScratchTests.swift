@testable import FoundationModels
import Foundation
import Testing

@Suite struct ScratchTests {
    @Test func dump() throws {
        for schema in [NotesDigest.generationSchema, TaggedNote.generationSchema, Priority.generationSchema, Person.generationSchema, Step.generationSchema, Kitchen.generationSchema, Review.generationSchema, Article.generationSchema, ExplicitNil.generationSchema, [Person].generationSchema] {
            print(schema.jsonSchemaText(prettyPrinted: false))
            print("---")
        }
        let step = Step.set(field: "count", to: .number(1))
        print(step.generatedContent.jsonString)
        print(Step.pair(1, 2).generatedContent.jsonString, Step.note(nil).generatedContent.jsonString, Step.reset.generatedContent.jsonString)
        let a = Article(title: "T", summary: "S", tags: ["a","b","c"], sections: [Section(heading: "h", body: "b")])
        print(a.generatedContent.jsonString)
        print(try Article(GeneratedContent(json: a.generatedContent.jsonString)) == a)
        let p = try Article.PartiallyGenerated(GeneratedContent(json: #"{"title": "Hel"#))
        print(p)
        print(a.asPartiallyGenerated())
        print(Step.add(.name("x"), to: "y").asPartiallyGenerated())
        print(ExplicitNil(maybe: nil, required: "r").generatedContent.jsonString)
    }
}
