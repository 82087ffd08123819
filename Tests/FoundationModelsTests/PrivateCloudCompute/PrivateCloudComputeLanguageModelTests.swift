import Foundation
import Testing
import TestSupport
import FoundationModelsTesting
@testable import FoundationModelsCore
@testable import OpenAICompatibleBackend

/// `PrivateCloudComputeLanguageModel` against scripted servers on loopback: availability,
/// simulations, the daily quota, and how its errors reach the caller.
///
/// Every model here is configured by an environment dictionary, never the process's, and each
/// scripted server has its own port, so each test has its own quota account.
@Suite struct PrivateCloudComputeLanguageModelTests {
    typealias PCC = PrivateCloudComputeLanguageModel

    static func sse(_ payloads: [String]) -> String {
        payloads.map { "data: \($0)\n\n" }.joined()
    }

    /// A reply that answers `text` and reports `prompt` + `completion` tokens.
    static func answer(_ text: String, prompt: Int, completion: Int) -> ScriptedHTTPServer.Reply {
        .init(
            body: sse([
                #"{"choices":[{"index":0,"delta":{"content":"\#(text)"}}]}"#,
                #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#,
                #"{"choices":[],"usage":{"prompt_tokens":\#(prompt),"completion_tokens":\#(completion)}}"#,
                "[DONE]"
            ]))
    }

    static func environment(_ server: ScriptedHTTPServer, _ extra: [String: String] = [:]) -> [String: String] {
        ["FM_PCC_BASE_URL": "http://127.0.0.1:\(server.port)/v1", "FM_PCC_MODEL": "big", "FM_PCC_API_KEY": "sk-pcc"].merging(extra) { $1 }
    }

    static func nextUTCMidnight() -> Date {
        let now = Date().timeIntervalSince1970
        return Date(timeIntervalSince1970: (now / 86_400).rounded(.down) * 86_400 + 86_400)
    }

