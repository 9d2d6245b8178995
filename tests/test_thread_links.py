"""SAME_THREAD links: the same speaker's previous card on a topic from another session, derived
in the graph from the cards (cards/link.py thread_links, cards/graph.py add_threads). They pass no
activation by default (KIND_WEIGHT 0: not chosen held out, README "Measured"); these tests give
them the in-sample weight 0.2."""

from datetime import datetime, timedelta

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.cards import Card, CardKind, LinkKind
from autogen_zettel.cards import link as links
from autogen_zettel.cards.graph import add_threads, build_graph, spread
from autogen_zettel.cards.link import ThreadIndex, thread_links
from autogen_zettel.memory.tenant import tenant_parts

T0 = datetime(2024, 3, 1, 9)
ON = {**links.KIND_WEIGHT, LinkKind.SAME_THREAD: 0.2}


def _card(i, speaker, session, tags=(), entities=(), n=0):
    return Card(
        i,
        i,
        CardKind.FACT,
        speaker,
        T0 + timedelta(minutes=n),
        (i,),
        session_id=session,
        tags=tags,
        entities=entities,
    )


def test_a_thread_joins_one_speakers_sessions_on_a_topic_and_nothing_else():
    index = ThreadIndex()
    out = [
        thread_links(c, index)
        for c in [
            _card("a1", "Ann", "s1", ("paint",)),
            _card("b1", "Bob", "s1", ("paint", "boat")),
            _card("a2", "Ann", "s1", ("paint",)),  # same session as a1: no thread link
            _card("b2", "Bob", "s2", ("boat",)),  # Bob's own thread, not Ann's
            _card("a3", "Ann", "s2", ("lake",), ("Porto",)),
            _card("a4", "Ann", "s3", ("paint",), ("porto",)),  # entities fold case
        ]
    ]
    pairs = [(l.src, l.dst) for ls in out for l in ls]
    assert pairs == [("b2", "b1"), ("a4", "a3"), ("a4", "a2")]
    assert all(l.kind is LinkKind.SAME_THREAD and 0 < l.weight < 1 for ls in out for l in ls)
    # a rarer topic passes more: "porto" (2 of 6 cards) over "paint" (4 of 6)
    weight = {l.dst: l.weight for l in out[-1]}
    assert weight["a3"] > weight["a2"]


def test_a_topic_most_cards_name_makes_no_thread(monkeypatch):
    monkeypatch.setattr(links, "THREAD_MIN_CARDS", 4)
    index = ThreadIndex()
    cards = [_card(f"c{n}", "Ann", f"s{n}", ("kids",), n=n) for n in range(6)]
    assert [l for c in cards for l in thread_links(c, index)] == []


def test_the_loaded_graph_grows_the_same_threads_as_a_rebuild():
    cards = [_card(f"c{n}", "Ann", f"s{n % 3}", (f"t{n % 4}", "x"), n=n) for n in range(30)]
    whole = build_graph([], cards=reversed(cards), weights=ON)  # any order: sorted by time
    grown = build_graph([], cards=[], weights=ON)
    for start in range(0, 30, 7):
        add_threads(grown, cards[start : start + 7], weights=ON)
    assert whole.number_of_edges() > 0
    assert sorted(whole.edges(data="weight")) == sorted(grown.edges(data="weight"))


def test_no_weight_means_no_thread_edges():
    cards = [
        _card("a", "Ann", "s1", ("paint",)),
        _card("c", "Bob", "s1", ("boat",), n=1),
        _card("b", "Ann", "s2", ("paint",), n=2),
    ]
    assert build_graph([], cards=cards).number_of_edges() == 0  # the default: off
    assert build_graph([], cards=cards, weights=ON).number_of_edges() == 2  # both directions of b -> a


def test_the_whole_graph_spreads_from_a_card_to_the_speakers_earlier_card_on_its_topic(monkeypatch):
    """SAME_THREAD links live in the whole graph (background work and benchmarks/run_locomo_cv.py, where
    they were measured); recall reads stored links only, so with the weight off it never sees them."""
    monkeypatch.setitem(links.KIND_WEIGHT, LinkKind.SAME_THREAD, 0.2)
    msgs = [
        ("My watercolor of the old mill won a ribbon at the county fair.", "Ann", "s1"),
        ("Our dog chased the neighbour's cat again this morning.", "Bob", "s1"),
        # Ann's card in between: her previous card (SAME_SPEAKER) is not the one on her topic
        ("The bakery on Main Street closes early on Sundays.", "Ann", "s2"),
        ("I started another watercolor, this time of the harbour at dawn.", "Ann", "s3"),
        ("Traffic on the bridge was terrible, we were late for dinner.", "Bob", "s3"),
    ]
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("t")
        for n, (text, who, session) in enumerate(msgs):  # one write each, as a live chat stores them
            mem.remember(text, speaker=who, message_id=f"m{n}", session_id=session, at=T0 + timedelta(days=n))
        by_source = {c.source_ids[0]: c.id for c in mem.cards()}
        reached = spread(tenant_parts(mem).graph, {by_source["m3"]: 1.0}, hops=1)
        assert reached[by_source["m0"]][1] == (by_source["m3"], "SAME_THREAD")
        hits = mem.recall("What did Ann paint of the harbour at dawn?", k=3, at=T0 + timedelta(days=9))
        assert hits[0].card.source_ids == ("m3",)
        assert all(h.via is None or h.via[1] != "SAME_THREAD" for h in hits)
        # the graph grown by the writes holds what a rebuild from the cards holds
        grown = sorted((u, v, d["kind"]) for u, v, d in tenant_parts(mem).graph.edges(data=True))
        tenant_parts(mem).store.invalidate()
        assert grown == sorted((u, v, d["kind"]) for u, v, d in tenant_parts(mem).graph.edges(data=True))
