"""Links that learn (seed 002's edge strength, #43): a link recall followed to a card the reply
used grows stronger, one followed to a card left unused fades, within bounds; what was learned
fades back with time; maintenance prunes links that fell below the bound; explain, the export,
the view and the CLI show it; with no use nothing changes."""

from __future__ import annotations

import json
import math
import random
from datetime import timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.agent.adapter import MemoryAdapter
from autogen_zettel.base.cards import Card, CardKind, Hit, Link, LinkKind
from autogen_zettel.cards.graph import build_graph, spread
from autogen_zettel.cards.link_strength import LEARNING, drawn_on, faded, judged_links, learned
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.research.view import view_data

from .conftest import T0

DAY = T0 + timedelta(days=1)
TALK = [
    ("I paint landscapes at the lake every weekend.", "Ann"),
    ("Did you paint that one at dawn?", "Bob"),
    ("Yes, the lake at dawn is my favourite light.", "Ann"),
    ("My sister Mia plays the cello in Porto.", "Ann"),
]
QUESTION = "What does Ann paint?"


def _talk(mem) -> None:
    for i, (text, speaker) in enumerate(TALK):
        mem.remember(
            text,
            speaker=speaker,
            session_id="s1",
            at=T0 + timedelta(minutes=i),
            message_id=f"m{i}",
            reply_to=f"m{i - 1}" if i else None,
        )
    mem.flush()


def _recall(mem, at=DAY):
    return mem.recall(QUESTION, at=at, touch=False)


def _reached(hits) -> Hit:
    reached = [h for h in hits if h.layer == "associative" and h.via]
    assert reached, "the talk is made so that recall unlocks a card along a link"
    return reached[0]


def _link_of(mem, hit: Hit) -> Link:
    src, kind = hit.via
    (link,) = [
        x for x in mem.links(hit.card.id) if x.kind.value == kind and {x.src, x.dst} == {src, hit.card.id}
    ]
    return link


def _card(i: str, text: str = "x") -> Card:
    return Card(i, text, CardKind.FACT, "Ann", T0, (i,))


# -- the rule ---------------------------------------------------------------------------------


def test_a_gain_stays_within_its_bounds():
    g = None
    for _ in range(20):
        g = learned(g, T0, T0, used=True)
    assert g == LEARNING.cap
    for _ in range(40):
        g = learned(g, T0, T0, used=False)
    assert g == LEARNING.floor
    assert learned(None, None, T0, used=False) == pytest.approx(1 - LEARNING.unused_step)


def test_what_was_learned_fades_with_time_and_a_miss_does_not_heal_by_waiting():
    assert faded(None, T0, T0 + timedelta(days=999)) is None
    assert faded(1.5, T0, T0 + timedelta(days=LEARNING.stability_days)) == pytest.approx(1 + 0.5 / math.e)
    assert faded(1.5, T0, T0 + timedelta(days=3650)) == pytest.approx(1.0)
    assert faded(0.7, T0, T0 + timedelta(days=3650)) == 0.7
    # a clock run back does not strengthen
    assert faded(1.5, T0, T0 - timedelta(days=10)) == 1.5
    # a use after a long pause starts from the faded gain
    assert learned(2.0, T0, T0 + timedelta(days=3650), used=True) == pytest.approx(1.2)


def test_only_a_recall_the_reply_used_teaches_and_only_its_associative_hits():
    seed, near, far = _card("seed"), _card("near"), _card("far")
    hits = [
        Hit(seed, 0.9, "immediate"),
        Hit(near, 0.5, "associative", ("seed", "SAME_SPEAKER")),
        Hit(far, 0.4, "associative", ("near", "REPLY_TO")),
    ]
    assert judged_links(hits, []) == []
    assert judged_links(hits, ["someone else"]) == []
    assert judged_links(hits, ["seed"]) == [
        ("seed", "near", LinkKind.SAME_SPEAKER, False),
        ("near", "far", LinkKind.REPLY_TO, False),
    ]
    assert judged_links(hits, ["far"]) == [
        ("seed", "near", LinkKind.SAME_SPEAKER, False),
        ("near", "far", LinkKind.REPLY_TO, True),
    ]


