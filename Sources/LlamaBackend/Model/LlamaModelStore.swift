import RequestExecution
import Synchronization

/// The process-wide registry of loaded models: each file is loaded once and shared.
///
/// Concurrent requests for the same path wait for one load instead of loading twice. Models stay
/// loaded while anyone holds them; the store keeps only weak references.
package final class LlamaModelStore: Sendable {
    /// The shared store.
    package static let shared = LlamaModelStore()

    private final class WeakModel: @unchecked Sendable {
        // `@unchecked` is sound: the weak reference is only read or written under the store's mutex.
        weak var model: LlamaModel?
        /// The file's identity when it was loaded: a replaced file is loaded afresh.
        let file: FileIdentity?
        init(_ model: LlamaModel) {
            self.model = model
            self.file = FileIdentity(path: model.path)
        }

        /// The model, if it is alive and its file has not changed since it was loaded.
        var current: LlamaModel? {
            guard let model, file == FileIdentity(path: model.path) else { return nil }
            return model
        }
    }

    private struct State {
        var loaded: [String: WeakModel] = [:]
        var loading: [String: Task<LlamaModel, any Error>] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// The model at `path`, loading it on first use.
    ///
    /// Loading runs off the cooperative thread pool's callers' isolation, in a detached task.
    /// - Throws: ``LlamaError`` when the file is missing, not GGUF or rejected by llama.cpp.
    package func model(at path: String) async throws -> LlamaModel {
        let task: Task<LlamaModel, any Error> = state.withLock { state in
            if let model = state.loaded[path]?.current {
                return Task(executorPreference: RequestExecutor.shared) { model }
            }
            if let inFlight = state.loading[path] {
                return inFlight
            }
            let load = Task.detached(executorPreference: RequestExecutor.shared, priority: .userInitiated) { () throws -> LlamaModel in
                try LlamaModel.load(path: path)
            }
            state.loading[path] = load
            return load
        }
        do {
            let model = try await task.value
            state.withLock { state in
                state.loading[path] = nil
                if state.loaded[path]?.current == nil {
                    state.loaded[path] = WeakModel(model)
                }
            }
            return model
        } catch {
            state.withLock { $0.loading[path] = nil }
            throw error
        }
    }

    /// The model at `path` if it is loaded now, without loading it.
    package func loadedModel(at path: String) -> LlamaModel? {
        state.withLock { $0.loaded[path]?.current }
    }

    /// The model's tokenizer and metadata without its weights (fast), or the full model when it is
    /// already loaded.
    package func vocabularyModel(at path: String) throws -> LlamaModel {
        if let model = loadedModel(at: path) { return model }
        let key = "vocabulary-only:" + path
        if let model = state.withLock({ $0.loaded[key]?.current }) { return model }
        let model = try LlamaModel.load(path: path, vocabularyOnly: true)
        state.withLock { $0.loaded[key] = WeakModel(model) }
        vocabularyModels.withLock { $0[path] = model }
        return model
    }

    /// Vocabulary-only models are small; keep them for the process.
    private let vocabularyModels = Mutex<[String: LlamaModel]>([:])

    /// Loads synchronously (for command-line tools and tests that are not async).
    package func modelSynchronously(at path: String) throws -> LlamaModel {
        if let model = loadedModel(at: path) { return model }
        let model = try LlamaModel.load(path: path)
        state.withLock { state in
            if let existing = state.loaded[path]?.current {
                _ = existing
            } else {
                state.loaded[path] = WeakModel(model)
            }
        }
        return loadedModel(at: path) ?? model
    }
}
