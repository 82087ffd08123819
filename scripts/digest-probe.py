#!/usr/bin/env python3
"""How the main job's model judges priorities and tasks, apart from the digest (issue 51).

    python3 scripts/digest-probe.py --server http://127.0.0.1:8080      # a llama-server
    python3 scripts/digest-probe.py --sentences --server http://127.0.0.1:8080
    python3 scripts/digest-probe.py --result ActionItemsEvaluation-….json

With --server, every labelled task of Sources/SeedEvaluations/Resources/action-items.json is put
to the server's model on its own: the meeting notes, the line of the notes that gives the task,
and one question, answered under a grammar that allows only the three answers (greedy, through
the server's chat template). Each wording of the question prints how many of the tasks the model
rates as labelled, and the labels against the answers.

With --sentences, each meeting's sentences are numbered and the model says of each, under a
grammar that allows exactly one answer per sentence, whether it gives a task: as booleans, and as
"task" or "information". It prints how many of the labelled tasks' sentences it flags, how many
other sentences, and in how many meetings every task's sentence.

With --result, a saved result of `fm eval run action-items` prints the digests' priorities
against the labels, overall and by the item's place in the digest's list.
"""
import argparse
import collections
import json
import os
import re
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


def ask(server, question, answers=None, grammar=None, system=None, max_tokens=8):
    grammar = grammar or "root ::= " + " | ".join(json.dumps(a) for a in answers)
    messages = ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": question}]
    body = json.dumps({
        "messages": messages, "temperature": 0, "max_tokens": max_tokens, "grammar": grammar,
    }).encode()
    request = urllib.request.Request(server.rstrip("/") + "/v1/chat/completions", body,
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as reply:
        return json.load(reply)["choices"][0]["message"]["content"].strip()


def as_labelled(confusion):
    """How many of the counted (label, answer) pairs agree."""
    return sum(n for (label, answer), n in confusion.items() if label == answer)


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
        print(f"{name}: {as_labelled(confusion)} of {sum(confusion.values())} tasks as labelled")
        print(table(confusion) + "\n", flush=True)


def sentences(notes):
    """Each line of the notes, split after ".", "!" or "?" that a space and a capital follow."""
    return [part.strip() for line in notes.split("\n") for part in re.split(r"(?<=[.!?]) (?=[A-Z])", line) if part.strip()]


# The main job's instructions (NotesDigester.defaultInstructions without the tool's sentence).
INSTRUCTIONS = ("Extract a summary and a list of concrete action items from meeting notes. "
                "Only include tasks that are explicitly stated.")


def probe_sentences(server):
    samples = json.load(open(SAMPLES))
    for name, (yes, no) in {"booleans": ("true", "false"), "words": ('"task"', '"information"')}.items():
        flagged = missed = others_flagged = others = every = 0
        for sample in samples:
            parts = sentences(sample["note"])
            numbered = "\n".join(f"{index + 1}. {text}" for index, text in enumerate(parts))
            if name == "booleans":
                question = (f"{numbered}\n\nFor each numbered sentence, in order: does it give someone a task to do "
                            f"(true) or not (false)? Answer with a JSON array of {len(parts)} booleans.")
            else:
                question = (f"{numbered}\n\nFor each numbered sentence, in order: is it a task someone must do, or "
                            f"information? Answer with a JSON array of {len(parts)} strings, \"task\" or \"information\".")
            grammar = 'root ::= "[" ' + ' ", " '.join(["b"] * len(parts)) + ' "]"\nb ::= ' + json.dumps(yes) + " | " + json.dumps(no)
            answer = json.loads(ask(server, question, grammar=grammar, system=INSTRUCTIONS, max_tokens=16 * len(parts)))
            tasks = {next(i for i, text in enumerate(parts) if item["keyword"].lower() in text.lower()) for item in sample["items"]}
            says = [value in (True, "task") for value in answer]
            flagged += sum(says[i] for i in tasks)
            missed += sum(not says[i] for i in tasks)
            others_flagged += sum(says[i] for i in range(len(parts)) if i not in tasks)
            others += len(parts) - len(tasks)
            every += all(says[i] for i in tasks)
        print(f"{name}: {flagged} of {flagged + missed} task sentences flagged, {others_flagged} of {others} other "
              f"sentences; every task's sentence flagged in {every} of {len(samples)} meetings", flush=True)


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
    print(f"{as_labelled(confusion)} of {sum(confusion.values())} found tasks as labelled")
    print(table(confusion) + "\n")
    for place in sorted(by_place):
        counts = by_place[place]
        written = collections.Counter()
        for (_, answer), n in counts.items():
            written[answer] += n
        print(f"item {place + 1}: {as_labelled(counts)} of {sum(counts.values())} as labelled; written "
              + ", ".join(f"{a} {written[a]}" for a in ["high", "medium", "low"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", help="a llama-server's address (its /v1/chat/completions takes a grammar)")
    parser.add_argument("--sentences", action="store_true", help="with --server: the sentences sorted, not the priorities")
    parser.add_argument("--result", help="a saved ActionItemsEvaluation result")
    args = parser.parse_args()
    if not args.server and not args.result:
        parser.error("give --server, --result or both")
    if args.sentences and not args.server:
        parser.error("--sentences asks a server: give --server")
    if args.result:
        read_result(args.result)
    if args.server and args.sentences:
        probe_sentences(args.server)
    elif args.server:
        probe_server(args.server)


if __name__ == "__main__":
    main()
