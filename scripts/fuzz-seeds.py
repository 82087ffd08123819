#!/usr/bin/env python3
"""Gathers the seed corpus of each fuzz target (see scripts/fuzz.sh) into OUT/TARGET.

Seeds: Fuzz/Seeds/TARGET, plus for the JSON targets the schemas of the JSON Schema Bench dev
split (../shared/data/jsonschemabench-dev beside the repository, when present: the "schema"
member of each file), for the regex target the `pattern`s in those schemas, for the template
target the chat templates of the test fixtures, and for the GGUF target small GGUF files written
here (a header with scalars, arrays and a tensor; tokenizers of both common kinds without weights).
Existing corpus files are kept: the corpus grows from run to run.
"""
import argparse
import json
import pathlib
import shutil
import struct

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


def bench_patterns(limit):
    """The distinct `pattern` strings in the dev split's schemas."""
    if not BENCH.is_dir():
        return []
    patterns = set()

    def visit(node):
        if isinstance(node, dict):
            if isinstance(node.get("pattern"), str):
                patterns.add(node["pattern"])
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    for path in sorted(BENCH.glob("*.json")):
        try:
            visit(json.loads(path.read_text())["schema"])
        except (ValueError, KeyError):
            continue
    return sorted(patterns)[:limit]


def gguf_string(text):
    data = text.encode()
    return struct.pack("<Q", len(data)) + data


def gguf_file(tensor):
    """A GGUF v3 file: scalars of several types, a string array and, when `tensor`, one F32
    tensor (its info, alignment padding and data)."""
    pairs = [
        ("general.architecture", 8, gguf_string("llama")),
        ("general.name", 8, gguf_string("fuzz seed")),
        ("llama.context_length", 4, struct.pack("<I", 2048)),
        ("llama.rope.freq_base", 6, struct.pack("<f", 10000.0)),
        ("general.file_type", 5, struct.pack("<i", 1)),
        ("tokenizer.ggml.add_bos_token", 7, struct.pack("<?", True)),
        ("general.size", 10, struct.pack("<Q", 123456789)),
        ("tokenizer.chat_template", 8, gguf_string("{% for m in messages %}{{ m.content }}{% endfor %}")),
        (
            "tokenizer.ggml.tokens", 9,
            struct.pack("<IQ", 8, 3) + gguf_string("<s>") + gguf_string("a") + gguf_string("\u0120b"),
        ),
        ("tokenizer.ggml.scores", 9, struct.pack("<IQ", 6, 3) + struct.pack("<fff", 0.0, -1.0, -2.0)),
    ]
    body = b"GGUF" + struct.pack("<IQQ", 3, 1 if tensor else 0, len(pairs))
    for key, kind, value in pairs:
        body += gguf_string(key) + struct.pack("<I", kind) + value
    if tensor:
        body += gguf_string("token_embd.weight") + struct.pack("<IQQIQ", 2, 4, 2, 0, 0)
        body += b"\0" * (-len(body) % 32) + struct.pack("<8f", *range(8))
    return body


def gguf_vocabulary(kind):
    """A GGUF v3 file with a tokenizer and no weights (a one-block `llama` model): byte-level BPE
    (`gpt2`, with merges) or SentencePiece (`llama`, with scores, token types and byte tokens),
    for the vocabulary-only load."""
    def array(element_kind, items):
        return struct.pack("<IQ", element_kind, len(items)) + b"".join(items)

    if kind == "gpt2":
        tokens = ["<|endoftext|>", "a", "b", "ab", "\u010a", "\u0120", "\u0120a", "{", "}", "\"", ":"]
        tokenizer = [
            ("tokenizer.ggml.merges", 9, array(8, [gguf_string(m) for m in ["a b", "\u0120 a"]])),
            ("tokenizer.ggml.pre", 8, gguf_string("qwen2")),
        ]
    else:
        tokens = ["<unk>", "<s>", "</s>", "<0x0A>", "<0x41>", "\u2581a", "b", "\u2581ab", "{", "}"]
        tokenizer = [
            ("tokenizer.ggml.scores", 9, array(6, [struct.pack("<f", -float(i)) for i in range(len(tokens))])),
            ("tokenizer.ggml.token_type", 9, array(5, [struct.pack("<i", t) for t in [2, 3, 3, 6, 6, 1, 1, 1, 1, 1]])),
            ("tokenizer.ggml.add_bos_token", 7, struct.pack("<?", True)),
        ]
    pairs = [
        ("general.architecture", 8, gguf_string("llama")),
        ("llama.context_length", 4, struct.pack("<I", 128)),
        ("llama.embedding_length", 4, struct.pack("<I", 8)),
        ("llama.block_count", 4, struct.pack("<I", 1)),
        ("llama.feed_forward_length", 4, struct.pack("<I", 16)),
        ("llama.attention.head_count", 4, struct.pack("<I", 2)),
        ("llama.attention.layer_norm_rms_epsilon", 6, struct.pack("<f", 1e-5)),
        ("tokenizer.ggml.model", 8, gguf_string(kind)),
        ("tokenizer.ggml.tokens", 9, array(8, [gguf_string(t) for t in tokens])),
        ("tokenizer.ggml.eos_token_id", 4, struct.pack("<I", 0 if kind == "gpt2" else 2)),
    ] + tokenizer
    body = b"GGUF" + struct.pack("<IQQ", 3, 0, len(pairs))
    for key, value_kind, value in pairs:
        body += gguf_string(key) + struct.pack("<I", value_kind) + value
    return body


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
        if target == "FuzzPartialJSON":
            for name, text in bench_schemas(arguments.bench_limit // 3):
                (folder / ("bench-" + name)).write_text(text)
        if target == "FuzzRegex":
            for index, pattern in enumerate(bench_patterns(arguments.bench_limit)):
                (folder / f"bench-pattern-{index}").write_text(pattern)
        if target == "FuzzGGUF":
            (folder / "generated-header.gguf").write_bytes(gguf_file(tensor=False))
            (folder / "generated-tensor.gguf").write_bytes(gguf_file(tensor=True))
            (folder / "generated-bpe-vocabulary.gguf").write_bytes(gguf_vocabulary("gpt2"))
            (folder / "generated-spm-vocabulary.gguf").write_bytes(gguf_vocabulary("llama"))
        if target == "FuzzJinjaTemplate" and TEMPLATES.is_dir():
            for path in TEMPLATES.glob("*.jinja"):
                shutil.copy(path, folder / ("fixture-" + path.name))


if __name__ == "__main__":
    main()
