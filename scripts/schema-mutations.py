#!/usr/bin/env python3
"""Contradictory and tight mutations of real schemas: `fm` must refuse them or answer validly.

A property-style harness. It takes schemas from the JSONSchemaBench development split (a
deterministic sample: `--seed` shuffles the split, `--count` mutated schemas are made), applies a
mutation to a required property of the root object when there is one (so that the mutation is
reachable) and, separately, to the root, and runs what a user runs on each mutated schema:

    fm respond --schema FILE --greedy --max-tokens 768 --model MODEL "Produce one realistic example instance."

The property checked: exit 0 implies the answer validates against the *mutated* schema (jsonschema,
the draft the schema declares, with format checking as in schema-coverage.py). A non-zero exit is
recorded with its message. Mutations are contradictory (no instance exists: `minLength` 50 with
`maxLength` 3, `minimum` above `maximum`, an empty `enum`, two different `const`s under `allOf`,
…), where the only right outcome is a refusal, or satisfiable but tight (`pattern` `^[a-z]{3}$`,
`maxLength` 2, `minItems` 3, …), where a valid answer is the goal and a refusal is acceptable.
A mutation goes into the node as it is when the node has the type the mutation needs; otherwise
the node is replaced by a fresh one of that type (keeping only annotations, `$schema` and
definitions), so that the contradiction is exactly the mutation. Schemas whose root object requires
no property are skipped. Every exit-0 answer that does not validate is a decoder bug; each is
printed with the mutation, the mutated schema fragment, the answer and the validation error.

Usage:

    scripts/schema-mutations.py [--count N] [--seed S] [--models smollm2 | --model PATH]
        [--mutations a,b] [--max-tokens N] [--timeout S] [--fm PATH] [--data DIR] [--out DIR]
        [--no-screen] [--list]

    scripts/schema-mutations.py --count 60 --out /tmp/mutations

Before mutating a schema, the harness screens it (one `fm` run with `--max-tokens 1`) and skips it
when `fm` refuses it unmutated for a keyword (a refusal because one token cannot hold the
smallest answer does not count), so that a refusal of the mutated schema is about the mutation;
`--no-screen` skips the screening. `--out DIR` writes results.json, report.md and every mutated
schema (schemas/NNN-….json). `--list` prints the mutations and exits. Options shared with
schema-coverage.py (`--fm`, `--data`, `--models`, `--threads`) mean the same there.

Exit status: 1 if any exit-0 answer is invalid, 2 on bad usage, 0 otherwise.
"""

import argparse
import collections
import copy
import importlib.util
import json
import random
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.dont_write_bytecode = True  # no __pycache__ in scripts/ from loading the sibling script
_spec = importlib.util.spec_from_file_location("schema_coverage", HERE / "schema-coverage.py")
coverage = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(coverage)

SIZE_LIMIT = 6000  # compact bytes: larger schemas crowd the model's context (the schema is in the prompt)


# Mutations. Each takes the target node (a dict, already of the type it needs) and the draft
# ("Draft4", "Draft7", "Draft202012", …) and changes the node in place.

def _is_draft4(draft):
    return draft in ("Draft3", "Draft4")


def _const(value, draft):
    return {"enum": [value]} if _is_draft4(draft) else {"const": value}


def _exclusive_min_equals_max(node, draft):
    if _is_draft4(draft):
        node.update(minimum=5, exclusiveMinimum=True, maximum=5)
    else:
        node.update(exclusiveMinimum=5, maximum=5)
    node.pop("exclusiveMaximum", None)


def _required_forbidden(node, draft):
    required = [name for name in node.get("required", []) if isinstance(name, str)] or ["mutant"]
    node.update(properties={}, additionalProperties=False, required=required)
    for key in ("patternProperties", "unevaluatedProperties", "propertyNames"):
        node.pop(key, None)


def _const_against_type(node, draft):
    types = node.get("type")
    types = types if isinstance(types, list) else [types]
    node.update(_const(7 if "string" in types else "mutant", draft))
    node.pop("enum" if not _is_draft4(draft) else "const", None)


def _pigeonhole(node, draft):
    node.update(items={"enum": ["a", "b"]}, uniqueItems=True, minItems=3)
    node.pop("maxItems", None)
    node.pop("prefixItems", None)


def _set(**keywords):
    def apply(node, draft):
        node.update(copy.deepcopy(keywords))
    return apply


def _drop_then_set(drop, **keywords):
    def apply(node, draft):
        for key in drop:
            node.pop(key, None)
        node.update(copy.deepcopy(keywords))
    return apply


Mutation = collections.namedtuple("Mutation", "name kind needs keywords apply")

