#!/usr/bin/env bash
# Runs test suites under Swift's sanitizers, each in a build folder of its own.
#
#   scripts/sanitize.sh [address|thread ...] [--filter REGEX]
#
# By default both sanitizers over the model-free suites (JSON, constrained decoding, templates,
# HTTP server, macros). `--filter` picks other suites, for example the engine's session tests on
# SmolLM2 under ThreadSanitizer:
#   FM_REQUIRE_MODELS=1 scripts/sanitize.sh thread --filter 'SessionEngineTests|PoolIndependenceTests'
# A full sanitized build takes several times an ordinary one; this is not part of CI.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

filter='JSONValuesTests|ConstrainedDecodingTests|ChatTemplatesTests|HTTPServerTests|FoundationModelsMacrosTests'
sanitizers=()
while [ $# -gt 0 ]; do
    case "$1" in
        --filter) filter="$2"; shift 2 ;;
        address|thread) sanitizers+=("$1"); shift ;;
        -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "scripts/sanitize.sh: unknown argument $1" >&2; exit 64 ;;
    esac
done
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)

export FM_THREADS="${FM_THREADS:-1}"
for sanitizer in "${sanitizers[@]}"; do
    echo "== $sanitizer sanitizer: $filter"
    # halt_on_error: the first report fails the run rather than scrolling past.
    export ASAN_OPTIONS="halt_on_error=1:detect_leaks=0" TSAN_OPTIONS="halt_on_error=1"
    # As in scripts/test.sh, the tests that hold the whole cooperative pool run alone, after the rest.
    swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" --filter "$filter" \
        --skip EveryCooperativeThreadIsBlocked
    swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" \
        --filter "($filter).*EveryCooperativeThreadIsBlocked"
done
