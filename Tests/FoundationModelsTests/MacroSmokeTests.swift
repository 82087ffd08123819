import Testing
import FoundationModels

@Generable struct Smoke {}

@Suite struct MacroSmokeTests {
    @Test func placeholderExpands() { #expect(Smoke.__placeholder == 42) }
}
