"""Recall reads the card graph's links per hop from SQLite (issue #12): it must give exactly what
spreading over the whole NetworkX graph gave, on a tenant with many ties between link weights."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest

from autogen_zettel.cards.graph import LinkNeighbours, build_graph, spread
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.recall.progressive import progressive_recall

from .conftest import T0

_WORDS = (
    "harbour boat painting festival brother sister school garden dog cat cake music guitar "
    "camping lake mountain book library race bakery porto lisbon paris job interview"
).split()
_PEOPLE = ("Ann", "Bob", "Caroline", "Melanie")


def _fill(mem, n: int = 240, seed: int = 7) -> None:
    rng = random.Random(seed)
    messages = []
    for i in range(n):
        session = f"s{i // 12}"
        words = rng.sample(_WORDS, 4)
        named = rng.choice(_PEOPLE)
        messages.append(
            {
                "text": f"I talked with {named} about the {words[0]} and the {words[1]}, then {words[2]} {words[3]}.",
                "speaker": _PEOPLE[i % 2],
                "message_id": f"m{i}",
                "session_id": session,
                "at": T0 + timedelta(minutes=i),
                "reply_to": f"m{i - 1}" if i % 12 else None,
            }
        )
    for start in range(0, n, 50):  # several batches, so links come from several writes
        mem.remember_many(messages[start : start + 50])


def _hits(hits):
    return [(h.card.id, h.layer, h.via, tuple(c.id for c in h.covers)) for h in hits]


def _scores(hits):
    # Qdrant's float32 scores wobble in the last digits between searches (rounding to 6 places
    # can fall either side of a boundary), so scores compare within 1e-5
    return pytest.approx([h.score for h in hits], abs=1e-5)


def _serve_from(mem, where: str):
    """Make ``mem``'s neighbours read every list from SQLite, or from the in-memory adjacency."""
    nb = tenant_parts(mem).neighbours
    if where == "sqlite":
        nb.table = None
    else:
        assert nb.wait_loaded(30)
    return nb


@pytest.fixture(params=["sqlite", "adjacency"])
def filled(hub, request):
    mem = hub.tenant("ann")
    _fill(mem)
    _serve_from(mem, request.param)
    return mem


def test_spread_over_link_rows_equals_spread_over_the_whole_graph(filled):
    db = tenant_parts(filled).db
    G = build_graph(db.links.iter())
    rows = LinkNeighbours(db.links.rows_touching)
    ids = sorted(G.nodes)
    rng = random.Random(3)
    for _ in range(60):
        seeds = {i: rng.random() for i in rng.sample(ids, 5)}
        seeds["not-a-card"] = 0.5  # a seed with no links passes nothing either way
        for fan_out in (2, 12):  # a small fan-out makes the order of equal weights matter
            assert spread(rows, seeds, hops=2, decay=0.5, fan_out=fan_out) == spread(
                G, seeds, hops=2, decay=0.5, fan_out=fan_out
            )


def test_recall_hits_are_the_same_with_the_whole_graph_and_with_link_rows(filled, monkeypatch):
    G = build_graph(tenant_parts(filled).db.links.iter())
    # qdrant-client local mode orders equal dense scores differently from one search to the next,
    # and this fixture's templated texts tie often: both recalls get the same search result, so
    # what is compared is the graph access alone
    search, results = tenant_parts(filled).store.vectors.search, {}

    def same_search(name, dense, sparse, limit):
        key = (name, tuple(dense), tuple(map(tuple, sparse)), limit)
        return results.setdefault(key, search(name, dense, sparse, limit))

    monkeypatch.setattr(tenant_parts(filled).store.vectors, "search", same_search)
    queries = [
        "harbour boat",
        "Caroline and the guitar",
        "what did Melanie say about camping?",
        "library book race",
        "porto bakery job interview",
        "dog",
    ]
    now = T0 + timedelta(days=3)
    layers = set()
    for q in queries:
        kwargs = dict(k=8, now=now, embedder=filled.hub.embedder, config=filled.config)
        old = progressive_recall(tenant_parts(filled).store, q, graph=lambda: G, **kwargs)
        new = progressive_recall(
            tenant_parts(filled).store, q, graph=lambda: tenant_parts(filled).neighbours, **kwargs
        )
        assert _hits(new) == _hits(old)
        assert [h.score for h in new] == _scores(old)
        layers |= {h.layer for h in old}
    assert layers == {"immediate", "associative"}  # the links took part
    # the facade uses the link rows and never loads the whole graph
    filled.recall(queries[0], touch=False)
    assert tenant_parts(filled).store.peek("graph") is None


