#!/usr/bin/env python3
"""Writes the labelled field notes of the Core Spotlight retrieval tests.

    python3 scripts/make-field-notes.py [--out Tests/CoreSpotlightTests/Fixtures/field-notes.json]

A fixed seed makes the same file every time: about 300 generated field notes (species, places,
companions, weather, counts, dates from June 2024 to July 2026) and 84 questions, each with the
identifiers of the notes that answer it and the fact an answer must contain. Most questions
have one planted note among background notes that share its species and place; some ask within
a time ("last spring", relative to the set's fixed now, 15 July 2026); some ask with a synonym
the note does not contain, so that the measurement shows what word search misses. These 51
questions have the kinds fact, count, time and synonym.

A last kind, "paraphrase" (33 questions, appended after the others, on planted notes whose text
is fixed), asks as a person naturally would, sharing no content word with its note: "What was
damaged on the bird blind?" for "The shutter on the Alder Carr hide is broken". The script
checks this when it runs and fails if one does: each question's words, less function words and
crudely stemmed (s, es, ies, ing, ed, er, ly, and a few irregular forms such as broke/broken),
against those of its notes' title, text, species, place and people. Word search cannot find
these; they measure what semantic ranking beside BM25 (issue 48) would add. Eight of them
describe a species that background notes share (a "small white heron" beside 13 background
little egret notes), so that the note must beat notes about the same animal; the script checks that
each has at least three such background notes.
"""
import argparse
import datetime as dt
import json
import random
import re

SEED = 48
NOW = dt.datetime(2026, 7, 15, 12, 0, tzinfo=dt.timezone.utc)

SPECIES = ["grey heron", "little egret", "kingfisher", "kestrel", "buzzard", "red kite", "barn owl", "tawny owl", "otter", "badger",
           "red fox", "roe deer", "hare", "dipper", "grey wagtail", "sand martin", "swift", "cuckoo", "nightjar", "curlew",
           "lapwing", "redshank", "great crested grebe", "mute swan", "goldeneye", "peregrine", "raven", "stonechat", "adder", "common lizard"]
PLACES = ["Lake Orta", "Hollow Brook", "Cley Marsh", "Ridgeway Down", "Alder Carr", "Fenwick Pools", "Old Quarry", "Saltings Creek",
          "Beacon Hill", "Mill Leat", "Heronsgate Wood", "Withy Bed", "Copper Moor", "Long Reach", "Pennard Cliffs", "Sedge Fen",
          "Stour Meadows", "Kettle Tarn", "Brindle Common", "Otterford Weir"]
PEOPLE = ["Maya", "Tomas", "Ines", "Priya", "Jonah", "Aoife", "Felix", "Ruth", "Kwame", "Lena", "Oskar", "Hana"]
WEATHER = ["drizzle", "bright sun", "low mist", "a cold north wind", "heavy rain", "still and overcast", "hard frost", "warm haze"]
BEHAVIOUR = ["feeding along the margin", "flying low over the water", "perched on a fence post", "calling from cover", "resting in the reeds",
             "hunting over the rough grass", "chasing insects", "sitting tight in the sedge", "crossing the track", "preening in the open"]


# Function words the paraphrase check ignores: articles, pronouns, auxiliaries, prepositions,
# question words and contractions' tails.
STOPWORDS = set("""a an the and or but if then so than as of on in at to by with from for about into over under up out off
    i me my mine we our you your he she it its they them their this that these those there here what which who whom whose where
    when why how many much any some all each every no not do does did done was were is are be been being am has have had
    can could would should will shall may might must s t ve ll d m re""".split())
# Irregular forms the suffix stripping does not join.
IRREGULAR = {"broke": "break", "broken": "break", "found": "find", "lost": "lose", "met": "meet", "told": "tell", "took": "take",
             "taken": "take", "saw": "see", "seen": "see", "caught": "catch", "flew": "fly", "flown": "fly", "ate": "eat", "eaten": "eat",
             "left": "leave", "went": "go", "gone": "go", "heard": "hear", "laid": "lay", "hung": "hang", "kept": "keep", "dug": "dig",
             "swam": "swim", "swum": "swim", "mice": "mouse", "geese": "goose", "feet": "foot", "teeth": "tooth", "said": "say",
             "says": "say", "fed": "feed", "wrote": "write", "written": "write"}


