#!/usr/bin/env python3
"""Replays the Swift engine's random walks through llguidance and validates every instance.

Input: a folder written by the Swift benchmark runner (see README.md next to this script):
  vocabulary.tsv   id <TAB> hex bytes <TAB> normal|special|eog
  schemas.jsonl    {"name", "schema"} per line
  sequences.jsonl  {"name", "error", "compile_us", "terminated", "dead_end", "tokens"} per line

For each schema that both engines compile, llguidance is driven over exactly the same token
sequence: per token, fill the mask (timed), check the token's bit, consume it (timed together,
"time between masks"). Every terminated instance is validated with the `jsonschema` package.
Prints one JSON object with the statistics. Needs `llguidance`, `jsonschema`, `numpy` (pip wheels,
in a throwaway virtualenv: see run_reference.sh).
"""
import argparse
import json
import sys
import time

import jsonschema
import llguidance
import llguidance.numpy
import numpy as np


class Vocab:
    def __init__(self, path):
        self.tokens, self.special, self.eog = [], [], []
        for line in open(path, encoding="utf-8"):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3:
                continue
            token_id, hexbytes, kind = int(parts[0]), parts[1], parts[2]
            raw = bytes.fromhex(hexbytes)
            if kind != "normal":
                raw = b"\xff" + (raw or b"<special_%d>" % token_id)
                (self.eog if kind == "eog" else self.special).append(token_id)
            self.tokens.append(raw)
        self.eos_token_id = self.eog[0] if self.eog else 0
        self.bos_token_id = None
        self.special_token_ids = self.special + self.eog
        self._lookup = {}
        for token_id, raw in enumerate(self.tokens):
            if raw and not raw.startswith(b"\xff"):
                self._lookup.setdefault(raw, token_id)
        self._longest = max(len(t) for t in self.tokens)

    def __call__(self, data):
        # Greedy longest-match tokenization; llguidance only uses it for prompts/forced text.
        if isinstance(data, str):
            data = data.encode("utf-8")
        result, position = [], 0
        while position < len(data):
            for length in range(min(self._longest, len(data) - position), 0, -1):
                token = self._lookup.get(data[position:position + length])
                if token is not None:
                    result.append(token)
                    position += length
                    break
            else:
                position += 1
        return result


