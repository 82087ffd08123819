import Foundation

/// Decides whether a local model's text response is a refusal.
///
/// Apple's model signals refusals itself; a local GGUF model just writes one. The detector is
/// conservative, so that a helpful answer is never turned into an error. A response is a refusal
/// only when all of these hold:
///
/// 1. it **opens** with a first-person refusal: an optional apology ("I'm sorry", "Sorry",
///    "Unfortunately", "As an AI …,"), then "I", a negation ("can't", "cannot", "won't",
///    "am unable to", "must decline", …) and an act of helping ("help", "assist", "comply",
///    "fulfill", "do that", …);
/// 2. it is **short**: at most ``maximumLength`` characters and three sentences (a refusal does
///    not go on to answer);
/// 3. it offers **nothing instead** ("however", "instead", "here is", "but I can", …).
///
/// So "I'm sorry, but I can't help with that." is a refusal; "I'm sorry for the confusion. Here
/// is the list…", "I can't browse the web, but here is what I know…" and "I cannot stress
/// enough how important sleep is." are not. It reads English only: refusals in other languages
/// pass as answers.
enum RefusalDetector {
    /// The longest response that can be a refusal.
    static let maximumLength = 320

    /// Whether the response text is a clear refusal.
    static func isRefusal(_ response: String) -> Bool {
        var text = normalized(response)
        guard !text.isEmpty, text.count <= maximumLength, sentenceCount(text) <= 3 else { return false }
        guard !alternatives.contains(where: text.contains) else { return false }
        text = droppingApology(text)
        guard text.hasPrefix("i ") else { return false }
        text.removeFirst(2)
        guard let negation = negations.first(where: text.hasPrefix) else { return false }
        text.removeFirst(negation.count)
        if negation.hasSuffix("decline") || negation.hasSuffix("refuse") { return true }
        text = String(text.drop { $0 == " " })
        return helpingActs.contains(where: text.hasPrefix)
    }

    /// Lowercased, with typographic apostrophes straightened, contractions of "I am" expanded
    /// and surrounding white space removed.
    static func normalized(_ text: String) -> String {
        text.lowercased()
            .replacingOccurrences(of: "\u{2019}", with: "'")
            .replacingOccurrences(of: "i'm ", with: "i am ")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func sentenceCount(_ text: String) -> Int {
        text.split(whereSeparator: { ".!?\n".contains($0) })
            .filter { $0.contains { $0.isLetter } }
            .count
    }

    /// Drops a leading apology or framing clause, and the punctuation and "but" after it.
    private static func droppingApology(_ text: String) -> String {
        var rest = Substring(text)
        if rest.hasPrefix("as an ai"), let comma = rest.firstIndex(of: ",") {
            rest = rest[rest.index(after: comma)...]
        }
        for apology in apologies where rest.hasPrefix(apology) {
            rest = rest.dropFirst(apology.count)
            break
        }
        rest = rest.drop { " ,.!;:-".contains($0) }
        if rest.hasPrefix("but ") { rest = rest.dropFirst(4) }
        if rest.hasPrefix("as an ai"), let comma = rest.firstIndex(of: ",") {
            rest = rest[rest.index(after: comma)...].drop { $0 == " " }
        }
        return String(rest)
    }

    private static let apologies = [
        "i am sorry", "i am really sorry", "i am afraid", "sorry", "i apologize", "i apologise",
        "unfortunately", "my apologies"
    ]

    private static let negations = [
        "can't", "cannot", "can not", "won't", "will not", "am unable to", "am not able to",
        "must decline", "must respectfully decline", "have to decline", "must refuse", "am not going to",
        "do not feel comfortable", "don't feel comfortable"
    ]

    private static let helpingActs = [
        "help", "assist", "comply", "fulfill", "fulfil", "be able to help", "be able to assist",
        "provide that", "provide this", "provide help", "provide assistance", "provide information on",
        "provide instructions", "do that", "do this", "engage", "answer that", "answer this",
        "support that", "support this", "write that", "write this", "create that", "create this",
        "generate that", "generate this", "participate", "continue with", "go along"
    ]

    /// Phrases that offer something instead, so the response is an answer after all.
    private static let alternatives = [
        "however", "instead", "here is", "here's", "here are", "but i can ", "but i could ",
        "but i'd be happy", "but i would be happy", "but i am happy"
    ]
}
