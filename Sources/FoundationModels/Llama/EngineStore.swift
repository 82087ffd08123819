import LlamaBackend
import Synchronization

/// The inference engines of the process: one per model file and configuration, started on first
/// use and kept, so that every session on a model shares its weights and its cache.
final class EngineStore: Sendable {
    static let shared = EngineStore()

    private struct Key: Hashable {
        let path: String
        let configuration: ContextConfiguration
    }

    private let engines = Mutex<[Key: Task<InferenceEngine, any Error>]>([:])
    /// Paths whose last load failed, with the file's modification date then.
    private let failedLoads = Mutex<[String: Double]>([:])

    /// The engine for the settings, loading the model and starting the engine on first use.
    ///
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model is
    ///   missing, corrupt, or its context cannot be created.
    func engine(for settings: LocalModelSettings) async throws -> InferenceEngine {
        let key = Key(path: settings.modelPath, configuration: settings.contextConfiguration)
        let task = engines.withLock { engines in
            if let existing = engines[key] { return existing }
            let task = Task.detached(priority: .userInitiated) { () throws -> InferenceEngine in
                let model = try await LlamaModelStore.shared.model(at: key.path)
                return try InferenceEngine(model: model, configuration: key.configuration)
            }
            engines[key] = task
            return task
        }
        do {
            let engine = try await task.value
            failedLoads.withLock { $0[key.path] = nil }
            return engine
        } catch {
            engines.withLock { $0[key] = nil }
            failedLoads.withLock { $0[key.path] = Self.modificationDate(of: key.path) }
            throw GenerationErrorMapping.map(error)
        }
    }

    /// The engine for the settings if it is running, without starting it.
    func runningEngine(for settings: LocalModelSettings) async -> InferenceEngine? {
        let key = Key(path: settings.modelPath, configuration: settings.contextConfiguration)
        guard let task = engines.withLock({ $0[key] }) else { return nil }
        return try? await task.value
    }

    /// Whether the file at `path` failed to load, and has not changed since.
    func hasFailedToLoad(_ path: String) -> Bool {
        guard let date = failedLoads.withLock({ $0[path] }) else { return false }
        return date == Self.modificationDate(of: path)
    }

    private static func modificationDate(of path: String) -> Double {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    }
}

import Foundation
