"""Traits from the memory graph (issue #11): communities of the agent's own cards are weak
evidence, and can never reinforce a trait into a runaway (no repetition gain, a total cap, no
session of their own so inertia holds, bounds)."""

from __future__ import annotations

from datetime import datetime, timedelta

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.base.cards import Card, CardKind, Link, LinkKind
from autogen_zettel.base.config import PersonaConfig, config_from_dict
from autogen_zettel.persona.engine import PersonaEngine
from autogen_zettel.persona.graph_evidence import GRAPH_SOURCE, GRAPH_STRENGTH, graph_evidence
from autogen_zettel.persona.mining import EvidenceRow, initial_states, mine_traits
from autogen_zettel.persona.spec import persona_from_dict
from autogen_zettel.persona.traits import TraitSpec, default_traits

T0 = datetime(2024, 3, 1)
SPECS = {"conciseness": TraitSpec("conciseness", initial=0.5, keywords=("summary", "brief"))}


def triangle(prefix: str, speaker: str, texts):
    cards = {
        f"{prefix}{i}": Card(f"{prefix}{i}", t, CardKind.FACT, speaker, T0, (f"m-{prefix}{i}",))
        for i, t in enumerate(texts)
    }
    ids = sorted(cards)
    links = [Link(a, b, LinkKind.STRONGLY_RELATED, 0.9) for a in ids for b in ids if a < b]
    return cards, links


def test_only_the_agents_own_communities_count():
    own, own_links = triangle(
        "a",
        "ada",
        ["Brief summary: 42 enrolled.", "Summary in brief: ready.", "A brief summary of dropouts."],
    )
    other, other_links = triangle(
        "b", "lee", ["Summary please, brief.", "Brief summary again.", "Summary, brief."]
    )
    found = graph_evidence(
        own_links + other_links, {**own, **other}, "ada", default_traits(), min_weight=0.5, min_size=3
    )
    assert [(g.trait, g.card_id in own, g.size) for g in found] == [("conciseness", True, 3)]
    assert graph_evidence(other_links, other, "ada", default_traits(), min_weight=0.5, min_size=3) == []


def graph_rows(n, start_id=0):
    return [
        EvidenceRow(
            start_id + i,
            "conciseness",
            1,
            GRAPH_STRENGTH,
            0.0,
            GRAPH_SOURCE,
            "graph:community",
            f"g{i}",
            f"c{i}",
            None,
            T0 + timedelta(days=i),
        )
        for i in range(n)
    ]


def run(evidence, days, cfg=PersonaConfig()):
    states = initial_states(SPECS, {}, T0, cfg)
    for day in range(1, days + 1):
        now = T0 + timedelta(days=day)
        seen = [r for r in evidence if r.at <= now]
        states = mine_traits(
            states, seen, {r.id for r in seen if r.at > now - timedelta(days=1)}, SPECS, now, cfg
        )
    return states["conciseness"]


def test_graph_evidence_alone_never_moves_the_long_term_trait():
    s = run(graph_rows(60), 60)  # sixty session ends in a row found the same community
    assert s.long == 0.5  # no session of its own: min_sessions inertia holds
    assert s.support <= PersonaConfig().graph_cap + 1e-9  # capped in total, however often it was found


def feedback_rows(n, start_id=1000):
    return [
        EvidenceRow(
            start_id + i,
            "conciseness",
            1,
            1.0,
            0.5,
            "feedback",
            "too long",
            f"f{i}",
            None,
            f"s{i}",
            T0 + timedelta(days=i),
        )
        for i in range(n)
    ]


def test_graph_evidence_pulls_with_feedback_only_as_far_as_its_cap():
    cfg = PersonaConfig()
    with_feedback = run(feedback_rows(4), 30, cfg)
    few = run(feedback_rows(4) + graph_rows(3), 30, cfg)
    many = run(feedback_rows(4) + graph_rows(30), 30, cfg)
    endless = run(feedback_rows(4) + graph_rows(300), 30, cfg)
    assert with_feedback.long < few.long <= many.long <= cfg.bounds[1]
    assert many.support - with_feedback.support <= cfg.graph_cap + 1e-9
    # ten times as many findings pull no further: the pull is bounded, not growing with repetition
    assert endless.long == many.long and many.long - with_feedback.long < 0.05


def test_session_end_mining_adds_graph_evidence_from_the_agents_own_cards(tmp_path):
    clock = SimulatedClock(T0)
    cfg = config_from_dict(
        {
            "persona": {
                "mine_every_turns": 0,
                "mine_every_days": 0,
                "community_min_size": 3,
                "strong_link_min": 0.3,
            }
        }
    )
    persona = persona_from_dict({"name": "ada", "role": "researcher"}, file="ada.yaml")
    with MemoryHub.open(tmp_path / "d", embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        mem = hub.tenant("ada")
        for i, text in enumerate(
            [
                "Brief summary: 42 enrolled in the sleep pilot.",
                "Brief summary: 7 dropped out of the sleep pilot.",
                "Brief summary: the sleep pilot ends in May.",
                "Brief summary: the sleep pilot data is clean.",
            ]
        ):
            mem.remember(
                text, speaker="ada", message_id=f"m{i}", session_id="s1", at=T0 + timedelta(minutes=i)
            )
        engine = PersonaEngine(mem, persona)
        engine.end_session(T0 + timedelta(hours=1))
        hub.flush()
        rows = [r for r in engine.store.evidence() if r.source == GRAPH_SOURCE]
        assert rows and {r.trait for r in rows} <= set(default_traits())
        assert all(r.strength == GRAPH_STRENGTH and r.session_id is None and r.card_id for r in rows)
        assert all(not r.cue or r.cue == "graph:community" for r in rows)  # labels only, no card words