def test_link_rows_follow_new_links_and_forgetting(filled):
    db = tenant_parts(filled).db
    G = build_graph(db.links.iter())
    card = next(c for c in filled.cards() if any(d["weight"] > 0 for d in G.adj[c.id].values()))
    # the edges that pass activation, in the whole graph's order (the others are never read)
    assert tenant_parts(filled).neighbours.neighbours_of([card.id])[card.id] == [
        (v, d["weight"], d["kind"]) for v, d in G.adj[card.id].items() if d["weight"] > 0
    ]
    filled.forget(card.id)
    assert tenant_parts(filled).neighbours.neighbours_of([card.id]) == {}


def test_link_rows_touching_many_ids_returns_each_row_once(filled):
    db = tenant_parts(filled).db
    ids = [c.id for c in filled.cards()]
    rows = db.links.rows_touching(ids + ids[:10])  # more than one chunk of bound parameters
    assert len(rows) == len(set(rows)) == db.links.count()
    assert [r[1:] for r in rows] == [(l.src, l.dst, l.kind.value, l.weight) for l in db.links.iter()]
    first: dict[frozenset, int] = {}
    for n, l in enumerate(db.links.iter()):
        first.setdefault(frozenset((l.src, l.dst)), n)
    # "first" is the same for a pair's links: that of the pair's first link, and it grows as
    # iter_links meets new pairs
    assert [r[0] for r in rows] == [rows[first[frozenset(r[1:3])]][0] for r in rows]
    firsts = [rows[n][0] for n in sorted(first.values())]
    assert firsts == sorted(firsts) and len(set(firsts)) == len(firsts)
    only = db.links.rows_touching(ids, ["REPLY_TO"])
    assert only and {r[3] for r in only} == {"REPLY_TO"}


@pytest.mark.parametrize("where", ["sqlite", "adjacency"])
def test_kept_neighbour_lists_follow_new_and_deleted_links(hub, where):
    from autogen_zettel.base.cards import LinkKind

    mem = hub.tenant("ann")
    _fill(mem, n=120)
    rng = random.Random(5)
    cached = _serve_from(mem, where)
    assert tenant_parts(mem).neighbours is cached  # one per tenant, kept between recalls

    fixed = {c.id: 1.0 for c in mem.cards()[:8]}  # the same seeds every time: a kept spread must not be stale

    def same_as_whole_graph() -> None:
        G = build_graph(tenant_parts(mem).db.links.iter())
        assert spread(cached, fixed, fan_out=3) == spread(G, fixed, fan_out=3)  # kept from the last check?
        ids = sorted(G.nodes)
        for _ in range(40):
            seeds = {i: rng.random() for i in rng.sample(ids, 5)}
            assert spread(cached, seeds, fan_out=3) == spread(G, seeds, fan_out=3)
        assert spread(cached, fixed, fan_out=3) == spread(G, fixed, fan_out=3)
        assert spread(cached, fixed, fan_out=3) == spread(G, fixed, fan_out=3)  # kept: the same again

    cached.neighbours_of([c.id for c in mem.cards()])  # every node's list is kept now
    same_as_whole_graph()
    more = [
        {
            "text": f"Caroline said the harbour {w} was lovely.",
            "speaker": "Ann",
            "message_id": f"x{i}",
            "session_id": "s0",
            "at": T0 + timedelta(hours=10 + i),
            "reply_to": "m3",
        }
        for i, w in enumerate(_WORDS[:8])
    ]
    mem.remember_many(more)  # new links to old cards (session s0, replies to m3, entities)
    same_as_whole_graph()
    tenant_parts(mem).db.link_upkeep.delete_below({LinkKind.SAME_SESSION: 0.4})
    same_as_whole_graph()
    ids = [c.id for c in mem.cards()][:30]
    tenant_parts(mem).db.link_upkeep.delete_among(ids, [LinkKind.REPLY_TO])
    same_as_whole_graph()


def _pair_first_is_right(db) -> None:
    """Every link's stored first-of-its-pair equals the smallest seq between its two ends."""
    rows = db.db.execute("select seq, coalesce(pair_first, seq), src, dst from links").fetchall()
    smallest: dict[frozenset, int] = {}
    for seq, _, src, dst in rows:
        key = frozenset((src, dst))
        smallest[key] = min(smallest.get(key, seq), seq)
    assert [r[1] for r in rows] == [smallest[frozenset(r[2:])] for r in rows]