def test_what_a_reply_draws_on_is_what_it_repeats_in_any_script():
    cards = [_card("a", "Ann paints landscapes at the lake."), _card("b", "我妹妹在波尔图拉大提琴。")]
    assert drawn_on("You paint landscapes; the lake is lovely.", cards) == {"a"}
    assert drawn_on("你妹妹在波尔图拉大提琴吧？", cards) == {"b"}
    assert drawn_on("Sounds good, see you tomorrow!", cards) == set()


# -- on a tenant (real SQLite, Qdrant local) -------------------------------------------------


def test_a_used_link_strengthens_and_recall_passes_more_along_it(hub):
    mem = hub.tenant("ann")
    _talk(mem)
    hits = _recall(mem)
    reached = _reached(hits)
    before = reached.score
    assert _link_of(mem, reached).learned is None
    assert mem.used(hits, [reached], at=DAY) >= 1
    link = _link_of(mem, reached)
    assert (link.learned, link.learned_at) == (pytest.approx(1 + LEARNING.used_step), DAY)
    again = {h.card.id: h for h in _recall(mem)}
    assert again[reached.card.id].score > before
    for _ in range(10):  # bounded
        mem.used(_recall(mem), [reached.card.id], at=DAY)
    assert _link_of(mem, reached).learned == LEARNING.cap


def test_a_link_to_a_card_left_unused_fades_and_a_recall_nobody_used_changes_nothing(hub):
    mem = hub.tenant("ann")
    _talk(mem)
    hits = _recall(mem)
    reached = _reached(hits)
    seed = next(h for h in hits if h.layer == "immediate")
    assert mem.used(hits, []) == 0  # the reply drew on nothing recalled: nothing to learn
    assert [(h.card.id, h.score) for h in _recall(mem)] == [(h.card.id, h.score) for h in hits]
    assert all(x.learned is None for c in mem.cards() for x in mem.links(c.id))
    mem.used(hits, [seed], at=DAY)  # the reply used the search hit, not what the link unlocked
    assert _link_of(mem, reached).learned == pytest.approx(1 - LEARNING.unused_step)
    after = {h.card.id: h.score for h in _recall(mem)}
    assert after.get(reached.card.id, 0.0) < reached.score


def test_every_way_recall_reads_links_passes_the_learned_gain(hub):
    """The graph built from the rows, the rows read per hop, and the in-memory adjacency agree."""
    mem = hub.tenant("ann")
    _talk(mem)
    hits = _recall(mem)
    mem.used(hits, [_reached(hits)], at=DAY)
    parts = tenant_parts(mem)
    G = build_graph(parts.db.links.iter())
    nb = parts.neighbours
    assert nb.wait_loaded(30)
    rng = random.Random(3)
    ids = sorted(G.nodes)
    for _ in range(10):
        seeds = {i: rng.random() for i in rng.sample(ids, 2)}
        assert spread(nb, seeds) == spread(G, seeds)
    nb.table = None  # read from SQLite per hop
    nb._cache.clear()
    seeds = {ids[0]: 1.0}
    assert spread(nb, seeds) == spread(G, seeds)


def _walked(mem, kind: LinkKind) -> tuple[Link, list[Hit], Card]:
    """A stored link of ``kind``, a recall that reached its ``src`` along it from its ``dst``
    (hits as recall makes them), and a card of that recall other than the two."""
    parts = tenant_parts(mem)
    link = next(x for x in parts.db.links.iter() if x.kind is kind)
    other = next(c for c in mem.cards() if c.id not in (link.src, link.dst))
    hits = [Hit(other, 0.9, "immediate"), Hit(mem.card(link.src), 0.5, "associative", (link.dst, kind.value))]
    return link, hits, other


