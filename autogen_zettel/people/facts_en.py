"""English fact rules of :mod:`~autogen_zettel.people.rules_en`: where a person lives, works and
comes from, their name, age, job, allergies, diet, pets and restrictions (quit drinking, smoke
again), and a "Yes" that affirms the facts of the question it answers.
"""

from __future__ import annotations

import re

from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.lexicon_en import (
    AFFIRM,
    AT_HEART,
    FACTS,
    JOB,
    JOBS,
    LIFT,
    NAME,
    NOT_NAMES,
    PLACE,
    RESTRICT,
    SCHOOL_HEAD,
    SKILL,
)
from autogen_zettel.people.topics import category_of
from autogen_zettel.text.due import MONTH_EN

__all__ = ["facts"]

# "Mia lives in Porto": a named person's residence (compiled once; NAME and PLACE are long)
# "I finally retired", "I've just retired from the bakery": a job that ends in no other job
_RETIRED = re.compile(
    r"^I(?:'ve| have)?\s+(?:(?:finally|just|officially|recently|now|already)\s+)*retired"
    r"(?=\s*(?:$|[.!,;]|from\b|last\b|this\b|in\b|early\b|at\b|now\b))"
)
# one's state of work, said of no job named: "I'm self-employed now", "went freelance in January",
# "I'm between jobs atm", "retired last month!" (the I dropped) -> (value, whether it says a change)
# (closing its clause, or before a time it began at: not "retired from twitter", "freelance this
# week", "retired for the night", "between jobs in the garden"; "out of work" is left out, it is
# also leaving work for the day)
_WHEN_BEGAN = rf"last\s+(?:week|month|year)|this\s+(?:month|year)|in\s+(?:(?:19|20)\d\d|{MONTH_EN})\b|early\b"
_WORK_STATE = re.compile(
    r"^(?:(?:so|well|yeah|honestly|tbh|ngl),?\s+)*(?:(?:I'm|I am|im|I've been|I have been|been)\s+(?P<now>now\s+|officially\s+|finally\s+)?"
    r"(?P<state>retired|self-employed|unemployed|a freelancer|freelance|between jobs|"
    r"a stay[- ]at[- ]home (?:mum|mom|dad|parent))"
    r"(?=\s*(?:$|[.!,;]|now\b|atm\b|at the moment\b|right now\b|again\b|lol\b|and\b|since\s+(?!\d{1,2}\b)))"
    # (out of work as a state, alone: "I'm out of work"; not "out of work early today", "now, heading home")
    r"|(?:I'm|I am|im|I've been|I have been|been)\s+(?P<state3>out of work)(?=\s*(?:$|[.!]|atm\b|at the moment\b|again\b))"
    # (gone freelance, not going: "going freelance in April" is a plan)
    rf"|(?:I\s+)?(?P<went>went|have gone|'ve gone)\s+(?P<state2>self-employed|freelance)(?=\s*(?:$|[.!,;]|now\b|{_WHEN_BEGAN}))"
    rf"|(?P<retired>(?:finally\s+|just\s+|officially\s+)?retired)(?=\s*(?:$|[.!,;]|{_WHEN_BEGAN})))",
    re.I,
)
_WORK_STATE_VALUE = {
    "freelance": "freelancer",
    "unemployed": "none",
    "between jobs": "none",
    "out of work": "none",
}
_LIVES = re.compile(rf"\b{NAME}\s+(?:lives|is living|resides|moved|relocated)\s+(?:in|to)\s+{PLACE}")


# a change told by congratulating the one it is of, by name: "congrats on the new flat in Leeds
# Tom!", "how's the new place in Hove, Dan?", "congrats on the new job at Monzo, Priya"
_NEWS_CONGRATULATED = re.compile(
    r"^(?i:(?:(?:huge|big|massive)\s+)?(?:congrats|congratulations|well done|how'?s|how\s+is|enjoying|loving))\b[^.!?]*?"
    r"\b(?:the|your|ur)\s+new\s+(?:(?P<home>flat|house|place|home|apartment|pad)\s+in|(?:job|role)\s+at)\s+"
    r"(?P<v>[A-Z][\w&'\-]*(?:\s+[A-Z][\w&'\-]*)?)[,\s]+(?P<name>[A-Z][a-z]+)\s*[!?.\U0001F000-\U0001FAFF\u2600-\u27BF]*$"
)


# what one calls the one spoken to in place of a name ("congrats on the new house in Derby Hun!")
_PET_NAMES = frozenset(
    "hun hon babe baby love darling dear mate bro sis guys girls lads pal buddy chief boss mum mom dad".split()
)


