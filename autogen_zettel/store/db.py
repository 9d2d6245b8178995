"""One tenant's SQLite database: the source of truth for cards, links and source messages.

Tables (evolved with :class:`sqlite_utils.Migrations`):

- ``meta``: key/value facts about the tenant (name, embedding model and dimension).
- ``cards``: one row per card; ``indexed`` is 0 until the card is in Qdrant, so a crash
  between the two writes is found and repaired on the next open.
- ``links``: ``(src, kind, dst)`` with a weight, ``seq`` (the order written) and ``pair_first``;
  symmetric kinds are stored once with ``src < dst``; REPLY_TO and SUPERSEDES point from the
  later card to the earlier one (see :mod:`~autogen_zettel.store.link_tables`).
- ``messages``: the source messages cards were distilled from (for provenance), redacted.
- ``card_history``: earlier versions and status changes of cards (edits, merges, freezes).
- ``claims``: what each card asserts about a (subject, topic), for conflict detection.
- ``conflicts``: open conflicts between versions of a claim, and context-dependent pairs.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import sqlite_utils

from autogen_zettel.base.cards import Card, CardKind, CardStatus, PrivacyTier
from autogen_zettel.base.sealing import open_message_rows
from autogen_zettel.store.card_rows import card_to_row, newest_query, open_content, row_to_card, source_tuple
from autogen_zettel.store.claim_tables import ClaimTable, ConflictTable
from autogen_zettel.store.connection import (
    check_file,
    chunks,
    configure,
    damaged,
    marks,
    select_rows,
    tenant_connection,
    upsert,
)
from autogen_zettel.store.erasure import Erasure
from autogen_zettel.store.handles import HandlePool, ReopeningConnection
from autogen_zettel.store.history_tables import CardHistory
from autogen_zettel.store.kept import KeptCards
from autogen_zettel.store.link_tables import LinkTable
from autogen_zettel.store.link_upkeep import LinkUpkeep
from autogen_zettel.store.migrations import migrations
from autogen_zettel.store.persona_tables import PersonaStore

__all__ = ["CardDB"]

_FIX = (
    "restore it from a backup (its index can then be rebuilt: `autogen-zettel reindex TENANT`); "
    "move the damaged file aside first, as it may still hold data a specialist tool can recover"
)


class CardDB:
    """Typed access to one tenant's SQLite file. Thread-safe through one re-entrant lock.

    It reads and writes cards, source messages and meta itself, and holds the tables
    of a card's later life as objects on the same connection and lock:

    - :attr:`links`, a :class:`~autogen_zettel.store.link_tables.LinkTable` (link reads and writes);
    - :attr:`history`, a :class:`~autogen_zettel.store.history_tables.CardHistory` (earlier versions, status changes);
    - :attr:`claims` and :attr:`conflicts` (:mod:`~autogen_zettel.store.claim_tables`);
    - :attr:`link_upkeep`, a :class:`~autogen_zettel.store.link_upkeep.LinkUpkeep` (merge, prune, redirect);
    - :attr:`erasure`, an :class:`~autogen_zettel.store.erasure.Erasure` (purge and scrub for forgetting);
    - :attr:`persona`, the :class:`~autogen_zettel.store.persona_tables.PersonaStore` (traits, evidence, prompts).
    """

    def __init__(self, path: str | Path | None = None, *, pool: HandlePool | None = None):
        """:param pool: the hub's bound on open files (an idle connection closes, reopening on use)"""
        self.path = Path(path) if path else None
        self.lock = threading.RLock()
        # cards written through this object (replacements too): a count recall's query map reads
        # without a statement or the lock, to see whether the tenant has grown
        self.cards_written = 0
        # called with the ids of cards whose status changed, inside the change's transaction:
        # what rests on a card's status (the person layers) follows it there (see Zettelkasten)
        self.status_listeners: list[Callable[[list[str]], None]] = []
        self.links = LinkTable(self, self.path)  # before the file opens: close() stops its scans
        first = None
        try:
            first = tenant_connection(self.path)
            if self.path is not None and pool is not None:
                # the kept cards are checked against this connection's change counter, which a
                # reopened connection starts again from 0: drop them with the connection
                self._conn = ReopeningConnection(
                    first, self._reconnect, self.lock, pool, on_release=self._released
                )
            else:
                self._conn = first
            self.db = sqlite_utils.Database(self._conn)
            if self.path and self.path.stat().st_size:
                check_file(first, self.path)
            if path:
                self.db.enable_wal()
            configure(first, self.path)
            migrations.apply(self.db)
            self.kept = KeptCards(self._conn, self.get_many, self.lock)  # recall's reads
            self.history = CardHistory(self)
            self.claims = ClaimTable(self)
            self.conflicts = ConflictTable(self)
            self.link_upkeep = LinkUpkeep(self)
            self.erasure = Erasure(self)
            self.persona = PersonaStore(self)
        except BaseException as exc:
            # a refused or damaged file leaves no connection open (the hub may try it again, and
            # a kept handle would count against the open-file bound and hold the WAL)
            if first is not None:
                self.stop_scans()
                first.close()
            if isinstance(exc, sqlite3.DatabaseError):
                raise damaged(self.path, exc, fix=_FIX) from None
            raise

    def _released(self) -> None:
        kept = getattr(self, "kept", None)
        if kept is not None:
            kept.drop()

    def _reconnect(self):
        """A new connection configured as the first one was (after the pool closed that)."""
        conn = tenant_connection(self.path)
        configure(conn, self.path)
        conn.execute("PRAGMA recursive_triggers = on")  # as sqlite-utils set it on the first
        return conn

    # -- transactions ---------------------------------------------------------------
    @contextmanager
    def atomic(self) -> Iterator[None]:
        """One transaction (nested calls become savepoints)."""
        with self.lock, self.db.atomic():
            yield

    def stop_scans(self) -> None:
        """Stop the read-only connections :meth:`link_table` runs (before a wipe or close)."""
        self.links.stop_scans()

    def check_open(self) -> None:
        """Raise :class:`InvalidInput` (saying why) if this database was closed."""
        self._conn._guard()

    def close(self, reason: str | None = None) -> None:
        """Close the file; any later use raises :class:`InvalidInput` with ``reason``."""
        self.stop_scans()
        with self.lock:
            self.kept.drop()
            if self._conn.closed_because is not None:
                return
            if self.path and getattr(self._conn, "is_open", True):  # a released one folded its WAL on close
                # fold the WAL back so the main file holds everything and -wal is empty
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._conn.close_because(reason)

    # -- meta -----------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        with self.lock:
            rows = list(self.db.query("select value from meta where key = ?", [key]))
        return rows[0]["value"] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self.lock:
            self.db["meta"].upsert({"key": key, "value": value}, pk="key")

    def drop_meta(self, prefix: str) -> None:
        """Delete every meta row whose key starts with ``prefix``."""
        with self.atomic():
            self.db.execute("delete from meta where substr(key, 1, ?) = ?", [len(prefix), prefix])

    # -- cards ----------------------------------------------------------------------
    def insert_cards(self, cards: Iterable[Card]) -> None:
        """Insert or replace cards, marked as not yet indexed."""
        cards = list(cards)
        if cards:
            self.cards_written += len(cards)
            with self.atomic():
                upsert(self._conn, "cards", [card_to_row(c, indexed=0) for c in cards])
                self.db.conn.executemany(
                    "insert or ignore into card_entities (card_id, entity) values (?, ?)",
                    # a permanent card's entities are sealed in its row, not listed in plain here
                    [
                        (c.id, e.casefold())
                        for c in cards
                        for e in c.entities
                        if c.tier is not PrivacyTier.PERMANENT
                    ],
                )

    def mark_indexed(self, ids: Iterable[str], indexed: bool = True) -> None:
        ids = list(ids)
        with self.atomic():
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                self.db.execute(
                    f"update cards set indexed = ? where id in ({','.join('?' * len(chunk))})",
                    [int(indexed), *chunk],
                )

    def unindexed_ids(self) -> list[str]:
        with self.lock:
            return [r["id"] for r in self.db.query("select id from cards where indexed = 0")]

    def get(self, card_id: str) -> Card | None:
        with self.lock:
            rows = list(self.db.query("select * from cards where id = ?", [card_id]))
        return row_to_card(rows[0]) if rows else None

    def get_many(self, ids: Iterable[str]) -> dict[str, Card]:
        ids = list(dict.fromkeys(ids))
        out: dict[str, Card] = {}
        with self.lock:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                # the connection's cursor, not sqlite-utils' query: recall reads dozens of cards
                # a call, and the dict per row cost more than SQLite's read
                cursor = self._conn.execute(
                    f"select * from cards where id in ({','.join('?' * len(chunk))})", chunk
                )
                columns = [d[0] for d in cursor.description]
                for row in cursor.fetchall():
                    card = row_to_card(dict(zip(columns, row)))
                    out[card.id] = card
        return out

    def said(self, ids: Iterable[str]) -> dict[str, tuple[str, str]]:
        """Card id -> (speaker, content) of the stored ones among ``ids``: what a card says,
        without building the card (recall reads a hundred a question)."""
        ids = list(dict.fromkeys(ids))
        out: dict[str, tuple[str, str]] = {}
        with self.lock:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                cursor = self._conn.execute(
                    f"select id, speaker, content, tier from cards where id in ({','.join('?' * len(chunk))})",
                    chunk,
                )
                # a permanent card's text opened: its ciphertext read as another language
                out.update(
                    (i, (speaker, open_content(i, tier, content)))
                    for i, speaker, content, tier in cursor.fetchall()
                )
        return out

    def said_all(self) -> Iterator[tuple[str, str]]:
        """(speaker, content) of every card the vector index holds (neither summaries nor sealed
        permanent cards), in pages: a one-time scan of a tenant."""
        last = ""
        while True:
            with self.lock:
                rows = self._conn.execute(
                    "select id, speaker, content from cards where id > ? and kind != 'summary'"
                    " and coalesce(tier, 'standard') != 'permanent' order by id limit 2000",
                    [last],
                ).fetchall()
            if not rows:
                return
            yield from ((speaker, content) for _, speaker, content in rows)
            last = rows[-1][0]

    def iter_cards(self, *, status: CardStatus | None = None) -> Iterator[Card]:
        where = "where status = ?" if status else ""
        params = [status.value] if status else []
        with self.lock:
            rows = list(self.db.query(f"select * from cards {where} order by created_at, id", params))
        for row in rows:
            yield row_to_card(row)

    def existing_ids(self, ids: Iterable[str]) -> set[str]:
        """Which of ``ids`` are stored."""
        ids = list(dict.fromkeys(ids))
        out: set[str] = set()
        with self.lock:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                sql = f"select id from cards where id in ({','.join('?' * len(chunk))})"
                out.update(r["id"] for r in self.db.query(sql, chunk))
        return out

    def ids_starting(self, prefix: str, limit: int = 10) -> list[str]:
        """Up to ``limit`` card ids that start with ``prefix``, sorted."""
        # GLOB is case-sensitive and uses the primary key index for a literal prefix
        pattern = "".join(f"[{ch}]" if ch in "*?[]" else ch for ch in prefix) + "*"
        with self.lock:
            return [
                r["id"]
                for r in self.db.query(
                    "select id from cards where id glob ? order by id limit ?", [pattern, limit]
                )
            ]

    def all_ids(self) -> set[str]:
        with self.lock:
            return {r["id"] for r in self.db.query("select id from cards")}

    def count(self) -> int:
        with self.lock:
            return self.db["cards"].count

    def speakers(self) -> set[str]:
        """Everyone who said something stored (read from the speaker index)."""
        with self.lock:
            return {r["speaker"] for r in self.db.query("select distinct speaker from cards")}

    def recent_cards(
        self, limit: int, *, session_id: str | None = None, speaker: str | None = None
    ) -> list[Card]:
        """The newest cards, optionally of one session or speaker, newest first."""
        sql, params = newest_query("*", limit, session_id, speaker)
        with self.lock:
            return [row_to_card(r) for r in self.db.query(sql, params)]

    def recent_ids(
        self, limit: int, *, session_id: str | None = None, speaker: str | None = None
    ) -> list[str]:
        """The ids of :meth:`recent_cards` (same order), without building the cards: the linker
        reads a window plus a batch's worth to keep one or two of them."""
        sql, params = newest_query("id", limit, session_id, speaker)
        with self.lock:
            return [r[0] for r in self.db.execute(sql, params).fetchall()]

    def recent_answering(self, message_id: str, limit: int, *, session_id: str | None) -> list[Card]:
        """The cards made from message ``message_id`` among the ``limit`` newest of a session, in
        :meth:`recent_cards`' order: the others' ids and sources only are read (the linker looks
        for what a reply answers among ten, and building all ten cost more than the search)."""
        sql, params = newest_query("id, source_ids", limit, session_id, None)
        with self.lock:
            rows = self.db.execute(sql, params).fetchall()
            ids = [i for i, sources in rows if message_id in source_tuple(sources)]
            found = self.get_many(ids) if ids else {}
        return [found[i] for i in ids if i in found]

    def cards_naming(self, entity: str, limit: int) -> list[Card]:
        """The newest cards that name ``entity`` (case-insensitive), newest first."""
        return self.cards_naming_each([entity], limit).get(entity.casefold(), [])

    def cards_naming_each(self, entities: Iterable[str], limit: int) -> dict[str, list[Card]]:
        """:meth:`cards_naming` for several entities at once: folded entity -> its ``limit``
        newest cards, newest first (entities no card names are left out). The linker asks for
        every entity of a batch."""
        keys = list(dict.fromkeys(e.casefold() for e in entities))
        order: dict[str, list[str]] = {}
        # one indexed read of ``limit`` rows per entity (the ``card_entities_newest`` index of
        # store/migrations.py), in the order of the cards themselves: newest first, then the
        # later inserted
        sql = (
            "select card_id from card_entities where entity = ? "
            "order by created_at desc, card_rowid desc limit ?"
        )
        with self.lock:
            for entity in keys:
                ids = [r[0] for r in self.db.execute(sql, [entity, limit]).fetchall()]
                if ids:
                    order[entity] = ids
            cards = self.get_many(i for ids in order.values() for i in ids)
        return {e: [cards[i] for i in ids] for e, ids in order.items()}

    def touch(self, ids: Iterable[str], at: datetime) -> None:
        """Record an access (recall) of each card."""
        ids = list(ids)
        if not ids:
            return
        with self.lock:
            # only these cards' rows change: recall keeps its other cards
            before = self.kept.version()
            with self.atomic():
                self.db.execute(
                    f"update cards set access_count = access_count + 1, last_access = ? "
                    f"where id in ({','.join('?' * len(ids))})",
                    [at.isoformat(), *ids],
                )
            self.kept.wrote(ids, before)

    # -- status and card queries ---------------------------------------------------
    def set_statuses(self, statuses: Mapping[str, CardStatus]) -> None:
        """Change statuses in place (the index needs no update: it holds no status)."""
        by_status: dict[CardStatus, list[str]] = {}
        for cid, st in statuses.items():
            by_status.setdefault(st, []).append(cid)
        with self.atomic():
            for st, ids in by_status.items():
                for chunk in chunks(ids):
                    self.db.execute(
                        f"update cards set status = ? where id in ({marks(len(chunk))})", [st.value, *chunk]
                    )

    def change_statuses(
        self,
        changes: Iterable[tuple[str, int | None, CardStatus, CardStatus, dict]],
        *,
        action: str,
        at: datetime,
    ) -> None:
        """Set statuses from ``(card id, version, status it has, new status, detail)`` rows, each
        with a history row recording the status it had (the rule every status change keeps),
        in one transaction."""
        changes = list(changes)
        with self.atomic():
            self.history.add(
                [
                    {
                        "card_id": cid,
                        "version": version,
                        "at": at.isoformat(),
                        "action": action,
                        "content": None,
                        "status": CardStatus(was).value,
                        "detail": detail,
                    }
                    for cid, version, was, _, detail in changes
                ]
            )
            self.set_statuses({cid: new for cid, _, _, new, _ in changes})
            ids = [cid for cid, *_ in changes]
            for listener in list(self.status_listeners):
                listener(ids)

    def replace_entities(self, card_id: str, entities: Iterable[str]) -> None:
        with self.atomic():
            self.db.execute("delete from card_entities where card_id = ?", [card_id])
            self.db.conn.executemany(
                "insert or ignore into card_entities (card_id, entity) values (?, ?)",
                [(card_id, e.casefold()) for e in entities],
            )

    def searchable_ids(self) -> set[str]:
        """Ids of the cards that belong in the vector index (every card but summaries)."""
        with self.lock:
            # permanent cards are kept out of the index (trust/sealed.py)
            return {
                r["id"]
                for r in self.db.query("select id from cards where kind != 'summary' and tier != 'permanent'")
            }

    def searchable_count(self) -> int:
        """How many cards belong in the vector index (:meth:`searchable_ids`, counted)."""
        with self.lock:
            return self.db.execute(
                "select count(*) from cards where kind != 'summary' and tier != 'permanent'"
            ).fetchone()[0]

    def has_kind(self, kind: CardKind) -> bool:
        with self.lock:
            return bool(list(self.db.query("select 1 from cards where kind = ? limit 1", [kind.value])))

    def lifecycle_rows(self) -> list[dict]:
        """The fields maintenance needs of every card, without parsing whole cards."""
        with self.lock:
            return list(
                self.db.query(
                    "select id, kind, status, version, tier, created_at, updated_at, last_access, access_count, importance, "
                    "session_id, speaker from cards"
                )
            )

    def find_cards(
        self,
        *,
        kind: str | None = None,
        status: str | None = None,
        speaker: str | None = None,
        session_id: str | None = None,
        contains: str | None = None,
        tier: str | None = None,
        limit: int | None = None,
    ) -> list[dict]:
        """Card rows matching every given filter (``contains``: case-insensitive substring), oldest first."""
        clauses, params = [], []
        for col, value in (
            ("kind", kind),
            ("status", status),
            ("speaker", speaker),
            ("session_id", session_id),
            ("tier", tier),
        ):
            if value is not None:
                clauses.append(f"{col} = ?")
                params.append(value)
        if contains:
            clauses.append("instr(lower(content), lower(?)) > 0")
            params.append(contains)
        where = ("where " + " and ".join(clauses)) if clauses else ""
        sql = f"select * from cards {where} order by created_at, id" + (" limit ?" if limit else "")
        with self.lock:
            return list(self.db.query(sql, [*params, *([limit] if limit else [])]))

    # -- links: db.links (store/link_tables.py); these names are kept for the callers of CardDB --
    # -- pending writes -------------------------------------------------------------
    def add_pending(self, rows: Iterable[tuple[str, str | None, str | None]]) -> None:
        """Mark cards ``(card id, message id, reply_to)`` as stored but not yet linked and checked."""
        with self.atomic():
            self.db.conn.executemany(
                "insert or replace into pending (card_id, message_id, reply_to) values (?, ?, ?)", list(rows)
            )

    def pending(self) -> list[tuple[str, str | None, str | None]]:
        """The cards a crash left between their commit and the end of linking, oldest first."""
        with self.lock:
            return [
                tuple(r)
                for r in self.db.execute(
                    "select p.card_id, p.message_id, p.reply_to from pending p join cards c on c.id = p.card_id "
                    "order by c.created_at, c.id"
                ).fetchall()
            ]

    def clear_pending(self, ids: Iterable[str] | None = None) -> None:
        """Linking and conflict checks of ``ids`` are done (None: of every card)."""
        with self.atomic():
            if ids is None:
                self.db.execute("delete from pending")
            else:
                self.db.conn.executemany("delete from pending where card_id = ?", [(i,) for i in ids])

    # -- messages -------------------------------------------------------------------
    def add_messages(self, rows: list[dict]) -> None:
        if rows:
            with self.atomic():
                upsert(self._conn, "messages", rows)

    def messages(self, ids: Iterable[str]) -> list[dict]:
        ids = list(ids)
        if not ids:
            return []
        with self.lock:
            rows = select_rows(
                self.db, f"select * from messages where id in ({','.join('?' * len(ids))})", ids
            )
        return open_message_rows(rows)  # a permanent card's source, sealed (trust/sealed.py)
