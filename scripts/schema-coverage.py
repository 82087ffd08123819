#!/usr/bin/env python3
"""Measures what a user gets from `fm respond --schema` on the JSONSchemaBench development split.

For each sampled schema it runs exactly what a user runs,

    fm respond --schema FILE --greedy --max-tokens 768 --model MODEL "Produce one realistic example instance."

and classifies the outcome:

    valid          exit 0, and the answer validates against the schema (jsonschema, the draft the
                   schema declares, Draft 2020-12 when it declares none, with format checking)
    invalid        exit 0, but the answer is not JSON, repeats a key, or fails validation: a bug in
                   the decoder; the file and the first validation error are printed
    refused        non-zero exit with an up-front refusal that names a keyword (recorded)
    out-of-budget  non-zero exit because the answer ran out of tokens (truncated JSON)
    error          anything else: other failures, timeouts, crashes (printed)

Usage:

    scripts/schema-coverage.py [--models smollm2,qwen | --model PATH ...] [--per-subset N]
        [--subsets A,B] [--max-tokens N] [--timeout S] [--fm PATH] [--data DIR]
        [--json OUT] [--markdown]

    scripts/schema-coverage.py --models smollm2 --per-subset 5 --markdown --json coverage.json

The sample is deterministic: the first N files of each subset, in sorted order (subsets come from
the split's manifest.tsv). `--data` defaults to ../shared/data/jsonschemabench-dev beside the
repository. `--fm` defaults to the built .build/release/fm, else scripts/fm (which builds it).
`--models` names models of scripts/setup.sh's cache (FM_CACHE_DIR, default
~/.cache/foundation-models-linux). Every run sets FM_THREADS (`--threads`, default 1), and runs one
`fm` at a time. Progress goes to stderr; the report (invalid and error cases, then the table with
`--markdown` or a summary without) goes to stdout. Formats checked are listed in the report: those
of date-time, date, time, email, uuid, uri, ipv4 and ipv6 that jsonschema can check with the
packages installed (uri needs rfc3987 or rfc3986-validator, date-time and time rfc3339-validator).

Exit status: 1 if any answer is invalid, 2 on bad usage, 0 otherwise.
"""

import argparse
import collections
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROMPT = "Produce one realistic example instance."
WANTED_FORMATS = ["date-time", "date", "time", "email", "uuid", "uri", "ipv4", "ipv6"]
MODEL_FILES = {
    "smollm2": "SmolLM2-135M-Instruct-Q4_1.gguf",
    "qwen": "Qwen2.5-Coder-0.5B-Instruct-Q4_K_M.gguf",
}
STATUSES = ["valid", "refused", "out-of-budget", "invalid", "error"]
OUTPUT_LIMIT = 4 << 20  # bytes of stdout or stderr kept per run; the rest is dropped
ANSWER_KEPT = 2000  # characters of an answer kept in the JSON results


# Running fm

def default_fm():
    built = ROOT / ".build" / "release" / "fm"
    if built.is_file() and os.access(built, os.X_OK):
        return [str(built)]
    return [str(ROOT / "scripts" / "fm")]


def model_paths(shortcuts, paths):
    cache = Path(os.environ.get("FM_CACHE_DIR") or Path.home() / ".cache" / "foundation-models-linux")
    models = []
    for name in filter(None, (shortcuts or "").split(",")):
        name = name.strip().lower()
        if name not in MODEL_FILES:
            raise SystemExit(f"schema-coverage: unknown model shortcut '{name}' (known: {', '.join(MODEL_FILES)})")
        models.append(str(cache / "models" / MODEL_FILES[name]))
    models.extend(paths or [])
    for model in models:
        if not Path(model).is_file():
            raise SystemExit(f"schema-coverage: no model file at {model}")
    return models or [str(cache / "models" / MODEL_FILES["smollm2"])]


def read_capped(path):
    with open(path, "rb") as f:
        data = f.read(OUTPUT_LIMIT + 1)
    return data[:OUTPUT_LIMIT], len(data) > OUTPUT_LIMIT


def run_fm(fm, schema_path, model, max_tokens, timeout, threads):
    """Runs one `fm respond --schema`; returns (command, exit code or None on timeout, stdout bytes,
    stderr text, seconds, notes)."""
    command = fm + ["respond", "--schema", str(schema_path), "--greedy", "--max-tokens", str(max_tokens),
                    "--model", model, PROMPT]
    env = dict(os.environ, FM_THREADS=str(threads))
    notes = []
    with tempfile.TemporaryDirectory(prefix="schema-coverage-") as scratch:
        out_path, err_path = Path(scratch) / "stdout", Path(scratch) / "stderr"
        start = time.monotonic()
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            # A session of its own, so that a timeout ends fm and anything it started, by group id.
            process = subprocess.Popen(command, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env,
                                       start_new_session=True)
            try:
                code = process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                process.wait()
                code = None
        seconds = time.monotonic() - start
        stdout, cut = read_capped(out_path)
        if cut:
            notes.append(f"stdout cut at {OUTPUT_LIMIT} bytes")
        stderr, cut = read_capped(err_path)
        if cut:
            notes.append(f"stderr cut at {OUTPUT_LIMIT} bytes")
    return command, code, stdout, stderr.decode("utf-8", "replace"), seconds, notes