MUTATIONS = [
    # The ten contradictions of the brief, then the three tight ones, then more contradictions.
    Mutation("string-min-above-max", "contradictory", "string", {"minLength", "maxLength"},
             _set(minLength=50, maxLength=3)),
    Mutation("items-min-above-max", "contradictory", "array", {"minItems", "maxItems"},
             _set(minItems=5, maxItems=2)),
    Mutation("number-min-above-max", "contradictory", "number", {"minimum", "maximum"},
             _drop_then_set(["exclusiveMinimum", "exclusiveMaximum"], minimum=10, maximum=5)),
    Mutation("exclusive-min-equals-max", "contradictory", "number", {"exclusiveMinimum", "maximum", "minimum"},
             _exclusive_min_equals_max),
    Mutation("empty-enum", "contradictory", None, {"enum"}, _set(enum=[])),
    Mutation("required-but-forbidden", "contradictory", "object",
             {"required", "additionalProperties", "properties"}, _required_forbidden),
    Mutation("allof-different-consts", "contradictory", None, {"allOf", "const", "enum"},
             lambda node, draft: node.update(allOf=[_const("a", draft), _const("b", draft)])),
    Mutation("properties-min-above-max", "contradictory", "object", {"minProperties", "maxProperties"},
             _set(minProperties=3, maxProperties=1)),
    Mutation("const-against-type", "contradictory", "typed", {"const", "enum", "type"}, _const_against_type),
    Mutation("multipleof-no-multiple-in-bounds", "contradictory", "number", {"multipleOf", "minimum", "maximum"},
             _drop_then_set(["exclusiveMinimum", "exclusiveMaximum"], multipleOf=10, minimum=11, maximum=19)),
    Mutation("tight-pattern", "tight", "string", {"pattern"}, _set(pattern="^[a-z]{3}$")),
    Mutation("tight-max-length-2", "tight", "string", {"maxLength"}, _set(maxLength=2)),
    Mutation("tight-min-items-3", "tight", "array", {"minItems"}, _drop_then_set(["maxItems"], minItems=3)),
    Mutation("integer-bounds-without-integer", "contradictory", "integer", {"minimum", "maximum"},
             _drop_then_set(["exclusiveMinimum", "exclusiveMaximum", "multipleOf"], minimum=1.2, maximum=1.8)),
    Mutation("format-date-max-length-3", "contradictory", "string", {"format", "maxLength"},
             _drop_then_set(["pattern"], format="date", maxLength=3)),
    Mutation("enum-shorter-than-min-length", "contradictory", "string", {"enum", "minLength"},
             _set(enum=["ab", "cd"], minLength=5)),
    Mutation("pattern-shorter-than-min-length", "contradictory", "string", {"pattern", "minLength"},
             _set(pattern="^[a-z]{3}$", minLength=5)),
    Mutation("oneof-identical-branches", "contradictory", None, {"oneOf"},
             _set(oneOf=[{"type": "string"}, {"type": "string"}])),
    Mutation("unique-items-pigeonhole", "contradictory", "array", {"uniqueItems", "minItems", "items"},
             _pigeonhole),
    Mutation("const-outside-maximum", "contradictory", "number", {"const", "enum", "maximum"},
             lambda node, draft: node.update(maximum=5, **_const(10, draft))),
    Mutation("tight-integer-single-value", "tight", "integer", {"minimum", "maximum"},
             _drop_then_set(["exclusiveMinimum", "exclusiveMaximum", "multipleOf"], minimum=7, maximum=7)),
    Mutation("tight-multipleof-decimal", "tight", "number", {"multipleOf", "minimum", "maximum"},
             _drop_then_set(["exclusiveMinimum", "exclusiveMaximum"], multipleOf=0.25, minimum=1, maximum=2)),
    Mutation("tight-format-date", "tight", "string", {"format"}, _drop_then_set(["pattern"], format="date")),
]


# Targets

def _types(node):
    value = node.get("type") if isinstance(node, dict) else None
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _fits(node, needs):
    if not isinstance(node, dict) or "$ref" in node:
        return False
    types = _types(node)
    if needs is None:
        return True
    if needs == "typed":
        return bool(types) and types != ["null"]
    if needs == "number":
        return any(t in ("number", "integer") for t in types)
    return needs in types


ANNOTATIONS = ("$schema", "$id", "id", "title", "description", "definitions", "$defs")


