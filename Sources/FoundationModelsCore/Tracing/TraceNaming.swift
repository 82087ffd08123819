/// A model that names itself in traces better than its type does (the local models: their file).
protocol TraceNaming {
    /// The model as traces show it.
    var traceName: String { get }
}

extension LlamaLanguageModel: TraceNaming {
    var traceName: String { "LlamaLanguageModel(\(settings.modelPath))" }
}

extension SystemLanguageModel: TraceNaming {
    var traceName: String { "SystemLanguageModel(\(settings.modelPath))" }
}

extension GenerationOptions.SamplingMode {
    /// The mode in words, for traces: `greedy`, `top-k 40`, `top-p 0.95`, with the seed.
    var traceDescription: String {
        switch kind {
        case .greedy: "greedy"
        case .randomTopK(let k, let seed): "top-k \(k)" + (seed.map { ", seed \($0)" } ?? "")
        case .randomProbabilityThreshold(let p, let seed): "top-p \(p)" + (seed.map { ", seed \($0)" } ?? "")
        }
    }
}

extension GenerationOptions.ToolCallingMode {
    /// The mode in words, for traces.
    var traceDescription: String {
        switch kind {
        case .allowed: "allowed"
        case .required: "required"
        case .disallowed: "disallowed"
        }
    }
}
