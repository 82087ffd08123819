#!/usr/bin/env python3
"""How the main job's model judges priorities, apart from the rest of the digest (issue 51).

    python3 scripts/priority-probe.py --server http://127.0.0.1:8080      # a llama-server
    python3 scripts/priority-probe.py --result ActionItemsEvaluation-….json

With --server, every labelled task of Sources/SeedEvaluations/Resources/action-items.json is put
to the server's model on its own: the meeting notes, the line of the notes that gives the task,
and one question, answered under a grammar that allows only the three answers (greedy, through
the server's chat template). Each wording of the question prints how many of the tasks the model
rates as labelled, and the labels against the answers.

With --result, a saved result of `fm eval run action-items` prints the digests' priorities
against the labels, overall and by the item's place in the digest's list.
"""
import argparse
import collections
import json
import os
import urllib.request

SAMPLES = os.path.join(os.path.dirname(__file__), "..", "Sources", "SeedEvaluations", "Resources", "action-items.json")

# Each wording: the question, the answers, and the priority each answer means.
WORDINGS = {
    "priority": ("How urgent is this task, by the notes' words? Answer low, medium or high.",
                 {"low": "low", "medium": "medium", "high": "high"}),
    "priority, defined": ("Its priority: high (urgent, ASAP, today), medium (a deadline, this week) or low "
                          "(no rush, no deadline)?", {"high": "high", "medium": "medium", "low": "low"}),
    "urgency words": ("How urgent do the notes say this task is? Answer urgent, soon or no rush.",
                      {"urgent": "high", "soon": "medium", "no rush": "low"}),
    "when": ("When do the notes say this task must be done? Answer now (urgent, ASAP, today), by a date "
             "(a deadline, this week) or no rush (no deadline, when there is time).",
             {"now": "high", "by a date": "medium", "no rush": "low"}),
}


def ask(server, question, answers):
    grammar = "root ::= " + " | ".join(json.dumps(a) for a in answers)
    body = json.dumps({
        "messages": [{"role": "user", "content": question}],
        "temperature": 0, "max_tokens": 8, "grammar": grammar,
    }).encode()
    request = urllib.request.Request(server.rstrip("/") + "/v1/chat/completions", body,
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as reply:
        return json.load(reply)["choices"][0]["message"]["content"].strip()


def table(confusion):
    labels = ["high", "medium", "low"]
    lines = ["label \\ answer  " + "  ".join(f"{a:>6}" for a in labels)]
    for label in labels:
        lines.append(f"{label:>14}  " + "  ".join(f"{confusion[(label, a)]:>6}" for a in labels))
    return "\n".join(lines)


def probe_server(server):
    samples = json.load(open(SAMPLES))
    for name, (question, answers) in WORDINGS.items():
        confusion = collections.Counter()
        for sample in samples:
            lines = sample["note"].split("\n")
            for item in sample["items"]:
                line = next(l for l in lines if item["keyword"].lower() in l.lower())
                prompt = f"Meeting notes:\n\n{sample['note']}\n\nThe task: \"{line}\"\n{question}"
                confusion[(item["priority"], answers.get(ask(server, prompt, answers), "?"))] += 1
        right = sum(n for (label, answer), n in confusion.items() if label == answer)
        print(f"{name}: {right} of {sum(confusion.values())} tasks as labelled")
        print(table(confusion) + "\n", flush=True)


def read_result(path):
    result = json.load(open(path))
    confusion, by_place = collections.Counter(), collections.defaultdict(collections.Counter)
    for row in result["results"]:
        items = (row.get("Response") or {}).get("value", {}).get("items", [])
        for label in row["Input"]["items"]:
            for place, item in enumerate(items):
                if label["keyword"].lower() in item["task"].lower():
                    confusion[(label["priority"], item["priority"])] += 1
                    by_place[place][(label["priority"], item["priority"])] += 1
                    break
    right = sum(n for (label, answer), n in confusion.items() if label == answer)
    print(f"{right} of {sum(confusion.values())} found tasks as labelled")
    print(table(confusion) + "\n")
    for place in sorted(by_place):
        counts = by_place[place]
        written = collections.Counter(answer for (_, answer), n in counts.items() for _ in range(n))
        right = sum(n for (label, answer), n in counts.items() if label == answer)
        print(f"item {place + 1}: {right} of {sum(counts.values())} as labelled; written "
              + ", ".join(f"{a} {written[a]}" for a in ["high", "medium", "low"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", help="a llama-server's address (its /v1/chat/completions takes a grammar)")
    parser.add_argument("--result", help="a saved ActionItemsEvaluation result")
    args = parser.parse_args()
    if not args.server and not args.result:
        parser.error("give --server, --result or both")
    if args.result:
        read_result(args.result)
    if args.server:
        probe_server(args.server)


if __name__ == "__main__":
    main()
