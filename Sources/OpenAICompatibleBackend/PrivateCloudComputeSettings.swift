public import Foundation
import Synchronization

/// Which server plays the part of Private Cloud Compute for ``PrivateCloudComputeLanguageModel``,
/// and its daily token quota (an extra of this implementation).
///
/// On Apple platforms the larger model runs on Apple's servers. Here it is any OpenAI-compatible
/// server (llama-server with a larger model, vLLM, a hosted API) configured by the environment or
/// in code. Without a server the model reports `.unavailable(.deviceNotEligible)`.
///
/// | variable | meaning | default |
/// |---|---|---|
/// | `FM_PCC_BASE_URL` | the server's API base URL, such as `http://10.0.0.5:8080/v1` | unset: not configured |
/// | `FM_PCC_MODEL` | the model name the server expects | `default` |
/// | `FM_PCC_API_KEY` | sent as `Authorization: Bearer …` | unset |
/// | `FM_PCC_DAILY_TOKEN_QUOTA` | prompt and response tokens allowed per UTC day | unset: unlimited |
/// | `FM_PCC_CONTEXT_SIZE` | what ``PrivateCloudComputeLanguageModel/contextSize`` reports | asked of the server |
/// | `FM_PCC_LANGUAGES` | comma-separated language codes the server's model supports | a broad default |
/// | `FM_PCC_QUOTA_FILE` | a JSON file that keeps the day's usage across processes | unset: kept in memory |
/// | `FM_SIMULATE_PCC_AVAILABILITY` | `available`, `deviceNotEligible` or `systemNotReady` | unset |
/// | `FM_SIMULATE_PCC_QUOTA` | `belowLimit`, `approachingLimit` or `limitReached` | unset |
///
/// ```swift
/// PrivateCloudComputeSettings.current = PrivateCloudComputeSettings(
///     baseURL: URL(string: "http://10.0.0.5:8080/v1")!, model: "qwen2.5-14b", dailyTokenQuota: 200_000)
/// let model = PrivateCloudComputeLanguageModel()   // now uses that server
/// ```
public struct PrivateCloudComputeSettings: Sendable, Hashable {
    /// The server; `nil` when none is configured, and the model is then unavailable.
    public var server: OpenAICompatibleLanguageModel.Configuration?
    /// Prompt and response tokens allowed per calendar day (UTC); `nil` for no limit, 0 to block
    /// every request.
    public var dailyTokenQuota: Int?
    /// The context size to report; `nil` to ask the server (llama-server's `/props`).
    public var contextSize: Int?
    /// The languages the server's model supports.
    public var supportedLanguages: Set<Locale.Language>
    /// A JSON file that keeps each day's usage, so that several processes share one quota; `nil`
    /// to count in memory, for this process only. A suitable place is
    /// `~/.cache/foundation-models-linux/pcc-quota.json`.
    public var quotaFile: String?
    /// An availability to report instead of the real one, as Xcode's scheme option does.
    public var simulatedAvailability: SimulatedAvailability?
    /// A quota state to report (and enforce) instead of the real one.
    public var simulatedQuota: SimulatedQuota?

    /// An availability to report instead of the real one (`FM_SIMULATE_PCC_AVAILABILITY`).
    public enum SimulatedAvailability: String, Sendable, Hashable, CaseIterable {
        /// Report `.available`.
        case available
        /// Report `.unavailable(.deviceNotEligible)`.
        case deviceNotEligible
        /// Report `.unavailable(.systemNotReady)`.
        case systemNotReady
    }

    /// A quota state to report instead of the real one (`FM_SIMULATE_PCC_QUOTA`).
    public enum SimulatedQuota: String, Sendable, Hashable, CaseIterable {
        /// Below the limit, not close to it.
        case belowLimit
        /// Below the limit, with 80% or more used.
        case approachingLimit
        /// The limit is reached: requests throw `quotaLimitReached`.
        case limitReached
    }

