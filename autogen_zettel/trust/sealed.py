"""The sealed permanent tier's policy: what quotes a permanent card is sealed with it.

The cipher, the key (``ZETTEL_PERMANENT_KEY`` or the OS keyring, never in the data folder) and
the locked placeholder are :mod:`autogen_zettel.base.sealing`; see docs/security.md. The hooks:

- a permanent card's content is sealed by :func:`~autogen_zettel.store.card_rows.card_to_row`
  and opened by :func:`~autogen_zettel.store.card_rows.row_to_card`;
- its source messages and history rows are sealed by :func:`seal_traces` (after a write, an
  edit or a change of tier) and opened by ``CardDB.messages`` and ``CardHistory.of``;
- nothing else quotes it: no claims (:func:`~autogen_zettel.trust.conflicts.claim_rows`), no
  person-layer rows (:func:`~autogen_zettel.people.sync.sync_cards`), an empty sparse vector
  (:func:`~autogen_zettel.memory.card_index.index_cards`), no text digest in a forget's audit entry.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from autogen_zettel.base.errors import PermanentKeyMissing
from autogen_zettel.base.sealing import (
    ENV,
    LOCKED,
    PREFIX,
    WRONG_KEY,
    is_genuine_seal,
    is_sealed,
    key_for_write,
    open_sealed,
    permanent_key,
    seal,
)

__all__ = [
    "permanent_ids",
    "permanent_key_given",
    "with_permanent",
    "ENV",
    "LOCKED",
    "PREFIX",
    "WRONG_KEY",
    "is_sealed",
    "open_sealed",
    "permanent_key",
    "seal",
    "seal_traces",
]


def permanent_key_given() -> bool:
    """Whether a usable permanent-tier key is set (a malformed one counts as none)."""
    try:
        return permanent_key() is not None
    except PermanentKeyMissing:
        return False


def permanent_ids(db) -> list[str]:
    """Ids of every permanent card of ``db``."""
    with db.lock:
        return [r[0] for r in db.db.execute("select id from cards where tier = 'permanent'").fetchall()]


def seal_traces(db, card_ids: Iterable[str]) -> int:
    """Seal what quotes the permanent cards among ``card_ids`` in ``db`` (a
    :class:`~autogen_zettel.store.db.CardDB`): their source messages' text and their history rows'
    content. Run in the transaction that stored the cards or made them permanent; returns how
    many values were sealed. Raises :class:`PermanentKeyMissing` without a key."""
    ids = list(dict.fromkeys(card_ids))
    if not ids:
        return 0
    n = 0
    with db.atomic():
        permanent = _permanent_rows(db, ids)
        if not permanent:
            return 0
        key = key_for_write(None)
        conn = db.db.conn
        message_ids = sorted({m for _, sources in permanent for m in sources})
        for mid in message_ids:
            row = conn.execute("select text from messages where id = ?", [mid]).fetchone()
            if row and row[0] is not None and not is_genuine_seal(row[0]):
                conn.execute(
                    "update messages set text = ? where id = ?",
                    [seal(row[0], f"message:{mid}", key=key), mid],
                )
                n += 1
        for cid, _ in permanent:
            for hid, content in conn.execute(
                "select id, content from card_history where card_id = ? and content is not null", [cid]
            ).fetchall():
                if not is_genuine_seal(content):
                    conn.execute(
                        "update card_history set content = ? where id = ?",
                        [seal(content, f"history:{hid}", key=key), hid],
                    )
                    n += 1
    return n


def _permanent_rows(db, ids: Sequence[str]) -> list[tuple[str, tuple]]:
    from autogen_zettel.store.card_rows import source_tuple

    out = []
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        out += [
            (cid, source_tuple(sources))
            for cid, sources in db.db.conn.execute(
                f"select id, source_ids from cards where tier = 'permanent' and id in ({','.join('?' * len(chunk))})",
                chunk,
            ).fetchall()
        ]
    return out


# -- recall of the sealed tier, outside the shared index --------------------------------
def with_permanent(store, embedder, dense_query, result):
    """``result`` (a :class:`~autogen_zettel.store.index.SearchResult`) with the tenant's
    permanent cards scored against ``dense_query`` in memory.

    Permanent cards are kept out of the shared index: their dense vectors name the fact they
    hold (benchmarks/sealed_vectors.py: the nearest of a guessed list of blood types or
    allergens is the true one 88-100% of the time). With the key, their vectors are made here
    from the opened text and kept in this process only (rebuilt when cards are written or
    forgotten). Without the key, the newest permanent card is added at the lowest dense score,
    so recall shows one :data:`LOCKED` placeholder instead of staying silent.
    """
    import numpy as np

    from autogen_zettel.cards.atoms import embed_text
    from autogen_zettel.store.index import SearchResult

    db = store.db
    version = db.cards_written
    keyed = permanent_key_given()  # a malformed key reads as none here (open_sealed logs it)
    cached = store.cached("sealed_vectors", dict)
    entry = cached.get("entry")
    if entry is None or entry[0] != version or entry[1] != keyed:
        with db.lock:
            ids = [
                r[0]
                for r in db.db.execute(
                    "select id from cards where tier = 'permanent' and kind != 'summary' "
                    "order by created_at desc, rowid desc"
                ).fetchall()
            ]
        vectors = None
        if ids and keyed:
            cards = db.get_many(ids)
            ids = [i for i in ids if i in cards and cards[i].content not in (LOCKED, WRONG_KEY)]
            texts = [embed_text(cards[i].speaker, cards[i].content) for i in ids]  # as indexed cards are
            vectors = np.asarray(embedder.encode(texts), dtype=np.float32) if texts else None
        entry = cached["entry"] = (version, keyed, ids, vectors)
    _, keyed, ids, vectors = entry
    if not ids:
        return result
    dense = dict(result.dense)
    if vectors is not None:
        q = np.asarray(dense_query, dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1) * (np.linalg.norm(q) or 1.0)
        scores = vectors @ q / np.where(norms > 0, norms, 1.0)
        dense.update({i: float(s) for i, s in zip(ids, scores)})
    elif not keyed:
        dense[ids[0]] = min(dense.values(), default=0.0)
    return SearchResult(dense, result.lexical)