    @Test func anUnconfiguredModelIsNotEligible() async throws {
        let model = PCC(environment: [:])
        #expect(model.availability == .unavailable(.deviceNotEligible))
        #expect(!model.isAvailable)
        #expect(!model.quotaUsage.isLimitReached)
        #expect(model.quotaUsage.resetDate == nil)
        let session = LanguageModelSession(model: model)
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case LanguageModelSession.GenerationError.assetsUnavailable(let context) = error else { return false }
            return context.debugDescription.contains("FM_PCC_BASE_URL")
        }
        await #expect(throws: LanguageModelSession.GenerationError.self) { try await model.contextSize }
    }

    @Test(arguments: [
        ("available", PCC.Availability.available),
        ("deviceNotEligible", .unavailable(.deviceNotEligible)),
        ("systemNotReady", .unavailable(.systemNotReady)),
        ("nonsense", .unavailable(.deviceNotEligible))
    ])
    func simulatedAvailability(value: String, expected: PCC.Availability) {
        #expect(PCC(environment: ["FM_SIMULATE_PCC_AVAILABILITY": value]).availability == expected)
    }

    @Test func aSimulatedUnavailableServerIsNotAsked() async throws {
        let server = try ScriptedHTTPServer(replies: [Self.answer("never", prompt: 1, completion: 1)])
        defer { server.stop() }
        let model = PCC(environment: Self.environment(server, ["FM_SIMULATE_PCC_AVAILABILITY": "systemNotReady"]))
        #expect(model.availability == .unavailable(.systemNotReady))
        await #expect(throws: LanguageModelSession.GenerationError.self) {
            try await LanguageModelSession(model: model).respond(to: "Hi")
        }
        #expect(server.requests.isEmpty)
    }

    @Test(arguments: [("belowLimit", false, false), ("approachingLimit", false, true), ("limitReached", true, false)])
    func simulatedQuota(value: String, isLimitReached: Bool, isApproachingLimit: Bool) async throws {
        let server = try ScriptedHTTPServer(replies: [Self.answer("Hello.", prompt: 1, completion: 1)])
        defer { server.stop() }
        let model = PCC(environment: Self.environment(server, ["FM_SIMULATE_PCC_QUOTA": value]))
        let usage = model.quotaUsage
        #expect(usage.isLimitReached == isLimitReached)
        if case .belowLimit(let below) = usage.status {
            #expect(below.isApproachingLimit == isApproachingLimit)
        }
        #expect(usage.resetDate == Self.nextUTCMidnight())
        #expect(usage.limitIncreaseSuggestion != nil)
        let session = LanguageModelSession(model: model)
        if isLimitReached {
            await #expect(throws: PCC.Error.self) { try await session.respond(to: "Hi") }
            #expect(server.requests.isEmpty)
        } else {
            #expect(try await session.respond(to: "Hi").content == "Hello.")
        }
    }

    @Test func aSessionRespondsThroughTheServer() async throws {
        let server = try ScriptedHTTPServer(replies: [Self.answer("Paris.", prompt: 20, completion: 2)])
        defer { server.stop() }
        let model = PCC(environment: Self.environment(server))
        #expect(model.availability == .available)
        #expect(model.isAvailable)
        #expect(model.capabilities.contains(.guidedGeneration) && model.capabilities.contains(.toolCalling))
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        let response = try await session.respond(to: "Capital of France?")
        #expect(response.content == "Paris.")
        #expect(response.usage.input.totalTokenCount == 20)
        let head = try #require(server.requests.first?.head)
        #expect(head.hasPrefix("POST /v1/chat/completions HTTP/1.1"))
        #expect(head.lowercased().contains("authorization: bearer sk-pcc"))
        #expect(try #require(server.jsonBody(of: 0))["model"] as? String == "big")
        // No quota configured: unlimited, and no reset date.
        #expect(!model.quotaUsage.isLimitReached)
        #expect(model.quotaUsage.resetDate == nil)
        #expect(model.quotaUsage.limitIncreaseSuggestion == nil)
    }

    @Test func theQuotaCountsTokensUntilTheLimitThenRefusesBeforeTheServer() async throws {
        let server = try ScriptedHTTPServer(replies: [
            Self.answer("One.", prompt: 90, completion: 10), Self.answer("Two.", prompt: 25, completion: 5), Self.answer("Never.", prompt: 1, completion: 1)
        ])
        defer { server.stop() }
        let model = PCC(environment: Self.environment(server, ["FM_PCC_DAILY_TOKEN_QUOTA": "120"]))
        let session = LanguageModelSession(model: model)
        guard case .belowLimit(let fresh) = model.quotaUsage.status else {
            Issue.record("a fresh quota is reached")
            return
        }
        #expect(!fresh.isApproachingLimit)
        #expect(model.quotaUsage.resetDate == Self.nextUTCMidnight())

        #expect(try await session.respond(to: "First").content == "One.")
        // 100 of 120 tokens: more than 80%.
        guard case .belowLimit(let after) = model.quotaUsage.status else {
            Issue.record("the quota is reached after 100 of 120 tokens")
            return
        }
        #expect(after.isApproachingLimit)

        #expect(try await session.respond(to: "Second").content == "Two.")
        #expect(model.quotaUsage.isLimitReached)
        // A new instance on the same server and model shares the day's count.
        #expect(PCC(environment: Self.environment(server, ["FM_PCC_DAILY_TOKEN_QUOTA": "120"])).quotaUsage.isLimitReached)

        await #expect {
            try await session.respond(to: "Third")
        } throws: { error in
            guard case PCC.Error.quotaLimitReached(let info) = error else { return false }
            return info.resetDate == Self.nextUTCMidnight() && info.limitIncreaseSuggestion != nil
                && info.debugDescription.contains("130 of the 120 tokens")
        }
        #expect(server.requests.count == 2)

        // The session is intact and usable: the transcript holds the two exchanges, and its
        // conversation continues on another model.
        #expect(!session.isResponding)
        #expect(session.transcript.count == 4)
        let fallback = LanguageModelSession(model: MockLanguageModel(replies: [.text("Three.")]), transcript: session.transcript)
        #expect(try await fallback.respond(to: "Third").content == "Three.")
    }

    @Test func tokensAreEstimatedWhenTheServerReportsNone() async throws {
        let server = try ScriptedHTTPServer(replies: [
            .init(
                body: Self.sse([
                    #"{"choices":[{"index":0,"delta":{"content":"Twelve chars"}}]}"#, #"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#, "[DONE]"
                ]))
        ])
        defer { server.stop() }
        let model = PCC(environment: Self.environment(server, ["FM_PCC_DAILY_TOKEN_QUOTA": "100000"]))
        _ = try await LanguageModelSession(model: model).respond(to: "Hi")
        let body = try #require(server.requests.first?.body)
        let used = PrivateCloudComputeQuotaLedger.inMemory.tokensUsed(by: model.settings.quotaAccount)
        #expect(used == ExchangeTokenCount.estimate(characters: body.count) + 3)
    }

    @Test func aQuotaOfZeroIsReachedAtOnce() async throws {
        let server = try ScriptedHTTPServer(replies: [Self.answer("Never.", prompt: 1, completion: 1)])
        defer { server.stop() }
        let model = PCC(environment: Self.environment(server, ["FM_PCC_DAILY_TOKEN_QUOTA": "0"]))
        #expect(model.isAvailable)
        #expect(model.quotaUsage.isLimitReached)
        await #expect(throws: PCC.Error.self) {
            try await LanguageModelSession(model: model).respond(to: "Hi")
        }
        #expect(server.requests.isEmpty)
    }

    @Test func anUnreachableServerIsANetworkFailure() async throws {
        // Nothing listens on port 1 of loopback: the connection is refused.
        let model = PCC(environment: ["FM_PCC_BASE_URL": "http://127.0.0.1:1/v1", "FM_PCC_DAILY_TOKEN_QUOTA": "1000"])
        #expect(model.availability == .available)
        let session = LanguageModelSession(model: model)
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case PCC.Error.networkFailure(let info) = error else { return false }
            return info.debugDescription.contains("127.0.0.1:1")
        }
        #expect(session.transcript.count == 0)
        #expect(!session.isResponding)
        // A failed request charges nothing.
        #expect(PrivateCloudComputeQuotaLedger.inMemory.tokensUsed(by: model.settings.quotaAccount) == 0)
        await #expect(throws: PCC.Error.self) { try await model.contextSize }
    }

    @Test(arguments: [502, 503, 504])
    func anOverloadedServerIsUnavailable(status: Int) async throws {
        let server = try ScriptedHTTPServer(replies: [
            .init(status: status, contentType: "application/json", body: #"{"error":{"message":"loading model"}}"#)
        ])
        defer { server.stop() }
        let session = LanguageModelSession(model: PCC(environment: Self.environment(server)))
        await #expect {
            try await session.respond(to: "Hi")
        } throws: { error in
            guard case PCC.Error.serviceUnavailable(let info) = error else { return false }
            return info.debugDescription.contains("HTTP \(status)") && info.debugDescription.contains("loading model")
        }
    }

    @Test func aStreamingSessionThrowsTheTypedError() async throws {
        let server = try ScriptedHTTPServer(replies: [])
        defer { server.stop() }
        let session = LanguageModelSession(model: PCC(environment: Self.environment(server, ["FM_PCC_DAILY_TOKEN_QUOTA": "0"])))
        await #expect(throws: PCC.Error.self) {
            for try await _ in session.streamResponse(to: "Hi") {}
        }
    }

    @Test(arguments: [(0, 100, false), (79, 100, false), (80, 100, true), (99, 100, true)])
    func approachingStartsAtEightyPercent(used: Int, quota: Int, approaching: Bool) {
        guard case .belowLimit(let below) = PCC.QuotaUsage.status(used: used, quota: quota) else {
            Issue.record("\(used) of \(quota) is reached")
            return
        }
        #expect(below.isApproachingLimit == approaching)
    }

    @Test(arguments: [(100, 100), (101, 100), (0, 0)])
    func theLimitIsReachedAtTheQuota(used: Int, quota: Int) {
        guard case .limitReached = PCC.QuotaUsage.status(used: used, quota: quota) else {
            Issue.record("\(used) of \(quota) is below the limit")
            return
        }
    }

    @Test func theContextSizeIsConfiguredOrAskedOfTheServer() async throws {
        #expect(try await PCC(environment: ["FM_PCC_CONTEXT_SIZE": "32768"]).contextSize == 32768)

        let props = try ScriptedHTTPServer(replies: [
            .init(contentType: "application/json", body: #"{"default_generation_settings":{"n_ctx":4096},"total_slots":1}"#)
        ])
        defer { props.stop() }
        let model = PCC(environment: Self.environment(props))
        #expect(try await model.contextSize == 4096)
        // Asked once: the server has no second reply.
        #expect(try await model.contextSize == 4096)
        #expect(props.requests.count == 1)
        #expect(props.requests.first?.head.hasPrefix("GET /props HTTP/1.1") == true)

        let noProps = try ScriptedHTTPServer(replies: [.init(status: 404, contentType: "text/plain", body: "not found")])
        defer { noProps.stop() }
        #expect(try await PCC(environment: Self.environment(noProps)).contextSize == PCC.defaultContextSize)
    }

    @Test func languagesAreConfigured() {
        let model = PCC(environment: ["FM_PCC_LANGUAGES": "en, fr"])
        #expect(model.supportedLanguages == [Locale.Language(identifier: "en"), Locale.Language(identifier: "fr")])
        #expect(model.supportsLocale(Locale(identifier: "fr_FR")))
        #expect(!model.supportsLocale(Locale(identifier: "de_DE")))
        #expect(PCC(environment: [:]).supportsLocale(Locale(identifier: "ja_JP")))
    }

    @Test func theQuotaFileKeepsTheDaysUsage() async throws {
        let file = try ScratchFolder.file("pcc-quota.json")
        let server = try ScriptedHTTPServer(replies: [Self.answer("One.", prompt: 7, completion: 3)])
        defer { server.stop() }
        let model = PCC(environment: Self.environment(server, ["FM_PCC_DAILY_TOKEN_QUOTA": "50", "FM_PCC_QUOTA_FILE": file.path]))
        _ = try await LanguageModelSession(model: model).respond(to: "Hi")
        let saved = try JSONDecoder().decode([String: PrivateCloudComputeQuotaLedger.Entry].self, from: Data(contentsOf: file))
        #expect(saved[model.settings.quotaAccount]?.tokens == 10)
        #expect(saved[model.settings.quotaAccount]?.day == PrivateCloudComputeQuotaLedger.day(of: Date()))
        // The in-memory ledger is not charged.
        #expect(PrivateCloudComputeQuotaLedger.inMemory.tokensUsed(by: model.settings.quotaAccount) == 0)
    }

    @Test func errorsDescribeThemselves() {
        let errors: [PCC.Error] = [
            .networkFailure(.init(debugDescription: "refused")),
            .quotaLimitReached(.init(debugDescription: "used up")),
            .serviceUnavailable(.init(debugDescription: "HTTP 503"))
        ]
        #expect(errors.allSatisfy { $0.errorDescription != nil })
        #expect(errors.map(\.debugDescription) == ["networkFailure: refused", "quotaLimitReached: used up", "serviceUnavailable: HTTP 503"])
        let reached = PCC.Error.QuotaLimitReached(debugDescription: "x")
        #expect(reached.resetDate == nil && reached.limitIncreaseSuggestion == nil)
    }
}
