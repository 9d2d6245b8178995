"""The person layers' tables in a tenant's database: the evidence each card gives
(``layer_evidence``) and the rows derived from it (``layer_facts``, ``layer_preferences``,
``layer_commitments``), each citing its cards in ``source_ids``.

The layers own their schema: :data:`migrations` (a :class:`sqlite_utils.Migrations` set of its
own, applied by the tenant's composition after the store's; ``db`` is a
:class:`sqlite_utils.Database`) creates the tables; a database made
while the store's first migration still created them keeps them as they are.

Plain rows in, plain rows out: what the rows mean is :mod:`autogen_zettel.people.model`'s.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from autogen_zettel.base.sealing import is_sealed
from autogen_zettel.store.migrations import migration_set

__all__ = ["LayerTables", "migrations", "subject_key"]

migrations = migration_set("autogen_zettel.people")


@migrations()
def m001_layers(db) -> None:
    """The layer tables, unless the store's first migration made them (before the layers owned
    their schema): the columns and indexes are the same."""
    if db["layer_evidence"].exists():
        return
    # the person layers (facts, preferences, commitments), derived from cards: what each card
    # says for them (layer_evidence, rewritten when the card changes; with the time and session
    # it was said, which a merged card keeps for each restatement it absorbed) and the rows
    # computed from that evidence, each citing its cards (source_ids, JSON)
    db["layer_evidence"].create(
        {
            "id": int,
            "card_id": str,
            "layer": str,
            "subject": str,
            "subject_key": str,
            "key": str,
            "value": str,
            "score": float,
            "kind": str,
            "due": str,
            "counterparty": str,
            "at": str,
            "session": str,
        },
        pk="id",
        not_null={"card_id", "layer", "subject"},
    )
    db["layer_evidence"].create_index(["card_id"])
    db["layer_evidence"].create_index(["layer", "subject_key", "key"])
    db["layer_facts"].create(
        {
            "subject": str,
            "subject_key": str,
            "key": str,
            "value": str,
            "status": str,
            "source_ids": str,
            "at": str,
        },
        pk=("subject_key", "key", "value"),
    )
    db["layer_preferences"].create(
        {
            "subject": str,
            "subject_key": str,
            "topic_key": str,
            "topic": str,
            "value": float,
            "trend": float,
            "evidence": int,
            "source_ids": str,
            "at": str,
        },
        pk=("subject_key", "topic_key"),
    )
    db["layer_commitments"].create(
        {
            "id": int,
            "owner": str,
            "what": str,
            "due": str,
            "status": str,
            "counterparty": str,
            "source_ids": str,
            "made_at": str,
        },
        pk="id",
    )
    db["layer_commitments"].create_index(["status", "due"])


@migrations()
def m002_plan_cards(db) -> None:
    """Cards that record a plan or a promise were stored with this layer's word for their kind
    ("commitment"); the card kind is ``plan`` now, one meaning per name."""
    if db["cards"].exists():
        db.execute("update cards set kind = 'plan' where kind = 'commitment'")


@migrations()
def m003_contexts(db) -> None:
    """The context of each session a caller set or an inference kept (see
    :mod:`autogen_zettel.people.contexts`): ``how`` is "set" or "inferred"; a NULL context is a
    session set back to shared."""
    db["layer_contexts"].create(
        {"session": str, "context": str, "how": str, "at": str},
        pk="session",
        not_null={"how"},
        if_not_exists=True,
    )


@migrations()
def m004_put_off(db) -> None:
    """A postponement's span (``put_off``: "pushed it back a week", "推迟两天"), which moves the due of the
    promise it puts off; empty for every other evidence row."""
    if "put_off" not in db["layer_evidence"].columns_dict:
        db["layer_evidence"].add_column("put_off", str)


_EVIDENCE = (
    "card_id",
    "layer",
    "subject",
    "subject_key",
    "key",
    "value",
    "score",
    "kind",
    "due",
    "counterparty",
    "at",
    "session",
    "put_off",
)


def subject_key(subject: str) -> str:
    """How subjects are compared: case-folded, spaces trimmed."""
    return " ".join(subject.split()).casefold()


def _marks(n: int) -> str:
    return ",".join("?" * n)


class LayerTables:
    """The layer tables of one tenant's :class:`~autogen_zettel.store.db.CardDB`."""

    def __init__(self, cards_db):
        self.cards_db = cards_db

    @property
    def _db(self):
        return self.cards_db.db

    @property
    def _lock(self):
        return self.cards_db.lock

    # -- contexts ---------------------------------------------------------------------------
    def set_context(self, session: str, context: str | None, how: str, at=None) -> None:
        """Record the context of ``session`` (``how``: "set" or "inferred")."""
        with self.cards_db.atomic():
            self._db["layer_contexts"].upsert(
                {"session": session, "context": context, "how": how, "at": at.isoformat() if at else None},
                pk="session",
            )

    def context_row(self, session: str) -> dict | None:
        with self._lock:
            rows = list(self._db.query("select * from layer_contexts where session = ?", [session]))
        return rows[0] if rows else None

    def context_rows(self) -> list[dict]:
        with self._lock:
            return list(self._db.query("select * from layer_contexts order by session"))

    def session_texts(self, session: str, limit: int) -> list[str]:
        """The latest ``limit`` active cards' texts of ``session`` (sealed ones never: the
        permanent tier is not read to guess a context)."""
        with self._lock:
            rows = self._db.execute(
                "select content from cards where session_id = ? and status = 'active' "
                "order by created_at desc, id limit ?",
                [session, limit],
            ).fetchall()
        return [r[0] for r in rows if r[0] and not is_sealed(r[0])]

    # -- evidence ---------------------------------------------------------------------------
    def groups_of(self, card_ids: Sequence[str]) -> set[tuple[str, str, str]]:
        """The (layer, subject key, key) groups the evidence of ``card_ids`` falls in."""
        ids = list(dict.fromkeys(card_ids))
        out: set[tuple[str, str, str]] = set()
        with self._lock:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                out |= {
                    (r[0], r[1], r[2])
                    for r in self._db.execute(
                        f"select layer, subject_key, key from layer_evidence where card_id in ({_marks(len(chunk))})",
                        chunk,
                    ).fetchall()
                }
        return out

    def replace_evidence(self, card_ids: Sequence[str], rows: Iterable[dict]) -> None:
        """Drop the evidence of ``card_ids`` and write ``rows`` (dicts of the evidence columns)."""
        ids = list(dict.fromkeys(card_ids))
        rows = [{k: r.get(k) for k in _EVIDENCE} for r in rows]
        with self.cards_db.atomic():
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                self._db.execute(f"delete from layer_evidence where card_id in ({_marks(len(chunk))})", chunk)
            if rows:
                self._db["layer_evidence"].insert_all(rows)

    def observed(
        self,
        layers: Sequence[str],
        subject_key: str | None = None,
        key: str | None = None,
        *,
        statuses: Sequence[str] = ("active",),
    ) -> list[dict]:
        """Evidence rows of ``layers`` (optionally one subject and key) with their card's time,
        session, evidence source and status (``card_status``). Only cards of ``statuses`` speak:
        by default a frozen, archived (faded, expired) or to-verify (it lost a conflict) card,
        or one that is gone, gives none."""
        sql = (
            f"select e.*, coalesce(e.at, c.created_at) as at, coalesce(e.session, c.session_id) as session, "
            f"c.evidence as source, c.status as card_status from layer_evidence e "
            f"join cards c on c.id = e.card_id where c.status in ({_marks(len(statuses))}) "
            f"and e.layer in ({_marks(len(layers))})"
        )
        params: list = [*statuses, *layers]
        if subject_key is not None:
            sql += " and e.subject_key = ?"
            params.append(subject_key)
        if key is not None:
            sql += " and e.key = ?"
            params.append(key)
        with self._lock:
            return list(
                self._db.query(sql + " order by coalesce(e.at, c.created_at), e.card_id, e.id", params)
            )

    def repoint(self, absorbed: Sequence[str], survivor: str) -> None:
        """The evidence of merged cards becomes the survivor's (each restatement keeps its time)."""
        ids = list(absorbed)
        if ids:
            with self.cards_db.atomic():
                self._db.execute(
                    f"update layer_evidence set card_id = ? where card_id in ({_marks(len(ids))})",
                    [survivor, *ids],
                )

    # -- derived rows -----------------------------------------------------------------------
    def replace_facts(self, subject_key_: str, key: str, rows: Iterable[dict]) -> None:
        with self.cards_db.atomic():
            self._db.execute("delete from layer_facts where subject_key = ? and key = ?", [subject_key_, key])
            rows = list(rows)
            if rows:
                self._db["layer_facts"].insert_all(rows, replace=True)

    def replace_preference(self, subject_key_: str, topic_key: str, row: dict | None) -> None:
        with self.cards_db.atomic():
            self._db.execute(
                "delete from layer_preferences where subject_key = ? and topic_key = ?",
                [subject_key_, topic_key],
            )
            if row is not None:
                self._db["layer_preferences"].insert(row, replace=True)

    def replace_commitments(self, rows: Iterable[dict]) -> None:
        with self.cards_db.atomic():
            self._db.execute("delete from layer_commitments")
            rows = list(rows)
            if rows:
                self._db["layer_commitments"].insert_all(rows)

    def clear_derived(self) -> None:
        """Drop every derived row (a full rebuild follows)."""
        with self.cards_db.atomic():
            for table in ("layer_facts", "layer_preferences", "layer_commitments"):
                self._db.execute(f"delete from {table}")

    def facts(self, subject_key_: str | None = None) -> list[dict]:
        where, params = ("where subject_key = ?", [subject_key_]) if subject_key_ is not None else ("", [])
        with self._lock:
            return [
                _ids(r)
                for r in self._db.query(
                    f"select * from layer_facts {where} order by subject_key, key, at", params
                )
            ]

    def preferences(self, subject_key_: str | None = None) -> list[dict]:
        where, params = ("where subject_key = ?", [subject_key_]) if subject_key_ is not None else ("", [])
        with self._lock:
            return [
                _ids(r)
                for r in self._db.query(
                    f"select * from layer_preferences {where} order by subject_key, at", params
                )
            ]

    def commitments(self) -> list[dict]:
        with self._lock:
            return [_ids(r) for r in self._db.query("select * from layer_commitments order by made_at, id")]

    def replace_conflicts(self, subject_key_: str, rows: Iterable[dict]) -> None:
        """The cross-layer conflicts of one subject (resolution "layers") become ``rows``."""
        with self.cards_db.atomic():
            self._db.execute(
                "delete from conflicts where subject = ? and resolution = 'layers'", [subject_key_]
            )
            rows = list(rows)
            if rows:
                self._db["conflicts"].insert_all(rows, replace=True)

    def previous_messages(
        self,
        session_id: str | None,
        at: str,
        since: str,
        speaker: str,
        message_id: str | None = None,
        n: int = 4,
    ) -> list[str]:
        """The texts of the latest ``n`` messages before ``at`` in ``session_id`` said by someone
        else, the latest first (without a session: those said from ``since`` on). Messages stored
        at the same time count as before when stored before ``message_id`` (a batch at one clock
        time keeps its order); a sealed one ends the list."""
        sql = (
            "select text from messages where session_id is ? and speaker != ? and id is not ? and "
            "(at < ? or (at = ? and rowid < coalesce((select rowid from messages where id = ?), 9e18)))"
        )
        params: list = [session_id, speaker, message_id, at, at, message_id]
        if session_id is None:
            sql += " and at >= ?"
            params.append(since)
        with self._lock:
            rows = self._db.execute(sql + " order by at desc, rowid desc limit ?", [*params, n]).fetchall()
        # a permanent card's source is sealed: no reply's plain layer row may draw on it
        out: list[str] = []
        for row in rows:
            if is_sealed(row[0]):
                break
            out.append(row[0])
        return out

    def latest_message(
        self, session_id: str | None, at: str, since: str, message_id: str | None = None
    ) -> tuple[str, str] | None:
        """The (text, speaker) of the message said last before ``at`` and from ``since`` on in
        ``session_id``, by anyone (as :meth:`previous_messages` orders them); None when there is
        none or it is sealed."""
        sql = (
            "select text, speaker from messages where session_id is ? and id is not ? and at >= ? and "
            "(at < ? or (at = ? and rowid < coalesce((select rowid from messages where id = ?), 9e18))) "
            "order by at desc, rowid desc limit 1"
        )
        with self._lock:
            row = self._db.execute(sql, [session_id, message_id, since, at, at, message_id]).fetchone()
        return None if row is None or is_sealed(row[0]) else (row[0], row[1])

    def all_evidence(self) -> list[dict]:
        with self._lock:
            return list(self._db.query("select * from layer_evidence order by id"))

    def card_ids_with_evidence(self) -> list[str]:
        with self._lock:
            return [r[0] for r in self._db.execute("select distinct card_id from layer_evidence").fetchall()]


def _ids(row: dict) -> dict:
    row = dict(row)
    row["source_ids"] = tuple(json.loads(row["source_ids"] or "[]"))
    return row
