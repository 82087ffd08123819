import FoundationModels
import Testing

@Suite struct SeedTypesTests {
    @Test func seedTypesAreGenerable() {
        let types: [any Generable.Type] = [
            NotesDigest.self, ActionItem.self, Priority.self, TaggedNote.self, TeamDirectoryTool.Arguments.self,
        ]
        #expect(types.count == 5)
    }
}
