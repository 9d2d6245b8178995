"""The tables of a card's life after it is written: history, claims, conflicts, and purging.

A mixin of :class:`~autogen_zettel.store.db.CardDB` (it uses its ``db``, ``lock`` and
``atomic``), kept apart so each file stays readable.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

from autogen_zettel.base.cards import CardStatus, LinkKind

__all__ = ["LifecycleTables"]


def _chunks(ids: Sequence[str], size: int = 500):
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def _marks(n: int) -> str:
    return ",".join("?" * n)


class LifecycleTables:
    """History, claims, conflicts, status and purge operations of one tenant database."""

    # -- history ------------------------------------------------------------------------
    def add_history(self, rows: Iterable[dict]) -> None:
        """Record earlier versions or status changes: card_id, version, at, action, content, status, detail."""
        rows = [{**r, "detail": json.dumps(r.get("detail") or {})} for r in rows]
        if rows:
            with self.atomic():
                self.db["card_history"].insert_all(rows)

    def history(self, card_id: str) -> list[dict]:
        with self.lock:
            rows = list(self.db.query("select * from card_history where card_id = ? order by id", [card_id]))
        for r in rows:
            r["detail"] = json.loads(r["detail"] or "{}")
        return rows

    # -- status -----------------------------------------------------------------------
    def set_statuses(self, statuses: Mapping[str, CardStatus]) -> None:
        """Change statuses in place (the index needs no update: it holds no status)."""
        by_status: dict[CardStatus, list[str]] = {}
        for cid, st in statuses.items():
            by_status.setdefault(st, []).append(cid)
        with self.atomic():
            for st, ids in by_status.items():
                for chunk in _chunks(ids):
                    self.db.execute(f"update cards set status = ? where id in ({_marks(len(chunk))})", [st.value, *chunk])

    def change_statuses(self, changes: Iterable[tuple[str, int | None, CardStatus, CardStatus, dict]], *,
                        action: str, at: datetime) -> None:
        """Set statuses from ``(card id, version, status it has, new status, detail)`` rows, each
        with a history row recording the status it had (the rule every status change keeps),
        in one transaction."""
        changes = list(changes)
        with self.atomic():
            self.add_history([{"card_id": cid, "version": version, "at": at.isoformat(), "action": action,
                               "content": None, "status": CardStatus(was).value, "detail": detail}
                              for cid, version, was, _, detail in changes])
            self.set_statuses({cid: new for cid, _, _, new, _ in changes})

    def replace_entities(self, card_id: str, entities: Iterable[str]) -> None:
        with self.atomic():
            self.db.execute("delete from card_entities where card_id = ?", [card_id])
            self.db.conn.executemany("insert or ignore into card_entities (card_id, entity) values (?, ?)",
                                     [(card_id, e.casefold()) for e in entities])

    def searchable_ids(self) -> set[str]:
        """Ids of the cards that belong in the vector index (every card but summaries)."""
        with self.lock:
            return {r["id"] for r in self.db.query("select id from cards where kind != 'summary'")}

    def searchable_count(self) -> int:
        """How many cards belong in the vector index (:meth:`searchable_ids`, counted)."""
        with self.lock:
            return self.db.execute("select count(*) from cards where kind != 'summary'").fetchone()[0]

    def has_kind(self, kind) -> bool:
        with self.lock:
            return bool(list(self.db.query("select 1 from cards where kind = ? limit 1", [kind.value])))

    def lifecycle_rows(self) -> list[dict]:
        """The fields maintenance needs of every card, without parsing whole cards."""
        with self.lock:
            return list(self.db.query(
                "select id, kind, status, version, tier, created_at, updated_at, last_access, access_count, importance, "
                "session_id, speaker from cards"))

    # -- claims and conflicts -----------------------------------------------------------
    def replace_claims(self, card_ids: Sequence[str], rows: Iterable[dict]) -> None:
        """Replace the claims of ``card_ids`` with ``rows`` (card_id, subject, topic, context, polarity, value, source)."""
        rows = list(rows)
        with self.atomic():
            for chunk in _chunks(list(card_ids)):
                self.db.execute(f"delete from claims where card_id in ({_marks(len(chunk))})", chunk)
            if rows:
                self.db["claims"].upsert_all(rows, pk=("card_id", "subject", "topic", "context"))

    def claims_on(self, keys: Iterable[tuple[str, str]]) -> list[dict]:
        """Every claim on the given (subject, topic) pairs."""
        out: list[dict] = []
        with self.lock:
            for subject, topic in set(keys):
                out.extend(self.db.query("select * from claims where subject = ? and topic = ?", [subject, topic]))
        return out

    def claims_of(self, card_ids: Sequence[str]) -> list[dict]:
        out: list[dict] = []
        with self.lock:
            for chunk in _chunks(list(dict.fromkeys(card_ids))):
                out.extend(self.db.query(f"select * from claims where card_id in ({_marks(len(chunk))})", chunk))
        return out

    def replace_conflicts(self, subject: str, topic: str, rows: Iterable[dict]) -> None:
        """Replace the conflicts recorded for one (subject, topic)."""
        with self.atomic():
            self.db.execute("delete from conflicts where subject = ? and topic = ?", [subject, topic])
            rows = list(rows)
            if rows:
                self.db["conflicts"].upsert_all(rows, pk=("active_id", "other_id", "topic"))

    def replace_pair_conflicts(self, a: str, b: str, rows: Iterable[dict]) -> None:
        """Replace the conflicts recorded between cards ``a`` and ``b``."""
        with self.atomic():
            self.db.execute("delete from conflicts where (active_id = ? and other_id = ?) or (active_id = ? and other_id = ?)",
                            [a, b, b, a])
            rows = list(rows)
            if rows:
                self.db["conflicts"].upsert_all(rows, pk=("active_id", "other_id", "topic"))

    def conflicts_of(self, card_ids: Sequence[str]) -> list[dict]:
        """Conflicts in which any of ``card_ids`` takes part, with the content of both sides."""
        out: list[dict] = []
        with self.lock:
            for chunk in _chunks(list(dict.fromkeys(card_ids))):
                m = _marks(len(chunk))
                out.extend(self.db.query(
                    "select f.*, a.content as active_content, o.content as other_content from conflicts f "
                    "join cards a on a.id = f.active_id join cards o on o.id = f.other_id "
                    f"where f.active_id in ({m}) or f.other_id in ({m})", [*chunk, *chunk]))
        return list({(r["active_id"], r["other_id"], r["topic"]): r for r in out}.values())

    def conflicts_on(self, subject: str, topic: str) -> list[dict]:
        with self.lock:
            return list(self.db.query("select * from conflicts where subject = ? and topic = ?", [subject, topic]))

    def all_conflicts(self) -> list[dict]:
        with self.lock:
            return list(self.db.query("select * from conflicts order by detected_at"))

    def losing_ids(self, card_ids: Sequence[str]) -> set[str]:
        """Which of ``card_ids`` lose an evidence conflict (and should wait as to-verify)."""
        out: set[str] = set()
        with self.lock:
            for chunk in _chunks(list(card_ids)):
                out.update(r["other_id"] for r in self.db.query(
                    f"select other_id from conflicts where resolution = 'evidence' and other_id in ({_marks(len(chunk))})",
                    chunk))
        return out

    # -- links for maintenance ----------------------------------------------------------
    def strong_pairs(self, min_weight: float) -> list[tuple[str, str, float]]:
        """Pairs linked STRONGLY_RELATED at ``min_weight`` or more (cosine), strongest first."""
        with self.lock:
            rows = self.db.query("select src, dst, weight from links where kind = ? and weight >= ? order by weight desc",
                                 [LinkKind.STRONGLY_RELATED.value, min_weight])
            return [(r["src"], r["dst"], r["weight"]) for r in rows]

    def delete_links_among(self, ids: Iterable[str], kinds: Iterable[LinkKind]) -> None:
        """Delete links of ``kinds`` whose two ends are both in ``ids``."""
        ids = list(dict.fromkeys(ids))
        kinds = [k.value for k in kinds]
        if len(ids) < 2:
            return
        with self.atomic():
            for chunk in _chunks(ids, 300):
                m = _marks(len(chunk))
                self.db.execute(
                    f"delete from links where kind in ({_marks(len(kinds))}) and src in ({m}) and dst in "
                    f"({_marks(len(ids))})", [*kinds, *chunk, *ids])
            self._links_changed(ids)

    def delete_links_below(self, thresholds: Mapping[LinkKind, float]) -> int:
        """Delete links of each kind whose weight is below that kind's threshold; returns how many."""
        n = 0
        with self.atomic():
            for kind, limit in thresholds.items():
                cur = self.db.execute("delete from links where kind = ? and weight < ?", [kind.value, limit])
                n += cur.rowcount
            self._links_changed(None)
        return n

    def summaries_of(self, member_ids: Sequence[str]) -> dict[str, list[str]]:
        """member id -> ids of the summary cards that cover it."""
        out: dict[str, list[str]] = {}
        with self.lock:
            for chunk in _chunks(list(dict.fromkeys(member_ids))):
                for r in self.db.query(f"select src, dst from links where kind = ? and dst in ({_marks(len(chunk))})",
                                       [LinkKind.SUMMARIZES.value, *chunk]):
                    out.setdefault(r["dst"], []).append(r["src"])
        return out

    def members_of(self, summary_id: str) -> list[str]:
        with self.lock:
            return [r["dst"] for r in self.db.query("select dst from links where kind = ? and src = ?",
                                                     [LinkKind.SUMMARIZES.value, summary_id])]

    def redirect_links(self, old: str, new: str) -> None:
        """Move every link of ``old`` to ``new`` (keeping the larger weight; no self-links)."""
        with self.atomic():
            rows = list(self.db.query("select * from links where src = ? or dst = ?", [old, old]))
            self.db.execute("delete from links where src = ? or dst = ?", [old, old])
            # old's neighbours each lost a link (named, so recall's adjacency stays loaded, #12)
            self._links_changed({old, new, *(r["src"] for r in rows), *(r["dst"] for r in rows)})
            from autogen_zettel.base.cards import Link

            links = []
            for r in rows:
                src = new if r["src"] == old else r["src"]
                dst = new if r["dst"] == old else r["dst"]
                if src != dst:
                    links.append(Link(src, dst, LinkKind(r["kind"]), r["weight"],
                                      datetime.fromisoformat(r["created_at"]) if r["created_at"] else None))
            self.add_links(links)
            self.db.execute("update or ignore conflicts set active_id = ? where active_id = ?", [new, old])
            self.db.execute("update or ignore conflicts set other_id = ? where other_id = ?", [new, old])
            self.db.execute("delete from conflicts where active_id = ? or other_id = ? or active_id = other_id",
                            [old, old])

    # -- filtering --------------------------------------------------------------------
    def find_cards(self, *, kind: str | None = None, status: str | None = None, speaker: str | None = None,
                   session_id: str | None = None, contains: str | None = None, tier: str | None = None,
                   limit: int | None = None) -> list[dict]:
        """Card rows matching every given filter (``contains``: case-insensitive substring), oldest first."""
        clauses, params = [], []
        for col, value in (("kind", kind), ("status", status), ("speaker", speaker), ("session_id", session_id),
                           ("tier", tier)):
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

    # -- purging ----------------------------------------------------------------------
    def purge(self, card_ids: Sequence[str], message_texts: Mapping[str, str | None]) -> dict:
        """Delete cards with every row that mentions them, and rewrite or delete their messages.

        :param message_texts: message id -> its new text, or None to delete the message
        :returns: counts of deleted rows per table
        """
        ids = list(dict.fromkeys(card_ids))
        counts = dict.fromkeys(("cards", "links", "card_entities", "claims", "conflicts", "card_history", "messages"), 0)
        with self.atomic():
            self.kept.drop()  # a forgotten card keeps no copy in memory either (under the lock till commit)
            for chunk in _chunks(ids):
                m = _marks(len(chunk))
                for table, where in (("cards", f"id in ({m})"), ("card_entities", f"card_id in ({m})"),
                                     ("claims", f"card_id in ({m})"), ("card_history", f"card_id in ({m})")):
                    counts[table] += self.db.execute(f"delete from {table} where {where}", chunk).rowcount
                # the purged cards' neighbours each lose links: named, so recall's in-memory
                # adjacency serves them from SQLite and stays loaded for the rest (#12)
                ends = self.db.execute(f"select src, dst from links where src in ({m}) or dst in ({m})",
                                       [*chunk, *chunk]).fetchall()
                self._links_changed({*chunk, *(e for row in ends for e in row)})
                counts["links"] += self.db.execute(f"delete from links where src in ({m}) or dst in ({m})",
                                                   [*chunk, *chunk]).rowcount
                counts["conflicts"] += self.db.execute(
                    f"delete from conflicts where active_id in ({m}) or other_id in ({m})", [*chunk, *chunk]).rowcount
                # a clarification question quotes its cards and names their topic: it goes with any of them
                for cid in chunk:
                    self.db.execute("delete from clarifications where card_ids like ? or answer_card_id = ?",
                                    [f'%"{cid}"%', cid])
            for mid, text in message_texts.items():
                if text is None:
                    counts["messages"] += self.db.execute("delete from messages where id = ?", [mid]).rowcount
                else:
                    self.db.execute("update messages set text = ? where id = ?", [text, mid])
        return counts

    def message_users(self, message_ids: Sequence[str]) -> dict[str, set[str]]:
        """message id -> ids of the cards that cite it."""
        out: dict[str, set[str]] = {m: set() for m in message_ids}
        if not out:
            return out
        with self.lock:
            for chunk in _chunks(list(out)):
                for r in self.db.query(
                        "select cards.id as cid, j.value as mid from cards, json_each(cards.source_ids) j "
                        f"where j.value in ({_marks(len(chunk))})", chunk):
                    out[r["mid"]].add(r["cid"])
        return out

    def ids_by_speaker(self, speaker: str) -> list[str]:
        """Ids of the cards said by ``speaker`` (case-insensitive)."""
        with self.lock:
            return [r["id"] for r in self.db.query("select id from cards where lower(speaker) = lower(?)", [speaker])]

    def messages_mentioning(self, word: str) -> list[dict]:
        """Messages whose text contains ``word`` anywhere (a substring, any case): candidates
        only; a caller that deletes must match whole words itself."""
        with self.lock:
            return list(self.db.query("select * from messages where instr(lower(text), lower(?)) > 0", [word]))

    def history_mentioning(self, word: str) -> list[dict]:
        """``{"id", "content"}`` of history rows whose text contains ``word`` as a substring
        (any case): candidates only, "Al" is in "also"; match whole words before deleting."""
        with self.lock:
            return list(self.db.query(
                "select id, content from card_history where instr(lower(coalesce(content, '')), lower(?)) > 0",
                [word]))

    def delete_history_rows(self, row_ids: Sequence[int]) -> int:
        n = 0
        with self.atomic():
            for chunk in _chunks(list(row_ids)):
                n += self.db.execute(f"delete from card_history where id in ({_marks(len(chunk))})", chunk).rowcount
        return n

    def scrub(self, *, vacuum: bool = False) -> None:
        """Make deleted bytes unreadable: fold the WAL into the database and truncate it
        (deleted cells are already zeroed by ``secure_delete``); ``vacuum`` also rebuilds the file."""
        with self.lock:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            if vacuum:
                self.db.execute("VACUUM")
                self.renumber_link_pairs()  # VACUUM may renumber the links' rowids
                self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
