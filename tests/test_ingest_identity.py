"""The write path stores exactly what it stored before it was made faster (#12).

The same messages (sessions, replies, named people, relative dates, "you", secrets, a
contradiction) go through ``remember_many`` in batches and then ``remember`` one by one; every
row written (cards and links in the order written, claims, conflicts, entities, messages,
pending marks) and the audit entries of a forget are compared with digests recorded from the
code before the batching work (commit f52c0dc), on both index engines (links in the order
written on qdrant-client local mode; as a set on qdrant-edge, which orders exact ties freely).

A change that is *meant* to change what is stored regenerates the digests, and says so in its
commit: ``python -m tests.test_ingest_identity`` (from the repository root).
"""

from __future__ import annotations

import hashlib
import json
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, SimulatedClock
from autogen_zettel.memory.tenant import tenant_parts

T0 = datetime(2024, 3, 1, 9, 0)
GOLDEN = Path(__file__).parent / "data" / "ingest_identity.json"
_TABLES = ("cards", "links", "claims", "conflicts", "card_entities", "messages", "pending", "card_history")

_LINES = [
    "I adopted a puppy named Oscar yesterday and my sister Ana loves him.",
    "Did you finish the painting of the harbour last week?",
    "Yes, I finished it on Sunday, and Bob framed it for the gallery in Porto.",
    "My password for the bank is hunter2! Please forget it.",
    "We chose FastAPI for the API and Postgres for storage, Ana owns the migration by Friday.",
    "I love coffee in the morning.",
    "Hey, how are you?",
    "I hate coffee now, it keeps me awake.",
    "My card is 4111 1111 1111 1111 if you need it for the booking.",
    "Caroline went camping at the lake with her kids two weeks ago.",
    "I'll start pottery classes next month with Melanie.",
    "The library in Lisbon opens at 9 a.m. on Saturdays. It was great last time.",
]
_SPEAKERS = ("Ann", "Bob")


def messages(n: int = 96) -> list[dict]:
    out = []
    for i in range(n):
        session = f"s{i // 16}"
        out.append(
            {
                "text": f"{_LINES[i % len(_LINES)]} (round {i // len(_LINES)})"
                if i % 5 == 0
                else _LINES[i % len(_LINES)],
                "speaker": _SPEAKERS[i % 2],
                "message_id": f"m{i}",
                "session_id": session,
                "at": T0 + timedelta(hours=i * 7),
                "reply_to": f"m{i - 1}" if i % 16 else None,
            }
        )
    return out


# derived columns the store keeps for its reads: links' first-of-pair rowid (m005_link_pairs, for
# recall), each entity row's card order (m007_entity_order, for the linker's entity peers)
_DERIVED = {"pair_first", "created_at:card_entities", "card_rowid:card_entities"}


def _rows(db, table: str) -> list:
    if table == "links":  # in the order written (seq, since m010 in place of the rowid), numbered
        rows = db.execute("select src, dst, kind, weight, created_at from links order by seq")
        return [[n, *r] for n, r in enumerate(rows, 1)]
    cols = [
        r[1]
        for r in db.execute(f"pragma table_info([{table}])")
        if r[1] not in _DERIVED and f"{r[1]}:{table}" not in _DERIVED
    ]
    return [
        list(r)
        for r in db.execute(
            f"select rowid, {', '.join(f'[{c}]' for c in cols)} from [{table}] order by rowid"
        )
    ]


def snapshot(hub, *, ordered: bool = True, pipelined: bool = False) -> dict[str, list]:
    """Per table: [row count, sha256 of its rows in rowid order]; the audit entries without their
    keyed digests and hashes (the tenant's key is random).

    :param ordered: False for qdrant-edge, which returns exact ties (cards of the same words) in
        no fixed order, so the links between them are written in either order: links are then
        compared as a set
    :param pipelined: the batches of 24 go through one ``remember_many(..., batch=24)``, each
        next batch embedded on the hub's second thread while the one before is written
    """
    mem = hub.tenant("ann")
    msgs = messages()
    split = 72
    if pipelined:
        mem.remember_many(msgs[:split], batch=24)
    for start in range(0, split if not pipelined else 0, 24):
        mem.remember_many(msgs[start : start + 24])
    for m in msgs[split:]:
        mem.remember(
            m["text"],
            speaker=m["speaker"],
            message_id=m["message_id"],
            session_id=m["session_id"],
            at=m["at"],
            reply_to=m["reply_to"],
        )
    mem.forget(subject="Oscar", at=T0 + timedelta(days=60))
    db = tenant_parts(mem).db.db
    out = {}
    for table in _TABLES:
        rows = _rows(db, table)
        if table == "links" and not ordered:
            rows = sorted(r[1:] for r in rows)
        out[table] = [len(rows), hashlib.sha256(json.dumps(rows, default=str).encode()).hexdigest()]
    audit = [[e.seq, e.at, e.action, sorted(e.detail)] for e in tenant_parts(mem).store.audit_log.entries()]
    out["audit"] = [len(audit), hashlib.sha256(json.dumps(audit).encode()).hexdigest()]
    return out


def _hub(engine: str, folder: Path):
    clock = SimulatedClock(T0)
    if engine == "memory":
        return MemoryHub.open(memory=True, embedder=HashEmbedder(), clock=clock)
    return MemoryHub.open(folder, embedder=HashEmbedder(), clock=clock)


@pytest.mark.parametrize("pipelined", [False, True], ids=["calls", "pipelined"])
@pytest.mark.parametrize("engine", ["memory", "path"])
def test_the_write_path_stores_what_it_stored_before_batching(engine, pipelined, tmp_path):
    golden = json.loads(GOLDEN.read_text())[engine]
    hub = _hub(engine, tmp_path / "data")
    try:
        got = snapshot(hub, ordered=engine == "memory", pipelined=pipelined)
    finally:
        hub.close()
    assert got["cards"][0] > 50 and got["links"][0] > 200 and got["audit"][0] >= 1  # the input exercises them
    differ = [t for t in golden if golden[t] != got[t]]
    assert not differ, (
        f"stored rows differ from before in {differ}: { ({t: (golden[t], got[t]) for t in differ}) }"
    )


if __name__ == "__main__":  # regenerate the digests (only for an intended change of what is stored)
    import tempfile

    result = {}
    for engine in ("memory", "path"):
        with tempfile.TemporaryDirectory() as tmp:
            hub = _hub(engine, Path(tmp) / "data")
            try:
                result[engine] = snapshot(hub, ordered=engine == "memory")
            finally:
                hub.close()
    GOLDEN.write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {GOLDEN}", file=sys.stderr)