# Checking answers

def format_checker():
    """The format checker for the wanted formats jsonschema can check here, and the formats it can't."""
    from jsonschema import FormatChecker

    available = FormatChecker().checkers
    checked = [name for name in WANTED_FORMATS if name in available]
    unchecked = [name for name in WANTED_FORMATS if name not in available]
    return FormatChecker(formats=checked), checked, unchecked


def formats_line(checked, unchecked):
    line = f"Formats checked: {', '.join(checked) or 'none'}"
    if unchecked:
        line += f"; not checked (jsonschema lacks the package it needs): {', '.join(unchecked)}"
    return line + "."


class DuplicateKey(ValueError):
    pass


def _pairs(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKey(f"duplicate key {json.dumps(key)}")
        seen[key] = value
    return seen


def _no_constant(name):
    raise ValueError(f"{name} is not JSON")


def parse_answer(stdout):
    """The answer as a Python value, or raises ValueError saying why it is not one JSON value."""
    try:
        text = stdout.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"the answer is not UTF-8: {error}") from None
    return json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant)


def validator_for_schema(schema, checker):
    from jsonschema import Draft202012Validator
    from jsonschema.validators import validator_for

    cls = validator_for(schema, default=Draft202012Validator) if isinstance(schema, dict) else Draft202012Validator
    return cls(schema, format_checker=checker)


def first_error(schema, instance, checker):
    """None when the instance validates, else a one-paragraph description of the first error.

    Raises RuntimeError when jsonschema cannot evaluate the schema (for example a remote $ref)."""
    from jsonschema.exceptions import best_match

    try:
        validator = validator_for_schema(schema, checker)
        error = best_match(validator.iter_errors(instance))
    except Exception as failure:  # noqa: BLE001 - any failure of the checker is reported as such
        raise RuntimeError(f"jsonschema could not check the answer: {type(failure).__name__}: {failure}") from None
    if error is None:
        return None
    where = "/" + "/".join(str(part) for part in error.absolute_path)
    rule = "/" + "/".join(str(part) for part in error.absolute_schema_path)
    return f"at {where} (schema {rule}): {error.message[:600]}"


def draft_name(schema, checker):
    return type(validator_for_schema(schema, checker)).__name__.replace("Validator", "")


# Classifying failures

REFUSAL_PATTERNS = [
    # Import (GenerationSchema(jsonSchema:)) and compile (SchemaError) messages; the first match wins.
    ("unsupported", re.compile(r"unsupported keyword '([^']+)'")),
    ("unsatisfiable", re.compile(r"unsatisfiable '([^']+)'|no value satisfies '([^']+)'")),
    ("invalid value", re.compile(r"invalid value for '([^']+)'")),
    ("missing", re.compile(r"missing keyword '([^']+)'")),
    ("too large", re.compile(r"cannot be enforced while decoding: '([^']+)' at '[^']*' is too large")),
    ("unsupported pattern", re.compile(r"unsupported pattern '")),
    ("unresolved $ref", re.compile(r"unresolved \$ref|cannot resolve '\$ref'")),
    # Budget-aware decoding: the schema's smallest answer cannot fit --max-tokens (or the context),
    # refused before generating, with both numbers.
    ("budget", re.compile(r"shortest valid answer needs up to (\d+) tokens")),
]


def refusal(message):
    """(kind, keyword) when the message refuses the schema up front naming a keyword, else None."""
    for kind, pattern in REFUSAL_PATTERNS:
        match = pattern.search(message)
        if match:
            if kind == "unsupported pattern":
                return kind, "pattern"
            if kind == "unresolved $ref":
                return kind, "$ref"
            if kind == "budget":
                return kind, "smallest answer > budget"
            if kind == "unsatisfiable":
                return kind, match.group(1) or match.group(2)
            return kind, match.group(1)
    return None


def looks_truncated(text):
    """Whether text is a cut-off JSON prefix (what running out of tokens leaves)."""
    try:
        json.loads(text)
        return False
    except json.JSONDecodeError as error:
        return error.msg.startswith("Unterminated string") or error.pos >= len(text.rstrip())


