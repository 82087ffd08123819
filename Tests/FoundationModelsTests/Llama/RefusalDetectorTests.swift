import Testing
@testable import FoundationModelsCore

/// Which local-model answers count as refusals: clear, short, first-person refusals only.
@Suite struct RefusalDetectorTests {
    static let refusals = [
        "I'm sorry, but I can't help with that.",
        "I’m sorry, but I can’t assist with that request.",
        "I cannot help with that.",
        "Sorry, I can't do that.",
        "I apologize, but I cannot comply with this request.",
        "As an AI language model, I cannot help with creating harmful content.",
        "Unfortunately, I won't be able to help with that.",
        "I'm afraid I can't provide instructions for that.",
        "I must decline.",
        "I am unable to assist with this.",
        "  I'm sorry, but I cannot fulfill that request. It could cause harm.  "
    ]

    static let answers = [
        "The capital of France is Paris.",
        "I'm sorry for any misunderstanding. I'm here to assist you with any kind of creative writing project.",
        "I'm sorry to hear that. Here are some tips to sleep better.",
        "I can't browse the internet.",
        "I cannot stress enough how important sleep is.",
        "I'm sorry, but I can't help with that. However, I can suggest a locksmith.",
        "I can't help with that directly, but I can explain how locks work.",
        "Sorry, but I can't help with that. Instead, try asking a librarian.",
        "Here is the list: apples, pears.",
        "I cannot but notice that the question is ambiguous.",
        // A refusal opening followed by a long answer is an answer.
        "I can't help with everything, but let me try. First, gather your tools. Second, read the manual. Third, "
            + "check the screws. Fourth, tighten them. Fifth, test the result and repeat if needed.",
        "",
        "Je suis désolé, mais je ne peux pas vous aider."
    ]

    @Test(arguments: refusals)
    func refusalsAreDetected(text: String) {
        #expect(RefusalDetector.isRefusal(text))
    }

    @Test(arguments: answers)
    func answersAreNotRefusals(text: String) {
        #expect(!RefusalDetector.isRefusal(text))
    }

    @Test func longResponsesAreNeverRefusals() {
        let long = "I'm sorry, but I can't help with that " + String(repeating: "very ", count: 80) + "long request."
        #expect(!RefusalDetector.isRefusal(long))
    }
}