def _retyped(node, needs):
    """The node when it fits the mutation, else a fresh node of the type the mutation needs (keeping
    only annotations and definitions), so that no other keyword of the old node interferes."""
    if _fits(node, needs):
        return node
    fresh = {key: value for key, value in node.items() if key in ANNOTATIONS} if isinstance(node, dict) else {}
    fresh_type = {"typed": "string", None: None}.get(needs, needs)
    if fresh_type:
        fresh["type"] = fresh_type
    return fresh


def _pointer_token(name):
    return name.replace("~", "~0").replace("/", "~1")


def _resolve_local(root, reference):
    if not isinstance(reference, str) or not reference.startswith("#"):
        return None
    node = root
    for token in filter(None, reference[1:].split("/")):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        else:
            return None
    return node


def root_object(root):
    """(pointer, node) of the object the root describes, following local $refs at the root."""
    pointer, node = "#", root
    for _ in range(5):
        if isinstance(node, dict) and "$ref" in node and "properties" not in node:
            target = _resolve_local(root, node["$ref"])
            if not isinstance(target, dict):
                return None
            pointer, node = node["$ref"], target
        else:
            break
    return (pointer, node) if isinstance(node, dict) else None


def required_property_target(root, needs):
    """(pointer, property name) of a required property of the root object, preferring one whose
    type fits the mutation; None when the root object requires nothing."""
    found = root_object(root)
    if not found:
        return None
    pointer, node = found
    properties = node.get("properties")
    if not isinstance(properties, dict):
        return None
    required = [name for name in node.get("required", []) if isinstance(name, str) and name in properties]
    if not required:
        return None
    name = next((name for name in required if _fits(properties[name], needs)), required[0])
    return pointer, name


def _node_at(root, pointer):
    return root if pointer == "#" else _resolve_local(root, pointer)


def mutate(base, mutation, target, draft):
    """(mutated schema, pointer of the mutated node, fragment) or None when the target is unusable."""
    schema = copy.deepcopy(base)
    if target == "property":
        found = required_property_target(schema, mutation.needs)
        if not found:
            return None
        owner_pointer, name = found
        owner = _node_at(schema, owner_pointer)
        node = _retyped(owner["properties"][name], mutation.needs)
        mutation.apply(node, draft)
        owner["properties"][name] = node
        pointer = f"{owner_pointer.rstrip('/')}/properties/{_pointer_token(name)}"
        return schema, pointer, node
    # The root: siblings of a root $ref are ignored before Draft 2019-09, so such roots are skipped.
    if not isinstance(schema, dict) or ("$ref" in schema and draft in ("Draft3", "Draft4", "Draft6", "Draft7")):
        return None
    schema = _retyped(schema, mutation.needs)
    mutation.apply(schema, draft)
    fragment = {key: value for key, value in schema.items()
                if key in mutation.keywords or key in ("type", "items", "properties", "required",
                                                       "additionalProperties")}
    return schema, "#", fragment


# Running

def screen(args, fm, model, schema, scratch, checker):
    """Whether fm accepts the unmutated schema (anything but a refusal)."""
    path = Path(scratch) / "screen.json"
    path.write_text(json.dumps(schema, ensure_ascii=False), encoding="utf-8")
    _, code, stdout, stderr, _, _ = coverage.run_fm(fm, path, model, 1, args.timeout, args.threads)
    result = coverage.classify(code, stdout, stderr, schema, checker)
    # With one token, budget-aware decoding refuses nearly every schema for its size, not its
    # keywords: the schema itself was accepted.
    return result["status"] != "refused" or result.get("refusal") == "budget"


def candidates(args):
    split = coverage.load_split(args.data)
    files = sorted(name for names in split.values() for name in names)
    random.Random(args.seed).shuffle(files)
    for name in files:
        if (args.data / name).stat().st_size > 4 * SIZE_LIMIT:
            continue
        try:
            schema = coverage.schema_of(args.data / name)
        except (OSError, ValueError):
            continue
        if isinstance(schema, dict) and len(json.dumps(schema, separators=(",", ":"))) <= SIZE_LIMIT:
            yield name, schema


def at_mutation(record, mutation):
    keyword = record.get("keyword")
    return keyword in mutation.keywords or (record["pointer"] != "#" and record["pointer"] in record.get("message", ""))


# Reporting

def group_message(message):
    """A refusal message with paths and quoted values generalized, for grouping."""
    message = re.sub(r"^fm: \S+?\.json: ", "fm: FILE: ", message)
    message = re.sub(r"'#[^']*'|#/\S*|(?<= at )#(?=\W|$)", "PATH", message)
    message = re.sub(r"(pattern) '.*?' at", r"\1 '…' at", message)
    message = re.sub(r"\b(of|for) [A-Z][\w.]*\b", r"\1 TYPE", message)
    return message[:220]


