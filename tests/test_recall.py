"""Recall through the facade: the per-card ``modulation`` factor (issue #4's persona factor)."""

from __future__ import annotations

import pytest

from autogen_zettel import InvalidInput


def _harbour(mem):
    for i, text in enumerate([
        "I visited the harbour town and ate grilled fish there.",
        "The harbour had small boats painted blue and green.",
        "Grilled sardines are the town's summer festival dish.",
        "My brother repairs fishing nets in a harbour workshop.",
    ]):
        mem.remember(text, speaker="Ann", message_id=f"m{i}", session_id=f"s{i}")


def _ranked(hits):
    # scores to 6 places: Qdrant's float32 scores wobble in the last digits between searches
    return [(h.card.id, round(h.score, 6), h.layer) for h in hits]


def test_modulation_reorders_and_none_or_neutral_changes_nothing(hub):
    mem = hub.tenant("ann")
    _harbour(mem)
    query = "harbour town grilled fish"
    # touch=False: a touch refreshes last access, which moves the recency of later recalls
    plain = mem.recall(query, k=4, touch=False)
    assert len(plain) >= 2
    assert _ranked(mem.recall(query, k=4, touch=False, modulation=None)) == _ranked(plain)
    assert _ranked(mem.recall(query, k=4, touch=False, modulation=lambda card: 1.0)) == _ranked(plain)

    last = plain[-1].card.id
    boost = 2 * plain[0].score / plain[-1].score  # enough to take the lead
    boosted = mem.recall(query, k=4, touch=False, modulation=lambda card: boost if card.id == last else 1.0)
    assert boosted[0].card.id == last != plain[0].card.id
    assert {h.card.id for h in boosted} == {h.card.id for h in plain}  # reorders, adds nothing
    assert boosted[0].score == pytest.approx(boost * plain[-1].score)
    assert _ranked(boosted[1:]) == _ranked(plain[:-1])  # the others keep their order and scores


def test_modulation_must_be_callable(hub):
    with pytest.raises(InvalidInput, match="modulation must be a function"):
        hub.tenant("ann").recall("anything", modulation=0.5)
