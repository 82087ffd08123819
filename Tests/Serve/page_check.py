#!/usr/bin/env python3
"""Checks the page `fm serve` serves at GET / in headless Chromium: it opens the page with
`?prompt=…&autorun=1`, lets it stream one answer, and reads the resulting DOM.

    python3 Tests/Serve/page_check.py --base-url http://127.0.0.1:8080 --prompt "Say hi" [--expect hi]
        [--instructions TEXT] [--schema JSON] [--model ID] [--screenshot out.png]

Checks: the page reached data-state="done", #error is empty, #answer is non-empty (and contains
--expect); with --schema, #answer parses as JSON and the page shows its valid-JSON badge.
Exits 0 when every check passes, 1 otherwise (2 for bad arguments).

Chromium's --virtual-time-budget waits only while network requests are pending, and a fetch whose
body is streamed through getReader() stops counting once its headers arrive. The page therefore
also reads a clone of each completion response at once, which keeps virtual time paused until the
stream ends; the budget then bounds only idle time, and --timeout bounds the real time.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import urllib.parse
from html.parser import HTMLParser

VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class PageState(HTMLParser):
    """The body's data-state, and the text of #answer, #error, and the last .badge and .meta."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.state = None
        self.texts = {}       # key -> text of the last element with that id or class
        self.capturing = []   # [key, depth] for each element whose text is being collected

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.state = attrs.get("data-state")
        if tag in VOID_TAGS:
            return
        for capture in self.capturing:
            capture[1] += 1
        classes = (attrs.get("class") or "").split()
        keys = [f"#{attrs['id']}"] if attrs.get("id") in ("answer", "error") else []
        keys += [f".{name}" for name in ("badge", "meta") if name in classes]
        for key in keys:
            self.texts[key] = ""
            self.capturing.append([key, 1])

    def handle_endtag(self, tag):
        if tag in VOID_TAGS:
            return
        for capture in self.capturing:
            capture[1] -= 1
        self.capturing = [capture for capture in self.capturing if capture[1] > 0]

    def handle_data(self, data):
        for key, _ in self.capturing:
            self.texts[key] += data

    def text(self, key):
        return self.texts.get(key)


def chromium(args, extra_flags, url):
    """Runs headless Chromium on `url` with a fresh profile; returns its stdout, or raises RuntimeError."""
    with tempfile.TemporaryDirectory(prefix="page-check-") as profile:
        command = [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                   f"--virtual-time-budget={args.budget_ms}", *extra_flags, url]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"chromium did not finish within {args.timeout} s") from None
        except OSError as error:
            raise RuntimeError(f"cannot run {args.chromium}: {error}") from None
    if result.returncode != 0:
        tail = "\n".join(result.stderr.strip().splitlines()[-5:])
        raise RuntimeError(f"chromium exited with status {result.returncode}:\n{tail}")
    return result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True, help="the server, e.g. http://127.0.0.1:8080")
    parser.add_argument("--prompt", required=True)
    parser.add_argument("--expect", default="", help="a substring the answer must contain (empty: any non-empty answer)")
    parser.add_argument("--schema", default="", help="a JSON Schema for the answer")
    parser.add_argument("--instructions", default="")
    parser.add_argument("--temperature", default="", help="the page's temperature field (0: greedy, deterministic)")
    parser.add_argument("--model", default="", help="a model id (default: the first /v1/models lists)")
    parser.add_argument("--max-tokens", default="", help="the page's max tokens field (default: empty, the context's room)")
    parser.add_argument("--screenshot", default="", help="also save a 1200x900 screenshot of a second run here")
    parser.add_argument("--chromium", default="chromium", help="the browser binary (default: chromium)")
    parser.add_argument("--timeout", type=float, default=120, help="real seconds allowed per chromium run")
    parser.add_argument("--budget-ms", type=int, default=60000, help="chromium's --virtual-time-budget")
    args = parser.parse_args()
    if args.schema:
        try:
            json.loads(args.schema)
        except ValueError as error:
            parser.error(f"--schema is not valid JSON: {error}")

    query = {"prompt": args.prompt, "instructions": args.instructions, "schema": args.schema, "model": args.model,
             "temperature": args.temperature, "max_tokens": args.max_tokens}
    query = {key: value for key, value in query.items() if value}
    url = args.base_url.rstrip("/") + "/?" + urllib.parse.urlencode({**query, "autorun": "1"})
    print(f"page: {url}")

    failures = []

    def check(ok, description, detail=""):
        print(f"{'ok  ' if ok else 'FAIL'} {description}" + (f": {detail}" if detail and not ok else ""))
        if not ok:
            failures.append(description)
        return ok

    try:
        dom = chromium(args, ["--dump-dom"], url)
    except RuntimeError as error:
        check(False, "chromium dumped the page", str(error))
        return finish(failures)
    page = PageState()
    page.feed(dom)
    page.close()
    answer, error = page.text("#answer"), page.text("#error")
    if page.state is None:
        check(False, "the page loaded", f"no fm serve page in what chromium got from {args.base_url} (is the server up?)")
        return finish(failures)

    check(page.state == "done", 'page reached data-state="done"',
          f"the state is {page.state!r}" + (f", error: {error.strip()}" if error and error.strip() else ""))
    check(error is not None and not error.strip(), "no error shown",
          "no #error element" if error is None else error.strip())
    if check(bool(answer and answer.strip()), "answer is non-empty", "no #answer element" if answer is None else "empty"):
        print(f"     answer: {shorten(answer)}")
    if page.text(".meta"):
        print(f"     usage:  {page.text('.meta').strip()}")
    if args.expect:
        check(args.expect in (answer or ""), f"answer contains {args.expect!r}", shorten(answer or ""))
    if args.schema:
        try:
            json.loads(answer or "")
            check(True, "answer is JSON")
        except ValueError as parse_error:
            check(False, "answer is JSON", str(parse_error))
        badge = (page.text(".badge") or "").strip()
        check(badge.startswith("✓"), "page shows the valid-JSON badge", badge or "no badge")

    if args.screenshot:
        try:
            chromium(args, ["--hide-scrollbars", "--window-size=1200,900", f"--screenshot={args.screenshot}"], url)
            with open(args.screenshot, "rb") as file:
                check(file.read(8) == b"\x89PNG\r\n\x1a\n", f"screenshot saved to {args.screenshot}", "not a PNG")
        except (RuntimeError, OSError) as screenshot_error:
            check(False, f"screenshot saved to {args.screenshot}", str(screenshot_error))
    return finish(failures)


def shorten(text, limit=200):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


def finish(failures):
    if failures:
        print(f"page check FAILED ({len(failures)} of the checks): " + "; ".join(failures))
        return 1
    print("page check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
