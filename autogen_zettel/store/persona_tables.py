"""The persona's tables in a tenant's SQLite file: trait evidence, trait history, module
events, prompt and profile versions, and a small key/value state.

Created by :mod:`autogen_zettel.store.migrations` (``m001_initial``); this class gives typed
access to them over a :class:`~autogen_zettel.store.db.CardDB` (its ``db``, ``lock`` and
``atomic``), so they share the file, the lock and the transactions of the cards.

- ``trait_evidence``: one REINFORCES (sign +1) or WEAKENS (-1) edge from a message (and, once
  resolved, the card distilled from it) to a trait. It holds ids, numbers and the cue *label*
  that fired (e.g. ``"too long"``), never message text, so forgetting a card only has to delete
  rows by id.
- ``trait_history``: the trait states after each mining, with the reason; the trajectories.
- ``module_events``: every unlock, strengthen, weaken, rollback and relock, with its reason.
- ``prompt_versions``: each version of the prompt stack (system, trait and session layers,
  temperature) the agent actually used.
- ``profile_versions``: each version of the persona profile (layer 3): text and items.
- ``persona_state``: JSON values keyed by name (counters, last mining time, ...).

Times are stored as ISO text, so rows sort by time as text. The rows' records and their encoding
are in :mod:`autogen_zettel.store.persona_rows`.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime
from typing import Any

from autogen_zettel.base.cards import ProfileItem
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.base.persona_records import EvidenceRow, ModuleEvent, TraitState
from autogen_zettel.store.connection import Tables, chunks, marks
from autogen_zettel.store.persona_rows import (
    EVIDENCE_KEYS,
    ProfileVersion,
    PromptVersion,
    TraitPoint,
    evidence_rows,
    iso_text,
    items_to_json,
    row_to_evidence,
    row_to_profile,
    row_to_prompt_version,
)

__all__ = ["PersonaStore"]

log = logging.getLogger(__name__)


def _json_default(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise InvalidInput(
        f"persona state values must be JSON (or datetimes), got {type(value).__name__}: {value!r}"
    )


class PersonaStore:
    """Typed access to the persona tables of one tenant database.

    Cheap to construct (no I/O); every method takes the database's lock, writes run in one
    transaction each (nested inside the caller's ``db.atomic()`` when there is one).

    :param db: the tenant's :class:`~autogen_zettel.store.db.CardDB`
    """

    def __init__(self, db: Tables):
        self.cards = db
        self.db = db.db

    # -- evidence ---------------------------------------------------------------------
    def add_evidence(self, rows: Sequence[Mapping[str, Any]]) -> list[int]:
        """Store evidence edges; returns their new ids in order.

        Each row: ``trait, sign (+1/-1), strength, affect, source, cue, message_id, at`` and
        optionally ``card_id, about_message_id, session_id``. ``source`` may be an enum.

        :raises InvalidInput: a row lacks a required key, has an unknown one, or a sign other than +-1
        """
        clean = evidence_rows(rows)
        ids: list[int] = []
        with self.cards.atomic():
            for r in clean:
                cur = self.db.execute(
                    f"insert into trait_evidence ({', '.join(EVIDENCE_KEYS)}) values ({marks(len(EVIDENCE_KEYS))})",
                    [r[k] for k in EVIDENCE_KEYS],
                )
                ids.append(cur.lastrowid)
        return ids

    def evidence(
        self, *, since_id: int = 0, trait: str | None = None, since_at: datetime | None = None
    ) -> list[EvidenceRow]:
        """Evidence edges with an id above ``since_id`` (of one trait, and from ``since_at`` on,
        if given), oldest first."""
        sql = (
            "select * from trait_evidence where id > ?"
            + (" and trait = ?" if trait else "")
            + (" and at >= ?" if since_at is not None else "")
            + " order by at, id"
        )
        args = [
            since_id,
            *([trait] if trait else []),
            *([iso_text(since_at)] if since_at is not None else []),
        ]
        with self.cards.lock:
            rows = list(self.db.query(sql, args))
        return [row_to_evidence(r) for r in rows]

    def evidence_count(self) -> int:
        """How many evidence edges are stored now (forgetting removes some)."""
        with self.cards.lock:
            return next(self.db.query("select count(*) as n from trait_evidence"))["n"]

    def last_evidence_id(self) -> int:
        """The highest evidence id so far (0 when there is none); a mining remembers it."""
        with self.cards.lock:
            return next(self.db.query("select coalesce(max(id), 0) as n from trait_evidence"))["n"]

    def resolve_cards(self) -> int:
        """Point evidence at the card distilled from its message; returns how many rows changed.

        Fills ``card_id`` where it is empty or names a card that no longer exists (merged or
        forgotten). A message that gave several cards resolves to its oldest non-summary card.
        """
        with self.cards.atomic():
            pending = list(
                self.db.query(
                    "select id, message_id from trait_evidence "
                    "where card_id is null or card_id not in (select id from cards)"
                )
            )
            if not pending:
                return 0
            # one pass over the cards per chunk of messages (not one per evidence row): a message
            # that never became a card stays pending without costing a scan per row per mining
            best: dict[str, tuple[str, str]] = {}
            mids = sorted({r["message_id"] for r in pending})
            for chunk in chunks(mids):
                for row in self.db.query(
                    "select j.value as mid, c.id as id, c.created_at as at from cards c, json_each(c.source_ids) j "
                    f"where c.kind != 'summary' and j.value in ({marks(len(chunk))})",
                    chunk,
                ):
                    key = (row["at"], row["id"])
                    if row["mid"] not in best or key < best[row["mid"]]:
                        best[row["mid"]] = key
            changed = [(best[r["message_id"]][1], r["id"]) for r in pending if r["message_id"] in best]
            if changed:
                self.db.conn.executemany("update trait_evidence set card_id = ? where id = ?", changed)
            return len(changed)

    def evidence_by_card(self) -> dict[str, list[EvidenceRow]]:
        """card id -> its evidence edges (resolved rows only), oldest first."""
        with self.cards.lock:
            rows = list(
                self.db.query("select * from trait_evidence where card_id is not null order by at, id")
            )
        out: dict[str, list[EvidenceRow]] = {}
        for r in rows:
            out.setdefault(r["card_id"], []).append(row_to_evidence(r))
        return out

    def forget(self, card_ids: Collection[str], message_ids: Collection[str]) -> int:
        """Delete the evidence of forgotten cards and messages; returns how many rows went.

        A row goes when its card or its message is forgotten; a row that only points at a
        forgotten message through ``about_message_id`` (feedback on a forgotten reply) keeps
        its edge but loses that pointer.
        """
        cards, messages = list(dict.fromkeys(card_ids)), list(dict.fromkeys(message_ids))
        n = 0
        with self.cards.atomic():
            for chunk in chunks(cards):
                n += self.db.execute(
                    f"delete from trait_evidence where card_id in ({marks(len(chunk))})", chunk
                ).rowcount
            for chunk in chunks(messages):
                m = marks(len(chunk))
                n += self.db.execute(f"delete from trait_evidence where message_id in ({m})", chunk).rowcount
                self.db.execute(
                    f"update trait_evidence set about_message_id = null where about_message_id in ({m})",
                    chunk,
                )
            # candidate traits are labelled with their cards' words: a forgotten member drops its cluster
            gone = set(cards)
            candidates = self.get_state("candidates") or []
            kept = [c for c in candidates if not (set(c.get("card_ids", ())) & gone)]
            if len(kept) != len(candidates):
                self.set_state("candidates", kept)
        return n

    def forget_profiles(
        self,
        card_ids: Collection[str],
        *,
        render: Callable[[Sequence[ProfileItem]], str],
        pattern: re.Pattern | None = None,
    ) -> int:
        """Drop profile items drawn from forgotten cards (or matching ``pattern``) from every
        profile version, re-render those versions, and cut the dropped item texts out of the
        stored prompt versions. Returns how many profile versions changed."""
        gone_ids = set(card_ids)
        removed: set[str] = set()
        blocks: list[tuple[str, str]] = []  # (old profile text, its re-rendered text)
        changed = 0
        with self.cards.atomic():
            for p in self.profiles():
                keep = [
                    it
                    for it in p.items
                    if not (set(it.card_ids) & gone_ids)
                    and not (pattern is not None and pattern.search(it.text))
                ]
                # an LLM may have reworded the items: a subject found in the text itself also
                # sends the version back to the plain text of the items that remain
                reworded = pattern is not None and pattern.search(p.text) is not None
                if len(keep) == len(p.items) and not reworded:
                    continue
                removed.update(it.text for it in p.items if it not in keep)
                text = render(keep)  # the logic's renderer (profile.render_profile): the store holds none
                if p.text and p.text != text:
                    blocks.append((p.text, text))
                self.db.execute(
                    "update profile_versions set text = ?, items = ? where version = ?",
                    [text, items_to_json(keep), p.version],
                )
                changed += 1
            if removed or blocks:
                for v in self.prompt_versions():
                    fields = {}
                    for name in ("system", "traits", "session"):
                        text = getattr(v, name)
                        new = text
                        # the whole profile block first (it may be an LLM's wording of the items),
                        # then any item text left over
                        for old_block, new_block in sorted(blocks, key=lambda b: len(b[0]), reverse=True):
                            new = new.replace(old_block, new_block)
                        for t in sorted(removed, key=len, reverse=True):
                            new = new.replace(t, "")
                        if new != text:
                            fields[name] = new
                    if fields:
                        sets = ", ".join(f"{k} = ?" for k in fields)
                        self.db.execute(
                            f"update prompt_versions set {sets} where version = ?",
                            [*fields.values(), v.version],
                        )
        return changed

    # -- trait history ----------------------------------------------------------------
    def add_history(self, states: Sequence[TraitState] | Mapping[str, TraitState], reason: str) -> None:
        """Record trait states (one row each, at each state's ``at``) with why they were mined."""
        if isinstance(states, Mapping):
            states = list(states.values())
        rows = [
            {
                "trait": s.trait,
                "at": iso_text(s.at),
                "long": float(s.long),
                "mood": float(s.mood),
                "score": float(s.score),
                "support": float(s.support),
                "against": float(s.against),
                "sessions": int(s.sessions),
                "dissonant": int(bool(s.dissonant)),
                "reason": reason,
            }
            for s in states
        ]
        if rows:
            with self.cards.atomic():
                self.db["trait_history"].insert_all(rows)

    def history(self, trait: str | None = None, *, since: datetime | None = None) -> list[TraitPoint]:
        """Stored trait states (of one trait, if given), oldest first; with ``since``, the states
        from then on plus each trait's last state before it (the value in force at ``since``)."""
        where, args = [], []
        if trait:
            where.append("trait = ?")
            args.append(trait)
        if since is not None:
            where.append(
                "(at >= ? or at = (select max(h2.at) from trait_history h2 "
                "where h2.trait = trait_history.trait and h2.at < ?))"
            )
            args += [iso_text(since), iso_text(since)]
        sql = (
            "select * from trait_history"
            + (" where " + " and ".join(where) if where else "")
            + " order by at, id"
        )
        with self.cards.lock:
            rows = list(self.db.query(sql, args))
        return [
            TraitPoint(
                r["trait"],
                datetime.fromisoformat(r["at"]),
                r["long"],
                r["mood"],
                r["score"],
                r["support"],
                r["against"],
                r["sessions"],
                bool(r["dissonant"]),
                r["reason"] or "",
            )
            for r in rows
        ]

    def latest_states(self) -> dict[str, TraitPoint]:
        """The newest stored point of every trait."""
        out: dict[str, TraitPoint] = {}
        for p in self.history():
            out[p.trait] = p
        return out

    # -- modules ----------------------------------------------------------------------
    def add_module_events(self, events: Sequence[ModuleEvent]) -> None:
        rows = [
            {
                "module": e.module,
                "at": iso_text(e.at),
                "event": e.event,
                "weight_before": float(e.weight_before),
                "weight_after": float(e.weight_after),
                "reason": e.reason,
            }
            for e in events
        ]
        if rows:
            with self.cards.atomic():
                self.db["module_events"].insert_all(rows)

    def module_events(self, module: str | None = None) -> list[ModuleEvent]:
        """Recorded module events (of one module, if given), oldest first."""

        sql = "select * from module_events" + (" where module = ?" if module else "") + " order by at, id"
        with self.cards.lock:
            rows = list(self.db.query(sql, [module] if module else []))
        return [
            ModuleEvent(
                module=r["module"],
                at=datetime.fromisoformat(r["at"]),
                event=r["event"],
                weight_before=r["weight_before"],
                weight_after=r["weight_after"],
                reason=r["reason"] or "",
            )
            for r in rows
        ]

    # -- prompt versions ----------------------------------------------------------------
    def add_prompt_version(
        self, *, system: str, traits: str, session: str, temperature: float | None, at: datetime, reason: str
    ) -> int:
        """Record a new version of the prompt stack; returns its version number (1, 2, ...)."""
        with self.cards.atomic():
            cur = self.db.execute(
                "insert into prompt_versions (version, at, system, traits, session, temperature, reason) "
                "values ((select coalesce(max(version), 0) + 1 from prompt_versions), ?, ?, ?, ?, ?, ?)",
                [iso_text(at), system, traits, session, temperature, reason],
            )
            return next(
                self.db.query("select version from prompt_versions where rowid = ?", [cur.lastrowid])
            )["version"]

    def prompt_versions(self) -> list[PromptVersion]:
        """Every prompt-stack version, oldest first."""
        with self.cards.lock:
            rows = list(self.db.query("select * from prompt_versions order by version"))
        return [row_to_prompt_version(r) for r in rows]

    def latest_prompt(self) -> PromptVersion | None:
        """The newest prompt-stack version (one row read: an agent asks before every reply)."""
        with self.cards.lock:
            rows = list(self.db.query("select * from prompt_versions order by version desc limit 1"))
        return row_to_prompt_version(rows[0]) if rows else None

    # -- profile versions ---------------------------------------------------------------
    def add_profile(self, text: str, items: Sequence[ProfileItem], at: datetime, reason: str) -> int:
        """Record a new profile version; returns its version number (1, 2, ...)."""
        with self.cards.atomic():
            cur = self.db.execute(
                "insert into profile_versions (version, at, text, items, reason) "
                "values ((select coalesce(max(version), 0) + 1 from profile_versions), ?, ?, ?, ?)",
                [iso_text(at), text, items_to_json(items), reason],
            )
            return next(
                self.db.query("select version from profile_versions where rowid = ?", [cur.lastrowid])
            )["version"]

    def profiles(self) -> list[ProfileVersion]:
        """Every profile version, oldest first."""
        with self.cards.lock:
            rows = list(self.db.query("select * from profile_versions order by version"))
        return [row_to_profile(r) for r in rows]

    def latest_profile(self) -> ProfileVersion | None:
        """The newest profile version (one row read)."""
        with self.cards.lock:
            rows = list(self.db.query("select * from profile_versions order by version desc limit 1"))
        return row_to_profile(rows[0]) if rows else None

    # -- state --------------------------------------------------------------------------
    def get_state(self, key: str, default: Any = None) -> Any:
        """The JSON value stored under ``key``, or ``default``."""
        with self.cards.lock:
            rows = list(self.db.query("select value from persona_state where key = ?", [key]))
        return json.loads(rows[0]["value"]) if rows else default

    def set_state(self, key: str, value: Any) -> None:
        """Store a JSON-serialisable value under ``key`` (datetimes become ISO text)."""
        data = json.dumps(value, default=_json_default, ensure_ascii=False)
        with self.cards.atomic():
            self.db.execute(
                "insert into persona_state (key, value) values (?, ?) "
                "on conflict(key) do update set value = excluded.value",
                [key, data],
            )
