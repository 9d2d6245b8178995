"""Conflicting memories resolve by evidence on a simulated clock, as the articles describe."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from autogen_zettel import CardStatus, HashEmbedder, MemoryHub
from autogen_zettel.base.cards import EvidenceSource, LinkKind
from autogen_zettel.base.config import ConflictConfig
from autogen_zettel.base.errors import LLMOutputError
from autogen_zettel.cards.claims import recency_weight, source_weight
from autogen_zettel.trust.conflict_judge import Verdict, llm_judge
from autogen_zettel.trust.conflicts import version_weight

from .conftest import T0


def test_evidence_weights_follow_the_article():
    cfg = ConflictConfig()
    assert recency_weight(0, cfg) == recency_weight(7, cfg) == 1.0
    assert recency_weight(30, cfg) == pytest.approx(0.3)
    assert 0.3 < recency_weight(20, cfg) < 1.0
    assert (
        source_weight(EvidenceSource.EXPLICIT, cfg)
        > source_weight(EvidenceSource.INFERRED, cfg)
        > source_weight(EvidenceSource.PASSING, cfg)
    )


def test_consensus_of_three_sessions_multiplies_by_one_and_a_half():
    from autogen_zettel.base.cards import Card, CardKind
    from autogen_zettel.cards.claims import Claim

    cfg = ConflictConfig()
    claim = Claim("ann", "run", 1)
    items = [
        (
            Card(
                str(i),
                "I run daily.",
                CardKind.FACT,
                "Ann",
                T0 + timedelta(days=i),
                ("m",),
                session_id=f"s{i}",
            ),
            claim,
        )
        for i in range(3)
    ]
    now = T0 + timedelta(days=3)
    assert version_weight(items[:2], now, cfg) == pytest.approx(1.0)
    assert version_weight(items, now, cfg) == pytest.approx(1.5)


def _statuses(mem, *cards):
    return [mem.card(c.id).status for c in cards]


def coriander(hub, clock):
    """The articles' example: a stated dislike of coriander, then an order with coriander a day later."""
    mem = hub.tenant("alice")
    said = mem.remember(
        "I don't eat coriander, it tastes like soap to me.", speaker="Ann", message_id="m1", session_id="s1"
    )[0]
    clock.advance(days=1)
    order = mem.remember(
        "Please order the pho with extra coriander.", speaker="Ann", message_id="m2", session_id="s2"
    )[0]
    return mem, said, order


def test_coriander_statement_beats_a_next_day_order(hub, clock):
    mem, said, order = coriander(hub, clock)
    assert order.status is CardStatus.TO_VERIFY  # the returned card already shows it
    assert _statuses(mem, said, order) == [CardStatus.ACTIVE, CardStatus.TO_VERIFY]
    [conflict] = mem.archive.conflicts(said.id)
    assert conflict.active_id == said.id and conflict.other_id == order.id and conflict.topic == "coriander"
    assert conflict.weights == (1.0, 0.7)  # explicit statement vs inferred from behaviour
    kinds = {link.kind for link in mem.links(said.id) if order.id in (link.src, link.dst)}
    assert {LinkKind.CONTRADICTS} <= kinds and LinkKind.SUPERSEDES not in kinds  # the older one is in force
    hits = mem.recall("does Ann eat coriander?", k=5)
    assert [h.card.id for h in hits] == [said.id]  # to-verify cards are not recalled ...
    assert hits[0].conflicts[0].other_content == order.content  # ... but shown as the conflict
    assert "coriander" in hits[0].note and "Which holds now" in hits[0].note


def test_freezing_the_winner_lets_the_other_version_be_recalled(hub, clock):
    mem, said, order = coriander(hub, clock)
    assert _statuses(mem, said, order) == [CardStatus.ACTIVE, CardStatus.TO_VERIFY]
    mem.archive.freeze(said.id)  # the winner leaves the contest: nothing is left to conflict with
    assert _statuses(mem, said, order) == [CardStatus.FROZEN, CardStatus.ACTIVE]
    assert mem.archive.conflicts() == []
    assert [h.card.id for h in mem.recall("does Ann eat coriander?", k=5)] == [order.id]
    mem.archive.thaw(said.id)  # back in play: the explicit statement wins again
    assert _statuses(mem, said, order) == [CardStatus.ACTIVE, CardStatus.TO_VERIFY]
    assert [h.card.id for h in mem.recall("does Ann eat coriander?", k=5)] == [said.id]


