import Testing
import FoundationModels
import SmartNotes

@Suite struct TeamDirectoryToolTests {
    private func lookUp(_ query: String) async throws -> String {
        try await TeamDirectoryTool().call(arguments: TeamDirectoryTool.Arguments(GeneratedContent(properties: ["query": query])))
    }

    @Test func aFirstNameGivesThatPerson() async throws {
        #expect(try await lookUp("Sara") == "Sara Ben Ali — Product Lead")
        #expect(try await lookUp("lina") == "Lina Haddad — Designer")
    }

    // What the default model passes when asked for each person of the main job's sample notes:
    // the notes themselves. The tutorial's dictionary lookup answered with one of the three, a
    // different one from process to process.
    @Test func aQueryNamingSeveralPeopleGivesEachInTheOrderNamed() async throws {
        let notes = "Discussed the Q3 launch. Youssef needs to fix the login bug. Sara to finalize pricing. Lina will share mockups."
        #expect(
            try await lookUp(notes)
                == "Youssef Trabelsi — Backend Engineer\nSara Ben Ali — Product Lead\nLina Haddad — Designer")
        #expect(try await lookUp("Lina and Sara") == "Lina Haddad — Designer\nSara Ben Ali — Product Lead")
    }

    @Test func aQueryNamingNobodySaysSo() async throws {
        #expect(try await lookUp("Budget review") == "No team member found matching 'Budget review'.")
    }
}
