#!/usr/bin/env python3
"""A small OpenAI-compatible mock of `fm serve`, for working on the built-in page without a model.

GET /                      the page, read from Sources/FMServer/ChatPage.swift on every request
GET /health                {"status":"ok"} (503 with --unhealthy)
GET /v1/models             two model ids
POST /v1/chat/completions  streams (SSE over chunked HTTP/1.1) or answers in one piece; words arrive
                           --delay seconds apart. With a json_schema response_format the answer is JSON.

The prompt can steer it: "[error]" answers 400 before streaming, "[midstream-error]" sends an error
event after two chunks, "[long]" streams 200 words, "[invalid-json]" breaks the structured answer.

    python3 Tests/Serve/mock_openai_server.py --port 8080 [--delay 0.1] [--api-key KEY]
"""

import argparse
import json
import pathlib
import re
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PAGE_SOURCE = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "FMServer" / "ChatPage.swift"
MODELS = ["qwen2.5-coder-0.5b-instruct-q4_k_m", "mock-small"]


def page_html(source: str) -> str:
    """The text of the `#\"\"\"…\"\"\"#` literal, with the closing delimiter's indentation removed from each line, as Swift does."""
    match = re.search(r'#"""\n(.*?)\n([ \t]*)"""#', source, re.S)
    if not match:
        raise ValueError("no #\"\"\"…\"\"\"# literal in ChatPage.swift")
    body, indent = match.group(1), match.group(2)
    lines = []
    for line in body.split("\n"):
        if line.strip() and not line.startswith(indent):
            raise ValueError(f"line not indented like the closing delimiter: {line!r}")
        lines.append(line[len(indent):] if line.strip() else "")
    return "\n".join(lines)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "mock-fm-serve"

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if not self.server.quiet:
            super().log_message(format, *args)

    # -- responses ---------------------------------------------------------------------------

    def send_bytes(self, status, content_type, data: bytes):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def send_json(self, status, value):
        self.send_bytes(status, "application/json", json.dumps(value).encode())

    def send_error_json(self, status, message, type_, param=None, code=None):
        self.send_json(status, {"error": {"message": message, "type": type_, "param": param, "code": code}})

    def write_chunk(self, data: bytes):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    # -- routes ------------------------------------------------------------------------------

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path == "/":
            try:
                html = page_html(PAGE_SOURCE.read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                return self.send_bytes(500, "text/plain; charset=utf-8", str(error).encode())
            self.send_bytes(200, "text/html; charset=utf-8", html.encode("utf-8"))
        elif path == "/health":
            if self.server.unhealthy:
                self.send_json(503, {"status": "unavailable", "reason": "the model is still loading"})
            else:
                self.send_json(200, {"status": "ok"})
        elif path == "/v1/models":
            if self.authorized():
                data = [{"id": id_, "object": "model", "created": 0, "owned_by": "fm"} for id_ in MODELS]
                self.send_json(200, {"object": "list", "data": data})
        else:
            self.send_error_json(404, f"no route for GET {path}", "invalid_request_error")

    def do_POST(self):
        path = self.path.split("?", 1)[0]
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if path != "/v1/chat/completions":
            return self.send_error_json(404, f"no route for POST {path}", "invalid_request_error")
        if not self.authorized():
            return
        try:
            request = json.loads(raw)
            messages = request["messages"]
            prompt = messages[-1]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as error:
            return self.send_error_json(400, f"invalid request body: {error}", "invalid_request_error")
        self.server.last_request = request
        if not self.server.quiet:
            print("request:", json.dumps(request), flush=True)
        if "[error]" in prompt:
            return self.send_error_json(400, "the mock was asked to fail: [error]", "invalid_request_error", "messages")

        pieces = answer_pieces(prompt, request.get("response_format"))
        max_tokens = request.get("max_tokens")
        finish = "stop"
        if isinstance(max_tokens, int) and len(pieces) > max_tokens:
            pieces, finish = pieces[:max_tokens], "length"
        prompt_tokens = sum(len(str(m.get("content", "")).split()) for m in messages) + 4 * len(messages)
        usage = {"prompt_tokens": prompt_tokens, "completion_tokens": len(pieces),
                 "total_tokens": prompt_tokens + len(pieces),
                 "prompt_tokens_details": {"cached_tokens": min(prompt_tokens, 8 * (len(messages) - 1))}}
        model = request.get("model") or MODELS[0]
        id_, created = f"chatcmpl-mock{int(time.time() * 1000)}", int(time.time())

        if not request.get("stream"):
            message = {"role": "assistant", "content": "".join(pieces)}
            return self.send_json(200, {"id": id_, "object": "chat.completion", "created": created, "model": model,
                                        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                                        "usage": usage})

        def chunk(choices, **extra):
            return {"id": id_, "object": "chat.completion.chunk", "created": created, "model": model,
                    "choices": choices, **extra}

        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            for index, piece in enumerate(pieces):
                time.sleep(self.server.delay)
                if "[midstream-error]" in prompt and index == 2:
                    self.event({"error": {"message": "the mock was asked to fail midstream", "type": "server_error"}})
                    break
                delta = {"role": "assistant", "content": piece} if index == 0 else {"content": piece}
                last = index == len(pieces) - 1
                self.event(chunk([{"index": 0, "delta": delta, "finish_reason": finish if last else None}]))
            else:
                if (request.get("stream_options") or {}).get("include_usage"):
                    self.event(chunk([], usage=usage))
            self.write_chunk(b"data: [DONE]\n\n")
            self.write_chunk(b"")
        except (BrokenPipeError, ConnectionResetError):
            print("client disconnected; generation cancelled", flush=True)
            self.close_connection = True

    def event(self, value):
        self.write_chunk(b"data: " + json.dumps(value).encode() + b"\n\n")

    def authorized(self):
        key = self.server.api_key
        if key and self.headers.get("Authorization") != f"Bearer {key}":
            self.send_error_json(401, "missing or wrong API key", "authentication_error", code="invalid_api_key")
            return False
        return True


def answer_pieces(prompt, response_format):
    """The answer as streamed pieces: words with their leading space, or JSON in small slices."""
    if response_format and response_format.get("type") in ("json_schema", "json_object"):
        text = json.dumps({"answer": f"Mock answer to: {prompt}", "confidence": 0.9, "tags": ["mock", "json"]})
        if "[invalid-json]" in prompt:
            text = text[:-5]
        return [text[i:i + 6] for i in range(0, len(text), 6)]
    words = ["Hello", "from", "the", "mock", "server."]
    words += ["You", "said:"] + prompt.split()
    if "[long]" in prompt:
        words += [f"word{n}" for n in range(200)]
    return [word if i == 0 else " " + word for i, word in enumerate(words)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080, help="0 picks a free port (printed on start)")
    parser.add_argument("--delay", type=float, default=0.1, help="seconds between streamed pieces")
    parser.add_argument("--api-key", default="", help="require this Bearer key on /v1/*")
    parser.add_argument("--unhealthy", action="store_true", help="answer /health with 503")
    parser.add_argument("--quiet", action="store_true", help="no request log")
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    server.delay, server.api_key, server.unhealthy, server.quiet = args.delay, args.api_key, args.unhealthy, args.quiet
    server.last_request = None
    print(f"mock fm serve on http://{args.host}:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
