#!/usr/bin/env python3
"""Writes the labelled samples of the seed app's evaluation suite (Sources/SeedEvaluations).

    python3 scripts/make-seed-eval-samples.py [--out Sources/SeedEvaluations/Resources]

A fixed seed makes the same files every time, each a JSON array with the ground truth beside
every sample:

- note-summaries.json: field notes (surveys, work parties, water samples, moth traps, …) and
  the facts a summary must keep (a number, a name, a place, written as the note writes them),
  with the people and places the note names (the evaluation pools them to catch invented ones);
- tagging.json: short field notes and the person's existing tags that fit each (the tags are
  `FindExistingTagsTool.existingTags`: keep the two lists the same);
- action-items.json: meeting notes and their tasks: a word of each task, its owner (the full
  name from `TeamDirectoryTool` for Sara, Youssef and Lina, the first name for anyone else,
  `Unassigned` when nobody is named) and its priority as the note's wording says it (urgent,
  ASAP, today: high; a deadline or "this week": medium; "no rush", "when there is time": low);
- trip-reports.json: the notes of one outing (two to four stops, a time and a place each, the
  species seen there with how many), each species at one stop only, and the trip's places in
  order, its species with their counts and its people (written with a random generator of its
  own, so that adding it left the files above unchanged);
- ask-my-notes.json: a copy of Tests/CoreSpotlightTests/Fixtures/field-notes.json (written by
  scripts/make-field-notes.py), the 302 notes and 84 questions `askMyNotes` is asked.
"""
import argparse
import json
import random
import shutil

SEED = 51

PEOPLE = ["Maya", "Tomas", "Ines", "Priya", "Jonah", "Aoife", "Felix", "Ruth", "Kwame", "Lena", "Oskar", "Hana", "Dev", "Marta", "Callum",
          "Yusuf", "Elin", "Bea"]