def test_stored_pair_first_follows_added_and_deleted_links_and_vacuum(tmp_path):
    from autogen_zettel.base.cards import Link, LinkKind
    from autogen_zettel.store.db import CardDB

    db = CardDB(tmp_path / "t.sqlite")
    rng = random.Random(11)
    nodes = [f"c{i}" for i in range(12)]
    kinds = list(LinkKind)

    def some_links(n):
        return [Link(*rng.sample(nodes, 2), rng.choice(kinds), rng.choice([0.5, 1.0])) for _ in range(n)]

    for _ in range(6):
        db.links.add(some_links(25))  # new pairs, new kinds of known pairs, and weight upserts
        _pair_first_is_right(db)
        db.link_upkeep.delete_among(rng.sample(nodes, 5), rng.sample(kinds, 3))  # often a pair's first link
        _pair_first_is_right(db)
        db.link_upkeep.redirect(rng.choice(nodes), rng.choice(nodes))
        _pair_first_is_right(db)
    db.link_upkeep.delete_below({LinkKind.SAME_SESSION: 0.8, LinkKind.REPLY_TO: 0.8})
    _pair_first_is_right(db)
    db.db.execute("delete from links where seq in (select seq from links order by seq limit 10)")
    before = [(l.src, l.dst, l.kind) for l in db.links.iter()]
    db.erasure.scrub(vacuum=True)
    assert [(l.src, l.dst, l.kind) for l in db.links.iter()] == before
    _pair_first_is_right(db)
    db.erasure.wipe()  # drops the triggers for its delete: they must be back
    assert db.links.count() == 0
    for _ in range(3):
        db.links.add(some_links(25))
        db.link_upkeep.delete_among(rng.sample(nodes, 5), rng.sample(kinds, 3))
        _pair_first_is_right(db)
    db.close()


def test_forgetting_leaves_no_link_rows_or_index_entries_naming_the_card(filled):
    db = tenant_parts(filled).db
    G = build_graph(db.links.iter())
    card = max(G.nodes, key=lambda n: G.degree(n))
    tenant_parts(filled).neighbours.neighbours_of(list(G.nodes))  # every list kept
    filled.forget(card)
    _pair_first_is_right(db)
    # the table's own b-tree and its covering index are read alone: neither may name the card
    for source in ("not indexed", "indexed by links_dst_cover"):
        assert not db.db.execute(
            f"select 1 from links {source} where src = ? or dst = ?", [card, card]
        ).fetchall()
    after = build_graph(db.links.iter())
    assert card not in after
    lists = tenant_parts(filled).neighbours.neighbours_of(list(after.nodes))
    assert all(card != v for edges in lists.values() for v, _, _ in edges)
    rng = random.Random(2)
    for _ in range(20):
        seeds = {i: rng.random() for i in rng.sample(sorted(after.nodes), 5)}
        assert spread(tenant_parts(filled).neighbours, seeds, fan_out=3) == spread(after, seeds, fan_out=3)