def stem(word):
    """A crude stem: an irregular form's base, else the word less one of its suffixes, twice."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    for _ in range(2):
        if word.endswith("ies") and len(word) > 4:
            return word[:-3] + "y"
        for suffix in ("ing", "es", "ed", "er", "ly", "s"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[:-len(suffix)]
                break
    return word


def content_stems(text):
    """The stems of a text's content words."""
    return {stem(word) for word in re.findall(r"[a-z0-9]+", text.lower()) if word not in STOPWORDS}


def check_paraphrases(notes, questions, background):
    """Fails loudly if a paraphrase question shares a stemmed content word with its notes, if its
    answer is not in its note, or if a contested question has fewer than three background notes of
    its note's species."""
    by_id = {note["id"]: note for note in notes}
    problems = []
    for question in questions:
        if question["kind"] != "paraphrase":
            continue
        asked = content_stems(question["question"])
        for note_id in question["relevant"]:
            note = by_id[note_id]
            said = content_stems(" ".join([note["title"], note["text"], note["species"], note["place"]] + note["people"]))
            if asked & said:
                problems.append(f"{question['id']} {question['question']!r} shares {sorted(asked & said)} with {note_id}")
        if not any(question["answer"].lower() in (by_id[n]["title"] + " " + by_id[n]["text"]).lower() for n in question["relevant"]):
            problems.append(f"{question['id']}: answer {question['answer']!r} is in none of its notes")
        if question.get("contested"):
            species = by_id[question["relevant"][0]]["species"]
            alike = [note for note in background if note["species"] == species]
            if len(alike) < 3:
                problems.append(f"{question['id']}: contested, but only {len(alike)} background notes of {species}")
    if problems:
        raise SystemExit("paraphrase check failed:\n  " + "\n  ".join(problems))