TRUNCATED = re.compile(r"The response ended before the .* value was complete|was cut off \(maximumResponseTokens")
NOT_JSON = re.compile(r"The response is not valid JSON: .*?\. Text: (.*)", re.S)


def classify(code, stdout, stderr, schema, checker):
    """A result record's status fields from one run."""
    if code is None:
        return {"status": "error", "message": "timed out"}
    message = stderr.strip()
    if code != 0:
        if code < 0:
            return {"status": "error", "message": f"killed by signal {-code}; stderr: {message[-1500:]}"}
        found = refusal(message)
        if found:
            return {"status": "refused", "refusal": found[0], "keyword": found[1], "message": message[:1500]}
        if TRUNCATED.search(message):
            return {"status": "out-of-budget", "message": message[:600]}
        not_json = NOT_JSON.search(message)
        if not_json and looks_truncated(not_json.group(1)):
            return {"status": "out-of-budget", "message": message[:600]}
        return {"status": "error", "message": f"exit {code}: {message[:1500]}"}
    try:
        answer = parse_answer(stdout)
    except ValueError as error:
        return {"status": "invalid", "validation_error": f"not one JSON value: {error}"}
    try:
        problem = first_error(schema, answer, checker)
    except RuntimeError as error:
        return {"status": "error", "message": str(error)}
    if problem:
        return {"status": "invalid", "validation_error": problem}
    return {"status": "valid"}


# The sample

def default_data():
    return ROOT.parent / "shared" / "data" / "jsonschemabench-dev"


def subset_of(name):
    if "---" in name:
        return name.split("---", 1)[0]
    return name.split("_", 1)[0]


def load_split(data):
    """{subset: [file names, sorted]} from manifest.tsv, or from the file names when it is absent."""
    subsets = collections.defaultdict(list)
    manifest = data / "manifest.tsv"
    if manifest.is_file():
        with open(manifest, encoding="utf-8") as f:
            header = f.readline().rstrip("\n").split("\t")
            column_subset, column_file = header.index("subset"), header.index("file")
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) > max(column_subset, column_file):
                    subsets[fields[column_subset]].append(fields[column_file])
    else:
        for path in data.glob("*.json"):
            subsets[subset_of(path.name)].append(path.name)
    return {subset: sorted(files) for subset, files in sorted(subsets.items())}


def sample(split, per_subset, only):
    chosen = []
    for subset, files in split.items():
        if only and subset not in only:
            continue
        chosen.extend((subset, name) for name in files[:per_subset])
    return chosen


def schema_of(path):
    """The schema of a split file (its `schema` member), or the file itself when it has none."""
    with open(path, encoding="utf-8") as f:
        document = json.load(f)
    if isinstance(document, dict) and "schema" in document and "tests" in document:
        return document["schema"]
    return document


# Reporting

def percent(part, whole):
    return f"{100 * part / whole:.0f}%" if whole else "-"


def top_keywords(results, limit=3):
    counts = collections.Counter(r["keyword"] for r in results if r["status"] == "refused")
    return ", ".join(f"{keyword} {count}" for keyword, count in counts.most_common(limit))


def markdown_table(results):
    rows = ["| subset | schemas | valid | refused (top keywords) | out of budget | invalid | error |",
            "|---|---:|---:|---|---:|---:|---:|"]
    by_subset = collections.defaultdict(list)
    for result in results:
        by_subset[result["subset"]].append(result)

    def row(name, group):
        count = collections.Counter(r["status"] for r in group)
        refused = f"{count['refused']}" + (f" ({top_keywords(group)})" if count["refused"] else "")
        return (f"| {name} | {len(group)} | {count['valid']} | {refused} | {count['out-of-budget']} "
                f"| {count['invalid']} | {count['error']} |")

    for subset in sorted(by_subset):
        rows.append(row(subset, by_subset[subset]))
    rows.append(row("**total**", results))
    count = collections.Counter(r["status"] for r in results)
    rows.append(f"| **%** | 100% | {percent(count['valid'], len(results))} | {percent(count['refused'], len(results))} "
                f"| {percent(count['out-of-budget'], len(results))} | {percent(count['invalid'], len(results))} "
                f"| {percent(count['error'], len(results))} |")
    return "\n".join(rows)


