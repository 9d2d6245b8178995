"""What the tests of the blind labelled sets of the person layers (tests/data/layers_tenth.jsonl
and after, #40) share: the shape every set must keep, and the rows a sentence gives as tuples."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from autogen_zettel.people.extract import extract_layers
from benchmarks.run_layers_eval import load
from tests.test_layers_second import REQUIRED


def assert_set_shape(path: Path, *, lines: int, english: int, empty: int) -> None:
    """``path`` holds ``lines`` lines, ``english`` of them English and ``empty`` that must give
    nothing, and every labelled row carries the fields the scorer reads."""
    rows = load(path=path)
    assert len(rows) == lines and sum(r["lang"] == "en" for r in rows) == english
    assert sum(not r["rows"] for r in rows) == empty
    for r in rows:
        for gold in r["rows"]:
            assert REQUIRED[gold["layer"]] <= set(gold), (r["text"], gold)


def found_rows(
    text: str, at: datetime, previous: str | None = None, speaker: str = "Ben", *, liked: bool = True
) -> list[tuple]:
    """The rows ``text`` gives as (layer, subject, key, value[, score > 0.5], kind, due)."""
    return [
        (e.layer, e.subject, e.key, e.value, *((e.score > 0.5,) if liked else ()), e.kind, e.due)
        for e in extract_layers(text, speaker=speaker, at=at, previous=previous)
    ]


#: the day the everyday scenarios start on, a Tuesday
TUE = datetime(2026, 9, 1, 10, 0)


def heard(hub, tenant, lines, start: datetime = TUE):
    """Tenant ``tenant`` of ``hub`` hears ``lines`` ((day, speaker, text)) a minute apart, from
    ``start``; returns the tenant."""
    mem = hub.tenant(tenant)
    for n, (day, speaker, text) in enumerate(lines):
        mem.remember(text, speaker=speaker, at=start + timedelta(days=day, minutes=n))
    return mem


def current(mem, subject, key):
    """The current values of ``subject``'s fact ``key``."""
    return [f.value for f in mem.facts(subject=subject) if f.key == key]


def preference_row(mem, subject, topic):
    """``subject``'s first preference row on ``topic`` (failing, with every row, when none)."""
    rows = mem.preferences(subject=subject, topic=topic)
    assert rows, (subject, topic, [(p.subject, p.topic, p.value) for p in mem.preferences()])
    return rows[0]


def commitment_of(mem, owner):
    """The one commitment of ``owner`` (failing, with every row, when there is not exactly one)."""
    rows = [c for c in mem.commitments() if c.owner == owner]
    assert len(rows) == 1, [(c.owner, c.what, c.due, c.status) for c in mem.commitments()]
    return rows[0]


# what the blind everyday rounds (tests/test_layers_everyday*_*.py) assert with


def no_rows(mem):
    """The tenant holds no row in any layer."""
    got = (mem.facts(), mem.preferences(), mem.commitments())
    assert got == ([], [], []), [
        [(getattr(r, "subject", getattr(r, "owner", None)), r) for r in rows] for rows in got
    ]


def no_promise(mem):
    """The tenant holds no commitment."""
    rows = mem.commitments()
    assert rows == [], [(c.owner, c.what, c.due, c.status) for c in rows]


def no_fact(mem):
    """The tenant holds no current fact."""
    rows = mem.facts()
    assert rows == [], [(f.subject, f.key, f.value) for f in rows]


def no_preference(mem):
    """The tenant holds no preference."""
    rows = mem.preferences()
    assert rows == [], [(p.subject, p.topic, p.value) for p in rows]


def preferences_holding(mem, subject, word):
    """The subject's preferences whose topic holds ``word`` (or is held by it)."""
    word = word.casefold()
    return [
        p
        for p in mem.preferences(subject=subject)
        if word in p.topic.casefold() or p.topic.casefold() in word
    ]


def preference_holding(mem, subject, word):
    """The one preference of the subject whose topic holds ``word``."""
    rows = preferences_holding(mem, subject, word)
    assert len(rows) == 1, (subject, word, [(p.subject, p.topic, p.value) for p in mem.preferences()])
    return rows[0]


def all_rows(mem):
    """Every row of the three layers, for an assertion's message."""
    return (
        [(c.owner, c.what, c.due, c.status) for c in mem.commitments()],
        [(f.subject, f.key, f.value, f.status) for f in mem.facts(include_superseded=True)],
        [(p.subject, p.topic, round(p.value, 2)) for p in mem.preferences()],
    )


def others_of(rows, speaker, part):
    """Rows whose subject is not ``speaker`` but holds ``part`` (a third person named by kin)."""
    return [r for r in rows if r.subject != speaker and part in r.subject]


def no_fact_of(mem, speaker):
    """The speaker holds no current fact (another's rows may stand)."""
    rows = [(f.subject, f.key, f.value) for f in mem.facts() if f.subject == speaker]
    assert rows == [], all_rows(mem)


def liked(mem, subject, word):
    """The subject holds ``word`` and every such preference is for it."""
    rows = preferences_holding(mem, subject, word)
    assert rows and all(p.value > 0.5 for p in rows), all_rows(mem)


def disliked(mem, subject, word):
    """The subject holds ``word`` and every such preference is against it."""
    rows = preferences_holding(mem, subject, word)
    assert rows and all(p.value < 0.5 for p in rows), all_rows(mem)
