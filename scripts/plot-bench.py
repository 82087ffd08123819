#!/usr/bin/env python3
"""Draws the plots of Docs/Performance.md from the runs in Benchmarks/results.

Usage:
    scripts/plot-bench.py [--results Benchmarks/results] [--out Docs/Images]

Reads the JSON files of Benchmarks/results (the shape is in its README: a `runs` list of
`fm bench --json` objects) and writes SVG files by hand, with nothing but the standard library:

- guided-xeon.svg: schema compile p99 and token mask p99 on Qwen's vocabulary, ours beside
  llguidance's, run by run on the 2-core Xeon (xeon-2core-guided-series.json);
- serve-epyc.svg: `fm serve` over `llama-server` in tokens per second, plain and `json_schema`,
  run by run on the AMD EPYC machine, with the range of each run's pairs (epyc-serve-series.json).

Runs with a `variant` (not the default configuration) and undated runs are left out. The output
is deterministic: the same files give the same SVG bytes.
"""

import argparse
import json
import math
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent

OURS = "#1f5fa8"
THEIRS = "#d9730d"
EXTRA = "#2e8b57"
GRID = "#e3e3e3"
AXIS = "#555555"
TEXT = "#222222"
FONT = "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\""


def load(results: Path, name: str) -> list:
    """The plotted runs of one results file: dated, and in the default configuration."""
    body = json.loads((results / name).read_text(encoding="utf-8"))
    return [run for run in body["runs"] if run.get("date") and "variant" not in run]


