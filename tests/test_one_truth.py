"""One truth across cards and layers (#40): whatever changes a card's status (an archive by
decay or by its privacy tier, a conflict, the answer that settles it, a freeze, a thaw) moves
the person-layer rows that rest on the card at once, and the profile built from the layers.
A layer row never cites a to-verify, archived or frozen card."""

from __future__ import annotations

import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.cards import CardStatus
from autogen_zettel.base.config import config_from_dict
from autogen_zettel.people.profile_items import profile_from_layers

sys.path.insert(0, str(Path(__file__).parent))
from test_clarify import QUESTION, T0, conflicted, say  # noqa: E402

DAY0 = datetime(2026, 1, 5, 10)


def cited(mem) -> set[str]:
    """The cards the rows cite as current evidence."""
    rows = [*mem.facts(), *mem.preferences(), *mem.commitments()]
    return {i for r in rows for i in r.source_ids}


def all_active(mem) -> bool:
    """Every current row rests on active cards; a superseded fact may cite one that lost a
    conflict (it is history), never an archived or frozen one."""
    status = {c.id: c.status for c in mem.cards()}
    history = {
        i for f in mem.facts(include_superseded=True) if f.status == "superseded" for i in f.source_ids
    }
    return all(status.get(i) is CardStatus.ACTIVE for i in cited(mem)) and all(
        status.get(i) in (CardStatus.ACTIVE, CardStatus.TO_VERIFY) for i in history
    )


def profile_texts(mem, agent="ada") -> list[str]:
    cards = {c.id: c for c in mem.cards()}
    return [i.text for i in profile_from_layers(mem.people, cards, agent=agent)]


def test_a_card_archived_by_its_tier_no_longer_feeds_preferences_or_the_profile():
    clock = SimulatedClock(DAY0)
    cfg = config_from_dict(
        {
            "privacy": {"kind_tiers": {"preference": "decaying"}, "archive_after_days": 180},
            "decay": {"enabled": False},
        }
    )
    with MemoryHub.open(memory=True, config=cfg, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ada")
        (card,) = mem.remember("I love hiking in the mountains.", speaker="Li", at=DAY0)
        mem.remember("I work as a nurse at the children's hospital.", speaker="Li", at=DAY0)
        assert [p.topic for p in mem.preferences()] == ["hiking"]
        assert "Li likes hiking" in profile_texts(mem)
        clock.set(DAY0 + timedelta(days=181))
        assert card.id in mem.maintain().archived
        assert mem.card(card.id).status is CardStatus.ARCHIVED
        assert mem.preferences() == [] and all_active(mem)
        assert not any("hiking" in t for t in profile_texts(mem))
        assert [f.value for f in mem.facts(subject="Li")], "a standard-tier fact stays"
        mem.archive.thaw(card.id)  # brought back: it speaks again
        assert [p.topic for p in mem.preferences()] == ["hiking"]


def test_the_forgetting_curve_archives_the_row_too():
    clock = SimulatedClock(DAY0)
    cfg = config_from_dict({"decay": {"enabled": True, "min_idle_days": 30, "archive_below": 0.99}})
    with MemoryHub.open(memory=True, config=cfg, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ada")
        mem.remember("I love jazz, especially late at night.", speaker="Li", at=DAY0)
        assert [p.topic for p in mem.preferences()] == ["jazz"]
        clock.set(DAY0 + timedelta(days=400))
        assert mem.maintain(steps=["decay"]).archived
        assert mem.preferences() == []


def test_a_frozen_card_leaves_its_rows_and_thawing_brings_them_back():
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ada")
        (card,) = mem.remember("I'll send you the slides by Friday.", speaker="Rui", at=DAY0)
        assert [c.what for c in mem.commitments()] == ["send the slides"]
        mem.archive.freeze(card.id)
        assert mem.commitments() == []
        mem.archive.thaw(card.id)
        assert [c.what for c in mem.commitments()] == ["send the slides"]


@pytest.mark.parametrize(
    "answer, value",
    [("Actually I do eat coriander now, I like it", 0.85), ("no, that's still true", 0.2)],
)
def test_a_settled_conflict_moves_the_preference_and_cites_no_to_verify_card(answer, value):
    clock = SimulatedClock(T0)
    cfg = config_from_dict({"persona": {"enabled": False}})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        ada, mem = conflicted(hub, clock)
        assert all_active(mem)
        say(ada, clock, T0 + timedelta(days=21), QUESTION, answer)
        (pref,) = mem.preferences(subject="rui", topic="coriander")
        assert pref.value == pytest.approx(value, abs=0.05)
        assert all_active(mem), "no row rests on a to-verify card"
        verb = "likes" if value > 0.5 else "dislikes"
        assert f"rui {verb} coriander" in profile_texts(mem)
        mem.people.rebuild()  # a full re-read (a rules upgrade) finds the answer's evidence again
        (again,) = mem.preferences(subject="rui", topic="coriander")
        assert again.value == pytest.approx(pref.value) and again.source_ids == pref.source_ids


def test_an_old_home_that_lost_a_card_conflict_stays_the_superseded_one():
    # "I now live in Stockport" leaves the Manchester card to verify (a clarification question
    # waits); the fact layer still says where Ann lived before, and cites it as history only
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ada")
        (old,) = mem.remember("I live in Manchester.", speaker="Ann", at=DAY0)
        mem.remember("I now live in Stockport.", speaker="Ann", at=DAY0 + timedelta(days=30))
        assert mem.card(old.id).status is CardStatus.TO_VERIFY
        facts = [(f.value, f.status) for f in mem.facts(subject="Ann", include_superseded=True)]
        assert facts == [("Stockport", "pending"), ("Manchester", "superseded")]
        assert [f.value for f in mem.facts(subject="Ann")] == ["Stockport"]
        assert all_active(mem)
