"""The links as one clustered b-tree (#26): every link keeps its weight and its place in the
write order; pair_first stays right through new links, upserts, deletes and VACUUM; the write order continues after the
old rows and after a wipe; and the table is the two structures a batch of links writes into."""

from __future__ import annotations

import random

from autogen_zettel.base.cards import Link, LinkKind
from autogen_zettel.store.db import CardDB

NODES = [f"c{i:02d}" for i in range(14)]
KINDS = list(LinkKind)

# how LinkTable.add wrote a link before m010 (a rowid table; pair_first by the rowid)
OLD_INSERT = (
    "insert into links (src, dst, kind, weight, created_at, pair_first) values (?, ?, ?, ?, ?, "
    "(select min(f.rowid) from links f where (f.src = ? and f.dst = ?) or (f.src = ? and f.dst = ?))) "
    "on conflict(src, dst, kind) do update set weight = max(weight, excluded.weight)"
)


def _pairs_first(rows) -> list[int]:
    """For rows ``(order, first, src, dst, ...)``: the smallest order between each row's two ends."""
    smallest: dict[frozenset, int] = {}
    for order, _, src, dst, *_ in rows:
        key = frozenset((src, dst))
        smallest[key] = min(smallest.get(key, order), order)
    return [smallest[frozenset(r[2:4])] for r in rows]


def _check(db: CardDB) -> list[tuple]:
    rows = db.db.execute(
        "select seq, coalesce(pair_first, seq), src, dst, kind, weight from links order by seq"
    ).fetchall()
    assert [r[1] for r in rows] == _pairs_first(rows)
    return rows


def _some(rng: random.Random, n: int) -> list[Link]:
    return [Link(*rng.sample(NODES, 2), rng.choice(KINDS), rng.choice([0.3, 0.6, 1.0])) for _ in range(n)]


def test_links_keep_their_order_weights_and_pairs_through_every_change(tmp_path):
    rng = random.Random(5)
    db = CardDB(tmp_path / "t.sqlite")
    try:
        for _ in range(4):
            db.links.add(_some(rng, 30))
            db.link_upkeep.delete_among(rng.sample(NODES, 3), rng.sample(KINDS, 2))
        before = _check(db)
        sql = db.db.execute("select sql from sqlite_master where name = 'links'").fetchone()[0]
        assert "without rowid" in sql.lower()
        indexes = [r[0] for r in db.db.execute("select name from pragma_index_list('links')")]
        assert sorted(indexes) == ["links_dst_cover", "sqlite_autoindex_links_1"]  # the pk is the table
        last = before[-1][0]
        db.links.add(_some(rng, 40))  # new pairs, new kinds of old pairs, weight upserts
        rows = _check(db)
        was = {b[2:5]: b[0] for b in before}
        # an old link keeps its place (an upsert only raises its weight); new ones come after
        assert all(r[0] == was[r[2:5]] if r[2:5] in was else r[0] > last for r in rows)
        assert len(rows) > len(before)
        for _ in range(5):
            db.link_upkeep.delete_among(rng.sample(NODES, 5), rng.sample(KINDS, 3))
            _check(db)
            db.link_upkeep.redirect(rng.choice(NODES), rng.choice(NODES))
            _check(db)
            db.links.add(_some(rng, 15))
            _check(db)
        kept = _check(db)
        db.erasure.scrub(vacuum=True)
        assert _check(db) == kept  # VACUUM leaves the write order alone
        db.erasure.wipe()  # every row of every table, the seq counter's too
        db.links.add(_some(rng, 10))
        db.links.add(_some(rng, 10))
        rows = _check(db)
        assert [r[0] for r in rows] == sorted({r[0] for r in rows}) and rows[0][0] >= 1
    finally:
        db.close()


def test_the_link_scan_names_ends_that_have_no_card_row(tmp_path):
    """Recall's one-scan read of the links (``LinkTable.table``) maps each end to its card's
    index; ends without a card row (a card gone, links kept) get indexes of their own."""
    from datetime import datetime

    from autogen_zettel.base.cards import Card, CardKind

    db = CardDB(tmp_path / "t.sqlite")
    try:
        db.insert_cards(
            [
                Card(
                    id=n,
                    content=f"card {n}",
                    kind=CardKind.FACT,
                    speaker="Ann",
                    source_ids=[f"m-{n}"],
                    created_at=datetime(2024, 3, 1, 9),
                )
                for n in NODES[:6]
            ]
        )
        rng = random.Random(9)
        db.links.add(_some(rng, 60))  # ends among all 14 nodes: 8 of them have no card row
        kinds = [k.value for k in KINDS]
        ids, rows = db.links.table(kinds)
        got = sorted(
            (ids[r["src"]], ids[r["dst"]], kinds[r["kind"]], round(float(r["weight"]), 6), int(r["seq"]))
            for r in rows
        )
        want = sorted(
            (s, d, k, round(w, 6), q)
            for q, _, s, d, k, w in db.db.execute(
                "select seq, pair_first, src, dst, kind, weight from links"
            ).fetchall()
        )
        assert got == want and any(i not in NODES[:6] for i in ids)
    finally:
        db.close()
