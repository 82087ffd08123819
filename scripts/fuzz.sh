#!/usr/bin/env bash
# Fuzzes the package's parsers with libFuzzer (from the Swift toolchain) under AddressSanitizer.
#
#   scripts/fuzz.sh [--seconds N] [TARGET...]
#
# Builds the targets in Fuzz/ (only when FM_FUZZ=1, see Package.swift) into .build/fuzz, gathers
# a seed corpus for each (Fuzz/Seeds, the test fixtures, and the JSON Schemas of
# ../shared/data/jsonschemabench-dev when that folder exists), and runs each target for N seconds
# (60 by default). The corpus grows in .build/fuzz/corpus/TARGET between runs; a crash, a hang
# (30 s per input) or memory above 2 GiB stops the target and leaves its input in
# .build/fuzz/findings/TARGET. Prints one line of figures per target and fails if any failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=60
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="$2"; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(FuzzJSONSchema FuzzRegex FuzzHTTPRequest FuzzJinjaTemplate FuzzJSONReader FuzzPartialJSON
    FuzzTranscript FuzzToolCallText FuzzServerSentEvents FuzzGGUF FuzzImage FuzzSpotlightQuery)

export FM_FUZZ=1
scratch=.build/fuzz
for target in "${targets[@]}"; do
    # The sanitizer and coverage flags come from Package.swift (FM_FUZZ=1), target by target.
    if ! output=$(swift build -c release --scratch-path "$scratch" --product "$target" 2>&1); then
        echo "$output" | tail -30
        echo "fuzz $target: the build failed"
        exit 1
    fi
done
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)"

python3 scripts/fuzz-seeds.py --out "$scratch/corpus" "${targets[@]}"

failed=0
for target in "${targets[@]}"; do
    findings="$scratch/findings/$target"
    mkdir -p "$findings"
    log="$scratch/$target.log"
    status=0
    # -max_len keeps inputs near real sizes; -timeout and -rss_limit_mb turn hangs and runaway
    # memory into findings. The slowest seed (FuzzRegex's hundred zone names) takes about 6 s
    # under AddressSanitizer on the 2-core build machine, and past 10 s when the cores are shared
    # or on the hosts that run about 3x slower, hence 30 s.
    "$bin/$target" "$scratch/corpus/$target" -max_total_time="$seconds" -max_len=16384 -timeout=30 \
        -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo 0)
    corpus=$(find "$scratch/corpus/$target" -type f | wc -l)
    if [ "$status" -eq 0 ]; then
        echo "fuzz $target: ok, ${runs:-0} runs in ${seconds}s, coverage ${coverage:-0} edges, corpus $corpus"
    else
        failed=1
        echo "fuzz $target: FAILED (exit $status) after ${runs:-0} runs; input in $findings, log $log"
        grep -E "ERROR|Fatal error|SUMMARY|timeout" "$log" | head -5 || true
    fi
done
exit "$failed"
