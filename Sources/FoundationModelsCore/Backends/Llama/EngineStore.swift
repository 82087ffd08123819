import Foundation
import LlamaBackend
import RequestExecution
import Synchronization

/// The inference engines of the process: one per model file and configuration, started on first
/// use and kept, so that every session on a model shares its weights and its cache.
///
/// Each request checks that the model file is still the one the engine loaded (same device,
/// inode, size and modification date): a file that disappeared fails with `assetsUnavailable`,
/// and a replaced file is loaded afresh.
final class EngineStore: Sendable {
    static let shared = EngineStore()

    private struct Key: Hashable {
        let path: String
        let configuration: ContextConfiguration
    }

    private struct Entry {
        let task: Task<InferenceEngine, any Error>
        let file: FileIdentity?
    }

    private let engines = Mutex<[Key: Entry]>([:])
    /// Paths whose last load failed, with the file's identity then.
    private let failedLoads = Mutex<[String: FileIdentity?]>([:])

    /// The engine for the settings if it has been started (without starting it).
    func startedEngine(for settings: LocalModelSettings) async -> InferenceEngine? {
        let key = Key(path: settings.modelPath, configuration: settings.contextConfiguration)
        guard let task = engines.withLock({ $0[key]?.task }) else { return nil }
        return try? await task.value
    }

    /// The engine for the settings, loading the model and starting the engine on first use.
    ///
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model is
    ///   missing (or disappeared), corrupt, or its context cannot be created.
    func engine(for settings: LocalModelSettings) async throws -> InferenceEngine {
        let key = Key(path: settings.modelPath, configuration: settings.contextConfiguration)
        let file = FileIdentity(path: key.path)
        LlamaRuntime.showLog(settings.showsLlamaLog)
        guard file != nil else {
            engines.withLock { $0[key] = nil }
            throw LanguageModelSession.GenerationError.assetsUnavailable(
                .init(
                    debugDescription: "The model file \(key.path) is missing or was removed; run scripts/setup.sh or set FM_MODEL."))
        }
        let task = engines.withLock { engines in
            if let existing = engines[key], existing.file == file { return existing.task }
            let task = Task.detached(executorPreference: RequestExecutor.shared, priority: .userInitiated) { () throws -> InferenceEngine in
                let model = try await LlamaModelStore.shared.model(at: key.path)
                var draftModel: LlamaModel?
                if let draftPath = key.configuration.speculation.draftModelPath {
                    draftModel = try await LlamaModelStore.shared.model(at: draftPath)
                }
                return try InferenceEngine(model: model, configuration: key.configuration, draftModel: draftModel)
            }
            engines[key] = Entry(task: task, file: file)
            return task
        }
        do {
            let engine = try await task.value
            failedLoads.withLock { $0[key.path] = nil }
            return engine
        } catch {
            engines.withLock { $0[key] = nil }
            // A rejected adapter or draft model says nothing about the base model, which stays available.
            if Self.blamesModel(at: key.path, error) {
                failedLoads.withLock { $0[key.path] = FileIdentity(path: key.path) }
            }
            throw GenerationErrorMapping.map(error)
        }
    }

    /// Whether a failure to start an engine says the model at `path` cannot load (rather than its
    /// adapter or its draft model).
    private static func blamesModel(at path: String, _ error: any Error) -> Bool {
        switch error as? LlamaError {
        case .adapterLoadFailed?, .draftModelIncompatible?:
            false
        case .modelFileNotFound(let failed)?, .notAGGUFFile(let failed)?, .modelLoadFailed(let failed)?,
            .malformedVocabulary(let failed, _)?:
            failed == path
        default:
            true
        }
    }

    /// The engine for the settings if it is running, without starting it.
    func runningEngine(for settings: LocalModelSettings) async -> InferenceEngine? {
        let key = Key(path: settings.modelPath, configuration: settings.contextConfiguration)
        guard let task = engines.withLock({ $0[key]?.task }) else { return nil }
        return try? await task.value
    }

    /// Whether the file at `path` failed to load, and has not changed since.
    func hasFailedToLoad(_ path: String) -> Bool {
        guard let failed = failedLoads.withLock({ $0[path] }) else { return false }
        return failed == FileIdentity(path: path)
    }
}

extension LocalModelSettings {
    /// Empties the cached prompts of the engine running these settings (its idle slots), so that
    /// the next requests compute their prompts in full: the baseline of `fm bench` and of tests.
    package func discardCachedPrompts() async {
        await EngineStore.shared.runningEngine(for: self)?.discardIdleCaches()
    }
}
