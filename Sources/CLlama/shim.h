// The C API of llama.cpp, as installed by scripts/setup.sh (pkg-config: llama).
// Only the LlamaBackend module imports this.
#pragma once
#include <llama.h>
#include <gguf.h>
