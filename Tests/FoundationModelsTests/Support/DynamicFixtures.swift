import FoundationModels

/// Dynamic schemas used by several suites.
enum DynamicFixtures {
    /// A shelter of cats, with a reference, an array with bounds, string choices, guides, an
    /// optional property, a nested inline object and a choice between schemas.
    static func shelter() throws -> GenerationSchema {
        let cat = DynamicGenerationSchema(
            name: "Cat",
            description: "A cat",
            properties: [
                .init(name: "name", schema: .init(type: String.self)),
                .init(name: "age", description: "Years", schema: .init(type: Int.self, guides: [.range(0...20)])),
                .init(name: "mood", schema: .init(name: "Mood", anyOf: ["calm", "grumpy"])),
                .init(name: "nickname", schema: .init(type: String.self), isOptional: true)
            ]
        )
        let address = DynamicGenerationSchema(
            name: "Address",
            properties: [.init(name: "city", schema: .init(type: String.self))]
        )
        let contact = DynamicGenerationSchema(
            name: "Contact",
            anyOf: [.init(type: String.self, guides: [.pattern(/[0-9]+/)]), .null]
        )
        let shelter = DynamicGenerationSchema(
            name: "Shelter",
            properties: [
                .init(name: "cats", schema: .init(arrayOf: .init(referenceTo: "Cat"), minimumElements: 1, maximumElements: 5)),
                .init(name: "address", schema: address),
                .init(name: "contact", schema: contact, isOptional: true),
                .init(name: "owner", schema: .init(type: Person.self))
            ]
        )
        return try GenerationSchema(root: shelter, dependencies: [cat])
    }
}