def test_an_old_statement_loses_to_fresh_behaviour(clock):
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        said = mem.remember("I don't eat coriander.", speaker="Ann", message_id="m1", session_id="s1")[0]
        clock.advance(days=60)  # recency 0.06 x explicit 1.0 < fresh 1.0 x inferred 0.7
        order = mem.remember(
            "Order the pho with extra coriander.", speaker="Ann", message_id="m2", session_id="s2"
        )[0]
        assert _statuses(mem, said, order) == [CardStatus.TO_VERIFY, CardStatus.ACTIVE]
        assert any(link.kind is LinkKind.SUPERSEDES and link.src == order.id for link in mem.links(said.id))


def test_running_knee_and_recovery(hub, clock):
    mem = hub.tenant("alice")
    run = mem.remember("I run 5 km daily before work.", speaker="Ann", message_id="m1", session_id="s1")[0]
    clock.advance(days=10)
    knee = mem.remember(
        "My knee hurts, no running for now.", speaker="Ann", message_id="m2", session_id="s2"
    )[0]
    assert _statuses(mem, run, knee) == [CardStatus.TO_VERIFY, CardStatus.ACTIVE]
    hit = mem.recall("is Ann running these days?", k=3)[0]
    assert hit.card.id == knee.id and hit.note and "running" in hit.note
    clock.advance(days=10)
    back = mem.remember(
        "Good news: I started running again yesterday!", speaker="Ann", message_id="m3", session_id="s3"
    )[0]
    # the article's story: the newest explicit statement wins; the knee card now waits to be verified
    assert _statuses(mem, run, knee, back) == [CardStatus.ACTIVE, CardStatus.TO_VERIFY, CardStatus.ACTIVE]
    # every flip left a history row with the status the card had, like any other status change
    flips = [
        (h["status"], h["detail"]["to"]) for h in mem.archive.history(run.id) if h["action"] == "conflict"
    ]
    assert flips == [("active", "to-verify"), ("to-verify", "active")]
    assert [
        (h["status"], h["detail"]["to"]) for h in mem.archive.history(knee.id) if h["action"] == "conflict"
    ] == [("active", "to-verify")]


def test_consensus_keeps_a_habit_confirmed_in_three_sessions(clock):
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        runs = []
        for i in range(3):
            runs += mem.remember(
                f"I run every morning, lap {i} done.", speaker="Ann", message_id=f"r{i}", session_id=f"s{i}"
            )
            clock.advance(days=1)
        knee = mem.remember(
            "Sadly my knee says no running this week.", speaker="Ann", message_id="k", session_id="s9"
        )[0]
        assert mem.card(knee.id).status is CardStatus.TO_VERIFY  # 1.0 x 1.5 beats 1.0
        assert all(mem.card(r.id).status is CardStatus.ACTIVE for r in runs)


def test_context_dependent_versions_both_stay_active(hub, clock):
    mem = hub.tenant("alice")
    chinese = mem.remember("I don't eat coriander in Chinese food.", speaker="Ann", message_id="m1")[0]
    clock.advance(days=1)
    thai = mem.remember("I love coriander in Thai food though.", speaker="Ann", message_id="m2")[0]
    assert _statuses(mem, chinese, thai) == [CardStatus.ACTIVE, CardStatus.ACTIVE]
    assert (mem.card(chinese.id).context, mem.card(thai.id).context) == ("chinese food", "thai food")
    [c] = mem.archive.conflicts(thai.id)
    assert c.resolution == "context" and c.question is None
    hits = {h.card.id: h for h in mem.recall("coriander food", k=5)}
    assert {chinese.id, thai.id} <= set(hits)
    assert hits[thai.id].conflicts[0].other_content == chinese.content


def test_a_move_supersedes_the_old_address_and_forgetting_the_winner_frees_the_loser(clock):
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        old = mem.remember("I live in Lisbon with my partner.", speaker="Ann", message_id="m1")[0]
        clock.advance(days=20)
        new = mem.remember("I moved to Porto last month.", speaker="Ann", message_id="m2")[0]
        assert _statuses(mem, old, new) == [CardStatus.TO_VERIFY, CardStatus.ACTIVE]
        assert mem.archive.conflicts(new.id)[0].topic == "residence"
        mem.forget(new.id)
        assert mem.card(old.id).status is CardStatus.ACTIVE and mem.archive.conflicts() == []


def test_frozen_cards_take_no_part_and_unrelated_speakers_do_not_clash(clock):
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("alice")
        ann = mem.remember("I don't drink coffee at all.", speaker="Ann", message_id="a")[0]
        bo = mem.remember("I drink coffee every single morning.", speaker="Bo", message_id="b")[0]
        assert _statuses(mem, ann, bo) == [CardStatus.ACTIVE, CardStatus.ACTIVE]
        mem.archive.freeze(ann.id)
        clock.advance(days=1)
        later = mem.remember("I drink coffee with oat milk now.", speaker="Ann", message_id="c")[0]
        assert mem.card(later.id).status is CardStatus.ACTIVE and mem.card(ann.id).status is CardStatus.FROZEN
        mem.archive.thaw(ann.id)  # back in play: the fresher explicit statement wins
        assert _statuses(mem, ann, later) == [CardStatus.TO_VERIFY, CardStatus.ACTIVE]


