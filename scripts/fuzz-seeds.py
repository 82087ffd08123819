#!/usr/bin/env python3
"""Gathers the seed corpus of each fuzz target (see scripts/fuzz.sh) into OUT/TARGET.

Seeds: Fuzz/Seeds/TARGET, plus for the JSON targets the schemas of the JSON Schema Bench dev
split (../shared/data/jsonschemabench-dev beside the repository, when present: the "schema"
member of each file) and for the template target the chat templates of the test fixtures.
Existing corpus files are kept: the corpus grows from run to run.
"""
import argparse
import json
import pathlib
import shutil

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCH = ROOT.parent / "shared" / "data" / "jsonschemabench-dev"
TEMPLATES = ROOT / "Tests" / "ChatTemplatesTests" / "Fixtures" / "templates"


def bench_schemas(limit):
    if not BENCH.is_dir():
        return []
    schemas = []
    for path in sorted(BENCH.glob("*.json"))[:limit]:
        try:
            schema = json.loads(path.read_text())["schema"]
        except (ValueError, KeyError):
            continue
        text = json.dumps(schema, separators=(",", ":"))
        # Small ones: a schema of tens of kilobytes takes a tenth of a second to compile and walk,
        # and hundreds of them would spend a short campaign loading the corpus.
        if len(text) <= 4096:
            schemas.append((path.stem, text))
    return schemas


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--bench-limit", type=int, default=150, help="most schemas taken from the dev split")
    parser.add_argument("targets", nargs="+")
    arguments = parser.parse_args()
    for target in arguments.targets:
        folder = pathlib.Path(arguments.out) / target
        folder.mkdir(parents=True, exist_ok=True)
        seeds = ROOT / "Fuzz" / "Seeds" / target
        if seeds.is_dir():
            for path in seeds.iterdir():
                shutil.copy(path, folder / ("seed-" + path.name))
        if target in ("FuzzJSONSchema", "FuzzJSONReader"):
            for name, text in bench_schemas(arguments.bench_limit):
                (folder / ("bench-" + name)).write_text(text)
        if target == "FuzzJinjaTemplate" and TEMPLATES.is_dir():
            for path in TEMPLATES.glob("*.jinja"):
                shutil.copy(path, folder / ("fixture-" + path.name))


if __name__ == "__main__":
    main()
