#!/usr/bin/env python3
"""A bounded soak of the package through `fm serve`: many sessions, many guided requests, and the
server process's memory, file descriptors and threads sampled before, during and after.

Every request of `fm serve` creates a session, uses it and drops it, so the server exercises the
whole library (sessions, prompt cache, engine slots, guided decoding) in one long-lived process.

    phase 1  --sessions N   plain chat requests (a short conversation each, greedy, 8 tokens)
    phase 2  --guided N     guided requests: `response_format` json_schema with schemas drawn at
                            random (fixed seed) from the JSONSchemaBench dev split (without it,
                            the schemas of Fuzz/Seeds/FuzzJSONSchema), each with one
                            of --seeds sampling seeds at temperature 1; `--all` takes every schema
                            of the split with every seed instead of a random draw, seed by seed
                            (the whole split with seed 1, then with seed 2, ...), so that a run
                            cut short by --minutes has covered whole seeds

Each guided answer is classified, as scripts/schema-coverage.py does for `fm respond --schema`:

    valid          finish_reason stop and the answer validates against the schema (jsonschema,
                   the draft the schema declares, with format checking)
    invalid        finish_reason stop but not JSON, a repeated key, or a validation error: a bug
    refused        HTTP 400 naming what the decoder cannot enforce (recorded, not a failure)
    out-of-budget  finish_reason length: the answer ran out of --max-tokens
    error          anything else (other statuses, transport failures)

Memory is sampled from /proc/PID (VmRSS, open descriptors, threads) before, after a warm-up of
--warm-up requests of each phase, every --sample-every requests, and at the end of each phase.
Growth is judged per phase, from its warm-up to its end: the guided phase's warm-up
(--guided-warm-up, default 300; with --all, one whole pass over the split) lets the server's
compiled-grammar cache (256 schemas, 128 MiB of tables and token masks) fill, so what it holds is
not counted as a leak. With --all the warm-up ends after every schema has been compiled once, so
the judged growth is what repeating the same requests with other seeds adds: a leak grows there,
a high-water mark (the largest schema's compile) does not.

Usage:

    scripts/soak.py [--fm PATH] [--model PATH] [--sessions 1000] [--guided 10000] [--seeds 3]
        [--all] [--clients 2] [--threads 1] [--max-tokens 512] [--minutes M] [--json OUT]

Exit status: 1 when any answer is invalid, any request errors, or the server's resident memory
grew by more than --rss-growth-mb (default 64) plus the server's --cache-ram (--cache-ram-mb, default 32:
the evicted conversations it keeps, a bounded store) between the warm-up and the end, its descriptors by
more than 4 or its threads by more than 8 (dispatch's worker threads come and go); 2 on bad usage;
0 otherwise.
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def coverage_module():
    """scripts/schema-coverage.py, for its split loading and answer checking."""
    spec = importlib.util.spec_from_file_location("schema_coverage", ROOT / "scripts" / "schema-coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def process_sample(pid):
    """Resident memory (MiB), open descriptors and threads of a process."""
    rss_kb, threads = 0, 0
    with open(f"/proc/{pid}/status", encoding="utf-8") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                rss_kb = int(line.split()[1])
            elif line.startswith("Threads:"):
                threads = int(line.split()[1])
    descriptors = len(os.listdir(f"/proc/{pid}/fd"))
    return {"rss_mib": round(rss_kb / 1024, 1), "fds": descriptors, "threads": threads}


def post(port, body, timeout):
    """(status, decoded JSON body or text)."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/v1/chat/completions", data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        text = error.read().decode("utf-8", "replace")
        try:
            return error.code, json.loads(text)
        except ValueError:
            return error.code, text


def start_server(args, port):
    environment = dict(os.environ, FM_THREADS=str(args.threads))
    command = [args.fm, "serve", "--port", str(port), "--model", args.model, "--parallel", str(args.clients),
               "--queue", str(4 * args.clients), "--context-size", str(args.context_size),
               "--cache-ram", str(args.cache_ram_mb)]
    server = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"soak: fm serve exited with {server.returncode}: {server.stderr.read().decode()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2) as response:
                if response.status == 200:
                    return server, json.loads(response.read())["data"][0]["id"]
        except OSError:
            time.sleep(0.2)
    server.kill()
    sys.exit("soak: fm serve did not become healthy within 120 s")


def session_request(model, index):
    return {
        "model": model,
        "messages": [
            {"role": "system", "content": "Answer in a few words."},
            {"role": "user", "content": f"Name a colour. ({index})"},
            {"role": "assistant", "content": "Blue."},
            {"role": "user", "content": "And another one?"},
        ],
        "temperature": 0, "max_tokens": 8,
    }


def guided_request(model, schema, seed, max_tokens):
    return {
        "model": model,
        "messages": [{"role": "user", "content": "Produce one realistic example instance."}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "answer", "schema": schema}},
        "temperature": 1.0, "seed": seed, "max_tokens": max_tokens,
    }


