#!/usr/bin/env bash
# Sets up what the tests need (llama.cpp and the models, idempotently), then runs every test.
# Model tests never skip here: FM_REQUIRE_MODELS=1 turns a missing model into a failure.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
cd "$root"
# Guided answers are judged by a validator we did not write: Python's `jsonschema`.
if ! python3 -c 'import jsonschema' 2>/dev/null; then
  python3 -m pip install --quiet --user jsonschema 2>/dev/null \
    || python3 -m pip install --quiet --user --break-system-packages jsonschema
fi
# fm serve is checked by clients we did not write: the official `openai` package (pinned in
# Tests/Serve/requirements.txt, installed into a folder of the cache, never the system's Python)
# and headless Chromium (Debian's package) driving the built-in page.
serve_python="${FM_CACHE_DIR:-$HOME/.cache/foundation-models-linux}/python-serve-$(sha256sum Tests/Serve/requirements.txt | cut -c1-12)"
if [ ! -f "$serve_python/.complete" ]; then
  rm -rf "$serve_python"
  python3 -m pip install --quiet --target "$serve_python" -r Tests/Serve/requirements.txt 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages --target "$serve_python" -r Tests/Serve/requirements.txt
  touch "$serve_python/.complete"
fi
export FM_SERVE_PYTHONPATH="$serve_python"
if ! command -v chromium >/dev/null 2>&1; then
  sudo_cmd=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo_cmd="sudo"; fi
  echo "test.sh: installing chromium from Debian (for the fm serve page test)"
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium >/dev/null
fi
export FM_REQUIRE_MODELS=1
# One decode thread: llama.cpp's spinning thread barriers collapse when test suites running in
# parallel compete for the cores (see Docs/Performance.md, "On a busy machine"); one thread has
# no barrier.
export FM_THREADS="${FM_THREADS:-1}"
swift build --build-tests
# The tests that hold every thread of Swift's cooperative pool on purpose (to show that requests
# progress without it) run alone, after the rest: while they hold it, every other test's tasks
# stand still, and checks of how fast something happened would fail.
pool_blocking='EveryCooperativeThreadIsBlocked'
# A run that prints nothing for 10 minutes gets its thread stacks printed, and is stopped after
# three such stalls (scripts/run-watched.sh).
watched="$root/scripts/run-watched.sh"
if [ $# -eq 0 ]; then
  "$watched" swift test --skip-build --skip "$pool_blocking"
  "$watched" swift test --skip-build --filter "$pool_blocking"
else
  "$watched" swift test --skip-build "$@"
fi