def nice_ticks(low: float, high: float, count: int = 5) -> list:
    """Round tick values covering [low, high]."""
    span = high - low
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def number(value: float) -> str:
    """A tick label without trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


class Panel:
    """One chart: an x axis of run positions, a y axis of values, series of points."""

    def __init__(self, x: int, y: int, width: int, height: int, title: str, unit: str, low: float, high: float):
        self.x, self.y, self.width, self.height = x, y, width, height
        self.title, self.unit = title, unit
        self.ticks = nice_ticks(low, high)
        self.low, self.high = self.ticks[0], self.ticks[-1]
        self.parts = []
        self.count = 1

    def px(self, index: int) -> float:
        """The x coordinate of run `index` of `count`."""
        return self.x + (index + 0.5) * self.width / self.count

    def py(self, value: float) -> float:
        return self.y + self.height - (value - self.low) / (self.high - self.low) * self.height

    def frame(self, count: int, groups: list) -> None:
        """Grid, axes, title, and one band label per group of runs ([(first, last, label)])."""
        self.count = count
        p = self.parts
        p.append(f'<text x="{self.x}" y="{self.y - 12}" font-size="15" font-weight="bold" fill="{TEXT}" {FONT}>'
                 f'{escape(self.title)}</text>')
        for tick in self.ticks:
            ty = self.py(tick)
            p.append(f'<line x1="{self.x}" y1="{ty:.1f}" x2="{self.x + self.width}" y2="{ty:.1f}" stroke="{GRID}"/>')
            p.append(f'<text x="{self.x - 8}" y="{ty + 4:.1f}" font-size="12" text-anchor="end" fill="{AXIS}" {FONT}>'
                     f'{number(tick)}</text>')
        p.append(f'<text x="{self.x - 48}" y="{self.y + self.height / 2:.1f}" font-size="12" fill="{AXIS}" text-anchor="middle" '
                 f'transform="rotate(-90 {self.x - 48} {self.y + self.height / 2:.1f})" {FONT}>{escape(self.unit)}</text>')
        bottom = self.y + self.height
        p.append(f'<line x1="{self.x}" y1="{bottom}" x2="{self.x + self.width}" y2="{bottom}" stroke="{AXIS}"/>')
        p.append(f'<line x1="{self.x}" y1="{self.y}" x2="{self.x}" y2="{bottom}" stroke="{AXIS}"/>')
        for first, last, label in groups:
            left = self.x + first * self.width / count
            right = self.x + (last + 1) * self.width / count
            if first > 0:
                p.append(f'<line x1="{left:.1f}" y1="{self.y}" x2="{left:.1f}" y2="{bottom + 30}" stroke="{AXIS}" '
                         f'stroke-dasharray="3,3"/>')
            p.append(f'<text x="{(left + right) / 2:.1f}" y="{bottom + 22}" font-size="12" text-anchor="middle" '
                     f'fill="{AXIS}" {FONT}>{escape(label)}</text>')

    def reference(self, value: float) -> None:
        """A dashed horizontal line (named in the legend)."""
        ry = self.py(value)
        self.parts.append(f'<line x1="{self.x}" y1="{ry:.1f}" x2="{self.x + self.width}" y2="{ry:.1f}" stroke="{AXIS}" '
                          f'stroke-width="1.2" stroke-dasharray="7,4"/>')

    def series(self, points: list, color: str, marker: str = "circle") -> None:
        """Points [(index, value, (low, high) or None)], joined in order by a thin line."""
        if not points:
            return
        # Lines join neighbouring runs only: a run without the figure leaves a gap.
        path = " ".join(
            f"{'L' if i > 0 and x == points[i - 1][0] + 1 else 'M'}{self.px(x):.1f},{self.py(v):.1f}"
            for i, (x, v, _) in enumerate(points))
        self.parts.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="1.5" stroke-opacity="0.55"/>')
        for x, value, span in points:
            cx, cy = self.px(x), self.py(value)
            if span:
                top, foot = self.py(span[1]), self.py(span[0])
                self.parts.append(f'<line x1="{cx:.1f}" y1="{top:.1f}" x2="{cx:.1f}" y2="{foot:.1f}" stroke="{color}" stroke-width="1.5"/>')
                for end in (top, foot):
                    self.parts.append(f'<line x1="{cx - 4:.1f}" y1="{end:.1f}" x2="{cx + 4:.1f}" y2="{end:.1f}" stroke="{color}" stroke-width="1.5"/>')
            if marker == "square":
                self.parts.append(f'<rect x="{cx - 4:.1f}" y="{cy - 4:.1f}" width="8" height="8" fill="{color}"/>')
            else:
                self.parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4.2" fill="{color}"/>')

    def svg(self) -> str:
        return "\n".join(self.parts)


def legend(x: int, y: int, entries: list) -> str:
    """A row of (color, marker, label) entries."""
    parts = []
    for color, marker, label in entries:
        if marker == "dash":
            parts.append(f'<line x1="{x - 4}" y1="{y - 4.5}" x2="{x + 12}" y2="{y - 4.5}" stroke="{color}" stroke-width="1.2" '
                         f'stroke-dasharray="5,3"/>')
        elif marker == "square":
            parts.append(f'<rect x="{x}" y="{y - 9}" width="9" height="9" fill="{color}"/>')
        else:
            parts.append(f'<circle cx="{x + 4.5}" cy="{y - 4.5}" r="4.5" fill="{color}"/>')
        parts.append(f'<text x="{x + 15}" y="{y}" font-size="13" fill="{TEXT}" {FONT}>{escape(label)}</text>')
        x += 36 + int(len(label) * 7.6)
    return "\n".join(parts)


def document(width: int, height: int, title: str, body: list, footnotes: list) -> str:
    """The SVG file: a white page, the title, the body, and footnote lines at the bottom."""
    lines = [f'<text x="20" y="{height - 14 - 17 * (len(footnotes) - 1 - i)}" font-size="11.5" fill="{AXIS}" {FONT}>'
             f'{escape(note)}</text>' for i, note in enumerate(footnotes)]
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
        f'<title>{escape(title)}</title>',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="20" y="30" font-size="17" font-weight="bold" fill="{TEXT}" {FONT}>{escape(title)}</text>',
        *body,
        *lines,
        "</svg>",
        "",
    ])


def groups_by_date(runs: list) -> list:
    """[(first, last, date)] for consecutive runs of one date."""
    groups = []
    for index, run in enumerate(runs):
        if groups and groups[-1][2] == run["date"]:
            groups[-1] = (groups[-1][0], index, run["date"])
        else:
            groups.append((index, index, run["date"]))
    return groups


def values(runs: list, key: str) -> list:
    return [(i, run[key], None) for i, run in enumerate(runs) if key in run]


def guided_plot(results: Path) -> str:
    keys = ("compile_p99_ms", "llg_compile_p99_ms", "mask_p99_us", "llg_mask_p99_us")
    runs = [run for run in load(results, "xeon-2core-guided-series.json") if any(key in run for key in keys)]
    groups = groups_by_date(runs)
    width, left = 980, 90
    compile_values = [run[k] for run in runs for k in keys[:2] if k in run]
    mask_values = [run[k] for run in runs for k in keys[2:] if k in run]
    top = Panel(left, 100, width - left - 30, 230, "Schema compile p99, Qwen vocabulary (400 schemas, each compiled once)",
                "milliseconds", 0, max(compile_values))
    top.frame(len(runs), groups)
    top.series(values(runs, "llg_compile_p99_ms"), THEIRS, "square")
    top.series(values(runs, "compile_p99_ms"), OURS)
    bottom = Panel(left, 440, width - left - 30, 230, "Token mask p99, Qwen vocabulary (152K tokens)", "microseconds", 0,
                   max(mask_values))
    bottom.frame(len(runs), groups)
    bottom.reference(100)
    bottom.series(values(runs, "llg_mask_p99_us"), THEIRS, "square")
    bottom.series(values(runs, "mask_p99_us"), OURS)
    body = [legend(left, 62, [(OURS, "circle", "ours (ConstrainedDecoding)"), (THEIRS, "square", "llguidance, same run"),
                              (AXIS, "dash", "mask p99 target, 100 µs")]),
            top.svg(), bottom.svg()]
    return document(width, 760, "Guided output on the 2-core Xeon, run by run", body, [
        "fm bench --only guided on the first 400 JSONSchemaBench dev-split schemas; one point per run, in the order they were "
        "taken; a gap where a run",
        "did not record the figure. Data: Benchmarks/results/xeon-2core-guided-series.json"])


def serve_plot(results: Path) -> str:
    runs = [run for run in load(results, "epyc-serve-series.json")
            if "serve_plain_throughput_ratio" in run or "serve_json_schema_throughput_ratio" in run]
    width, left = 980, 90
    def points(name: str) -> list:
        key = f"serve_{name}_throughput_ratio"
        return [(i, run[key], tuple(run[key + "_range"]) if key + "_range" in run else None)
                for i, run in enumerate(runs) if key in run]
    plain, schema = points("plain"), points("json_schema")
    spans = [v for _, value, span in plain + schema for v in ((value,) + (span or ()))]
    panel = Panel(left, 100, width - left - 30, 330, "fm serve / llama-server, tokens per second (ratio within back-to-back pairs)",
                  "ratio", min(spans + [0.9]), max(spans))
    labels = []
    for run in runs:
        label = run["date"][5:]
        if "AVX2" in run["host"].get("description", ""):
            label += " AVX2"
        if "commit" in run and " " not in run["commit"]:
            label += " " + run["commit"]
        labels.append(label)
    panel.frame(len(runs), [])
    for index, label in enumerate(labels):
        panel.parts.append(f'<text x="{panel.px(index):.1f}" y="{panel.y + panel.height + 18}" font-size="11" text-anchor="end" '
                           f'fill="{AXIS}" transform="rotate(-35 {panel.px(index):.1f} {panel.y + panel.height + 18})" {FONT}>'
                           f'{escape(label)}</text>')
    panel.reference(1.0)
    panel.series(schema, THEIRS, "square")
    panel.series(plain, OURS)
    contended = [run for run in runs if "serve_plain_contended_throughput_ratio" in run]
    note = ""
    if contended:
        run = contended[-1]
        low, high = run["serve_plain_contended_throughput_ratio_range"]
        note = (f"Plain load beside a busy thread per core ({run['date']}, off this scale): "
                f"{number(run['serve_plain_contended_throughput_ratio'])} ({number(low)}–{number(high)}).")
    body = [legend(left, 62, [(OURS, "circle", "plain requests"), (THEIRS, "square", "json_schema requests"),
                              (AXIS, "dash", "parity with llama-server")]),
            panel.svg(),
            f'<text x="{left}" y="{panel.y + panel.height + 78}" font-size="12.5" fill="{TEXT}" {FONT}>{escape(note)}</text>']
    return document(width, 580, "fm serve beside llama-server on the AMD EPYC machine (2 cores), run by run", body, [
        "8 clients × 2 streamed requests, 4 slots, max_tokens 64, 2 threads; the bar is the range of the run's pairs; AVX2: the "
        "AVX2 machine, the others AVX-512.",
        "Data: Benchmarks/results/epyc-serve-series.json"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=Path, default=ROOT / "Benchmarks" / "results")
    parser.add_argument("--out", type=Path, default=ROOT / "Docs" / "Images")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name, draw in (("guided-xeon.svg", guided_plot), ("serve-epyc.svg", serve_plot)):
        (args.out / name).write_text(draw(args.results), encoding="utf-8")
        print(f"wrote {args.out / name}")


if __name__ == "__main__":
    main()