def test_an_injected_judge_finds_what_the_rules_cannot(clock, caplog):
    seen = []

    def judge(new, old):
        seen.append((new.content, old.content))
        if "steak" in new.content and "vegan" in old.content:
            return Verdict("contradicts", "diet", "Are you still vegan?")
        return Verdict("compatible")

    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, conflict_judge=judge) as hub:
        mem = hub.tenant("alice")
        vegan = mem.remember("I have been vegan for three years now.", speaker="Ann", message_id="v")[0]
        clock.advance(days=40)
        steak = mem.remember(
            "I had a great steak for dinner, three years vegan feels long ago.", speaker="Ann", message_id="s"
        )[0]
        assert seen
        assert _statuses(mem, vegan, steak) == [CardStatus.TO_VERIFY, CardStatus.ACTIVE]
        assert mem.archive.conflicts(steak.id)[0].question == "Are you still vegan?"
        clock.advance(days=1)
        burger = mem.remember("A steak burger at lunch, vegan days are over.", speaker="Ann", message_id="b")[
            0
        ]
        pairs = {frozenset((c.active_id, c.other_id)) for c in mem.archive.conflicts()}
        assert {
            frozenset((steak.id, vegan.id)),
            frozenset((burger.id, vegan.id)),
        } <= pairs  # earlier pairs kept

    def broken(new, old):
        raise LLMOutputError("not JSON")

    caplog.set_level(logging.WARNING)
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, conflict_judge=broken) as hub:
        mem = hub.tenant("alice")
        mem.remember("I have been vegan for three years now.", speaker="Ann", message_id="v")
        mem.remember(
            "I had a great steak for dinner, three years vegan feels long ago.", speaker="Ann", message_id="s"
        )
        assert "conflict judge failed" in caplog.text


def test_llm_judge_parses_and_validates_json():
    card = _card_pair()
    judge = llm_judge(
        lambda prompt: (
            '```json\n{"relation": "contradicts", "topic": "diet", "question": "Still vegan?"}\n```'
        )
    )
    assert judge(*card) == Verdict("contradicts", "diet", "Still vegan?")
    with pytest.raises(LLMOutputError, match="not JSON"):
        llm_judge(lambda prompt: "yes they do")(*card)
    with pytest.raises(LLMOutputError, match="relation"):
        llm_judge(lambda prompt: '{"relation": "maybe"}')(*card)


def test_llm_judge_sends_both_cards_in_the_prompt_from_prompts_module():
    seen = []
    llm_judge(lambda prompt: seen.append(prompt) or '{"relation": "compatible"}')(*_card_pair())
    (prompt,) = seen
    assert "Card A (newer, 2024-03-01, said by Ann): I had steak." in prompt
    assert "Card B (older, 2024-03-01, said by Ann): I am vegan." in prompt
    assert '"relation": "contradicts" | "context" | "compatible"' in prompt


def _card_pair():
    from autogen_zettel.base.cards import Card, CardKind

    return (
        Card("a", "I had steak.", CardKind.EVENT, "Ann", T0, ("m1",)),
        Card("b", "I am vegan.", CardKind.FACT, "Ann", T0, ("m2",)),
    )


def test_the_judge_is_asked_about_a_bounded_number_of_pairs_and_an_endpoint_failure_keeps_the_card(clock):
    calls = []

    def judge(new, old):
        calls.append((new.id, old.id))
        return Verdict("compatible")

    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, conflict_judge=judge) as hub:
        mem = hub.tenant("alice")
        for i in range(12):
            mem.remember(f"I live in Lisbon, entry {i}.", speaker="Ann", message_id=f"l{i}")
            clock.advance(days=1)
        calls.clear()
        mem.remember("I live in Porto now.", speaker="Ann", message_id="p")
        assert 0 < len(calls) <= 2 * hub.config.conflicts.judge_neighbours

    def down(new, old):
        raise ConnectionError("endpoint unreachable")

    with MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock, conflict_judge=down) as hub:
        mem = hub.tenant("alice")
        mem.remember("I have been vegan for three years now.", speaker="Ann", message_id="v")
        [steak] = mem.remember(
            "I had a great steak for dinner, three years vegan feels long ago.", speaker="Ann", message_id="s"
        )
        assert mem.card(steak.id).content.startswith("I had a great steak")
