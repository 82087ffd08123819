// LlamaBackend
