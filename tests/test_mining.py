"""Trait mining on a simulated clock: steady feedback over sessions moves the long-term trait,
a one-session burst moves only the mood, mood relaxes, bounds hold, dissonance; and candidate
traits from communities of a hand-made graph."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from datetime import datetime, timedelta

import networkx as nx
import pytest

from autogen_zettel.base.cards import Card, CardKind, Link, LinkKind
from autogen_zettel.base.config import PersonaConfig
from autogen_zettel.cards.graph import build_graph, persona_graph
from autogen_zettel.persona.mining import (
    CandidateTrait,
    EvidenceRow,
    TraitState,
    candidate_traits,
    communities,
    edge_weight,
    initial_states,
    mine_traits,
    strong_link_graph,
    top_keywords,
)
from autogen_zettel.persona.traits import TraitSpec, default_traits

T0 = datetime(2024, 3, 1, 9, 0)
CFG = PersonaConfig()
SPECS = {"conciseness": TraitSpec("conciseness", initial=0.5), "humour": TraitSpec("humour", initial=0.3)}
_ids = itertools.count(1)


def day(n: float) -> datetime:
    return T0 + timedelta(days=n)


def row(trait="conciseness", sign=1, at=T0, session="s0", cue="too long", strength=1.0, affect=0.0):
    i = next(_ids)
    return EvidenceRow(i, trait, sign, strength, affect, "feedback", cue, f"m{i}", None, session, at)


class Miner:
    """Mines like the engine does: all evidence every time, the rows since the last mining as new."""

    def __init__(self, specs=SPECS, cfg=CFG, persona_traits=None):
        self.specs, self.cfg = specs, cfg
        self.states = initial_states(specs, persona_traits or {}, T0, cfg)
        self.evidence: list[EvidenceRow] = []
        self.new: list[int] = []

    def add(self, *rows):
        self.evidence += rows
        self.new += [r.id for r in rows]

    def mine(self, at):
        self.states = mine_traits(self.states, self.evidence, self.new, self.specs, at, self.cfg)
        self.new = []
        return self.states


def test_initial_states_use_persona_scores_and_clip_to_bounds():
    specs = {**SPECS, "rigour": TraitSpec("rigour", initial=0.5, bounds=(0.2, 0.6))}
    states = initial_states(specs, {"conciseness": 0.95, "rigour": 0.7}, T0, CFG)
    assert states["conciseness"].long == 0.9  # the config's bounds [0.1, 0.9]
    assert states["rigour"].long == 0.6 and states["rigour"].bounds == (0.2, 0.6)
    assert states["humour"] == TraitState("humour", 0.3, 0.0, 0.0, 0.0, 0, False, T0, (0.1, 0.9))


def test_edge_weight_recency_affect_repetition():
    r = row(at=T0, affect=0.0)
    assert edge_weight(r, T0, CFG) == 1.0
    assert edge_weight(r, day(21), CFG) == pytest.approx(0.5)
    assert edge_weight(r, day(42), CFG) == pytest.approx(0.25)
    assert edge_weight(replace(r, affect=-0.8), T0, CFG) == pytest.approx(1.4)
    assert edge_weight(r, T0, CFG, repeats=3) == pytest.approx(1 + 0.5 * math.log(3))
    assert edge_weight(replace(r, strength=0.3), T0, CFG) == pytest.approx(0.3)
    assert edge_weight(r, T0 - timedelta(days=5), CFG) == 1.0  # not from the future: no growth


def test_repeats_count_same_trait_sign_and_cue_in_time_order():
    m = Miner()
    m.add(
        row(cue="too long", session="s1"),
        row(cue="too long", at=day(0.1), session="s2"),
        row(cue="shorter", at=day(0.2), session="s3"),
    )
    s = m.mine(day(0.2))["conciseness"]
    expected = sum(edge_weight(r, day(0.2), CFG, k) for r, k in zip(m.evidence, (1, 2, 1)))
    assert s.support == pytest.approx(expected) and s.against == 0.0


def test_repetition_is_bounded_and_the_agents_own_behaviour_does_not_repeat_itself_up():
    m = Miner()
    rows = [row(cue="too long", session=f"s{i}", at=day(i * 0.01)) for i in range(40)]
    m.add(*rows)
    capped = sum(edge_weight(r, day(0.5), CFG, min(k, 5)) for k, r in enumerate(rows, 1))
    assert m.mine(day(0.5))["conciseness"].support == pytest.approx(capped)
    own = [
        EvidenceRow(
            1000 + i, "conciseness", 1, 0.3, 0.0, "self", "short_reply", f"x{i}", None, f"s{i}", day(i * 0.01)
        )
        for i in range(40)
    ]
    s = mine_traits({}, own, set(), SPECS, day(0.5), CFG)["conciseness"]
    assert s.support == pytest.approx(sum(edge_weight(r, day(0.5), CFG, 1) for r in own))


def test_a_burst_counts_one_sessions_worth_even_for_a_mature_trait():
    m = Miner()
    for d in range(3):  # three ordinary sessions of praise: the trait is past min_sessions
        m.add(row(cue="too long", session=f"s{d}", at=day(d)))
        m.mine(day(d) + timedelta(hours=1))
    before = m.mine(day(3))["conciseness"]
    m.add(
        *[
            row(sign=-1, cue="more detail", session="burst", at=day(3) + timedelta(minutes=i), affect=-1.0)
            for i in range(8)
        ]
    )
    after = m.mine(day(3) + timedelta(hours=1))["conciseness"]
    assert after.against == pytest.approx(CFG.session_cap)  # eight complaints weigh like one session
    week = m.mine(day(10))["conciseness"]
    assert week.long > before.long - 0.1  # the trait bends, it does not flip


def test_steady_feedback_across_sessions_raises_the_long_term_trait():
    m = Miner()
    longs = []
    for d in range(14):
        m.add(row(at=day(d), session=f"s{d}"), row(at=day(d + 0.01), session=f"s{d}", cue="shorter"))
        longs.append(m.mine(day(d + 0.5))["conciseness"].long)
    # first two sessions: below min_sessions (3), the long-term trait does not move at all
    assert longs[0] == longs[1] == 0.5
    assert longs[2] > 0.5
    assert all(b >= a for a, b in zip(longs, longs[1:]))  # steady evidence: monotone
    assert longs[-1] > 0.7
    s = m.states["conciseness"]
    assert s.sessions == 14 and not s.dissonant
    assert 0.7 < s.score <= 0.9
    assert m.states["humour"].long == 0.3  # untouched trait


def test_a_burst_in_one_session_moves_mood_but_not_long():
    m = Miner()
    m.add(*[row(at=day(0) + timedelta(minutes=i), session="s1") for i in range(12)])
    s = m.mine(day(0.1))["conciseness"]
    assert s.long == 0.5 and s.sessions == 1
    assert s.mood == CFG.mood_limit  # strong one-sided signal, clipped
    assert s.score == pytest.approx(0.7)
    # days later, still one session: long stays, mood relaxes back
    s3 = m.mine(day(3.1))["conciseness"]
    assert s3.long == 0.5
    assert s3.mood == pytest.approx(CFG.mood_limit * 0.5**3)
    s10 = m.mine(day(10.1))["conciseness"]
    assert s10.long == 0.5 and abs(s10.mood) < 0.001


def test_mood_signal_formula_and_relaxation():
    m = Miner()
    m.add(row(sign=1), row(sign=-1, cue="more detail"), row(sign=1, cue="shorter"))
    s = m.mine(T0)["conciseness"]
    assert s.mood == pytest.approx(CFG.fast_rate * (2 - 1) / (2 + 1 + 1))
    s2 = m.mine(T0 + timedelta(hours=12))["conciseness"]
    assert s2.mood == pytest.approx(s.mood * 0.5**0.5)


def test_target_formula_is_reached_after_a_long_time():
    cfg = PersonaConfig(min_sessions=1, evidence_half_life_days=1e9, bounds=(0.0, 1.0))
    m = Miner(cfg=cfg)
    m.add(row(sign=1), row(sign=1, cue="shorter"), row(sign=-1, cue="more detail"))
    m.mine(T0)
    s = m.mine(day(1000))["conciseness"]
    support, against = 2.0, 1.0
    assert s.support == pytest.approx(support) and s.against == pytest.approx(against)
    assert s.long == pytest.approx((2 * 0.5 + support) / (2 + support + against))
    assert s.mood == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("sign, edge", [(1, 0.9), (-1, 0.1)])
def test_bounds_hold_under_extreme_evidence(sign, edge):
    m = Miner()
    for d in range(60):
        m.add(*[row(sign=sign, at=day(d), session=f"s{d}", affect=1.0, cue="c") for _ in range(30)])
        s = m.mine(day(d + 0.5))["conciseness"]
        assert 0.1 <= s.long <= 0.9 and 0.1 <= s.score <= 0.9
        assert abs(s.mood) <= CFG.mood_limit
    assert s.long == pytest.approx(edge, abs=1e-3) and s.score == edge


def test_a_trait_may_have_its_own_bounds():
    specs = {"humour": TraitSpec("humour", initial=0.3, bounds=(0.2, 0.4))}
    m = Miner(specs=specs)
    for d in range(30):
        m.add(*[row("humour", 1, at=day(d), session=f"s{d}") for _ in range(5)])
        s = m.mine(day(d + 0.5))["humour"]
    assert s.long == pytest.approx(0.4) and s.score == 0.4 and s.bounds == (0.2, 0.4)


def test_dissonance_when_balanced_and_heavy_not_when_one_sided_or_light():
    def mined(plus, minus):
        m = Miner()
        m.add(
            *[row(sign=1, cue=f"p{i}", session=f"s{i}") for i in range(plus)],
            *[row(sign=-1, cue=f"n{i}", session=f"s{i}") for i in range(minus)],
        )
        return m.mine(T0)["conciseness"]

    assert mined(4, 3).dissonant  # 3 >= 2 and 3/4 >= 0.6
    assert not mined(8, 1).dissonant  # one-sided
    assert not mined(8, 4).dissonant  # heavy on both sides, but 4/8 < 0.6
    assert not mined(1, 1).dissonant  # balanced but light


def test_future_rows_unknown_traits_and_sessionless_rows():
    m = Miner()
    m.add(row(at=day(5)), row(trait="sarcasm"))
    s = m.mine(day(1))
    assert set(s) == set(SPECS)
    assert s["conciseness"].support == 0.0  # the row from day 5 has not happened yet
    m2 = Miner()
    for d in range(5):
        m2.add(row(at=day(d), session=None))
        m2.mine(day(d + 0.5))
    assert m2.states["conciseness"].sessions == 0 and m2.states["conciseness"].long == 0.5


def test_missing_previous_state_starts_from_the_spec():
    s = mine_traits({}, [], [], SPECS, T0, CFG)
    assert s["humour"].long == 0.3 and s["humour"].mood == 0.0


def test_a_clock_that_went_back_counts_as_no_time():
    m = Miner()
    m.add(row())
    first = m.mine(day(2))["conciseness"]
    back = m.mine(day(1))["conciseness"]
    assert back.mood == first.mood and back.long == first.long


# -- communities and candidate traits ---------------------------------------------------------

SLEEP = [
    "Sleep diary entries arrive every morning from the actigraphy watch",
    "The actigraphy watch shows deep sleep after the diary check",
    "Sleep spindles appear in the diary notes of night two",
    "Diary compliance dropped when the actigraphy watch battery died",
    "Deep sleep minutes per night come from the actigraphy export",
]
SHORT = [
    "The user wants concise bullet summaries",
    "Keep the summary brief, three bullets at most",
    "Bullet points beat long paragraphs for the summary",
    "A brief summary opens every report",
    "Concise answers with bullet lists please",
]
GRANT = [
    "Grant budget for the scanner is due in May",
    "The grant office needs the scanner budget table",
    "Scanner hours are charged to the grant budget",
    "Budget revision for the grant scanner time",
    "Grant reviewers asked about the scanner budget",
]


def cards_of(prefix, texts):
    return {
        f"{prefix}{i}": Card(f"{prefix}{i}", t, CardKind.FACT, "maria", T0, (f"msg-{prefix}{i}",))
        for i, t in enumerate(texts)
    }


def clique(prefix, n=5, w=0.85, kind=LinkKind.STRONGLY_RELATED):
    return [Link(f"{prefix}{i}", f"{prefix}{j}", kind, w) for i in range(n) for j in range(i + 1, n)]


CARDS = {**cards_of("a", SLEEP), **cards_of("b", SHORT), **cards_of("c", GRANT)}
LINKS = (
    clique("a")
    + clique("b")
    + clique("c")
    + [Link("a0", "b0", LinkKind.WEAKLY_RELATED, 0.55), Link("b1", "c1", LinkKind.WEAKLY_RELATED, 0.52)]
    + [Link("a1", "c2", LinkKind.SAME_SESSION, 1.0)]
)  # structural: not a content link


def test_communities_find_the_three_cliques_deterministically():
    groups = communities(strong_link_graph(LINKS), min_weight=0.5, min_size=5, seed=0)
    assert [sorted(g) for g in groups] == [[f"{p}{i}" for i in range(5)] for p in "abc"]
    assert communities(strong_link_graph(LINKS), min_weight=0.5, min_size=5, seed=0) == groups
    assert communities(strong_link_graph(LINKS), min_weight=0.5, min_size=6) == []
    assert communities(strong_link_graph(LINKS), min_weight=0.9, min_size=2) == []  # no link that strong
    assert communities(nx.Graph(), min_weight=0.5, min_size=2) == []


def test_communities_ignore_weak_links_structural_kinds_and_trait_nodes():
    # merge a and c with strong SAME_SESSION links: ignored, as are trait nodes and their edges
    links = LINKS + [Link(f"a{i}", f"c{i}", LinkKind.SAME_SESSION, 1.0) for i in range(5)]
    evidence = [
        EvidenceRow(i, "conciseness", 1, 1.0, 0.0, "feedback", "x", f"m{i}", f"a{i}", "s", T0)
        for i in range(5)
    ]
    G = persona_graph(links, evidence)
    assert G.nodes["trait:conciseness"]["kind"] == "trait"
    groups = communities(G, min_weight=0.5, min_size=5)
    assert all("trait:conciseness" not in g for g in groups)
    assert [sorted(g) for g in groups] == [[f"{p}{i}" for i in range(5)] for p in "abc"]
    # with the structural kind allowed, a and c merge
    merged = communities(
        strong_link_graph(links, kinds={"STRONGLY_RELATED", "SAME_SESSION"}),
        min_weight=0.5,
        min_size=5,
        kinds={"STRONGLY_RELATED", "SAME_SESSION"},
    )
    assert any({"a0", "c0"} <= g for g in merged)


def test_build_graph_input_works_too():
    groups = communities(build_graph(clique("a") + clique("c")), min_weight=0.5, min_size=5)
    assert [sorted(g) for g in groups] == [[f"a{i}" for i in range(5)], [f"c{i}" for i in range(5)]]


def test_candidate_traits_report_only_unexplained_clusters():
    groups = communities(strong_link_graph(LINKS), min_weight=0.5, min_size=5)
    evidence_cards = {"c0", "c1"}  # 2 of 5 grant cards carry trait evidence: explained
    found = candidate_traits(groups, CARDS, default_traits(), evidence_cards)
    # b: its keywords (concise, bullet, summary, brief) are conciseness keywords: explained
    assert found == [
        CandidateTrait(
            "actigraphy / diary / sleep",
            ("actigraphy", "diary", "sleep", "watch", "deep"),
            tuple(f"a{i}" for i in range(5)),
            5,
        )
    ]
    # without the evidence, the grant cluster is a candidate too
    labels = [c.label for c in candidate_traits(groups, CARDS, default_traits(), set())]
    assert labels == ["actigraphy / diary / sleep", "budget / grant / scanner"]


def test_candidate_traits_skip_unknown_cards_and_speaker_names():
    only = candidate_traits([frozenset({"zz1", "zz2"})], CARDS, {}, set())
    assert only == []
    assert "maria" not in top_keywords(["maria likes tea", "maria drinks tea"], exclude={"maria"})