def quantile(values, p):
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = min(len(ordered) - 1, max(0, int(-(-p * len(ordered) // 1)) - 1))
    return ordered[rank]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--layout", choices=["canonical", "compact"], default="canonical")
    args = parser.parse_args()

    vocab = Vocab(f"{args.folder}/vocabulary.tsv")
    tokenizer = llguidance.LLTokenizer(llguidance.TokenizerWrapper(vocab), n_vocab=len(vocab.tokens),
                                       eos_token=vocab.eog or None)
    separators = {"canonical": (", ", ": "), "compact": (",", ":")}[args.layout]
    options = {"whitespace_flexible": False, "item_separator": separators[0], "key_separator": separators[1]}
    schemas = {}
    for line in open(f"{args.folder}/schemas.jsonl", encoding="utf-8"):
        entry = json.loads(line)
        schemas[entry["name"]] = entry["schema"]
    bitmask = llguidance.numpy.allocate_token_bitmask(1, len(vocab.tokens))
    eog_set = set(vocab.eog)

    stats = {"schemas": 0, "ours_compiled": 0, "llg_compiled": 0, "both_compiled": 0,
             "instances_terminated": 0, "instances_valid_jsonschema": 0, "instances_invalid_jsonschema": 0,
             "instances_unparsable": 0, "instances_unchecked": 0, "llg_masked_but_consumed": 0, "llg_accepted_sequences": 0, "llg_rejected_sequences": 0}
    mask_us, compile_ms, our_compile_ms, invalid_examples, rejected_examples = [], [], [], [], []
    # Compile times over the schemas both engines compile (each engine's p99 above is over its own
    # set), and ours for the schemas llguidance refuses.
    both_ours_ms, both_llg_ms, refused_by_llg = [], [], []
    for line in open(f"{args.folder}/sequences.jsonl", encoding="utf-8"):
        entry = json.loads(line)
        stats["schemas"] += 1
        schema = schemas[entry["name"]]
        if entry["error"] is None:
            stats["ours_compiled"] += 1
            our_compile_ms.append(entry["compile_us"] / 1000)
        # Validate our instance.
        tokens = entry["tokens"]
        if entry["error"] is None and entry["terminated"]:
            stats["instances_terminated"] += 1
            text = b"".join(vocab.tokens[t] for t in tokens if t not in vocab.eog).decode("utf-8", errors="strict")
            parsed = True
            try:
                instance = json.loads(text)
            except ValueError:
                stats["instances_unparsable"] += 1
                invalid_examples.append({"name": entry["name"], "text": text[:300], "error": "unparsable"})
                parsed = False
            if parsed:
                try:
                    jsonschema.validate(instance, schema)
                    stats["instances_valid_jsonschema"] += 1
                except jsonschema.ValidationError as error:
                    stats["instances_invalid_jsonschema"] += 1
                    invalid_examples.append({"name": entry["name"], "text": text[:300], "error": error.message[:200]})
                except Exception:
                    stats["instances_unchecked"] += 1
        # llguidance on the same sequence.
        start = time.perf_counter()
        try:
            grammar = llguidance.LLMatcher.grammar_from_json_schema(schema, overrides=options)
            matcher = llguidance.LLMatcher(tokenizer, grammar, log_level=0)
            failed = matcher.is_error()
        except Exception:
            failed = True
        elapsed = (time.perf_counter() - start) * 1000
        if failed:
            if entry["error"] is None:
                refused_by_llg.append((entry["compile_us"] / 1000, entry["name"]))
            continue
        stats["llg_compiled"] += 1
        compile_ms.append(elapsed)
        if entry["error"] is not None:
            continue
        stats["both_compiled"] += 1
        both_ours_ms.append(entry["compile_us"] / 1000)
        both_llg_ms.append(elapsed)
        accepted = True
        for token in tokens:
            start = time.perf_counter()
            llguidance.numpy.fill_next_token_bitmask(matcher, bitmask)
            if token in eog_set:
                # Any end-of-generation id ends the walk; llguidance's mask marks only its own EOS.
                ok = matcher.is_accepting()
            else:
                allowed = (int(bitmask[0, token >> 5]) >> (token & 31)) & 1
                # llguidance masks out non-canonical tokenizations of forced text (for example
                # "{" + "\"" where the tokenizer would write "{\""), yet consumes them: count those
                # and go on, so that both engines are timed over the same sequences.
                if not allowed:
                    stats["llg_masked_but_consumed"] += 1
                ok = matcher.consume_token(token)
            mask_us.append((time.perf_counter() - start) * 1e6)
            if not ok:
                accepted = False
                prefix = b"".join(vocab.tokens[t] for t in tokens[:tokens.index(token)] if t not in eog_set)
                rejected_examples.append({"name": entry["name"], "after": prefix[-60:].decode("utf-8", "replace"),
                                          "token": vocab.tokens[token].decode("utf-8", "replace"),
                                          "reason": (matcher.get_error() or "masked out")[:120]})
                break
        if accepted:
            stats["llg_accepted_sequences"] += 1
        else:
            stats["llg_rejected_sequences"] += 1

    result = dict(stats)
    result.update({
        "llg_mask_p50_us": round(quantile(mask_us, 0.5), 3), "llg_mask_p99_us": round(quantile(mask_us, 0.99), 3),
        "llg_mask_max_us": round(max(mask_us) if mask_us else 0, 3), "llg_masks": len(mask_us),
        "llg_compile_p50_ms": round(quantile(compile_ms, 0.5), 3), "llg_compile_p99_ms": round(quantile(compile_ms, 0.99), 3),
        "ours_compile_p50_ms": round(quantile(our_compile_ms, 0.5), 3),
        "llg_both_compile_p99_ms": round(quantile(both_llg_ms, 0.99), 3),
        "llg_both_ours_compile_p99_ms": round(quantile(both_ours_ms, 0.99), 3),
        "llg_both_compile_max_ms": round(max(both_llg_ms) if both_llg_ms else 0, 3),
        "llg_both_ours_compile_max_ms": round(max(both_ours_ms) if both_ours_ms else 0, 3),
        "llg_refused_slowest_ours": [f"{name} {ms:.1f} ms" for ms, name in sorted(refused_by_llg, reverse=True)[:5]],
        "invalid_examples": invalid_examples[:10], "llg_rejected_examples": rejected_examples[:10],
    })
    print(json.dumps(result, indent=1))
    return 1 if stats["instances_invalid_jsonschema"] or stats["instances_unparsable"] else 0


if __name__ == "__main__":
    sys.exit(main())
