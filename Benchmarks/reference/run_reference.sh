#!/bin/sh
# Usage: run_reference.sh FOLDER   (a folder written by MaskBenchmarkRunnerTests; fm bench --only guided writes and reads its own)
# Creates a throwaway virtualenv in /tmp/cd-venv with pip wheels only, then runs the llguidance
# replay and jsonschema validation. Nothing here is a dependency of the Swift package.
set -e
VENV=/tmp/cd-venv
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q llguidance jsonschema numpy
fi
exec "$VENV/bin/python" "$(dirname "$0")/llguidance_bench.py" "$@"