    /// The languages assumed for a server's model when none are configured: the ones the larger
    /// open models are commonly trained on.
    public static let defaultLanguageCodes = ["en", "fr", "de", "es", "it", "pt", "nl", "ja", "ko", "zh", "ru", "ar", "hi", "tr", "vi"]

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - server: How to reach the server; `nil` for none (the model is unavailable).
    ///   - dailyTokenQuota: Tokens allowed per UTC day; `nil` for no limit.
    ///   - contextSize: The context size to report; `nil` to ask the server.
    ///   - supportedLanguages: The languages the server's model supports.
    ///   - quotaFile: A JSON file that keeps each day's usage; `nil` to count in memory.
    public init(
        server: OpenAICompatibleLanguageModel.Configuration?,
        dailyTokenQuota: Int? = nil,
        contextSize: Int? = nil,
        supportedLanguages: Set<Locale.Language> = Set(Self.defaultLanguageCodes.map { Locale.Language(identifier: $0) }),
        quotaFile: String? = nil
    ) {
        self.server = server
        self.dailyTokenQuota = dailyTokenQuota
        self.contextSize = contextSize
        self.supportedLanguages = supportedLanguages
        self.quotaFile = quotaFile
    }

    /// Creates settings for a server.
    ///
    /// - Parameters:
    ///   - baseURL: The server's API base URL, such as `http://10.0.0.5:8080/v1`.
    ///   - model: The model name the server expects.
    ///   - apiKey: The bearer token, if the server needs one.
    ///   - dailyTokenQuota: Tokens allowed per UTC day; `nil` for no limit.
    ///   - contextSize: The context size to report; `nil` to ask the server.
    public init(baseURL: URL, model: String, apiKey: String? = nil, dailyTokenQuota: Int? = nil, contextSize: Int? = nil) {
        self.init(
            server: OpenAICompatibleLanguageModel.Configuration(baseURL: baseURL, model: model, apiKey: apiKey),
            dailyTokenQuota: dailyTokenQuota, contextSize: contextSize)
    }

    /// Settings read from an environment (see the table above).
    ///
    /// - Parameter environment: The variables; the process's own by default.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0.trimmingCharacters(in: .whitespaces) }
        }
        let server = value("FM_PCC_BASE_URL").flatMap(URL.init(string:)).map { url in
            OpenAICompatibleLanguageModel.Configuration(baseURL: url, model: value("FM_PCC_MODEL") ?? "default", apiKey: value("FM_PCC_API_KEY"))
        }
        self.init(server: server)
        dailyTokenQuota = value("FM_PCC_DAILY_TOKEN_QUOTA").flatMap(Int.init).map { max(0, $0) }
        contextSize = value("FM_PCC_CONTEXT_SIZE").flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
        if let codes = value("FM_PCC_LANGUAGES") {
            let languages = codes.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            supportedLanguages = Set(languages.map { Locale.Language(identifier: $0) })
        }
        quotaFile = value("FM_PCC_QUOTA_FILE").map { ($0 as NSString).expandingTildeInPath }
        simulatedAvailability = value("FM_SIMULATE_PCC_AVAILABILITY").flatMap(SimulatedAvailability.init(rawValue:))
        simulatedQuota = value("FM_SIMULATE_PCC_QUOTA").flatMap(SimulatedQuota.init(rawValue:))
    }

    private static let storage = Mutex<PrivateCloudComputeSettings?>(nil)

    /// The settings ``PrivateCloudComputeLanguageModel/init()`` uses; read from the environment
    /// until set.
    public static var current: PrivateCloudComputeSettings {
        get { storage.withLock { $0 ?? PrivateCloudComputeSettings() } }
        set { storage.withLock { $0 = newValue } }
    }

    /// What the quota is counted against: one server and model.
    var quotaAccount: String {
        guard let server else { return "" }
        return "\(server.baseURL.absoluteString) \(server.model)"
    }
}
