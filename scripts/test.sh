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
export FM_REQUIRE_MODELS=1
# One decode thread: llama.cpp's spinning thread barriers collapse when test suites running in
# parallel compete for the cores (see the README, "Performance"); one thread has no barrier.
export FM_THREADS="${FM_THREADS:-1}"
swift build --build-tests
swift test --skip-build "$@"
