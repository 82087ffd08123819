import Foundation
import LlamaBackend
import Synchronization

/// Which local GGUF model backs ``SystemLanguageModel/default``, and how it runs.
///
/// An extra of this implementation (Apple's system model is not configurable). The defaults come
/// from the environment, so tools and tests can switch models without code. This is the one place
/// that reads the library's run-time `FM_*` variables for the model; everything below receives
/// explicit values. The tools' variables (`FM_EVAL_*`, `FM_SERVE_TRACES`, `FM_API_KEY`) are read
/// through `PackageEnvironment`, whose reader this is for the model's. The set-up's layout
/// (`FM_CACHE_DIR`, `FM_PREFIX`) is read by `ModelCatalog`, beside it:
///
/// | variable | meaning | default |
/// |---|---|---|
/// | `FM_MODEL` | path of the GGUF file, or a set-up model's name: `default` (the 1.5B model; also `quality`), `small` (the 0.5B model) or `smollm2` | Qwen2.5-Coder-1.5B-Instruct from `scripts/setup.sh` |
/// | `FM_CONTEXT_SIZE` | tokens per session | 4096 |
/// | `FM_THREADS` | CPU threads | one per core |
/// | `FM_SESSIONS` | sessions decoded together | 4 |
/// | `FM_DISABLED` | `1` turns the model off (`appleIntelligenceNotEnabled`) | unset |
/// | `FM_DETECT_REFUSALS` | `0` turns refusal detection off | on |
/// | `FM_ADAPTERS_DIR` | where ``SystemLanguageModel/Adapter/init(name:)`` looks | the cache's `adapters` |
/// | `FM_SIMULATE_AVAILABILITY` | `available`, `deviceNotEligible`, `appleIntelligenceNotEnabled` or `modelNotReady` | unset |
/// | `FM_ADAPTIVE_THREADS` | `0` keeps a session decoding alone at `FM_THREADS` threads, even when one is faster under load | on |
/// | `FM_SPECULATION` | `none`, `lookup`, `lookup:N`, `draft:MODEL` or `draft:MODEL:N`: speculative decoding (see ``Speculation``) | `none` |
/// | `FM_SPECULATION_COST` | `0` drafts whatever drafting costs, instead of only where measured pass costs say it pays (to measure drafting itself) | on |
/// | `FM_CACHE_RAM` | MiB of evicted conversations kept in memory (see ``hostCacheMegabytes``); `0` keeps none | 256 |
/// | `FM_PREFIX_CACHE_MB` | MiB of instruction and tool prefixes saved on disk, in the cache folder's `prefix-cache`, for later processes (see ``prefixCacheMegabytes``); `0` saves none | 512 |
/// | `FM_ROW_LAYOUT` | `together` or `alone` fixes whether a step's decoding sessions are computed together or one by one (package-level `rowLayout`) | `adaptive` |
/// | `FM_BREAK_LOOPS` | `0` lets a guided value repeat itself until the token budget closes it | on |
/// | `FM_LOG_PROMPTS` | `1` prints every rendered prompt on standard error | off |
/// | `FM_LLAMA_LOG` | `1` shows llama.cpp's own log | off |
/// | `FM_SEMANTIC_RANKING` | `0`: `SpotlightSearchTool` ranks by words alone, not also by meaning with the set-up's embedding model (see ``ranksByMeaning``) | on |
/// | `FM_CACHE_DIR` | where `scripts/setup.sh` put the models (the default model's folder) | `~/.cache/foundation-models-linux` |
///
/// ```swift
/// LocalModelSettings.current = LocalModelSettings(modelPath: "/models/llama-3.2-1b.gguf")
/// let session = LanguageModelSession()   // now runs that model
/// ```
public struct LocalModelSettings: Sendable, Hashable {
    /// The GGUF file.
    public var modelPath: String
    /// Tokens each session's context holds (prompt, transcript and response together).
    public var contextSize: Int
    /// CPU threads for inference; `nil` for one per core.
    public var threads: Int?
    /// How many sessions the model decodes together before further ones wait.
    public var concurrentSessions: Int
    /// Whether the model is turned on.
    public var isEnabled: Bool
    /// Whether a short, clear refusal in a text response ("I'm sorry, but I can't help with
    /// that.") is thrown as ``LanguageModelSession/GenerationError/refusal(_:_:)``, as Apple's
    /// model reports refusals. The detection is conservative and reads English only.
    public var detectsRefusals: Bool
    /// A LoRA adapter (GGUF) applied on top of the model, as
    /// ``SystemLanguageModel/init(adapter:guardrails:)`` sets it; `nil` for the plain model.
    ///
    /// Sessions with and without an adapter run on separate engines that share the weights.
    public var adapterPath: String?
    /// Where ``SystemLanguageModel/Adapter/init(name:)`` looks for named adapters; `nil` for the
    /// `adapters` folder of the set-up cache.
    public var adaptersDirectory: String?
    /// What ``SystemLanguageModel/availability`` reports regardless of the model, as Xcode's scheme
    /// option does on Apple platforms; `nil` for the real answer.
    public var simulatedAvailability: SimulatedAvailability?
    /// Whether guided generation steers a value that repeats itself (the same token, or the same
    /// few tokens, over and over: `"2000000…"`, `["a", "a", …]`) to its end once the loop is seen.
    /// Greedy output without such a loop is unchanged. Either way a guided answer is never cut
    /// off: when the token budget runs low, the answer is closed validly.
    public var breaksLoops = true
    /// Whether a session decoding alone drops to one thread while that is faster: when other work
    /// holds the cores, llama.cpp's threads wait for each other at every step and several threads
    /// can be slower than one. Every 24th such step measures the other choice; steps of several
    /// sessions together keep every thread. Off, every step uses
    /// ``threads``, and answers cannot depend on the machine's load (with more than one thread,
    /// llama.cpp's attention over 512 or more cached tokens rounds differently by thread count).
    public var adaptsThreadsToLoad = true
    /// How much memory, in MiB, keeps the cached tokens of conversations whose slot another one
    /// took (with more sessions than ``concurrentSessions``), so that a prompt that continues
    /// them restores their cache instead of computing it again; 0 keeps none. The least recently
    /// used go first. Qwen2.5-0.5B's cache takes 12 KiB a token: 256 MiB holds about 21,000.
    public var hostCacheMegabytes = 256
    /// How much disk, in MiB, keeps the computed state of prompts' stable prefixes (the
    /// instructions and tool definitions before the first user message), so that a later
    /// process, or this one after an eviction, loads them instead of computing them again; 0
    /// keeps none. Files are keyed by the model file, llama.cpp's build and the context's shape,
    /// and checked before use; the least recently used go first. Greedy answers are the same
    /// with or without a saved prefix.
    public var prefixCacheMegabytes = 512
    /// Where the prefixes are saved; nil for the `prefix-cache` folder of the cache folder
    /// (`FM_CACHE_DIR`, `~/.cache/foundation-models-linux` by default).
    public var prefixCacheDirectory: String?
    /// Whether generations guess tokens ahead and verify several per model pass; answers are the
    /// same either way (see ``Speculation``).
    public var speculation = Speculation.none
    /// Whether speculation drafts only where the passes measured on this machine say it pays
    /// (`FM_SPECULATION_COST=0` turns this off, to measure drafting itself).
    package var speculationAdaptsToCost = true
    /// How many decoding sessions one model pass feeds: every one, by default;
    /// `FM_PASS_WIDTH=adaptive` feeds as many as the pass costs measured on this machine say are
    /// fastest, `FM_PASS_WIDTH=N` at most N.
    package var decodingPassWidth = PassWidth.all
    /// Whether a step's decoding sessions are computed together or one by one: as the costs
    /// measured on this machine say, by default; `FM_ROW_LAYOUT=together` or `alone` fixes it (to
    /// measure either).
    package var rowLayout = RowLayout.adaptive

