"""A card read from its row is the card that was written: every field set (row_to_card builds
it without Card.__init__), the stored lists parsed exactly as json.loads would (its fast path
splits plain string lists itself)."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime, timezone

import pytest
from hypothesis import given, strategies as st

from autogen_zettel.base.cards import Card, CardKind, CardStatus, Conflict, EvidenceSource, Hit, PrivacyTier
from autogen_zettel.store.card_rows import card_to_row, row_to_card, source_tuple

T0 = datetime(2026, 3, 1, 9, tzinfo=timezone.utc)


def full_card() -> Card:
    """A card whose every field differs from its default."""
    return Card(
        id="c1",
        content='She said "no", then 我住在波尔图。',
        kind=CardKind.PREFERENCE,
        speaker="Ann",
        created_at=T0,
        source_ids=("m1", "m2"),
        session_id="s1",
        tags=("porto", 'a "quoted", tag', "back\\slash"),
        entities=("Porto", "波尔图"),
        confidence=0.9,
        importance=0.8,
        status=CardStatus.TO_VERIFY,
        access_count=3,
        last_access=T0,
        tier=PrivacyTier.DECAYING,
        evidence=EvidenceSource.INFERRED,
        context="thai food",
        redactions=("email",),
        version=2,
        updated_at=T0,
        valence=-0.8,
        arousal=0.9,
    )


def test_every_field_of_a_card_is_set_from_its_row():
    card = full_card()
    defaults = Card("c0", "x", CardKind.FACT, "Bo", datetime(2020, 1, 1), ("m0",))
    assert all(getattr(card, f.name) != getattr(defaults, f.name) for f in dataclasses.fields(Card))
    back = row_to_card(card_to_row(card))
    assert set(vars(back)) == {f.name for f in dataclasses.fields(Card)}
    assert back == card and hash(back) == hash(card) and repr(back) == repr(card)


def test_a_card_read_from_its_row_stays_frozen_and_copies_as_one_made_by_its_constructor():
    back = row_to_card(card_to_row(full_card()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        back.content = "changed"  # type: ignore[misc]
    assert back.with_changes(content="changed") == dataclasses.replace(full_card(), content="changed")


# pieces that could fool a split at '", "': quotes, commas, brackets, escapes, other scripts
piece = st.sampled_from(["a", "b", " ", ",", '"', "\\", "[", "]", "中文", "é", '", "', '","', "\u2028"])
text = st.lists(piece, max_size=6).map("".join)


@given(st.lists(text, max_size=6))
def test_a_stored_list_of_strings_reads_back_as_json_would(items):
    stored = json.dumps(items)
    assert source_tuple(stored) == tuple(json.loads(stored)) == tuple(items)


@pytest.mark.parametrize(
    "stored",
    ['["a","b"]', '["a", 1, "b"]', '["a", null]', "[1, 2]", '["a" , "b"]', '[ "a"]', '["\\u4e2d"]', '[""]'],
)
def test_a_list_not_written_as_json_dumps_writes_plain_strings_is_parsed(stored):
    assert source_tuple(stored) == tuple(json.loads(stored))


def test_a_rescored_hit_keeps_every_other_field():
    conflict = Conflict(
        "c1", "c2", "Ann", "home", "evidence", "Porto or Lisbon?", (0.9, 0.4), T0, "I live in Lisbon."
    )
    hit = Hit(
        full_card(), 0.5, "associative", ("c0", "REPLY_TO"), (conflict,), "Porto or Lisbon?", (full_card(),)
    )
    bare = Hit(Card("c0", "x", CardKind.FACT, "Bo", datetime(2020, 1, 1), ("m0",)), 0.0, "immediate")
    assert all(getattr(hit, f.name) != getattr(bare, f.name) for f in dataclasses.fields(Hit))
    assert hit.rescored(0.25) == dataclasses.replace(hit, score=0.25)
