import ChatTemplates
import Foundation
import Testing

/// How long parsing a template and rendering a 10-message chat take (opt-in: `RUN_BENCHMARKS=1`).
///
/// Question answered: is rendering well under a millisecond per request for real templates?
/// Reports mean, p50 and p95 after warm-up. Build with `-c release` for meaningful numbers.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["RUN_BENCHMARKS"] != nil))
struct RenderBenchmarkTests {
    static let conversation: [ChatMessage] = {
        var messages: [ChatMessage] = [.system("You are a helpful assistant.")]
        for index in 0..<4 {
            messages.append(.user("Question \(index): what is the weather in Paris today, and do I need an umbrella?"))
            messages.append(.assistant("Answer \(index): sunny and 21 °C; no umbrella needed. Anything else?"))
        }
        messages.append(.user("Thanks! And Tokyo?"))
        return messages
    }()

    private func measure(_ label: String, iterations: Int = 500, _ body: () throws -> Void) rethrows {
        for _ in 0..<50 { try body() }
        var samples: [Double] = []
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
        }
        samples.sort()
        let mean = samples.reduce(0, +) / Double(samples.count)
        print("\(label): mean \(Int(mean)) µs, p50 \(Int(samples[samples.count / 2])) µs, p95 \(Int(samples[samples.count * 95 / 100])) µs")
    }

    @Test(arguments: ["SmolLM2-135M-Instruct", "Qwen2.5-Coder-0.5B-Instruct", "Llama-3.1-8B-Instruct", "Qwen3-0.6B", "gpt-oss-120b"])
    func parseAndRender(_ name: String) throws {
        let entry = try #require(Fixtures.templates.first { $0.name == name })
        let source = try #require(Fixtures.text(entry.file))
        try measure("parse \(name)", iterations: 200) { _ = try ChatTemplate(source: source) }
        let template = try ChatTemplate(source: source, bosToken: entry.bosToken, eosToken: entry.eosToken)
        try measure("render 10 messages with \(name)") { _ = try template.render(messages: Self.conversation) }
    }
}
