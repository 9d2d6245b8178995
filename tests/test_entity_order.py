"""The linker's entity peers (the newest cards naming an entity) read from card_entities in
index order (migration m007_entity_order) give what the full sort over cards gave, on a
database migrated from before m007 and after every kind of write (#12)."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from autogen_zettel.base.cards import Card, CardKind
from autogen_zettel.store.db import CardDB

T0 = datetime(2024, 3, 1, 9, 0)
ENTITIES = ("Ann", "Bob", "Porto", "Oscar", "FastAPI")

# the query of cards_naming_each before m007: every card naming the entity, sorted
REFERENCE = (
    "select e.card_id from card_entities e join cards on cards.id = e.card_id where e.entity = ? "
    "order by cards.created_at desc, cards.rowid desc limit ?"
)


def _cards(rng: random.Random, n: int, start: int) -> list[Card]:
    # few distinct times, so ties in created_at are common and the rowid decides
    return [
        Card(
            id=f"c{start + i}",
            content=f"card {start + i}",
            kind=CardKind.FACT,
            speaker="Ann",
            source_ids=[f"m{start + i}"],
            created_at=T0 + timedelta(days=rng.randrange(4)),
            entities=rng.sample(ENTITIES, rng.randrange(1, 4)),
        )
        for i in range(n)
    ]


def _assert_same_as_reference(db: CardDB) -> None:
    for limit in (1, 3, 50):
        got = db.cards_naming_each([e.upper() for e in ENTITIES] + ["nobody"], limit)
        for entity in ENTITIES:
            want = [r[0] for r in db.db.execute(REFERENCE, [entity.casefold(), limit]).fetchall()]
            assert [c.id for c in got.get(entity.casefold(), [])] == want
        assert "nobody" not in got


def test_entity_peers_match_the_full_sort_after_every_write(tmp_path):
    rng = random.Random(7)
    db = CardDB(tmp_path / "t.sqlite")
    try:
        db.insert_cards(_cards(rng, 60, 0))
        _assert_same_as_reference(db)
        db.insert_cards(_cards(rng, 60, 60))  # new cards, ties with the old ones
        _assert_same_as_reference(db)
        moved = [c for c in _cards(rng, 120, 0)[::7]]  # the same ids again with other times and entities
        db.insert_cards(moved)
        db.replace_entities("c3", ["Oscar", "Porto"])
        _assert_same_as_reference(db)
        assert db.db.execute(
            "select count(*) from card_entities where created_at is null or card_rowid is null"
        ).fetchone() == (0,)
    finally:
        db.close()
