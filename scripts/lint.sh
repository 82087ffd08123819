#!/usr/bin/env bash
# Checks the Swift sources against the house format (.swift-format) with the toolchain's own
# swift-format; fails on any difference. `scripts/lint.sh --fix` rewrites the files instead.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
paths=(Package.swift Sources Tests Examples)
if [ "${1:-}" = "--fix" ]; then
  swift format format --configuration .swift-format --in-place --recursive --parallel "${paths[@]}"
else
  swift format lint --configuration .swift-format --strict --recursive --parallel "${paths[@]}"
fi
