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

from autogen_zettel.base.sealing import (
    ENV,
    LOCKED,
    PREFIX,
    WRONG_KEY,
    is_sealed,
    key_for_write,
    open_sealed,
    permanent_key,
    seal,
)

__all__ = [
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
            if row and row[0] is not None and not is_sealed(row[0]):
                conn.execute(
                    "update messages set text = ? where id = ?",
                    [seal(row[0], f"message:{mid}", key=key), mid],
                )
                n += 1
        for cid, _ in permanent:
            for hid, content in conn.execute(
                "select id, content from card_history where card_id = ? and content is not null", [cid]
            ).fetchall():
                if not is_sealed(content):
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