def _learned(mem, link: Link) -> float | None:
    found = [x for x in mem.links(link.src) if (x.src, x.kind, x.dst) == (link.src, link.kind, link.dst)]
    return found[0].learned if found else "gone"


def test_maintenance_fades_gains_back_and_prunes_links_below_the_bound(hub):
    mem = hub.tenant("ann")
    _talk(mem)
    link, hits, other = _walked(mem, LinkKind.SAME_SESSION)
    assert mem.used(hits, [link.src], at=DAY) == 1
    report = mem.maintain(at=DAY + timedelta(days=LEARNING.stability_days), steps=["prune"])
    assert report.links_faded == 1 and report.pruned_unused == 0
    assert _learned(mem, link) == pytest.approx(1 + LEARNING.used_step / math.e, abs=1e-5)
    later = DAY + timedelta(days=31)
    while _learned(mem, link) >= LEARNING.prune_below:  # recalls whose replies used another card
        mem.used(hits, [other], at=later)
    assert _learned(mem, link) == LEARNING.floor or _learned(mem, link) < LEARNING.prune_below
    # a REPLY_TO link that misled as often records a fact about the cards: it stays
    reply, reply_hits, reply_other = _walked(mem, LinkKind.REPLY_TO)
    for _ in range(10):
        mem.used(reply_hits, [reply_other], at=later)
    assert _learned(mem, reply) == LEARNING.floor
    parts = tenant_parts(mem)
    n_links = parts.db.links.count()
    report = mem.maintain(at=later, steps=["prune"])
    assert report.pruned_unused == 1
    assert parts.db.links.count() == n_links - 1 - report.pruned_links
    assert _learned(mem, link) == "gone"
    assert _learned(mem, reply) == LEARNING.floor


def test_a_meaning_link_goes_only_when_use_brought_it_below_the_bound(hub):
    mem = hub.tenant("ann")
    _talk(mem)
    parts = tenant_parts(mem)
    a, b, c = (x.id for x in mem.cards()[:3])
    parts.db.links.add(
        [
            Link(min(a, b), max(a, b), LinkKind.STRONGLY_RELATED, 0.9),
            Link(min(a, c), max(a, c), LinkKind.STRONGLY_RELATED, 0.9),
        ]
    )
    parts.db.links.set_strengths([(min(a, b), "STRONGLY_RELATED", max(a, b), 0.5, DAY.isoformat())])
    mem.maintain(at=DAY, steps=["prune"])
    meaning = {(x.src, x.dst) for x in parts.db.links.iter() if x.kind is LinkKind.STRONGLY_RELATED}
    assert (min(a, c), max(a, c)) in meaning and (min(a, b), max(a, b)) not in meaning


def test_explain_the_export_the_graph_the_view_and_the_cli_show_what_links_learned(run, tmp_path, clock):
    clock.set(DAY)
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(128), clock=clock) as hub:
        mem = hub.tenant("ann")
        _talk(mem)
        link, hits, _ = _walked(mem, LinkKind.SAME_SESSION)
        mem.used(hits, [link.src], at=DAY)
        info = mem.explain(link.src, at=DAY)
        (shown,) = [x for x in info["links"] if x.learned is not None]
        assert (shown.src, shown.kind, shown.dst, shown.learned) == (link.src, link.kind, link.dst, 1.2)
        later = mem.explain(link.src, at=DAY + timedelta(days=LEARNING.stability_days))
        assert [x.learned for x in later["links"] if x.learned] == [pytest.approx(1 + 0.2 / math.e, abs=1e-4)]
        links = mem.export()["links"]
        assert {"learned", "learned_at"} <= set(links[0])
        assert sorted(x["learned"] for x in links if x["learned"] is not None) == [
            pytest.approx(1.2, abs=1e-3)
        ]
        assert sum(x["learned"] is None for x in links) == len(links) - 1
        G = mem.archive.export_graph()
        assert sum("learned" in d for *_, d in G.edges(data=True)) == 1
        assert sum(x["learned"] is not None for x in view_data(mem)["links"]) == 1
        card_id = link.src
    r = run("explain", "ann", card_id)
    assert r.exit_code == 0, r.output
    assert "learned x" in r.output
    r = run("show", "ann", card_id)
    assert r.exit_code == 0 and "learned x" in r.output, r.output
    r = run("show", "ann", card_id, "--json")
    assert sum(x["learned"] is not None for x in json.loads(r.output)["links"]) == 1
    r = run("explain", "ann", card_id, "--json")
    assert r.exit_code == 0, r.output
    assert sum(x["learned"] is not None for x in json.loads(r.output)["links"]) == 1


