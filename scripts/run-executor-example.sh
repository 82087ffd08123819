#!/usr/bin/env bash
# Runs Examples' third-party-executor (an executor written only against Apple's OS 27 protocol)
# against llama.cpp's own llama-server on the default model (Qwen2.5-Coder-0.5B, whose template calls tools),
# on loopback. Needs scripts/setup.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
prefix="${FM_PREFIX:-/usr/local}"
# scripts/setup.sh records where llama.cpp's tools (llama-server with its libraries) live.
tools="$(cat "$prefix/share/foundation-models-linux/llama-tools.path")"
model="${FM_EXAMPLE_MODEL:-${XDG_CACHE_HOME:-$HOME/.cache}/foundation-models-linux/models/Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf}"
port="${FM_EXAMPLE_PORT:-18391}"
"$tools/llama-server" -m "$model" --host 127.0.0.1 --port "$port" -c 2048 -np 1 -t "${FM_THREADS:-1}" --jinja \
  >"${TMPDIR:-/tmp}/fm-executor-example-server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1; then break; fi
  sleep 0.5
done
OPENAI_BASE_URL="http://127.0.0.1:$port/v1" swift run --package-path "$root/Examples" third-party-executor