def report(records, models, args, checked, unchecked):
    lines = [f"# Mutated schemas: {len(records)} (seed {args.seed}, --max-tokens {args.max_tokens}, greedy, "
             f"{', '.join(Path(m).name for m in models)})", "", coverage.formats_line(checked, unchecked), ""]
    count = collections.Counter(r["status"] for r in records)
    lines.append(f"Refused {count['refused']}, answered validly {count['valid']}, answered INVALIDLY "
                 f"{count['invalid']}, out of budget {count['out-of-budget']}, other errors {count['error']}.")
    contradictory = [r for r in records if r["kind"] == "contradictory"]
    bad = collections.Counter(r["status"] for r in contradictory)
    lines.append(f"Contradictory: {len(contradictory)} (refused {bad['refused']}, answered validly {bad['valid']} "
                 f"(so not contradictory as placed), invalid {bad['invalid']}, out of budget {bad['out-of-budget']}, "
                 f"error {bad['error']}).")
    unrefused = len(contradictory) - bad["refused"]
    if unrefused:
        lines.append(f"{unrefused} contradictory schemas were not refused up front: each was answered or decoded "
                     "until it failed, though no answer exists.")
    lines.append("")
    lines.append("| mutation | kind | target | schemas | refused (naming the mutated keyword) | valid | invalid "
                 "| out of budget | error |")
    lines.append("|---|---|---|---:|---:|---:|---:|---:|---:|")
    rows = collections.defaultdict(list)
    for r in records:
        rows[(r["mutation"], r["kind"], r["target"])].append(r)
    order = [m.name for m in MUTATIONS]
    for (name, kind, target), group in sorted(rows.items(), key=lambda item: (order.index(item[0][0]), item[0][2])):
        c = collections.Counter(r["status"] for r in group)
        at = sum(r.get("at_mutation", False) for r in group)
        lines.append(f"| {name} | {kind} | {target} | {len(group)} | {c['refused']} ({at}) | {c['valid']} "
                     f"| {c['invalid']} | {c['out-of-budget']} | {c['error']} |")
    lines.append("")
    refusals = collections.Counter(group_message(r["message"]) for r in records if r["status"] == "refused")
    lines.append(f"## Refusal messages, grouped ({count['refused']})")
    lines.append("")
    for message, n in refusals.most_common():
        lines.append(f"- {n} × {message}")
    lines.append("")
    invalid = [r for r in records if r["status"] == "invalid"]
    lines.append(f"## Exit 0 with an invalid answer ({len(invalid)})")
    lines.append("")
    for r in invalid:
        lines.append(f"- #{r['index']} {r['mutation']} at {r['target']} `{r['pointer']}` of {r['file']}"
                     + (f" (schema {r['schema_file']})" if r.get("schema_file") else ""))
        lines.append(f"  - fragment: `{json.dumps(r['fragment'], ensure_ascii=False)[:400]}`")
        lines.append(f"  - answer: `{r.get('answer', '')[:400]}`")
        lines.append(f"  - error: {r['validation_error']}")
    errors = [r for r in records if r["status"] in ("error", "out-of-budget")]
    if errors:
        lines.append("")
        lines.append(f"## Other failures ({len(errors)})")
        lines.append("")
        for r in errors:
            lines.append(f"- #{r['index']} {r['mutation']} at {r['target']} of {r['file']}: {r['status']}: "
                         f"{r.get('message', '')[:300]}")
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(
        description="Contradictory and tight schema mutations through `fm respond --schema`.")
    parser.add_argument("--count", type=int, default=60, metavar="N", help="mutated schemas to run (60)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="shuffles the split (0)")
    parser.add_argument("--model", action="append", metavar="PATH", help="a GGUF model (repeatable)")
    parser.add_argument("--models", metavar="LIST", help=f"model shortcuts: {', '.join(coverage.MODEL_FILES)}")
    parser.add_argument("--mutations", metavar="LIST", help="only these mutations, comma-separated (see --list)")
    parser.add_argument("--max-tokens", type=int, default=768, metavar="N", help="fm --max-tokens (768)")
    parser.add_argument("--timeout", type=float, default=300, metavar="S", help="seconds per schema (300)")
    parser.add_argument("--threads", type=int, default=int(coverage.os.environ.get("FM_THREADS") or 1), metavar="N",
                        help="FM_THREADS for fm (FM_THREADS or 1)")
    parser.add_argument("--fm", metavar="PATH", help="the fm binary (.build/release/fm, else scripts/fm)")
    parser.add_argument("--data", metavar="DIR", type=Path, default=coverage.default_data(),
                        help="the split (../shared/data/jsonschemabench-dev beside the repository)")
    parser.add_argument("--out", metavar="DIR", type=Path, help="write results.json, report.md and the schemas here")
    parser.add_argument("--no-screen", action="store_true", help="mutate schemas that fm refuses unmutated too")
    parser.add_argument("--list", action="store_true", help="print the mutations and exit")
    args = parser.parse_args()

    chosen = MUTATIONS
    if args.mutations:
        names = set(args.mutations.split(","))
        unknown = names - {m.name for m in MUTATIONS}
        if unknown:
            parser.error(f"unknown mutations: {', '.join(sorted(unknown))} (see --list)")
        chosen = [m for m in MUTATIONS if m.name in names]
    if args.list:
        for m in MUTATIONS:
            sample = {"type": {"typed": "string", "number": "integer"}.get(m.needs, m.needs)} if m.needs else {}
            m.apply(sample, "Draft202012")
            print(f"{m.name:34} {m.kind:13} {json.dumps(sample)}")
        return 0
    if not args.data.is_dir():
        parser.error(f"no split at {args.data} (use --data)")
    fm = [args.fm] if args.fm else coverage.default_fm()
    models = coverage.model_paths(args.models, args.model)
    checker, checked, unchecked = coverage.format_checker()
    print(coverage.formats_line(checked, unchecked), file=sys.stderr)
    if args.out:
        (args.out / "schemas").mkdir(parents=True, exist_ok=True)

    records = []
    with tempfile.TemporaryDirectory(prefix="schema-mutations-") as scratch:
        for model in models:
            bases = candidates(args)
            turn = 0
            while len([r for r in records if r["model"] == model]) < args.count:
                mutation = chosen[turn % len(chosen)]
                turn += 1
                for name, base in bases:
                    draft = coverage.draft_name(base, checker)
                    # Both targets, or none: a schema whose root object requires nothing is skipped.
                    variants = [("property", mutate(base, mutation, "property", draft)),
                                ("root", mutate(base, mutation, "root", draft))]
                    if not variants[0][1]:
                        continue
                    if not args.no_screen and not screen(args, fm, model, base, scratch, checker):
                        continue
                    variants = [v for v in variants if v[1]]
                    break
                else:
                    print("schema-mutations: the split ran out of usable schemas", file=sys.stderr)
                    break
                for target, (schema, pointer, fragment) in variants:
                    if len([r for r in records if r["model"] == model]) >= args.count:
                        break
                    index = len(records) + 1
                    record = {"index": index, "model": model, "file": name, "draft": draft, "mutation": mutation.name,
                              "kind": mutation.kind, "target": target, "pointer": pointer, "fragment": fragment}
                    path = Path(scratch) / f"{index:03}.json"
                    text = json.dumps(schema, ensure_ascii=False)
                    path.write_text(text, encoding="utf-8")
                    if args.out:
                        saved = args.out / "schemas" / f"{index:03}-{mutation.name}-{target}.json"
                        saved.write_text(text + "\n", encoding="utf-8")
                        record["schema_file"] = str(saved)
                    _, code, stdout, stderr, seconds, notes = coverage.run_fm(
                        fm, path, model, args.max_tokens, args.timeout, args.threads)
                    record.update(exit_code=code, seconds=round(seconds, 2))
                    record.update(coverage.classify(code, stdout, stderr, schema, checker))
                    if code is None:
                        record["message"] = f"timed out after {args.timeout:g} s"
                    if code == 0:
                        record["answer"] = stdout.decode("utf-8", "replace").strip()[:coverage.ANSWER_KEPT]
                    if record["status"] == "refused":
                        record["at_mutation"] = at_mutation(record, mutation)
                    if notes:
                        record["notes"] = notes
                    records.append(record)
                    detail = record.get("validation_error") or record.get("message") or record.get("answer") or ""
                    print(f"[{index}] {mutation.name} at {target} of {name}: {record['status']} ({seconds:.1f} s) "
                          f"{detail[:200]}", file=sys.stderr, flush=True)

    text = report(records, models, args, checked, unchecked)
    if args.out:
        with open(args.out / "results.json", "w", encoding="utf-8") as f:
            json.dump({"fm": fm, "models": models, "seed": args.seed, "count": args.count, "prompt": coverage.PROMPT,
                       "max_tokens": args.max_tokens, "formats_checked": checked, "results": records},
                      f, indent=1, ensure_ascii=False)
            f.write("\n")
        (args.out / "report.md").write_text(text, encoding="utf-8")
    print(text)
    return 1 if any(r["status"] == "invalid" for r in records) else 0


if __name__ == "__main__":
    sys.exit(main())
