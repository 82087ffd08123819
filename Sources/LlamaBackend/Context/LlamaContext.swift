internal import CLlama
import Synchronization

/// Serializes `llama_decode` across every context in the process (``TextEmbedder``'s too): each
/// decode already uses every core it is given, and two at once oversubscribe them (20x slower
/// measured on 2 cores).
let computeGate = Mutex<Void>(())

/// One llama.cpp inference context: the KV cache of several sequences and the compute buffers.
///
/// Not `Sendable`: a context has exactly one owner (the ``InferenceEngine``'s thread), which holds
/// it for the whole decode loop. It frees the context in `deinit`.
package final class LlamaContext {
    let pointer: OpaquePointer
    /// The model this context runs.
    package let model: LlamaModel
    /// The configuration it was created with.
    package let configuration: ContextConfiguration
    /// Whether one sequence's cached prefix can be copied into another (``shareTokens(from:to:count:)``).
    package let canShareSequences: Bool
    /// Whether a sequence's last cached tokens can be dropped while the earlier ones stay (an
    /// attention cache can; a recurrent state cannot), as rejected drafts need.
    package let canDropTokens: Bool
    /// The LoRA adapter the context applies, kept alive as long as the context.
    private let adapter: LlamaAdapter?
    /// How many threads each pass uses (fewer when other work holds the cores).
    private var governor: ThreadGovernor
    /// The thread counts last given to llama.cpp (single-token passes, longer passes).
    private var appliedThreads: (single: Int, batched: Int)
    /// How long the last successful ``decode(_:)`` computed, in seconds (waiting for another
    /// context's decode not included).
    package private(set) var lastPassSeconds = 0.0
    /// The copies between sequences that ``shareTokens(from:to:count:)`` queued and no decode
    /// has made yet (llama.cpp copies the streams' buffers at the start of the next decode).
    private var pendingCopies: [(source: Int32, destination: Int32)] = []

    /// Creates a context with one KV stream per sequence (`tokensPerSequence` cells each).
    ///
    /// - Throws: ``LlamaError/contextCreationFailed(contextLength:sequences:)``, or
    ///   ``LlamaError/adapterLoadFailed(path:model:)`` when the configuration's adapter does not
    ///   fit the model.
    package init(model: LlamaModel, configuration: ContextConfiguration) throws(LlamaError) {
        LlamaRuntime.ensureInitialized()
        let adapter = try configuration.adapterPath.map { path throws(LlamaError) in try model.adapter(at: path) }
        var parameters = llama_context_default_params()
        let total = configuration.tokensPerSequence * configuration.sequences
        parameters.n_ctx = UInt32(total)
        parameters.n_batch = UInt32(configuration.batchSize)
        parameters.n_ubatch = UInt32(configuration.microBatchSize)
        parameters.n_seq_max = UInt32(configuration.sequences)
        parameters.n_threads = Int32(configuration.threads)
        parameters.n_threads_batch = Int32(configuration.batchThreads)
        parameters.kv_unified = false
        parameters.no_perf = true
        guard let pointer = llama_init_from_model(model.handle.pointer, parameters) else {
            throw .contextCreationFailed(contextLength: total, sequences: configuration.sequences)
        }
        if let adapter {
            var adapters: [OpaquePointer?] = [adapter.pointer]
            var scales = [configuration.adapterScale]
            guard llama_set_adapters_lora(pointer, &adapters, 1, &scales) == 0 else {
                llama_free(pointer)
                throw .adapterLoadFailed(path: adapter.path, model: model.name)
            }
        }
        self.pointer = pointer
        self.model = model
        self.configuration = configuration
        self.adapter = adapter
        self.governor = ThreadGovernor(maximum: configuration.threads, adapts: configuration.adaptsThreadsToLoad)
        self.appliedThreads = (configuration.threads, configuration.batchThreads)
        let handle = model.handle.pointer
        // Copies need a plain attention cache: recurrent state and sliding windows keep no
        // reusable per-position cells.
        self.canDropTokens = !llama_model_is_recurrent(handle) && !llama_model_is_hybrid(handle)
        self.canShareSequences =
            configuration.sequences > 1 && !llama_model_is_recurrent(handle)
            && !llama_model_is_hybrid(handle) && llama_model_n_swa(handle) == 0
    }

    deinit {
        llama_free(pointer)
    }

    /// Tokens one sequence can hold, as llama.cpp allotted them.
    package var tokensPerSequence: Int {
        Int(llama_n_ctx_seq(pointer))
    }

    /// Runs the model over a batch, filling the KV cache and computing the requested logits.
    ///
    /// Decodes take turns across every context of the process. A decode with more than one
    /// thread runs on the process's ``ComputeThread``, so that llama.cpp's OpenMP threads form one
    /// team; a single-threaded one starts no team and runs on the caller's thread. Single-token
    /// passes (one sequence decoding) take their thread count from the context's
    /// ``ThreadGovernor``: every thread on a quiet machine, one when other work holds the cores.
    ///
    /// - Throws: ``LlamaError/decodeFailed(status:)`` for any non-zero status (1: no KV slot).
    package func decode(_ batch: TokenBatch) throws(LlamaError) {
        let tokens = batch.count
        // Only the single-token count adapts; llama.cpp uses the batched one for longer passes.
        let wanted = (single: governor.threads(forPassOf: tokens), batched: configuration.batchThreads)
        if wanted != appliedThreads {
            llama_set_n_threads(pointer, Int32(wanted.single), Int32(wanted.batched))
            appliedThreads = wanted
        }
        let threads = tokens > 1 ? wanted.batched : wanted.single
        let (status, seconds) = computeGate.withLock { _ in
            let start = ContinuousClock.now
            let status = threads > 1 ? ComputeThread.shared.perform { llama_decode(pointer, batch.raw) } : llama_decode(pointer, batch.raw)
            let (whole, fraction) = (ContinuousClock.now - start).components
            return (status, Double(whole) + Double(fraction) / 1e18)
        }
        guard status == 0 else { throw .decodeFailed(status: status) }
        pendingCopies.removeAll()
        lastPassSeconds = seconds
        governor.record(threads: threads, tokens: tokens, seconds: seconds)
    }

    /// The logits computed for the batch entry at `index` (one float per vocabulary token).
    package func logits(at index: Int32) -> UnsafeMutableBufferPointer<Float>? {
        guard let base = llama_get_logits_ith(pointer, index) else { return nil }
        return UnsafeMutableBufferPointer(start: base, count: model.vocabulary.count)
    }

    /// Drops a sequence's cached tokens from position `start` on (all of them when `start` is 0).
    @discardableResult
    package func removeTokens(of sequence: Int32, from start: Int32) -> Bool {
        guard let memory = llama_get_memory(pointer) else { return false }
        return llama_memory_seq_rm(memory, sequence, start, -1)
    }

    /// Whether a copy from or into `sequence` waits for the next decode (see
    /// ``shareTokens(from:to:count:)``): until then its state can be neither loaded nor, for
    /// the copy's destination, saved.
    package func awaitsCopy(_ sequence: Int32) -> Bool {
        pendingCopies.contains { $0.source == sequence || $0.destination == sequence }
    }

    /// The state of what `sequence` caches (its tokens' K and V rows, as llama.cpp writes them),
    /// or nil when it caches nothing, llama.cpp wrote nothing, or a copy into it waits for the
    /// next decode (its buffers still hold what it cached before).
    package func savedState(of sequence: Int32) -> [UInt8]? {
        guard !pendingCopies.contains(where: { $0.destination == sequence }) else { return nil }
        guard let memory = llama_get_memory(pointer), llama_memory_seq_pos_max(memory, sequence) >= 0 else { return nil }
        let size = llama_state_seq_get_size(pointer, sequence)
        guard size > 0 else { return nil }
        var state = [UInt8](repeating: 0, count: size)
        let written = state.withUnsafeMutableBufferPointer { buffer in
            llama_state_seq_get_data(pointer, buffer.baseAddress, size, sequence)
        }
        guard written > 0 else { return nil }
        if written < size { state.removeLast(size - written) }
        return state
    }

    /// Makes `sequence` cache what `state` (from ``savedState(of:)`` on this context) holds,
    /// replacing what it cached.
    ///
    /// - Returns: False when llama.cpp refused the state (written by another model or
    ///   configuration, cut short, or larger than the sequence's cells); the sequence then caches
    ///   nothing. False also while a copy from or into `sequence` waits for the next decode
    ///   (``awaitsCopy(_:)``), leaving the sequence as it was: the state would be written at
    ///   once, and the copy then would take it, or overwrite it.
    package func restoreState(_ state: [UInt8], into sequence: Int32) -> Bool {
        guard !awaitsCopy(sequence) else { return false }
        let read =
            state.isEmpty
            ? 0
            : state.withUnsafeBufferPointer { buffer in
                llama_state_seq_set_data(pointer, buffer.baseAddress, buffer.count, sequence)
            }
        guard read > 0 else {
            removeTokens(of: sequence, from: 0)
            return false
        }
        return true
    }

    /// Makes `destination` cache the first `count` tokens that `source` caches, replacing what it held.
    ///
    /// Each sequence has its own KV stream (`kv_unified = false`), and llama.cpp copies between
    /// streams only whole: `llama_memory_seq_cp` queues a copy of the source stream's buffers
    /// (done at the start of the next `llama_decode`, before that batch writes anything) and copies
    /// the cell metadata at once; the cells from `count` on are then dropped. A partial range would
    /// abort inside llama.cpp (`seq_cp() is only supported for full KV buffers`), so none is passed.
    /// Until that decode, neither sequence takes a saved state (``awaitsCopy(_:)``).
    ///
    /// - Returns: False when the context cannot share sequences (see ``canShareSequences``).
    package func shareTokens(from source: Int32, to destination: Int32, count: Int32) -> Bool {
        guard canShareSequences, source != destination, let memory = llama_get_memory(pointer) else { return false }
        llama_memory_seq_cp(memory, source, destination, -1, -1)
        pendingCopies.append((source, destination))
        guard llama_memory_seq_rm(memory, destination, count, -1) else {
            llama_memory_seq_rm(memory, destination, -1, -1)
            return false
        }
        return true
    }
}
