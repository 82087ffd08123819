import Foundation
import Testing
@testable import FoundationModelsCore
import LlamaBackend
import TestSupport

/// The script-based language check of local models.
@Suite struct WritingScriptTests {
    static let samples: [(text: String, script: WritingScript?)] = [
        ("Hello world, how are you today?", .latin),
        ("Bonjour, ça va très bien aujourd'hui !", .latin),
        ("Привет! Как у тебя дела сегодня?", .cyrillic),
        ("Καλημέρα, τι κάνεις σήμερα;", .greek),
        ("שלום, מה שלומך היום?", .hebrew),
        ("مرحبا، كيف حالك اليوم؟", .arabic),
        ("नमस्ते, आज आप कैसे हैं?", .devanagari),
        ("สวัสดีครับ วันนี้เป็นอย่างไรบ้าง", .thai),
        ("안녕하세요, 오늘 기분이 어떠세요?", .hangul),
        ("今日はとても良い天気ですね、散歩に行きましょう。", .kana),
        ("你好，今天天气很好，我们去公园散步吧。", .han),
        // Too few letters to tell, or no clear majority.
        ("Привет", nil),
        ("12345 + 678 = ? 😀 !!!", nil),
        ("Hello Привет hello Привет", nil),
        // A few foreign words in English text stay English.
        ("The Russian word Привет means hello in English, and it is common.", .latin)
    ]

    @Test(arguments: samples)
    func theDominantScriptIsFound(text: String, script: WritingScript?) {
        #expect(WritingScript.dominant(in: text) == script)
    }

    @Test func everyScriptNamesItsLanguages() {
        for script in WritingScript.allCases {
            #expect(!script.languages.isEmpty)
        }
        #expect(WritingScript.cyrillic.languages.first == "ru")
        #expect(WritingScript.han.languages.contains("ja"))
    }

    @Test(.requiresSmolLM2) func anEnglishModelRejectsOtherScriptsOnly() throws {
        let model = try LlamaModelStore.shared.vocabularyModel(at: TestModels.smolLM2Path)
        #expect(ModelLanguages.supported(by: model).codes == ["en"])
        #expect(ModelLanguages.supported(by: model).isDeclared)
        #expect(throws: Never.self) { try ModelLanguages.check("Wie geht es dir heute, mein Freund?", model: model) }
        #expect(throws: Never.self) { try ModelLanguages.check("print(\"Привет\")  # say hello in the console", model: model) }
        #expect {
            try ModelLanguages.check("你好，今天天气很好，我们去公园散步吧。", model: model)
        } throws: { error in
            guard case LanguageModelSession.GenerationError.unsupportedLanguageOrLocale(let context) = error,
                case .language(let code)? = context.details
            else { return false }
            return code == Locale.LanguageCode("zh")
        }
    }
}
