"""The persona profile (layer 3): extractive ranking, sections, momentum merge, rendering, and
versions stored next to the cards."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autogen_zettel import Message
from autogen_zettel.base.cards import Card, CardKind, CardStatus
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.persona.profile import (
    ProfileItem,
    card_rank,
    extract_profile,
    merge_profile,
    normalise_text,
    render_profile,
)
from autogen_zettel.store.persona_tables import PersonaStore

from .conftest import T0

DAY = timedelta(days=1)


def card(cid, content, kind=CardKind.PREFERENCE, at=T0, **kw):
    return Card(cid, content, kind, "Ann", at, (f"m-{cid}",), **kw)


def test_rank_prefers_recent_recalled_preferences():
    now = T0 + 30 * DAY
    fresh = card("a", "Ann prefers tea.", at=now)
    old = card("b", "Ann prefers tea.", at=T0)
    recalled = card("c", "Ann prefers tea.", at=T0, access_count=4)
    fact = card("d", "Ann lives in Porto.", CardKind.FACT, at=now)
    event = card("e", "Ann went to Lyon.", CardKind.EVENT, at=now)
    ranks = {c.id: card_rank(c, now) for c in (fresh, old, recalled, fact, event)}
    assert ranks["a"] == 1.0 and ranks["b"] == pytest.approx(0.5)
    assert ranks["c"] > ranks["b"]  # recalled often: (1 + ln 5) times more
    assert ranks["a"] > ranks["d"] > ranks["e"]  # preference > fact > event
    assert card_rank(card("s", "Week summary.", CardKind.SUMMARY), now) == 0.0
    assert card_rank(card("u", "Ann prefers tea.", at=T0, updated_at=now), now) == 1.0  # an edit refreshes it


def test_extract_groups_sections_and_skips_inactive_and_duplicates():
    cards = [
        card("p1", "Ann prefers green tea. She drinks it without sugar.", at=T0 + 5 * DAY),
        card("p2", "ann prefers green tea", at=T0 + 4 * DAY),  # same sentence: one item, both sources
        card("g1", "Ann plans to run the Porto marathon.", CardKind.PLAN, at=T0 + 5 * DAY),
        card("g2", "Ann wants to learn Portuguese by summer.", at=T0 + 5 * DAY),  # a wish with a goal verb
        card("f1", "Please lead with the number, keep it short.", CardKind.EVENT, at=T0 + 5 * DAY),
        card("b1", "Ann lives in Porto.", CardKind.FACT, at=T0 + 5 * DAY),
        card("x1", "Ann likes durian.", at=T0 + 5 * DAY, status=CardStatus.FROZEN),
        card("x2", "Ann dislikes jazz.", at=T0 + 5 * DAY, status=CardStatus.ARCHIVED),
        card("s1", "Summary of the week.", CardKind.SUMMARY, at=T0 + 5 * DAY),
    ]
    items = extract_profile(cards, now=T0 + 5 * DAY, style_card_ids={"f1"}, limit=8)
    by_text = {i.text: i for i in items}
    assert set(by_text) == {
        "Ann prefers green tea.",
        "Ann plans to run the Porto marathon.",
        "Ann wants to learn Portuguese by summer.",
        "Please lead with the number, keep it short.",
        "Ann lives in Porto.",
    }
    assert by_text["Ann prefers green tea."].card_ids == ("p1", "p2")
    assert [i.section for i in items] == ["preferences", "goals", "goals", "style", "background"]
    assert max(i.weight for i in items) == 1.0 and by_text["Ann lives in Porto."].weight == pytest.approx(0.6)
    assert render_profile(items).splitlines() == [
        "Preferences:",
        "- Ann prefers green tea.",
        "Goals:",
        "- Ann plans to run the Porto marathon.",
        "- Ann wants to learn Portuguese by summer.",
        "Interaction style:",
        "- Please lead with the number, keep it short.",
        "Background:",
        "- Ann lives in Porto.",
    ]
    top2 = extract_profile(cards, now=T0 + 5 * DAY, style_card_ids={"f1"}, limit=2)
    assert len(top2) == 2 and "Ann lives in Porto." not in {i.text for i in top2}


def test_merge_with_momentum_moves_slowly_towards_the_new_profile():
    old = [
        ProfileItem("Ann prefers tea.", 1.0, ("c1",)),
        ProfileItem("Ann runs daily.", 0.6, ("c2",), "goals"),
    ]
    new = [
        ProfileItem("Ann prefers coffee.", 1.0, ("c3",)),
        ProfileItem("ANN RUNS DAILY", 1.0, ("c4",), "goals"),
    ]
    merged = merge_profile(old, new, momentum=0.3, limit=8)
    weights = {i.text: i.weight for i in merged}
    assert weights == {
        "Ann prefers tea.": 0.7,
        "Ann prefers coffee.": 0.3,
        "Ann runs daily.": pytest.approx(0.72),
    }
    runs = next(i for i in merged if i.text == "Ann runs daily.")
    assert runs.card_ids == ("c2", "c4")  # old wording, both sources
    # the same new profile week after week: the new item overtakes the old one after a few merges
    profile = old
    for week in range(1, 6):
        profile = merge_profile(profile, new, momentum=0.3, limit=8)
        w = {i.text: i.weight for i in profile}
        if week == 1:
            assert w["Ann prefers tea."] > w["Ann prefers coffee."]
    assert w["Ann prefers coffee."] > w["Ann prefers tea."]
    assert [i.text for i in merge_profile(old, new, momentum=0.3, limit=2)] == [
        "Ann prefers tea.",
        "Ann runs daily.",
    ]
    assert merge_profile(old, [], momentum=1.0) == []  # all new: an empty profile replaces the old one
    with pytest.raises(InvalidInput, match="momentum must lie in 0..1.*1.5"):
        merge_profile(old, new, momentum=1.5)


def test_bad_section_and_normalised_matching():
    with pytest.raises(InvalidInput, match="section must be one of.*'hobbies'"):
        ProfileItem("x", 1.0, section="hobbies")
    assert normalise_text("Ann   prefers tea!") == normalise_text("ann prefers TEA")
    assert render_profile([]) == ""


def test_profile_from_a_tenant_is_versioned_next_to_its_cards(hub):
    mem = hub.tenant("ada")
    mem.remember_many(
        [
            Message("I prefer answers in bullet points.", "Ann", "m1", "s1", T0),
            Message("I am planning to move to Porto next spring.", "Ann", "m2", "s1", T0 + DAY),
            Message("The weather was grey today.", "Ann", "m3", "s2", T0 + 2 * DAY),
        ]
    )
    store = PersonaStore(tenant_parts(mem).db)
    first = extract_profile(mem.cards(), now=T0 + 3 * DAY)
    v1 = store.add_profile(render_profile(first), first, T0 + 3 * DAY, "first profile")
    second = merge_profile(first, extract_profile(mem.cards(), now=T0 + 10 * DAY), momentum=0.3)
    v2 = store.add_profile(render_profile(second), second, T0 + 10 * DAY, "weekly refresh")
    versions = store.profiles()
    assert (v1, v2) == (1, 2) and [p.reason for p in versions] == ["first profile", "weekly refresh"]
    assert versions[1].items == tuple(second) and "bullet points" in versions[1].text
    assert all(set(i.card_ids) <= {c.id for c in mem.cards()} for i in versions[1].items)
