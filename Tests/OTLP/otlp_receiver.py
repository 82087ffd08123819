#!/usr/bin/env python3
"""A small OTLP/HTTP receiver for the tests of the OTLP trace exporter: it accepts
POST /v1/traces with the JSON encoding, checks each span's shape, and writes what it got as JSON
lines. Standard library only (opentelemetry-proto, when importable, also parses each body).

    python3 Tests/OTLP/otlp_receiver.py --out spans.jsonl [--port 0] [--delay 5] [--status 503]

It prints "PORT <n>" on its first line once it listens, and exits when its parent process does.
Each POST writes one line {"kind": "post", "status", "spans", "problems": [...], "proto": ...},
then, when it answers 2xx, one line per span {"kind": "span", "resource": {...}, "scope": ...,
"schemaUrl": ..., "span": {... as sent, "attributes" flattened to {key: value}}}.
--delay sleeps that many seconds before answering each POST; --status answers that status.
"""

import argparse
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HEX32 = re.compile(r"^[0-9a-f]{32}$")
HEX16 = re.compile(r"^[0-9a-f]{16}$")
DIGITS = re.compile(r"^[0-9]+$")


def value_of(any_value):
    """An OTLP AnyValue as a plain Python value; raises ValueError for an unknown shape."""
    if not isinstance(any_value, dict) or len(any_value) != 1:
        raise ValueError(f"not an AnyValue: {any_value!r}")
    (kind, value), = any_value.items()
    if kind == "stringValue" and isinstance(value, str):
        return value
    if kind == "intValue" and (isinstance(value, int) or (isinstance(value, str) and re.match(r"^-?[0-9]+$", value))):
        return int(value)
    if kind == "doubleValue" and isinstance(value, (int, float)):
        return float(value)
    if kind == "boolValue" and isinstance(value, bool):
        return value
    if kind == "arrayValue" and isinstance(value, dict):
        return [value_of(element) for element in value.get("values", [])]
    raise ValueError(f"bad {kind}: {value!r}")


def attributes_of(key_values, problems, where):
    result = {}
    for key_value in key_values or []:
        try:
            result[key_value["key"]] = value_of(key_value["value"])
        except (KeyError, TypeError, ValueError) as error:
            problems.append(f"{where}: attribute {key_value!r}: {error}")
    return result


def check_span(span, problems):
    name = span.get("name", "?")
    if not HEX32.match(str(span.get("traceId", ""))):
        problems.append(f"{name}: traceId {span.get('traceId')!r} is not 32 hex digits")
    if not HEX16.match(str(span.get("spanId", ""))):
        problems.append(f"{name}: spanId {span.get('spanId')!r} is not 16 hex digits")
    if "parentSpanId" in span and not HEX16.match(str(span["parentSpanId"])):
        problems.append(f"{name}: parentSpanId {span['parentSpanId']!r} is not 16 hex digits")
    for key in ("startTimeUnixNano", "endTimeUnixNano"):
        if not (isinstance(span.get(key), str) and DIGITS.match(span[key])):
            problems.append(f"{name}: {key} {span.get(key)!r} is not a string of digits")
    if span.get("kind") not in (0, 1, 2, 3, 4, 5):
        problems.append(f"{name}: kind {span.get('kind')!r} is not an integer SpanKind")
    status = span.get("status", {})
    if not isinstance(status, dict) or status.get("code", 0) not in (0, 1, 2):
        problems.append(f"{name}: status {status!r}")
    if all(isinstance(span.get(key), str) and DIGITS.match(span[key]) for key in ("startTimeUnixNano", "endTimeUnixNano")):
        if int(span["endTimeUnixNano"]) < int(span["startTimeUnixNano"]):
            problems.append(f"{name}: ends before it starts")


def proto_check(body):
    """'ok' when opentelemetry-proto parses the body strictly, 'unavailable' without it, else the error."""
    try:
        from google.protobuf import json_format
        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
    except ImportError:
        return "unavailable"
    try:
        json_format.Parse(body, ExportTraceServiceRequest(), ignore_unknown_fields=False)
        return "ok"
    except Exception as error:  # json_format raises ParseError and a few others
        return f"error: {error}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="the JSON-lines file to append to")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0, help="seconds to sleep before answering each POST")
    parser.add_argument("--status", type=int, default=200, help="the status to answer")
    args = parser.parse_args()
    lock = threading.Lock()

    def write(lines):
        with lock, open(args.out, "a", encoding="utf-8") as file:
            for line in lines:
                file.write(json.dumps(line) + "\n")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if args.delay:
                time.sleep(args.delay)
            problems, lines = [], []
            if self.path != "/v1/traces":
                problems.append(f"path {self.path}")
            if not (self.headers.get("Content-Type") or "").startswith("application/json"):
                problems.append(f"Content-Type {self.headers.get('Content-Type')!r}")
            try:
                request = json.loads(body)
            except ValueError as error:
                request = {}
                problems.append(f"body is not JSON: {error}")
            for resource_spans in request.get("resourceSpans", []):
                resource = attributes_of(resource_spans.get("resource", {}).get("attributes"), problems, "resource")
                for scope_spans in resource_spans.get("scopeSpans", []):
                    for span in scope_spans.get("spans", []):
                        check_span(span, problems)
                        flattened = dict(span)
                        flattened["attributes"] = attributes_of(span.get("attributes"), problems, span.get("name", "?"))
                        lines.append({"kind": "span", "resource": resource, "scope": scope_spans.get("scope", {}),
                                      "schemaUrl": scope_spans.get("schemaUrl") or resource_spans.get("schemaUrl"),
                                      "span": flattened})
            accepted = 200 <= args.status < 300
            write([{"kind": "post", "status": args.status, "spans": len(lines), "problems": problems,
                    "proto": proto_check(body) if body else "empty"}] + (lines if accepted else []))
            answer = b"{}" if accepted else b'{"code": 14, "message": "unavailable"}'
            self.send_response(args.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    parent = os.getppid()

    def watch_parent():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch_parent, daemon=True).start()
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