    /// Whether a step's decoding sessions are computed together or one by one.
    package enum RowLayout: String, Sendable, Hashable {
        /// As the costs measured on this machine say.
        case adaptive
        /// Together, as llama.cpp forms micro-batches of consecutive slots.
        case together
        /// One by one.
        case alone

        var engineMode: MicroBatchLayout.Mode {
            switch self {
            case .adaptive: .adaptive
            case .together: .together
            case .alone: .alone
            }
        }
    }

    /// How many decoding sessions one model pass feeds.
    package enum PassWidth: Sendable, Hashable {
        /// Every decoding session.
        case all
        /// As many as the measured pass costs say are fastest.
        case adaptive
        /// At most this many.
        case atMost(Int)

        /// The width of an `FM_PASS_WIDTH` setting: `all`, `adaptive`, or a positive count.
        package init?(setting: String) {
            switch setting {
            case "all": self = .all
            case "adaptive": self = .adaptive
            default:
                guard let count = Int(setting), count > 0 else { return nil }
                self = .atMost(count)
            }
        }

        var engineMode: DecodingPassWidth.Mode {
            switch self {
            case .all: .all
            case .adaptive: .adaptive
            case .atMost(let count): .fixed(count)
            }
        }
    }
    /// Whether every prompt is printed on standard error as the chat template renders it, to see
    /// what the model is given.
    public var logsPrompts = false
    /// Whether llama.cpp's own log is shown (on standard error); off so that tools print answers alone.
    public var showsLlamaLog = false
    /// Whether `CoreSpotlight`'s `SpotlightSearchTool` also ranks by meaning with the set-up's
    /// embedding model when nothing else is said (`SemanticRanking.installed`).
    public var ranksByMeaning = true