def report(results, models, checked, unchecked, args, markdown):
    lines = []
    for model in models:
        mine = [r for r in results if r["model"] == model]
        invalid = [r for r in mine if r["status"] == "invalid"]
        errors = [r for r in mine if r["status"] == "error"]
        lines.append(f"## {Path(model).name}: {len(mine)} schemas, --max-tokens {args.max_tokens}, greedy")
        lines.append("")
        lines.append(formats_line(checked, unchecked))
        lines.append("")
        if invalid:
            lines.append(f"### Invalid answers ({len(invalid)}): exit 0, answer does not validate")
            lines.append("")
            for r in invalid:
                lines.append(f"- {r['file']}: {r['validation_error']}")
                lines.append(f"  answer: {r.get('answer', '')[:300]}")
            lines.append("")
        if errors:
            lines.append(f"### Errors ({len(errors)})")
            lines.append("")
            for r in errors:
                lines.append(f"- {r['file']}: {r['message'][:400]}")
            lines.append("")
        if markdown:
            lines.append(markdown_table(mine))
        else:
            count = collections.Counter(r["status"] for r in mine)
            lines.append(", ".join(f"{status} {count[status]}" for status in STATUSES)
                         + f" (valid {percent(count['valid'], len(mine))})")
        lines.append("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(
        description="Run `fm respond --schema` on a deterministic sample of the JSONSchemaBench dev split "
                    "and classify each answer.")
    parser.add_argument("--model", action="append", metavar="PATH", help="a GGUF model (repeatable)")
    parser.add_argument("--models", metavar="LIST", help=f"model shortcuts, comma-separated: {', '.join(MODEL_FILES)}")
    parser.add_argument("--per-subset", type=int, default=10, metavar="N", help="first N files of each subset (10)")
    parser.add_argument("--subsets", metavar="LIST", help="only these subsets, comma-separated")
    parser.add_argument("--max-tokens", type=int, default=768, metavar="N", help="fm --max-tokens (768)")
    parser.add_argument("--timeout", type=float, default=300, metavar="S", help="seconds per schema (300)")
    parser.add_argument("--threads", type=int, default=int(os.environ.get("FM_THREADS") or 1), metavar="N",
                        help="FM_THREADS for fm (FM_THREADS or 1)")
    parser.add_argument("--fm", metavar="PATH", help="the fm binary (.build/release/fm, else scripts/fm)")
    parser.add_argument("--data", metavar="DIR", type=Path, default=default_data(),
                        help="the split (../shared/data/jsonschemabench-dev beside the repository)")
    parser.add_argument("--json", metavar="OUT", help="write all results to OUT")
    parser.add_argument("--markdown", action="store_true", help="print the per-subset table")
    args = parser.parse_args()

    fm = [args.fm] if args.fm else default_fm()
    models = model_paths(args.models, args.model)
    if not args.data.is_dir():
        parser.error(f"no split at {args.data} (use --data)")
    split = load_split(args.data)
    only = set(filter(None, (args.subsets or "").split(",")))
    unknown = only - set(split)
    if unknown:
        parser.error(f"unknown subsets: {', '.join(sorted(unknown))} (known: {', '.join(split)})")
    chosen = sample(split, args.per_subset, only)
    checker, checked, unchecked = format_checker()
    print(formats_line(checked, unchecked), file=sys.stderr)

    results = []
    with tempfile.TemporaryDirectory(prefix="schema-coverage-") as scratch:
        for model in models:
            for index, (subset, name) in enumerate(chosen, 1):
                record = {"model": model, "subset": subset, "file": name}
                try:
                    schema = schema_of(args.data / name)
                except (OSError, ValueError) as error:
                    record.update(status="error", message=f"cannot read the split file: {error}")
                    results.append(record)
                    continue
                schema_path = Path(scratch) / name
                schema_path.write_text(json.dumps(schema, ensure_ascii=False), encoding="utf-8")
                command, code, stdout, stderr, seconds, notes = run_fm(
                    fm, schema_path, model, args.max_tokens, args.timeout, args.threads)
                record.update(exit_code=code, seconds=round(seconds, 2), draft=draft_name(schema, checker))
                record.update(classify(code, stdout, stderr, schema, checker))
                if code is None:
                    record["message"] = f"timed out after {args.timeout:g} s"
                if code == 0:
                    record["answer"] = stdout.decode("utf-8", "replace").strip()[:ANSWER_KEPT]
                if notes:
                    record["notes"] = notes
                results.append(record)
                detail = record.get("keyword") or record.get("validation_error") or record.get("message") or ""
                print(f"[{index}/{len(chosen)}] {Path(model).name} {name}: {record['status']} "
                      f"({seconds:.1f} s) {detail[:160]}", file=sys.stderr, flush=True)

    if args.json:
        summary = {model: dict(collections.Counter(r["status"] for r in results if r["model"] == model))
                   for model in models}
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"fm": fm, "models": models, "prompt": PROMPT, "max_tokens": args.max_tokens,
                       "per_subset": args.per_subset, "data": str(args.data), "formats_checked": checked,
                       "formats_unchecked": unchecked, "summary": summary, "results": results},
                      f, indent=1, ensure_ascii=False)
            f.write("\n")
    print(report(results, models, checked, unchecked, args, args.markdown))
    return 1 if any(r["status"] == "invalid" for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