def day(rng, start, end):
    span = (end - start).days
    return start + dt.timedelta(days=rng.randrange(span), hours=rng.randrange(6, 19))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="Tests/CoreSpotlightTests/Fixtures/field-notes.json")
    args = parser.parse_args()
    rng = random.Random(SEED)
    notes = []
    questions = []
    spring = (dt.datetime(2026, 3, 1, tzinfo=dt.timezone.utc), dt.datetime(2026, 6, 1, tzinfo=dt.timezone.utc))
    start, end = dt.datetime(2024, 6, 1, tzinfo=dt.timezone.utc), dt.datetime(2026, 7, 10, tzinfo=dt.timezone.utc)

    def add(title, text, date, species, place, people):
        note = {"id": f"note-{len(notes) + 1:03d}", "title": title, "text": text, "date": date.isoformat(),
                "species": species, "place": place, "people": people}
        notes.append(note)
        return note["id"]

    # Background: ordinary sightings that share words with every planted note. No heron or otter in
    # spring 2026, so that the time questions have exactly the planted answers.
    for _ in range(250):
        species = rng.choice(SPECIES)
        place = rng.choice(PLACES)
        date = day(rng, start, end)
        while species in ("grey heron", "otter") and spring[0] <= date < spring[1]:
            date = day(rng, start, end)
        companion = rng.choice(PEOPLE) if rng.random() < 0.4 else None
        count = rng.randrange(1, 9)
        text = f"{count} {species}{'s' if count > 1 and not species.endswith('s') else ''} {rng.choice(BEHAVIOUR)} at {place}. Weather: {rng.choice(WEATHER)}."
        if companion:
            text += f" Out with {companion}."
        add(f"{species.capitalize()} at {place}", text, date, species, place, [companion] if companion else [])

    def plant(question, answer, title, text, species, place, people=(), date=None, kind="fact"):
        note_id = add(title, text, date or day(rng, start, end), species, place, list(people))
        questions.append({"id": f"q{len(questions) + 1:02d}", "question": question, "answer": answer, "relevant": [note_id], "kind": kind})
        return note_id

    codes = ["K7", "TX4", "A19", "M2Z", "R88", "C05", "PL3", "H61"]
    colours = ["yellow", "blue", "white", "red", "green", "orange", "black", "lime"]
    for code, colour, species in zip(codes, colours, ["grey heron", "mute swan", "curlew", "lapwing", "little egret", "redshank", "barn owl", "kestrel"]):
        place = rng.choice(PLACES)
        plant(f"What ring code was on the {species} at {place}?", code, f"Ringed {species} at {place}",
              f"A {species} at {place} wearing a {colour} leg ring marked {code}. Read it through the scope at forty metres.", species, place)
    eggs = [("tawny owl", 3, "old oak"), ("dipper", 5, "bridge arch"), ("stonechat", 4, "gorse bush"), ("mute swan", 6, "reed island"),
            ("great crested grebe", 2, "floating weed"), ("grey wagtail", 5, "mill wall")]
    for species, number, site in eggs:
        place = rng.choice(PLACES)
        plant(f"How many eggs were in the {species} nest?", str(number), f"{species.capitalize()} nest",
              f"Found the {species} nest in the {site} at {place}: {number} eggs, bird sitting tight.", species, place)
    items = [("binoculars", "Kettle Tarn"), ("notebook", "Sedge Fen"), ("hand lens", "Old Quarry"), ("thermos", "Beacon Hill"), ("gloves", "Mill Leat")]
    for item, place in items:
        plant(f"Where did I lose my {item}?", place, "Lost kit", f"Lost my {item} somewhere near {place} on the way back. Annoying.", "none", place)
    experts = [("Ruth", "hydrologist", "the weir's flood levels", "flood"), ("Kwame", "beekeeper", "the heather honey", "honey"),
               ("Lena", "ranger", "the new boardwalk", "boardwalk"), ("Oskar", "bat surveyor", "the pipistrelle roost", "roost"),
               ("Hana", "botanist", "the bee orchids on the verge", "orchids")]
    for person, job, topic, word in experts:
        place = rng.choice(PLACES)
        plant(f"Who told me about the {word}?", person, f"Talk with {person}", f"Met {person}, a {job}, at {place}, who told me about {topic}.",
              "none", place, [person])
    firsts = [("swift", "2026-04-28"), ("cuckoo", "2026-04-16"), ("sand martin", "2026-03-21"), ("nightjar", "2025-05-30")]
    for species, when in firsts:
        place = rng.choice(PLACES)
        date = dt.datetime.fromisoformat(when).replace(hour=7, tzinfo=dt.timezone.utc)
        plant(f"When did I see the first {species} of the year?", date.strftime("%-d %B %Y"), f"First {species} of the year",
              f"First {species} of the year over {place}, just one, heading north.", species, place, date=date)
    counts = [("lapwing", 214, "Fenwick Pools"), ("goldeneye", 37, "Kettle Tarn"), ("curlew", 58, "Saltings Creek"), ("raven", 12, "Pennard Cliffs")]
    for species, number, place in counts:
        plant(f"What was the peak count of {species} at {place}?", str(number), f"Peak count: {species}",
              f"Peak count of {number} {species} at {place} this winter, the highest I have logged there.", species, place, kind="count")
    # Time questions: the planted notes are the only heron and otter notes in spring 2026.
    heron_spring = [add("Herons nesting", "Three grey herons building nests in the tall alders at Heronsgate Wood; one carrying sticks.",
                        dt.datetime(2026, 4, 9, 8, tzinfo=dt.timezone.utc), "grey heron", "Heronsgate Wood", []),
                    add("Heron with a fish", "A grey heron swallowed an eel whole at Otterford Weir, took ten minutes.",
                        dt.datetime(2026, 5, 2, 18, tzinfo=dt.timezone.utc), "grey heron", "Otterford Weir", [])]
    questions.append({"id": f"q{len(questions) + 1:02d}", "question": "What did I note about herons last spring?", "answer": "nest",
                      "relevant": heron_spring, "kind": "time"})
    otter_spring = add("Otter spraint", "Fresh otter spraint on the boulder below Mill Leat, with fish scales.",
                       dt.datetime(2026, 3, 18, 9, tzinfo=dt.timezone.utc), "otter", "Mill Leat", [])
    questions.append({"id": f"q{len(questions) + 1:02d}", "question": "Any otter signs in March 2026?", "answer": "spraint",
                      "relevant": [otter_spring], "kind": "time"})
    # Companions who appear once.
    for person, what, answer in [("Beatrix", "a hobby taking dragonflies", "hobby"), ("Dmitri", "a water vole swimming across the leat", "water vole"),
                                 ("Saoirse", "a short-eared owl quartering the dunes", "short-eared owl")]:
        place = rng.choice(PLACES)
        plant(f"What did I see with {person}?", answer, f"Out with {person}", f"Out with {person} at {place}: {what}.", "none", place, [person])
    # Synonyms the note does not contain: word search cannot find these; they measure the gap.
    synonyms = [("Did I ever see a vixen with cubs?", "cubs", "Fox family", "A red fox with three cubs playing by the earth at Brindle Common.", "red fox"),
                ("When did I hear the nightingale-like songbird at dusk?", "nightjar", "Churring at dusk", "A nightjar churring at dusk over the heath at Copper Moor.", "nightjar"),
                ("Where did I watch raptors hovering?", "kestrel", "Hovering", "A kestrel hanging in the wind over the verge at Ridgeway Down.", "kestrel"),
                ("Which waders did I see on the mudflats?", "redshank", "On the mud", "Redshank and curlew probing the soft mud at Long Reach at low tide.", "redshank"),
                ("Did I find any snakes basking?", "adder", "Adder basking", "An adder coiled on the bank at Pennard Cliffs, warming up.", "adder"),
                ("What did I note about the river bird that walks underwater?", "dipper", "Dipper feeding", "A dipper walking under the current at Hollow Brook, bobbing on a stone.", "dipper")]
    for question, answer, title, text, species in synonyms:
        place = next(p for p in PLACES if p in text)
        plant(question, answer, title, text, species, place, kind="synonym")
    # Specific days and events.
    events = [("What broke on the hide at Alder Carr?", "shutter", "Hide repair", "The shutter on the Alder Carr hide is broken; reported it to the trust."),
              ("What was the water temperature at Kettle Tarn?", "6", "Tarn temperature", "Water temperature at Kettle Tarn 6 degrees at the inlet; ice on the edges."),
              ("Which moth did the trap catch at Withy Bed?", "elephant hawk-moth", "Moth trap", "Moth trap at Withy Bed: an elephant hawk-moth, pink and olive."),
              ("What did the warden say about the cattle at Stour Meadows?", "fence", "Cattle", "The warden says the cattle at Stour Meadows broke the fence by the ford."),
              ("Where did I find the owl pellets?", "barn", "Owl pellets", "Owl pellets under the barn beam at Copper Moor; vole skulls inside.")]
    for question, answer, title, text in events:
        place = next(p for p in PLACES if p in text)
        plant(question, answer, title, text, "none", place)
    # Notes that answer by a keyword in the title.
    for species, place in [("peregrine", "Old Quarry"), ("red kite", "Beacon Hill"), ("badger", "Heronsgate Wood")]:
        plant(f"Is the {species} still at {place}?", species, f"{species.capitalize()} still at {place}",
              f"The {species} is still using the ledge at {place} after the storm.", species, place)
    # Paraphrases: no content word in common with the note (checked below). They come after every
    # random draw and add no note, so the notes and the questions above are as before. Each is
    # (question, answer, a fragment of its note's text, contested): a contested one describes a
    # species that background notes share.
    background = notes[:250]
    paraphrases = [
        ("What was damaged on the bird blind?", "shutter", "The shutter on the Alder Carr hide", False),
        ("How cold was the little mountain lake when its margins were freezing?", "6", "Water temperature at Kettle Tarn", False),
        ("What big insect turned up in the overnight light box?", "elephant hawk-moth", "Moth trap at Withy Bed", False),
        ("What did the cows damage near the river crossing, according to the reserve keeper?", "fence", "the cattle at Stour Meadows", False),
        ("Where did I come across coughed-up prey remains full of tiny rodent bones?", "barn", "Owl pellets under", False),
        ("What were the long-necked wading birds doing up in the treetops?", "nests", "building nests in the tall alders", True),
        ("What slippery prey did the big wader gulp down by the dam?", "eel", "swallowed an eel", True),
        ("Where did I spot droppings left by the sleek river mammal?", "boulder", "Fresh otter spraint", False),
        ("Which small falcon did I watch snatching insects in mid-air?", "hobby", "a hobby taking dragonflies", False),
        ("Which little rodent did I watch paddling over the channel?", "water vole", "a water vole swimming", False),
        ("Which bird of prey was hunting low over the sandhills?", "short-eared owl", "a short-eared owl quartering", False),
        ("How many youngsters did the vixen have at the den?", "three", "with three cubs", False),
        ("Which bird was purring at twilight over the open scrubland?", "nightjar", "A nightjar churring", False),
        ("Which raptor held itself motionless in the breeze above the roadside?", "kestrel", "A kestrel hanging in the wind", True),
        ("Which shorebirds were poking about in the sludge once the water had ebbed?", "redshank", "probing the soft mud", False),
        ("Where was the viper sunbathing?", "Pennard Cliffs", "An adder coiled on the bank", True),
        ("Which small bird did I watch strolling along the bottom of a stream and curtseying on a rock?", "dipper",
         "A dipper walking under the current", True),
        ("Where did I misplace my field glasses?", "Kettle Tarn", "Lost my binoculars", False),
        ("Where did I leave my flask behind?", "Beacon Hill", "Lost my thermos", False),
        ("Where did I mislay my jotter?", "Sedge Fen", "Lost my notebook", False),
        ("Where did I misplace the little magnifier?", "Old Quarry", "Lost my hand lens", False),
        ("Who was the water scientist who explained how high the river rises in spate?", "Ruth", "a hydrologist", False),
        ("Who was the apiarist I chatted with?", "Kwame", "a beekeeper", False),
        ("Who mentioned the recently laid timber walkway?", "Lena", "the new boardwalk", False),
        ("Who mentioned where the tiny flying mammals sleep in the daytime?", "Oskar", "the pipistrelle roost", False),
        ("Who was the plant expert who pointed out wild flowers beside the roadside?", "Hana", "the bee orchids", False),
        ("What's the most peewits I've recorded at one time?", "214", "Peak count of 214 lapwing", True),
        ("What was my largest tally of the big black crows along the coast?", "12", "Peak count of 12 raven", False),
        ("How big was the clutch in the ancient tree?", "3", "nest in the old oak", False),
        ("How big was the clutch in the furze?", "4", "nest in the gorse bush", False),
        ("How big was the clutch of the big white waterfowl?", "6", "nest in the reed island", False),
        ("What code was on the band of the small white heron?", "R88", "ring marked R88", True),
        ("Has the fastest falcon kept to its rock shelf since the gale?", "ledge", "The peregrine is still using the ledge", True),
    ]
    for question, answer, fragment, contested in paraphrases:
        found = [note["id"] for note in notes if fragment in note["text"]]
        assert len(found) == 1, f"{fragment!r} is in {len(found)} notes"
        entry = {"id": f"q{len(questions) + 1:02d}", "question": question, "answer": answer, "relevant": found, "kind": "paraphrase"}
        questions.append(entry)
        if contested:
            entry["contested"] = True
    check_paraphrases(notes, questions, background)
    for entry in questions:
        entry.pop("contested", None)
    with open(args.out, "w") as file:
        json.dump({"seed": SEED, "now": NOW.isoformat(), "notes": sorted(notes, key=lambda n: n["id"]), "questions": questions}, file, indent=1)
        file.write("\n")
    print(f"{len(notes)} notes, {len(questions)} questions -> {args.out}")


if __name__ == "__main__":
    main()
