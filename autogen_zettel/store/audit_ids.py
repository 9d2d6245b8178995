"""Card ids in the audit log, keyed with the tenant's HMAC key.

A card id is a UUID derived from what the card came from (source message ids, time, content)
with no secret, so an id kept in the log after its card was forgotten confirms a guess of the
forgotten sentence: whoever guesses the message id, time and text recomputes the id and finds it
in the log. The log therefore never holds a plain card id: :func:`key_card_ids` replaces them
(``card_id`` -> ``card_ref``, ``card_ids`` -> ``card_refs``, the ids inside ``clusters``) with
:func:`card_ref`, an HMAC under the tenant's key; :meth:`TenantStore.card_ref` answers "which
entries name this card" for whoever holds the tenant database.

:func:`rekey_log` migrates a log written before this: every entry's ids are keyed and the chain
is recomputed under the key, in one transaction, and the freed pages are overwritten.

>>> key = bytes(32)
>>> key_card_ids({"card_ids": ["c1"], "to": "archived"}, key) == {"card_refs": [card_ref("c1", key)], "to": "archived"}
True
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from datetime import datetime

from autogen_zettel.store.audit import GENESIS, entry_row

__all__ = ["card_ref", "holds_plain_ids", "key_card_ids", "rekey_rows"]


def card_ref(card_id: str, key: bytes) -> str:
    """What the audit log records for ``card_id``: 32 hex digits of an HMAC-SHA256 under the tenant's key."""
    return hmac.new(key, b"card-id:" + card_id.encode("utf-8"), hashlib.sha256).hexdigest()[:32]


def key_card_ids(detail: dict, key: bytes) -> dict:
    """``detail`` with every card id replaced by its :func:`card_ref` (other fields unchanged)."""
    out: dict = {}
    for name, value in detail.items():
        if name == "card_id" and isinstance(value, str):
            out["card_ref"] = card_ref(value, key)
        elif name == "card_ids" and isinstance(value, list):
            out["card_refs"] = [card_ref(str(v), key) for v in value]
        elif name == "clusters" and isinstance(value, list):
            out[name] = [
                [card_ref(str(kept), key), [card_ref(str(a), key) for a in absorbed]]
                for kept, absorbed in value
            ]
        else:
            out[name] = value
    return out


def holds_plain_ids(detail: dict) -> bool:
    """Whether an entry's detail was written before card ids were keyed."""
    return (
        "card_id" in detail
        or "card_ids" in detail
        or ("clusters" in detail and _clusters_plain(detail["clusters"]))
    )


def _clusters_plain(clusters) -> bool:
    # keyed refs are 32 hex digits; card ids are UUIDs (36 characters with dashes) or other text
    flat = [c for kept, absorbed in clusters for c in (kept, *absorbed)] if isinstance(clusters, list) else []
    return any(not (len(str(c)) == 32 and all(ch in "0123456789abcdef" for ch in str(c))) for c in flat)


def rekey_rows(rows: Sequence[tuple], key: bytes) -> list[tuple]:
    """The log's rows ``(seq, at, action, detail, prev_hash, hash, v)`` with card ids keyed and
    the chain recomputed under ``key`` from the first entry."""
    out, prev = [], GENESIS
    for seq, at, action, detail, *_ in rows:
        try:
            parsed = json.loads(detail)
        except json.JSONDecodeError:
            parsed = {"unreadable": "an entry whose detail could not be read was dropped by the migration"}
        new = entry_row(seq, datetime.fromisoformat(at), action, key_card_ids(parsed, key), prev, key)
        out.append(new)
        prev = new[5]
    return out
