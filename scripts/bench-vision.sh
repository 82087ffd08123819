#!/usr/bin/env bash
# Times the Vision requests beside the tools they stand on, over the test fixtures:
# RecognizeTextRequest beside the tesseract CLI and DetectBarcodesRequest beside zbarimg, per image
# and per megapixel, alternating run by run, and prints Markdown tables (Docs/Vision-benchmarks.md).
#
#   scripts/bench-vision.sh [--repeats N]        (5 by default)
#
# Builds a throwaway package in a temporary folder that links the four Vision modules of this
# checkout and scripts/bench-vision/main.swift, in release mode, so that neither Package.swift nor
# the package's own build folder is touched. Needs what scripts/setup.sh installs.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
repeats=5
while [ $# -gt 0 ]; do
    case "$1" in
        --repeats) repeats="$2"; shift 2 ;;
        -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown argument '$1'" >&2; exit 2 ;;
    esac
done
command -v tesseract >/dev/null && command -v zbarimg >/dev/null || { echo "tesseract or zbarimg is missing; run scripts/setup.sh" >&2; exit 1; }

work="${FM_VISION_BENCH_DIR:-${TMPDIR:-/tmp}/fm-vision-bench}"
mkdir -p "$work/Sources/vision-bench"
for module in CTesseract CZBar ImageOrientation VisionRequests; do ln -sfn "$root/Sources/$module" "$work/Sources/$module"; done
ln -sfn "$root/scripts/bench-vision/main.swift" "$work/Sources/vision-bench/main.swift"
cat >"$work/Package.swift" <<'MANIFEST'
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "VisionBench",
    targets: [
        .target(name: "ImageOrientation"),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract"),
        .systemLibrary(name: "CZBar", pkgConfig: "zbar"),
        .target(name: "VisionRequests", dependencies: ["CTesseract", "CZBar", "ImageOrientation"],
                swiftSettings: [.enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility")]),
        .executableTarget(name: "vision-bench", dependencies: ["VisionRequests"])
    ],
    swiftLanguageModes: [.v6]
)
MANIFEST
swift build -c release --package-path "$work" --product vision-bench >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -n1), $(nproc) cores; tesseract $(tesseract --version 2>/dev/null | head -n1 | cut -d' ' -f2), zbar $(pkg-config --modversion zbar)"
"$work/.build/release/vision-bench" --repeats "$repeats" "$root/Tests/VisionRequestsTests/Fixtures"
