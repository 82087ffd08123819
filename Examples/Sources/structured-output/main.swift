// Guided generation: the model's output always decodes into the Swift type, every @Guide enforced
// while decoding. Streaming shows the value filling in.
//
//   swift run --package-path Examples structured-output

import FoundationModels

@Generable
struct Recipe {
    @Guide(description: "The dish's name.")
    var name: String
    @Guide(description: "Servings", .range(1...8))
    var servings: Int
    @Guide(description: "Ingredients with quantities.", .count(3...6))
    var ingredients: [String]
    var difficulty: Difficulty
}

@Generable
enum Difficulty {
    case easy, medium, hard
}

let session = LanguageModelSession(instructions: "You are a cook who writes short recipes.")
for try await snapshot in session.streamResponse(to: "A simple pancake recipe.", generating: Recipe.self) {
    print(snapshot.rawContent.jsonString)
}
let recipe = try await session.respond(to: "Now a tomato soup.", generating: Recipe.self).content
print("\n\(recipe.name) for \(recipe.servings): \(recipe.ingredients.joined(separator: ", ")) (\(recipe.difficulty))")