def test_the_adjacency_serves_what_sqlite_does_and_follows_every_change_after_loading(hub):
    """Loaded once, the adjacency serves only cards whose links did not change since: new and
    upserted links, deleted links, pruning, merging (redirected links) and forgetting all show,
    and no forgotten card is ever served (#12)."""
    from autogen_zettel.base.cards import Link, LinkKind

    mem = hub.tenant("ann")
    _fill(mem, n=120)
    nb = _serve_from(mem, "adjacency")
    adjacency = nb.adjacency
    rng = random.Random(9)

    def same_as_whole_graph() -> set:
        G = build_graph(tenant_parts(mem).db.links.iter())
        ids = sorted(G.nodes)
        lists = nb.neighbours_of(ids)
        positive = {n: [e for e in edges if e[1] > 0] for n, edges in lists.items()}
        assert {n: e for n, e in positive.items() if e} == {n: e for n in ids if (e := _sorted_edges(G, n))}
        for _ in range(30):
            seeds = {i: rng.random() for i in rng.sample(ids, 5)}
            for fan_out in (2, 12):
                assert spread(nb, seeds, fan_out=fan_out) == spread(G, seeds, fan_out=fan_out)
        nb._cache.clear()  # the next check reads every list again: from the adjacency where it still holds
        return set(G.nodes)

    def served_from_memory() -> int:
        return sum(1 for n in adjacency.ids if n not in nb._stale)

    nodes = same_as_whole_graph()
    assert served_from_memory() == len(adjacency.ids)
    ids = sorted(nodes)
    # new links, a weight upsert, and deleted links
    tenant_parts(mem).db.links.add(
        [
            Link(ids[0], ids[1], LinkKind.STRONGLY_RELATED, 0.95),
            Link(ids[2], ids[3], LinkKind.SHARED_ENTITY, 0.7),
            Link(ids[4], ids[5], LinkKind.SAME_SESSION, 1.0),
        ]
    )
    same_as_whole_graph()
    tenant_parts(mem).db.link_upkeep.delete_among(ids[:20], [LinkKind.REPLY_TO])
    same_as_whole_graph()
    assert nb.adjacency is adjacency and 0 < served_from_memory() < len(adjacency.ids)
    # merging: every link of one card moves to another
    old, new = ids[30], ids[40]
    tenant_parts(mem).db.link_upkeep.redirect(old, new)
    assert old not in same_as_whole_graph()
    assert nb.adjacency is adjacency  # named changes keep the snapshot
    # forgetting: the card and its neighbours are served from SQLite; it is nowhere in a list. A
    # forget vacuums the file, and the snapshot goes with the forgotten id in it: a fresh one loads
    G = build_graph(tenant_parts(mem).db.links.iter())
    gone = max(G.nodes, key=G.degree)
    mem.forget(gone)
    after = same_as_whole_graph()
    assert gone not in after
    lists = nb.neighbours_of(sorted(after | {gone}))
    assert gone not in lists and all(gone != v for edges in lists.values() for v, _, _ in edges)
    assert nb.adjacency is not adjacency
    assert nb.wait_loaded(30) and gone not in nb.adjacency.index
    adjacency = nb.adjacency
    assert served_from_memory() == len(adjacency.ids)
    same_as_whole_graph()
    # pruning may touch any card: the snapshot goes, SQLite serves, and the next load is fresh
    tenant_parts(mem).db.link_upkeep.delete_below({LinkKind.SAME_SESSION: 0.4})
    same_as_whole_graph()
    assert nb.adjacency is not adjacency
    assert nb.wait_loaded(30) and nb.adjacency is not adjacency
    same_as_whole_graph()


def _sorted_edges(G, n):
    return sorted(
        ((v, d["weight"], d["kind"]) for v, d in G.adj[n].items() if d["weight"] > 0), key=lambda e: -e[1]
    )


@pytest.mark.parametrize("settings", [{"preload_links_max": 10}, {"preload_links": False}])
def test_the_adjacency_size_guard_and_switch(tmp_path, clock, settings):
    from autogen_zettel import MemoryHub
    from autogen_zettel.base.config import config_from_dict
    from autogen_zettel.embed.embedders import HashEmbedder

    cfg = config_from_dict(
        {"recall": {"tuning": settings}}
    )  # 10: fewer than the links, recall stays on SQLite
    with MemoryHub.open(tmp_path / "data", config=cfg, embedder=HashEmbedder(), clock=clock) as hub:
        mem = hub.tenant("ann")
        _fill(mem, n=60)
        nb = tenant_parts(mem).neighbours
        assert not nb.wait_loaded(30) and nb.adjacency is None
        ids = [c.id for c in mem.cards()]
        G = build_graph(tenant_parts(mem).db.links.iter())
        assert spread(nb, {i: 1.0 for i in ids[:5]}) == spread(G, {i: 1.0 for i in ids[:5]})
        assert nb.adjacency is None


def test_wiping_a_tenant_stops_a_running_link_scan_so_no_text_stays_in_the_file(tmp_path, monkeypatch):
    """The adjacency's scan reads in a transaction of its own, which would keep the wipe's
    checkpoint from folding the WAL back: the old card text would stay in the main file."""
    import threading

    import autogen_zettel.store.linkscan as linkscan
    from autogen_zettel.base.cards import Card, CardKind, Link, LinkKind
    from autogen_zettel.store.db import CardDB

    path = tmp_path / "t.db"
    db = CardDB(path)
    secret = "ZEBRA-SECRET-TEXT-4242"
    db.insert_cards(
        [
            Card(f"c{i}", f"{secret} card {i}", CardKind.FACT, "ann", datetime(2024, 1, 1), ("m1",))
            for i in range(20)
        ]
    )
    db.links.add([Link(f"c{i}", f"c{i + 1}", LinkKind.SAME_SESSION, 1.0) for i in range(19)])
    db.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    started, original, failed = threading.Event(), linkscan.scan_links, []

    def slow_scan(conn, kinds, max_rows):  # a scan still running statements when the wipe comes
        conn.execute("select count(*) from cards").fetchone()
        started.set()
        conn.execute(
            "with recursive r(x) as (select 1 union all select x + 1 from r where x < 30000000) "
            "select count(*) from r"
        ).fetchone()
        return original(conn, kinds, max_rows)

    monkeypatch.setattr(linkscan, "scan_links", slow_scan)

    def load():
        try:
            db.links.table(["same_session"])
        except Exception as exc:  # noqa: BLE001 - the interrupted scan's error is the point
            failed.append(type(exc).__name__)

    loader = threading.Thread(target=load)
    loader.start()
    assert started.wait(30)
    db.erasure.wipe()
    db.close()
    loader.join(30)
    assert failed == ["OperationalError"]  # interrupted, not waited out
    for file in (path, path.with_name("t.db-wal")):
        assert not file.exists() or secret.encode() not in file.read_bytes()