PLACES = ["Kettle Tarn", "Hollow Brook", "Cley Marsh", "Ridgeway Down", "Alder Carr", "Fenwick Pools", "Old Quarry", "Saltings Creek",
          "Beacon Hill", "Mill Leat", "Heronsgate Wood", "Withy Bed", "Copper Moor", "Long Reach", "Pennard Cliffs", "Sedge Fen",
          "Stour Meadows", "Brindle Common", "Otterford Weir", "Larkhill Farm"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
BIRDS = ["lapwing", "skylark", "meadow pipit", "curlew", "stonechat", "reed bunting", "yellowhammer", "linnet", "snipe", "redshank"]
MOTHS = ["elephant hawk-moth", "poplar hawk-moth", "garden tiger", "burnished brass", "peach blossom", "buff-tip", "canary-shouldered thorn"]
ORCHIDS = ["bee orchids", "common spotted orchids", "pyramidal orchids", "early purple orchids", "southern marsh orchids"]
WEATHER = ["light drizzle", "bright and still", "low mist clearing by nine", "a cold north wind", "warm and humid", "overcast, dry"]


def summary_samples(rng):
    """Field notes to summarise: each template writes a note and names its key facts."""

    def survey():
        place, person, bird = rng.choice(PLACES), rng.choice(PEOPLE), rng.choice(BIRDS)
        count, weeks = rng.randrange(6, 60), rng.choice([2, 3, 4])
        start = rng.choice(["6:10", "6:40", "7:05", "5:50"])
        note = (f"Breeding bird survey at {place} with {person}. We counted {count} {bird} territories along the northern transect, "
                f"most birds singing from the fence line. Started at {start}, {rng.choice(WEATHER)}. Next visit in {weeks} weeks.")
        return note, [str(count), place, person], [person], [place], f"{count} {bird} territories at {place}"

    def work_party():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        trees, metres = rng.randrange(2, 15), rng.choice([20, 35, 40, 60, 85])
        note = (f"Work party on the lower path at {place}. {person} and I cleared {trees} fallen trees after the storm and re-dug "
                f"{metres} metres of drainage ditch. The footbridge handrail is loose; reported it to the estate office.")
        return note, [str(trees), place, "handrail"], [person], [place], f"Storm clear-up at {place}"

    def water():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        site = rng.choice(["W3", "W7", "B2", "K11", "S4"])
        temp, ph, larvae = rng.choice([6, 8, 9, 11, 13, 14]), rng.choice(["6.8", "7.1", "7.4", "7.9"]), rng.randrange(5, 40)
        day = rng.choice(DAYS)
        note = (f"Water sampling at {place}, site {site}. Water temperature {temp} degrees, pH {ph}. {person} did the kick sample: "
                f"{larvae} mayfly larvae, a good sign for the stream. Bottles are in the fridge for the lab on {day}.")
        return note, [site, ph, person], [person], [place], f"Water sample at {place} site {site}"

    def moth_trap():
        place, person, moth = rng.choice(PLACES), rng.choice(PEOPLE), rng.choice(MOTHS)
        moths, species, low = rng.randrange(20, 140), rng.randrange(8, 35), rng.randrange(7, 15)
        note = (f"Moth trap in {person}'s garden near {place} overnight: {moths} moths of {species} species. The best was a {moth} "
                f"on the egg boxes at dawn. Minimum temperature {low} degrees.")
        return note, [str(moths), moth, person], [person], [place], f"{moths} moths in {person}'s trap"

    def bats():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        passes, out = rng.randrange(15, 90), rng.randrange(12, 120)
        time = rng.choice(["21:14", "21:32", "20:58", "21:47"])
        note = (f"Bat walk along the old railway line at {place} from sunset. The detector picked up common pipistrelles, "
                f"{passes} passes in the first hour. {person} counted {out} bats leaving the roost in the pump house, the first at {time}.")
        return note, [str(out), place, "pump house"], [person], [place], f"{out} bats leave the pump house roost"

    def ash():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        total = rng.randrange(40, 120)
        bad = rng.randrange(5, total // 2)
        day = rng.choice(DAYS)
        note = (f"Ash dieback survey in the woodland at {place}: {bad} of {total} ash trees show more than half the crown lost. "
                f"Each tree now has a numbered tag. {person} at the council wants the list by {day} to plan the felling near the road.")
        return note, [str(bad), str(total), day], [person], [place], f"Ash dieback: {bad} of {total} trees"

    def cattle():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        herd = rng.randrange(8, 30)
        breed = rng.choice(["Belted Galloway", "Highland", "Dexter", "Red Poll"])
        note = (f"Checked the {herd} {breed} cattle grazing {place} for the trust. All present, but one cow is limping; called {person}, "
                f"the grazier, who will come tomorrow. The water trough by the north gate is leaking again.")
        return note, [str(herd), person, "trough"], [person], [place], f"Limping cow among the {breed} herd"

    def weather_station():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        rain, gust = rng.randrange(12, 95), rng.choice([48, 56, 63, 71, 82])
        day = rng.choice(DAYS)
        note = (f"Weather station at {place}: {rain} mm of rain since Monday and gusts up to {gust} km/h on the ridge. Replaced the "
                f"logger battery. {person} will bring a spare anemometer cup on {day}.")
        return note, [str(rain), str(gust), person], [person], [place], f"{rain} mm of rain at {place}"

    def orchids():
        place, person, orchid = rng.choice(PLACES), rng.choice(PEOPLE), rng.choice(ORCHIDS)
        now, before = rng.randrange(30, 400), rng.randrange(20, 300)
        note = (f"Orchid count on the south slope of {place}: {now} {orchid} in flower, against {before} last year. "
                f"{person} photographed a white-flowered one by the stile. Scrub is creeping in along the top fence.")
        return note, [str(now), str(before), person], [person], [place], f"{now} {orchid} at {place}"

    def beach_clean():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        volunteers, kilos = rng.randrange(6, 40), rng.randrange(15, 120)
        animal = rng.choice(["grey seal pup", "guillemot", "harbour porpoise"])
        note = (f"Beach clean at {place} with {volunteers} volunteers, led by {person}. We collected {kilos} kg of litter, mostly "
                f"fishing line and bottle tops. Found a stranded {animal} near the groynes and reported it to the rescue line.")
        return note, [str(kilos), person, animal], [person], [place], f"Beach clean: {kilos} kg, stranded {animal}"

    def dormice():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        total = rng.randrange(30, 60)
        used, adults = rng.randrange(3, 12), rng.randrange(2, 9)
        box = rng.randrange(1, total)
        note = (f"Dormouse box check at {place}: {used} of {total} boxes in use, {adults} adults and a litter of young in box {box}. "
                f"{person}, who holds the licence, weighed and sexed them. Hazel regrowth is good along the east ride.")
        return note, [str(used), str(total), person], [person], [place], f"Dormice in {used} of {total} boxes"

    def camera_trap():
        place, person = rng.choice(PLACES), rng.choice(PEOPLE)
        clips, nights = rng.randrange(40, 300), rng.randrange(5, 15)
        visitor = rng.choice(["polecat", "pine marten", "roe deer", "tawny owl"])
        day = rng.choice(DAYS)
        note = (f"Pulled the camera trap card at {place}: {clips} clips in {nights} nights. A badger came every night around midnight, "
                f"and a {visitor} once. {person} wants the best clips for the village talk on {day}.")
        return note, [str(clips), visitor, person], [person], [place], f"{visitor.capitalize()} on the {place} camera trap"

    templates = [survey, work_party, water, moth_trap, bats, ash, cattle, weather_station, orchids, beach_clean, dormice, camera_trap]
    samples = []
    for index in range(60):
        note, facts, people, places, headline = templates[index % len(templates)]()
        samples.append({"id": f"summary-{index + 1:02d}", "note": note, "facts": facts, "headline": headline,
                        "names": people + places})
    return samples


# The person's existing tags: the same list as FindExistingTagsTool.existingTags.
EXISTING_TAGS = ["birding", "nests", "mammals", "moths", "botany", "trail-work", "water-quality", "weather", "kit", "volunteering",
                 "photography", "reptiles"]


def tagging_samples(rng):
    """Short field notes, each with the existing tags that fit it."""
    nest_birds = [("blackbird", "hawthorn hedge"), ("wren", "ivy on the barn wall"), ("long-tailed tit", "gorse bush"),
                  ("robin", "old kettle in the shed"), ("dipper", "bridge arch"), ("swallow", "stable rafters")]
    mammals = [("otter", "running along the weir at dusk"), ("badger", "digging out the old sett"), ("roe deer", "browsing at the wood edge"),
               ("hare", "boxing in the stubble field"), ("stoat", "carrying a vole across the track"), ("fox", "sunning on the bank")]
    reptiles = [("adder", "coiled on the south bank"), ("common lizard", "basking on the boardwalk"), ("slow-worm", "under the tin sheet"),
                ("grass snake", "swimming across the pond")]
    kit = [("binoculars", "left them on the bench at"), ("scope tripod", "snapped a leg at"), ("field notebook", "got soaked through at"),
           ("head torch", "lost it somewhere near")]

    def nest():
        bird, site = rng.choice(nest_birds)
        eggs = rng.randrange(3, 7)
        return f"Found a {bird} nest in the {site} at {rng.choice(PLACES)}: {eggs} eggs, the bird sat tight.", ["birding", "nests"]

    def mammal():
        animal, doing = rng.choice(mammals)
        article = "An" if animal[0] in "aeiou" else "A"
        return f"{article} {animal} {doing} at {rng.choice(PLACES)}. Watched it for ten minutes before it moved off.", ["mammals"]

    def flock():
        bird = rng.choice(BIRDS)
        return f"Flock of {rng.randrange(30, 400)} {bird}s over {rng.choice(PLACES)} at first light, heading west.", ["birding"]

    def moth():
        return (f"Moth trap at {rng.choice(PLACES)}: {rng.randrange(15, 90)} moths, including a {rng.choice(MOTHS)}.", ["moths"])

    def plants():
        return (f"{rng.choice(ORCHIDS).capitalize()} flowering on the verge at {rng.choice(PLACES)}, about {rng.randrange(10, 200)} spikes.",
                ["botany"])

    def path():
        return (f"Volunteer work party at {rng.choice(PLACES)}: rebuilt the steps on the steep path and cleared the drainage "
                f"ditch.", ["trail-work", "volunteering"])

    def water():
        return (f"Kick sample in the stream at {rng.choice(PLACES)}: pH {rng.choice(['6.9', '7.2', '7.6'])}, lots of mayfly larvae, "
                f"water clear.", ["water-quality"])

    def storm():
        return (f"Storm damage at {rng.choice(PLACES)} after last night's gale: two trees down across the path, the stile smashed.",
                ["weather", "trail-work"])

    def lost_kit():
        item, what = rng.choice(kit)
        return f"My {item}: {what} {rng.choice(PLACES)}. Need to sort a replacement before Saturday.", ["kit"]

    def reptile():
        animal, doing = rng.choice(reptiles)
        article = "An" if animal[0] in "aeiou" else "A"
        return f"{article} {animal} {doing} at {rng.choice(PLACES)} in the morning sun.", ["reptiles"]

    def camera():
        return (f"Camera trap at {rng.choice(PLACES)} caught a badger and two fox cubs at night; the best clip is on the laptop.",
                ["mammals", "photography"])

    def school():
        return (f"Led a school group of {rng.randrange(12, 30)} children on a pond-dipping walk at {rng.choice(PLACES)}.",
                ["volunteering"])

    def frost():
        return (f"Hard frost at {rng.choice(PLACES)}, minus {rng.randrange(2, 8)} degrees at dawn; the pools were frozen over.",
                ["weather"])

    templates = [nest, mammal, flock, moth, plants, path, water, storm, lost_kit, reptile, camera, school, frost]
    samples = []
    for index in range(65):
        note, relevant = templates[index % len(templates)]()
        assert all(tag in EXISTING_TAGS for tag in relevant)
        samples.append({"id": f"tagging-{index + 1:02d}", "note": note, "relevantTags": relevant})
    return samples


DIRECTORY = {"Sara": "Sara Ben Ali", "Youssef": "Youssef Trabelsi", "Lina": "Lina Haddad"}
OTHERS = ["Tom", "Priya", "Marc", "Grace"]
TASKS = [("finalize the pricing page", "pricing"), ("update the roadmap slides", "roadmap"), ("write the release notes", "release notes"),
         ("draft the launch email", "launch email"), ("fix the login bug", "login"), ("migrate the reports database", "database"),
         ("add rate limiting to the public API", "rate limiting"), ("review the payment service changes", "payment"),
         ("upgrade the CI runners", "CI"), ("share the onboarding mockups", "mockups"), ("redo the settings icons", "icons"),
         ("run five usability interviews", "usability"), ("update the style guide", "style guide"),
         ("book the venue for the offsite", "venue"), ("send the invoice to Northwind", "invoice"),
         ("renew the SSL certificate", "certificate"), ("order laptops for the new interns", "laptops"),
         ("schedule the customer demo", "demo"), ("collect feedback from the beta users", "feedback"),
         ("clean up the analytics dashboard", "dashboard")]
CUES = {
    "high": ["this is urgent", "ASAP", "today, it blocks the release", "top priority"],
    "medium": ["by Friday", "this week", "before the next sync", "by the end of the month"],
    "low": ["no rush", "when there is time", "nice to have, no deadline", "at some point this quarter"],
}
# Cues that read as part of the sentence ("Sara to fix the login bug by Friday."); the others
# stand apart ("Sara to fix the login bug (no rush).").
INLINE_CUES = {"ASAP", "today, it blocks the release", "by Friday", "this week", "before the next sync", "by the end of the month",
               "when there is time", "at some point this quarter"}
MEETINGS = ["Weekly sync, product team.", "Design review.", "Release planning for 3.2.", "Customer call debrief (Northwind).",
            "Sprint retro.", "Offsite planning.", "Incident follow-up: checkout outage.", "Marketing sync."]
CONTEXT = ["Discussed the Q3 launch and the open beta numbers.", "Budget review moved to next month.",
           "Agreed to keep the current release train.", "Churn is flat since the new onboarding.",
           "Nothing new on the hiring front.", "The outage lasted 40 minutes; root cause was an expired token.",
           "Northwind liked the new export feature.", "Velocity was lower because of the holidays."]


def action_line(rng, owner, task, cue):
    tail = f" {cue}" if cue in INLINE_CUES else rng.choice([f" — {cue}", f" ({cue})"])
    if owner is None:
        return rng.choice([f"Someone needs to {task}{tail}.", f"Still open, nobody took it: {task}{tail}."])
    return rng.choice([f"{owner} to {task}{tail}.", f"{owner} will {task}{tail}.", f"{owner} needs to {task}{tail}.",
                       f"Action: {owner} to {task}{tail}."])


def action_samples(rng):
    """Meeting notes with two or three tasks each, every task labelled."""
    samples = []
    for index in range(55):
        count = 2 if index % 3 else 3
        tasks = rng.sample(TASKS, count)
        owners = rng.sample(list(DIRECTORY), min(count, 3))
        # About one sample in four has someone outside the directory; one in eleven an unowned task.
        if index % 4 == 1:
            owners[-1] = rng.choice(OTHERS)
        if index % 11 == 5:
            owners[0] = None
        context = rng.sample(CONTEXT, 2)
        lines = [rng.choice(MEETINGS), context[0]]
        items = []
        for owner, (task, keyword) in zip(owners, tasks):
            priority = rng.choice(["high", "medium", "low"])
            lines.append(action_line(rng, owner, task, rng.choice(CUES[priority])))
            expected_owner = "Unassigned" if owner is None else DIRECTORY.get(owner, owner)
            items.append({"keyword": keyword, "owner": expected_owner, "inDirectory": owner in DIRECTORY, "priority": priority})
        if rng.random() < 0.5:
            lines.insert(rng.randrange(2, len(lines) + 1), context[1])
        samples.append({"id": f"actions-{index + 1:02d}", "note": "\n".join(lines), "items": items})
    return samples


# Trip reports: places and species chosen so that no name is inside another ("heron" would be
# inside Heronsgate Wood, "tern" inside "common tern"). Each species with the counts and the
# doings a naturalist would note for it; birds are counted in the singular, as birders write
# them, the others in the plural (which contains the singular the labels name).
TRIP_PLACES = ["Kettle Tarn", "Hollow Brook", "Cley Marsh", "Ridgeway Down", "Alder Carr", "Fenwick Pools", "Old Quarry",
               "Saltings Creek", "Beacon Hill", "Mill Leat", "Withy Bed", "Copper Moor", "Long Reach", "Pennard Cliffs", "Sedge Fen",
               "Stour Meadows", "Brindle Common", "Otterford Weir", "Larkhill Farm", "Gull Point"]
WADERS = ["{n} {s} feeding on the mud at low tide", "{n} {s} roosting on the spit", "counted {n} {s} along the tideline"]
SONGBIRDS = ["{n} {s} on the fence posts", "{n} {s} calling from the scrub", "a careful count gave {n} {s}"]
TRIP_SPECIES = [
    ("lapwing", "lapwing", 4, 60, WADERS), ("curlew", "curlew", 2, 40, WADERS), ("redshank", "redshank", 2, 35, WADERS),
    ("avocet", "avocet", 2, 45, WADERS), ("whimbrel", "whimbrel", 1, 12, WADERS), ("dunlin", "dunlin", 10, 90, WADERS),
    ("ringed plover", "ringed plover", 2, 20, WADERS), ("oystercatcher", "oystercatcher", 3, 50, WADERS),
    ("spoonbill", "spoonbill", 1, 8, ["{n} {s} sweeping the shallows", "{n} {s} asleep on the island"]),
    ("little egret", "little egret", 1, 12, ["{n} {s} in the creek", "{n} {s} fishing in the shallows"]),
    ("stonechat", "stonechat", 1, 6, SONGBIRDS), ("wheatear", "wheatear", 1, 8, SONGBIRDS),
    ("reed warbler", "reed warbler", 2, 15, ["{n} {s} singing in the reeds", "counted {n} {s} singing along the ditch"]),
    ("bearded tit", "bearded tit", 2, 14, ["{n} {s} pinging in the reeds", "a party of {n} {s} low over the reedbed"]),
    ("sand martin", "sand martin", 5, 40, ["{n} {s} over the water", "{n} {s} at the nest holes in the bank"]),
    ("marsh harrier", "marsh harrier", 1, 3, ["{n} {s} quartering the reeds", "{n} {s} over the reedbed"]),
    ("kingfisher", "kingfisher", 1, 2, ["{n} {s} flew past the hide", "{n} {s} on the post by the sluice"]),
    ("roe deer", "roe deer", 1, 6, ["{n} {s} at the wood edge", "{n} {s} in the clearing"]),
    ("brown hare", "brown hares", 1, 5, ["{n} {s} in the wet grass", "{n} {s} boxing in the stubble"]),
    ("grey seal", "grey seals", 2, 30, ["{n} {s} hauled out on the sandbank", "{n} {s} in the bay"]),
    ("common blue", "common blues", 2, 25, ["{n} {s} on the bird's-foot trefoil", "{n} {s} along the sunny bank"]),
    ("small copper", "small coppers", 1, 8, ["{n} {s} on the fleabane", "{n} {s} basking on the path"]),
    ("broad-bodied chaser", "broad-bodied chasers", 1, 4, ["{n} {s} patrolling the pond", "{n} {s} on the reed stems"]),
    ("banded demoiselle", "banded demoiselles", 3, 20, ["{n} {s} along the stream", "{n} {s} on the nettles by the water"]),
]
MONTHS = ["April", "May", "June", "July", "August", "September"]


def trip_samples(rng):
    """Outings of two to four stops: each stop a timed note naming its place and what was seen
    there; the labels are the places in order and every species with its count."""
    extras = ["Cold wind off the sea.", "Path muddy after the rain.", "Sun came out at last.", "Quiet, hardly anyone about.",
              "Left the car at the church.", "Tide on the turn.", "Drizzle on and off.", "Took the long way round the field edge."]
    samples = []
    for index in range(50):
        stops = rng.choice([2, 3, 3, 4])
        places = rng.sample(TRIP_PLACES, stops)
        species = rng.sample(TRIP_SPECIES, stops + rng.randrange(0, stops + 1))
        per_stop = [[] for _ in range(stops)]
        for position, entry in enumerate(species):
            per_stop[position if position < stops else rng.randrange(stops)].append(entry)
        people = rng.sample(PEOPLE, rng.choice([1, 1, 2]))
        day, month = rng.randrange(1, 29), rng.choice(MONTHS)
        hour, minute = rng.randrange(6, 10), rng.choice([0, 10, 15, 20, 30, 40, 45, 50])
        counts = {}
        lines = []
        for stop, (place, seen) in enumerate(zip(places, per_stop)):
            parts = []
            for name, written, low, high, doings in seen:
                counts[name] = rng.randrange(low, high + 1)
                parts.append(rng.choice(doings).format(n=counts[name], s=written))
            said = "; ".join(parts)
            company = f" with {' and '.join(people)}" if stop == 0 else ""
            lines.append(f"{hour:02d}:{minute:02d} {place}{company}: {said[0].upper()}{said[1:]}. {rng.choice(extras)}")
            minute += rng.choice([35, 50, 70, 95])
            hour, minute = hour + minute // 60, minute % 60
        samples.append({"id": f"trip-{index + 1:02d}", "date": f"{day} {month}", "notes": lines, "places": places,
                        "sightings": [{"species": entry[0], "count": counts[entry[0]]} for entry in species], "people": people})
    return samples

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", default="Sources/SeedEvaluations/Resources")
    parser.add_argument("--field-notes", default="Tests/CoreSpotlightTests/Fixtures/field-notes.json")
    args = parser.parse_args()
    rng = random.Random(SEED)
    # Trip reports have a generator of their own, so that the files before them stayed as they were.
    for name, samples in [("note-summaries", summary_samples(rng)), ("tagging", tagging_samples(rng)),
                          ("action-items", action_samples(rng)), ("trip-reports", trip_samples(random.Random(SEED + 1)))]:
        with open(f"{args.out}/{name}.json", "w") as file:
            json.dump(samples, file, indent=1, ensure_ascii=False)
            file.write("\n")
        print(f"{len(samples)} samples -> {args.out}/{name}.json")
    shutil.copyfile(args.field_notes, f"{args.out}/ask-my-notes.json")
    print(f"{args.field_notes} -> {args.out}/ask-my-notes.json")


if __name__ == "__main__":
    main()