    /// An availability to report instead of the real one (`FM_SIMULATE_AVAILABILITY`).
    public enum SimulatedAvailability: String, Sendable, Hashable, CaseIterable {
        /// Report ``SystemLanguageModel/Availability-swift.enum/available``.
        case available
        /// Report `.unavailable(.deviceNotEligible)`.
        case deviceNotEligible
        /// Report `.unavailable(.appleIntelligenceNotEnabled)`.
        case appleIntelligenceNotEnabled
        /// Report `.unavailable(.modelNotReady)`.
        case modelNotReady
    }

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - modelPath: The GGUF file.
    ///   - contextSize: Tokens each session's context holds; 4096 like Apple's model.
    ///   - threads: CPU threads; `nil` for one per core.
    ///   - concurrentSessions: How many sessions decode together.
    ///   - isEnabled: Whether the model is turned on.
    ///   - detectsRefusals: Whether clear refusals are thrown as refusal errors.
    public init(
        modelPath: String,
        contextSize: Int = 4096,
        threads: Int? = nil,
        concurrentSessions: Int = 4,
        isEnabled: Bool = true,
        detectsRefusals: Bool = true
    ) {
        self.modelPath = modelPath
        self.contextSize = contextSize
        self.threads = threads
        self.concurrentSessions = concurrentSessions
        self.isEnabled = isEnabled
        self.detectsRefusals = detectsRefusals
    }

    /// The path `scripts/setup.sh` installs the default model to.
    public static var defaultModelPath: String {
        ModelCatalog.path(of: ModelCatalog.defaultModel)
    }

    /// Settings read from the environment (see the table above).
    public static var fromEnvironment: LocalModelSettings {
        PackageEnvironment().localModelSettings
    }

    /// Settings read from environment variables (see the table above): the reading behind
    /// ``fromEnvironment`` and `PackageEnvironment.localModelSettings`.
    static func reading(_ environment: [String: String]) -> LocalModelSettings {
        var settings = LocalModelSettings(modelPath: environment["FM_MODEL"].flatMap { $0.isEmpty ? nil : ModelCatalog.resolve($0) } ?? defaultModelPath)
        if let size = environment["FM_CONTEXT_SIZE"].flatMap(Int.init), size > 0 { settings.contextSize = size }
        if let threads = environment["FM_THREADS"].flatMap(Int.init), threads > 0 { settings.threads = threads }
        if let sessions = environment["FM_SESSIONS"].flatMap(Int.init), sessions > 0 { settings.concurrentSessions = sessions }
        if environment["FM_DISABLED"] == "1" { settings.isEnabled = false }
        if environment["FM_DETECT_REFUSALS"] == "0" { settings.detectsRefusals = false }
        settings.adaptersDirectory = environment["FM_ADAPTERS_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        settings.simulatedAvailability = environment["FM_SIMULATE_AVAILABILITY"].flatMap(SimulatedAvailability.init(rawValue:))
        settings.logsPrompts = environment["FM_LOG_PROMPTS"] == "1"
        if environment["FM_BREAK_LOOPS"] == "0" { settings.breaksLoops = false }
        if let megabytes = environment["FM_CACHE_RAM"].flatMap(Int.init), megabytes >= 0 { settings.hostCacheMegabytes = megabytes }
        if let megabytes = environment["FM_PREFIX_CACHE_MB"].flatMap(Int.init), megabytes >= 0 { settings.prefixCacheMegabytes = megabytes }
        if environment["FM_ADAPTIVE_THREADS"] == "0" { settings.adaptsThreadsToLoad = false }
        if let speculation = environment["FM_SPECULATION"].flatMap(Speculation.init(setting:)) { settings.speculation = speculation }
        if environment["FM_SPECULATION_COST"] == "0" { settings.speculationAdaptsToCost = false }
        if let width = environment["FM_PASS_WIDTH"].flatMap(PassWidth.init(setting:)) { settings.decodingPassWidth = width }
        if let layout = environment["FM_ROW_LAYOUT"].flatMap(RowLayout.init(rawValue:)) { settings.rowLayout = layout }
        settings.showsLlamaLog = environment["FM_LLAMA_LOG"] == "1"
        if environment["FM_SEMANTIC_RANKING"] == "0" { settings.ranksByMeaning = false }
        return settings
    }

    private static let storage = Mutex<LocalModelSettings?>(nil)

    /// The settings ``SystemLanguageModel/default`` uses; read from the environment until set.
    public static var current: LocalModelSettings {
        get { storage.withLock { $0 ?? fromEnvironment } }
        set { storage.withLock { $0 = newValue } }
    }

    /// The inference engine configuration these settings ask for.
    var contextConfiguration: ContextConfiguration {
        var configuration = ContextConfiguration(
            tokensPerSequence: contextSize, sequences: concurrentSessions,
            threads: threads ?? ContextConfiguration.processorCount)
        configuration.adapterPath = adapterPath
        configuration.speculation = speculation.engineSettings
        configuration.speculation.adaptsToCost = speculationAdaptsToCost
        configuration.adaptsThreadsToLoad = adaptsThreadsToLoad
        configuration.decodingPassWidth = decodingPassWidth.engineMode
        configuration.hostCacheBytes = max(0, hostCacheMegabytes) << 20
        if prefixCacheMegabytes > 0 {
            configuration.prefixCacheBytes = prefixCacheMegabytes << 20
            configuration.prefixCacheDirectory =
                prefixCacheDirectory ?? ModelCatalog.cacheDirectory.appendingPathComponent("prefix-cache").path
        }
        configuration.microBatchLayout = rowLayout.engineMode
        return configuration
    }
}