def test_spreading_on_the_adjacency_arrays_gives_the_same_floats_with_changed_and_new_cards(hub):
    """LinkAdjacency.spread (numpy, #12) against spread over the whole graph, exactly: with cards
    whose links changed since the snapshot (their lists read from SQLite), cards the snapshot does
    not hold, seeds that are each other's neighbours, and fan-outs that cut among equal weights."""
    from autogen_zettel.base.cards import Link, LinkKind

    mem = hub.tenant("ann")
    _fill(mem, n=120)
    nb = _serve_from(mem, "adjacency")
    rng = random.Random(5)

    def check(rounds: int = 40) -> None:
        G = build_graph(tenant_parts(mem).db.links.iter())
        ids = sorted(G.nodes)
        for _ in range(rounds):
            seeds = {i: rng.random() for i in rng.sample(ids, rng.choice([1, 5, 20]))}
            for hops, fan_out in ((1, 12), (2, 1), (2, 2), (2, 12), (3, 4)):
                fast = nb.spread(seeds, hops=hops, decay=0.5, fan_out=fan_out)
                assert fast is not None
                assert fast == spread(G, seeds, hops=hops, decay=0.5, fan_out=fan_out)
                assert list(fast) == list(spread(G, seeds, hops=hops, decay=0.5, fan_out=fan_out))

    check()
    ids = sorted(build_graph(tenant_parts(mem).db.links.iter()).nodes)
    new = mem.remember("A brand new card about the harbour and the bakery.", speaker="Ann", message_id="new")[
        0
    ]
    tenant_parts(mem).db.links.add(
        [
            Link(ids[0], ids[1], LinkKind.STRONGLY_RELATED, 0.95),
            Link(new.id, ids[2], LinkKind.REPLY_TO, 1.0),
            Link(ids[3], ids[4], LinkKind.SAME_SESSION, 1.0),
        ]
    )
    tenant_parts(mem).db.link_upkeep.delete_among(ids[10:30], [LinkKind.REPLY_TO])
    nb.refresh()
    assert nb._stale and new.id not in nb.adjacency.index
    check()


def test_activation_ranks_like_the_dict_unlock_builds(hub):
    """Activation.top (unlock's pool from spreading's arrays) against the dict unlock builds from
    a plain spread, on scores with many ties (#12)."""
    from autogen_zettel.recall.progressive import top_ids

    mem = hub.tenant("ann")
    _fill(mem, n=120)
    nb = _serve_from(mem, "adjacency")
    G = build_graph(tenant_parts(mem).db.links.iter())
    ids = sorted(G.nodes)
    rng = random.Random(11)
    for _ in range(40):
        immediate = [(i, rng.choice([0.25, 0.5, 0.75, rng.random()])) for i in rng.sample(ids, 30)]
        immediate.append(("not-a-card", 0.5))
        base = dict(immediate)
        seeds = dict(immediate[:8])
        fast, plain = nb.spread(seeds, hops=2, decay=0.5, fan_out=12), spread(G, seeds, hops=2, decay=0.5)
        assert fast == plain and hasattr(fast, "top")
        for n in (1, 5, 30, 60, 1000):
            head = immediate[: max(n, 8)]
            upper = dict(head)
            upper.update({i: base.get(i, 0.0) + act for i, (act, _) in plain.items()})
            assert fast.top(n, base, head) == top_ids(upper, n)
        for scale in (0.5, 1.0):  # another base on the same activation ranks anew (#26), then the first
            other = {i: s * scale for i, s in base.items()}
            head = [(i, s * scale) for i, s in immediate[:30]]
            upper = dict(head)
            upper.update({i: other.get(i, 0.0) + act for i, (act, _) in plain.items()})
            assert fast.top(30, other, head) == top_ids(upper, 30)