def classify(coverage, checker, schema, status, body):
    if status == 400:
        message = body.get("error", {}).get("message", "") if isinstance(body, dict) else str(body)
        return {"status": "refused", "message": message[:300]}
    if status != 200 or not isinstance(body, dict):
        return {"status": "error", "message": f"HTTP {status}: {str(body)[:500]}"}
    choice = body["choices"][0]
    content = choice["message"].get("content") or ""
    if choice.get("finish_reason") == "length":
        return {"status": "out-of-budget"}
    try:
        answer = coverage.parse_answer(content.encode())
    except ValueError as error:
        return {"status": "invalid", "validation_error": f"not one JSON value: {error}", "answer": content[:2000]}
    try:
        problem = coverage.first_error(schema, answer, checker)
    except RuntimeError as error:
        return {"status": "unchecked", "message": str(error)[:300]}
    if problem:
        return {"status": "invalid", "validation_error": problem, "answer": content[:2000]}
    usage = body.get("usage") or {}
    return {"status": "valid", "completion_tokens": usage.get("completion_tokens"), "prompt_tokens": usage.get("prompt_tokens")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fm", default=str(ROOT / ".build" / "release" / "fm"), help="the fm binary (default .build/release/fm)")
    parser.add_argument("--model", help="the GGUF model (default: SmolLM2 from scripts/setup.sh's cache)")
    parser.add_argument("--data", type=Path, help="the split (default FM_JSONSCHEMABENCH_DIR, else "
                        "../shared/data/jsonschemabench-dev beside the repository, else the fuzz seed schemas)")
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--guided", type=int, default=10000)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--all", action="store_true", help="every schema of the split with every seed")
    parser.add_argument("--clients", type=int, default=2, help="concurrent requests (and the server's --parallel)")
    parser.add_argument("--threads", type=int, default=1, help="FM_THREADS for the server")
    parser.add_argument("--context-size", type=int, default=2048)
    parser.add_argument("--max-tokens", type=int, default=512)
    parser.add_argument("--timeout", type=float, default=300, help="seconds per request")
    parser.add_argument("--warm-up", type=int, default=50, help="session requests before the sessions' warm sample")
    parser.add_argument("--guided-warm-up", type=int, help="guided requests before the guided warm sample "
                        "(default 300; with --all, the number of schemas in the split)")
    parser.add_argument("--sample-every", type=int, default=100)
    parser.add_argument("--rss-growth-mb", type=float, default=64)
    parser.add_argument("--cache-ram-mb", type=int, default=32,
                        help="the server's --cache-ram (conversations saved when their slot is taken); "
                             "a bounded store, so it is added to --rss-growth-mb")
    parser.add_argument("--minutes", type=float, help="stop starting guided requests after this long (the rest are reported as skipped)")
    parser.add_argument("--json", type=Path, help="write every sample and result here")
    args = parser.parse_args()
    if not os.access(args.fm, os.X_OK):
        parser.error(f"no fm binary at {args.fm} (build it, or pass --fm)")
    if args.model is None:
        cache = Path(os.environ.get("FM_CACHE_DIR") or Path.home() / ".cache" / "foundation-models-linux")
        args.model = str(cache / "models" / "SmolLM2-135M-Instruct-Q4_1.gguf")
    coverage = coverage_module()
    checker, checked, _ = coverage.format_checker()

    pairs = []
    if args.guided or args.all:
        if args.data is None:
            candidates = [Path(os.environ["FM_JSONSCHEMABENCH_DIR"])] if os.environ.get("FM_JSONSCHEMABENCH_DIR") else []
            candidates += [ROOT.parent / "shared" / "data" / "jsonschemabench-dev", ROOT / "Fuzz" / "Seeds" / "FuzzJSONSchema"]
            args.data = next(path for path in candidates if path.is_dir() or path == candidates[-1])
            print(f"soak: schemas from {args.data}", file=sys.stderr)
        if not args.data.is_dir():
            parser.error(f"no split at {args.data} (use --data)")
        names = [name for files in coverage.load_split(args.data).values() for name in files]
        if args.all:
            pairs = [(name, seed) for seed in range(1, args.seeds + 1) for name in names]
            if args.guided_warm_up is None:
                args.guided_warm_up = len(names)
        else:
            draw = random.Random(0)
            pairs = [(draw.choice(names), draw.randint(1, args.seeds)) for _ in range(args.guided)]

    if args.guided_warm_up is None:
        args.guided_warm_up = 300
    port = free_port()
    server, model_id = start_server(args, port)
    samples, results, lock = [], [], threading.Lock()
    done = [0]
    started = time.monotonic()

    def note(label):
        sample = dict(process_sample(server.pid), label=label, requests=done[0], seconds=round(time.monotonic() - started, 1))
        samples.append(sample)
        print(f"soak: {label:>8} after {done[0]:>6} requests, {sample['seconds']:>7} s: "
              f"RSS {sample['rss_mib']} MiB, {sample['fds']} fds, {sample['threads']} threads", file=sys.stderr, flush=True)

    def finished():
        with lock:
            done[0] += 1
            count = done[0]
        if count == min(args.warm_up, args.sessions):
            note("warm")
        elif count == args.sessions + min(args.guided_warm_up, len(pairs)) and pairs:
            note("guided-warm")
        elif count % args.sample_every == 0:
            note("during")

    def run_session(index):
        status, body = post(port, session_request(model_id, index), args.timeout)
        ok = status == 200 and isinstance(body, dict) and body["choices"][0]["message"].get("content") is not None
        result = {"kind": "session", "status": "valid" if ok else "error"}
        if not ok:
            result["message"] = f"HTTP {status}: {str(body)[:500]}"
        finished()
        return result

    schemas = {}

    def run_guided(pair):
        name, seed = pair
        if args.minutes is not None and time.monotonic() - started > 60 * args.minutes:
            return {"kind": "guided", "status": "skipped", "file": name, "seed": seed}
        if name not in schemas:
            schemas[name] = coverage.schema_of(args.data / name)
        schema = schemas[name]
        try:
            status, body = post(port, guided_request(model_id, schema, seed, args.max_tokens), args.timeout)
            result = classify(coverage, checker, schema, status, body)
        except OSError as error:
            result = {"status": "error", "message": f"{type(error).__name__}: {error}"}
        result.update(kind="guided", file=name, seed=seed)
        finished()
        return result

    note("before")
    try:
        with concurrent.futures.ThreadPoolExecutor(args.clients) as pool:
            results.extend(pool.map(run_session, range(args.sessions)))
            note("sessions")
            results.extend(pool.map(run_guided, pairs))
        time.sleep(1)
        note("after")
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()

    counts = {}
    for result in results:
        key = (result["kind"], result["status"])
        counts[key] = counts.get(key, 0) + 1
    for result in results:
        if result["status"] in ("invalid", "error"):
            print(f"soak: {result['status']}: {json.dumps(result)[:1500]}", file=sys.stderr)
    def sample(label, default):
        return next((entry for entry in samples if entry["label"] == label), default)

    end = samples[-1]
    sessions_end = sample("sessions", end)
    phases = [("sessions", sample("warm", samples[0]), sessions_end)]
    if pairs:
        phases.append(("guided", sample("guided-warm", sessions_end), end))
    peak = max(entry["rss_mib"] for entry in samples)
    print(f"model {Path(args.model).name}, {args.clients} clients, server FM_THREADS={args.threads}, "
          f"{round(time.monotonic() - started)} s; formats checked: {', '.join(checked) or 'none'}")
    print(f"sessions: {counts.get(('session', 'valid'), 0)} answered, {counts.get(('session', 'error'), 0)} errors")
    guided = {status: counts.get(("guided", status), 0)
              for status in ("valid", "invalid", "refused", "out-of-budget", "unchecked", "error", "skipped")}
    print("guided: " + ", ".join(f"{count} {status}" for status, count in guided.items()) + f" (of {len(pairs)})")
    produced = [result["completion_tokens"] for result in results if result.get("completion_tokens") is not None]
    if produced:
        produced.sort()
        print(f"  valid answers' tokens: mean {sum(produced) / len(produced):.0f}, median {produced[len(produced) // 2]}, "
              f"max {produced[-1]}")
    if args.all:
        for seed in range(1, args.seeds + 1):
            ended = [result for result in results if result.get("kind") == "guided" and result.get("seed") == seed]
            tally = {status: sum(1 for result in ended if result["status"] == status) for status in guided}
            print(f"  seed {seed}: " + ", ".join(f"{count} {status}" for status, count in tally.items() if count))
    print(f"server RSS MiB: before {samples[0]['rss_mib']}, peak {peak}, end {end['rss_mib']}")
    grew = False
    for name, first, last in phases:
        growth = last["rss_mib"] - first["rss_mib"]
        print(f"  {name}: RSS {first['rss_mib']} -> {last['rss_mib']} MiB ({growth:+.1f}) after {first['requests']} -> "
              f"{last['requests']} requests; fds {first['fds']} -> {last['fds']}; threads {first['threads']} -> {last['threads']}")
        grew = grew or growth > args.rss_growth_mb + args.cache_ram_mb or last["fds"] > first["fds"] + 4 or last["threads"] > first["threads"] + 8
    if args.json:
        args.json.write_text(json.dumps({"samples": samples, "results": results}, indent=1))
    failed = guided["invalid"] or guided["error"] or counts.get(("session", "error"), 0) or grew
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