def test_an_agent_teaches_the_links_its_reply_used(tmp_path, clock):
    clock.set(DAY)
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ann")
        _talk(mem)
        agent = MemoryAdapter(hub, tenant=mem, flush_before_recall=True, session_id="s2")
        asked = [{"role": "user", "content": QUESTION, "name": "Bob"}]
        agent.observe(QUESTION, speaker="Bob")
        agent.recall_hook(asked)
        hits = agent._awaiting_use["s2"]
        reached = _reached(hits)
        agent.observe(f"You told me: {reached.card.content}", speaker=mem.name)
        agent.flush()
        assert _link_of(mem, reached).learned == pytest.approx(1.2)
        # a reply that uses nothing recalled teaches nothing
        agent.recall_hook(asked)
        agent.observe("Sounds good, see you tomorrow!", speaker=mem.name)
        agent.flush()
        assert _link_of(mem, reached).learned == pytest.approx(1.2)


def test_with_learning_off_an_agent_teaches_nothing(tmp_path, clock):
    from autogen_zettel.base.config import config_from_dict

    cfg = config_from_dict({"links": {"learn": False}})
    with MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=clock, config=cfg) as hub:
        mem = hub.tenant("ann")
        _talk(mem)
        agent = MemoryAdapter(hub, tenant=mem, flush_before_recall=True, session_id="s2")
        agent.recall_hook([{"role": "user", "content": QUESTION, "name": "Bob"}])
        assert agent._awaiting_use == {}
        assert all(x["learned"] is None for x in mem.export()["links"])


def test_a_merged_card_s_links_keep_what_they_learned(hub):
    mem = hub.tenant("ann")
    _talk(mem)
    link, hits, _ = _walked(mem, LinkKind.SAME_SESSION)
    mem.used(hits, [link.src], at=DAY)
    parts = tenant_parts(mem)
    survivor = next(c.id for c in mem.cards() if c.id not in (link.src, link.dst))
    parts.db.link_upkeep.redirect(link.src, survivor)  # what merging near-duplicates does
    moved = [
        x for x in parts.db.links.iter() if {x.src, x.dst} == {survivor, link.dst} and x.kind is link.kind
    ]
    assert [x.learned for x in moved] == [pytest.approx(1.2)]


@pytest.mark.parametrize("judge", ["evidence", "answer"])
def test_the_link_learning_benchmark_runs(tmp_path, judge, capsys):
    from benchmarks.locomo import load_locomo
    from benchmarks.run_link_learning import main

    from .test_cli import LOCOMO

    data = tmp_path / "locomo.json"
    data.write_text(json.dumps([LOCOMO]))
    assert load_locomo(data)[0].questions[0].answer == "Pixel"
    out = tmp_path / "out.json"
    args = [
        "--data",
        str(data),
        "--embedder",
        "hash-128",
        "--cache",
        str(tmp_path / "v.npz"),
        "--judge",
        judge,
    ]
    assert main([*args, "--out", str(out)]) == 0
    figures = json.loads(out.read_text())
    assert figures["held, before"]["questions"] == figures["held, after"]["questions"] == 2
    assert "| held, after |" in capsys.readouterr().out
