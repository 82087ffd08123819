#!/usr/bin/env python3
"""Checks the Requests view of the page `fm serve` serves at GET / in headless Chromium: it opens
`/?view=requests&trace=ID`, lets the page load the server's traces and the request's detail, and
reads the resulting DOM.

    python3 Tests/Serve/requests_page_check.py --base-url http://127.0.0.1:8080 --id TRACE-ID
        [--usage IN,CACHED,OUT] [--screenshot out.png]

Checks: the view loaded (body data-requests="loaded"), the table has a row for the request, with
the token counts of --usage in its In, Cached and Out cells; the detail shows the request and its
rounds. Exits 0 when every check passes, 1 otherwise.
"""

import argparse
import subprocess
import sys
import tempfile
import urllib.parse
from html.parser import HTMLParser


class RequestsView(HTMLParser):
    """The body's data-requests and data-request-detail, each table row's cells by data-id, and
    the text of #request-detail."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.body = {}
        self.rows = {}          # data-id -> [cell texts]
        self.row = None         # the data-id of the row being read
        self.cell = None        # the text of the cell being read
        self.detail_depth = 0   # > 0 inside #request-detail
        self.detail = ""

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "body":
            self.body = attrs
        if tag == "tr" and attrs.get("data-id"):
            self.row = attrs["data-id"]
            self.rows[self.row] = []
        if tag == "td" and self.row:
            self.cell = ""
        if self.detail_depth:
            self.detail_depth += 1
        elif attrs.get("id") == "request-detail":
            self.detail_depth = 1

    def handle_endtag(self, tag):
        if tag == "td" and self.row is not None and self.cell is not None:
            self.rows[self.row].append(self.cell.strip())
            self.cell = None
        if tag == "tr":
            self.row = None
        if self.detail_depth:
            self.detail_depth -= 1

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data
        if self.detail_depth:
            self.detail += data + " "


def chromium(args, flags, url):
    with tempfile.TemporaryDirectory(prefix="requests-check-") as profile:
        command = [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
                   f"--virtual-time-budget={args.budget_ms}", *flags, url]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"chromium did not finish within {args.timeout} s") from None
        except OSError as error:
            raise RuntimeError(f"cannot run {args.chromium}: {error}") from None
    if result.returncode != 0:
        raise RuntimeError(f"chromium exited with status {result.returncode}: " + " | ".join(result.stderr.strip().splitlines()[-5:]))
    return result.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--id", required=True, help="the trace id the view must show")
    parser.add_argument("--usage", default="", help="IN,CACHED,OUT: the row's token counts")
    parser.add_argument("--screenshot", default="")
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--budget-ms", type=int, default=20000)
    args = parser.parse_args()
    url = args.base_url.rstrip("/") + "/?" + urllib.parse.urlencode({"view": "requests", "trace": args.id})
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
    view = RequestsView()
    view.feed(dom)
    view.close()
    check(view.body.get("data-requests") == "loaded", 'the view loaded (data-requests="loaded")', repr(view.body.get("data-requests")))
    row = view.rows.get(args.id)
    if check(row is not None, "the table has a row for the request", f"rows: {list(view.rows)}"):
        print(f"     row: {' | '.join(row)}")
        if args.usage:
            check(row[2:5] == args.usage.split(","), "the row's In, Cached and Out are the completion's usage",
                  f"{row[2:5]} against {args.usage.split(',')}")
        check(row[-1] == "ok", "the row's status is ok", row[-1] if row else "")
    check(view.body.get("data-request-detail") == args.id, "the detail shows the request", repr(view.body.get("data-request-detail")))
    check("Round 1" in view.detail and "Time to first token" in view.detail, "the detail lists the rounds and the timings",
          " ".join(view.detail.split())[:300])
    if args.screenshot:
        try:
            chromium(args, ["--hide-scrollbars", "--window-size=1280,900", f"--screenshot={args.screenshot}"], url)
            with open(args.screenshot, "rb") as file:
                check(file.read(8) == b"\x89PNG\r\n\x1a\n", f"screenshot saved to {args.screenshot}", "not a PNG")
        except (RuntimeError, OSError) as error:
            check(False, f"screenshot saved to {args.screenshot}", str(error))
    return finish(failures)


def finish(failures):
    if failures:
        print(f"requests view check FAILED ({len(failures)} of the checks): " + "; ".join(failures))
        return 1
    print("requests view check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
