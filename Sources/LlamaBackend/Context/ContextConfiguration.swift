import Foundation

/// How a llama.cpp inference context is sized and run.
package struct ContextConfiguration: Sendable, Hashable {
    /// Tokens each sequence (one session's conversation) can hold: prompt plus response.
    package var tokensPerSequence: Int
    /// How many sequences the context serves at once.
    package var sequences: Int
    /// The largest number of tokens submitted to one `llama_decode` call.
    package var batchSize: Int
    /// The physical batch size llama.cpp computes at once.
    package var microBatchSize: Int
    /// Threads for single-token decoding.
    package var threads: Int
    /// Threads for prompt processing.
    package var batchThreads: Int
    /// The most prompt tokens fed in one step while other generations decode, so that a long
    /// prompt delays their next tokens by at most one chunk.
    package var prefillChunkWhileDecoding: Int
    /// The fewest prompt tokens copying another slot's cached prefix must save to be done.
    package var minimumPrefixCopy: Int
    /// A LoRA adapter (GGUF) applied to every sequence of the context, if any.
    package var adapterPath: String?
    /// How strongly the adapter applies (llama.cpp's LoRA scale; 1 is as trained).
    package var adapterScale: Float = 1
    /// Whether single-token passes (one sequence decoding) drop to one thread while that is faster
    /// (other work holding the cores; see ``ThreadGovernor``). On by default; it only acts with
    /// more than one thread.
    package var adaptsThreadsToLoad = true
    /// Whether and how far generations draft tokens ahead (prompt lookup); off by default.
    package var speculation = SpeculationSettings.off
    /// The most bytes of evicted sequences kept in host memory, so that a prompt that starts the
    /// same way later restores them instead of computing them (see ``HostPromptCache``); 0 keeps
    /// none. 256 MiB by default: about 21,000 tokens of Qwen2.5-0.5B's cache (12 KiB a token).
    package var hostCacheBytes = 256 << 20
    /// The folder of prompt prefixes saved on disk for later processes (see ``PrefixDiskCache``);
    /// nil keeps none.
    package var prefixCacheDirectory: String?
    /// The most bytes of saved prefixes kept in ``prefixCacheDirectory``; 0 keeps none.
    package var prefixCacheBytes = 0
    /// Whether a step's decoding rows are computed together or one by one: by default as the
    /// costs measured on this machine say (see ``MicroBatchLayout``).
    package var microBatchLayout = MicroBatchLayout.Mode.adaptive
    /// How many decoding generations a pass feeds: by default all of them; `.adaptive` feeds as many
    /// as the measured pass costs say are fastest (see ``DecodingPassWidth``).
    package var decodingPassWidth = DecodingPassWidth.Mode.all

    /// A configuration with llama.cpp's own defaults for batching and one thread per core.
    package init(
        tokensPerSequence: Int = 4096,
        sequences: Int = 4,
        batchSize: Int = 2048,
        microBatchSize: Int = 512,
        threads: Int? = nil,
        batchThreads: Int? = nil,
        prefillChunkWhileDecoding: Int? = nil,
        minimumPrefixCopy: Int = 16
    ) {
        let cores = Self.processorCount
        self.tokensPerSequence = tokensPerSequence
        self.sequences = max(1, sequences)
        self.batchSize = batchSize
        self.microBatchSize = microBatchSize
        self.threads = threads ?? cores
        self.batchThreads = batchThreads ?? threads ?? cores
        self.prefillChunkWhileDecoding = max(1, prefillChunkWhileDecoding ?? microBatchSize)
        self.minimumPrefixCopy = max(1, minimumPrefixCopy)
    }

    /// One thread per core: the default when no thread count is given (the `FM_THREADS` setting
    /// is read once, by `LocalModelSettings`, and passed down as `threads`).
    package static var processorCount: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
}