def facts(s: str, low: str, speaker: str, previous: str | None) -> list[Evidence]:
    out: list[Evidence] = []
    told = _NEWS_CONGRATULATED.match(s.strip())
    if told and told.group("name") not in NOT_NAMES and told.group("name").lower() not in _PET_NAMES:
        key = "residence" if told.group("home") else "employer"
        return [Evidence("fact", told.group("name"), key, told.group("v"), 0.5, "change")]
    if low.endswith("?"):
        return out
    for key, pattern in FACTS:
        for m in pattern.finditer(s):
            value = (m.group("v") or m.groupdict().get("v2") or "").strip()
            if key in ("residence", "employer", "hometown"):
                value = re.split(r"\s+(?:Last|Next|This|In|On|At|With)\b", value)[0]
            verb = m.groupdict().get("verb") or ""
            kind = (
                "change"
                if re.search(r"moved|relocated|joined|start|turned|now", verb + " " + low)
                else "statement"
            )
            if key in ("employer", "residence") and re.search(SCHOOL_HEAD, value):
                continue  # "started at Oakwood Primary", "moved to Oakwood Academy": a school, read by its head noun elsewhere
            if value and value not in NOT_NAMES:
                # names of places, employers and people as written; versions compare case-folded
                out.append(
                    Evidence(
                        "fact",
                        speaker,
                        key,
                        value if key in ("residence", "employer", "name", "hometown") else value.lower(),
                        0.5,
                        kind,
                    )
                )
    for m in _LIVES.finditer(s):
        if m.group("name") not in NOT_NAMES:
            out.append(Evidence("fact", m.group("name"), "residence", m.group("v"), 0.5, "statement"))
    if _RETIRED.search(s):
        out.append(Evidence("fact", speaker, "job", "retired", 0.5, "change"))
    else:
        m = _WORK_STATE.search(s)
        if m:
            state = (m.group("state") or m.group("state2") or m.group("state3") or "retired").lower()
            value = _WORK_STATE_VALUE.get(state, re.sub(r"^a\s+", "", state))
            changed = (
                m.group("now")
                or m.group("went")
                or m.group("retired")
                or re.search(r"^\s*(?:now|since|again)\b", s[m.end() :].lower())
            )
            out.append(Evidence("fact", speaker, "job", value, 0.5, "change" if changed else "statement"))
    m = JOB.search(s)
    if m and AT_HEART.match(s, m.end()):
        m = None  # "I'm a software dev at heart": what one is like, no job
    if m:
        words = [w for w in m.group("v").split() if w not in ("now", "currently")]
        job = words[-1] if words else ""
        if job in JOBS or (low.startswith("i work as") and re.search(r"(?:er|or|ist|ian)$", job)):
            # "I start at Spotify on Monday as a data analyst": a new job, as "now" says one
            kind = "change" if re.search(r"\bnow\b|\bstart(?:ed|ing)?\b", low) else "statement"
            out.append(
                Evidence(
                    "fact",
                    speaker,
                    "job",
                    # "a taxi driver" is a driver of taxis; "a good cook" is a cook
                    job if words[0] in SKILL else " ".join(words),
                    0.5,
                    kind,
                )
            )
    for m in RESTRICT.finditer(low):
        if m.group("sober"):
            what = "alcohol" if "smoker" not in m.group("sober") else "smoking"
        elif m.group("y"):
            obj = m.group("z") or ""
            if (
                m.group("y") == "drink"
                and obj
                and obj not in ("alcohol", "wine", "beer", "anymore", "at", "any")
            ):
                what = category_of(obj) or ""
            else:
                what = "alcohol" if m.group("y") == "drink" else "smoking"
        else:
            word = m.group("x") or m.group("w") or ""
            what = category_of(word) or ""
        if what:
            out.append(
                Evidence(
                    "fact",
                    speaker,
                    "restriction",
                    what,
                    0.5,
                    "change" if "quit" in low or "stop" in low or "gave up" in low else "statement",
                )
            )
    m = LIFT.search(low)
    if m:
        what = "alcohol" if "drink" in low else "smoking"
        out.append(Evidence("fact", speaker, "restriction", what, 0.5, "lift"))
    if not out and previous and AFFIRM.match(low):
        # "Yes" to "So you live in Porto now?": the question's facts, stated by whoever said yes
        turned = re.sub(r"\byou're\b", "I'm", re.sub(r"\byou are\b", "I am", previous))
        turned = re.sub(r"\byour\b", "my", re.sub(r"\b[Yy]ou\b", "I", turned)).rstrip("?") + "."
        turned = re.sub(r"^(?:So|And|Do|Did|Are|Is)\s+", "", turned)
        out = [
            Evidence("fact", speaker, e.key, e.value, 0.5, "affirm")
            for e in facts(turned, turned.lower(), speaker, None)
        ]
    return out
