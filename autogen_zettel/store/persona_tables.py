"""The persona's tables in a tenant's SQLite file: trait evidence, trait history, module
events, prompt and profile versions, and a small key/value state.

Created by migration ``m003_persona`` of :mod:`autogen_zettel.store.db`; this class gives typed
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

Times are stored as ISO text, so rows sort by time as text.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from autogen_zettel.base.cards import ProfileItem
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.base.persona_records import EvidenceRow, ModuleEvent, TraitState
from autogen_zettel.store.sql import Tables

__all__ = ["PersonaStore", "TraitPoint", "PromptVersion", "ProfileVersion", "ModuleSummary", "module_summaries",
           ]

log = logging.getLogger(__name__)

_EVIDENCE_KEYS = ("trait", "sign", "strength", "affect", "source", "cue", "message_id", "card_id",
                  "about_message_id", "session_id", "at")
_REQUIRED = ("trait", "sign", "strength", "message_id", "at")


@dataclass(frozen=True)
class TraitPoint:
    """One stored trait state (a point of the trait's trajectory) and why it was recorded."""

    trait: str
    at: datetime
    long: float
    mood: float
    score: float
    support: float
    against: float
    sessions: int
    dissonant: bool
    reason: str


@dataclass(frozen=True)
class PromptVersion:
    """One version of the prompt stack: system layer, trait layer, session layer, temperature."""

    version: int
    at: datetime
    system: str
    traits: str
    session: str
    temperature: float | None
    reason: str


@dataclass(frozen=True)
class ProfileVersion:
    """One version of the persona profile (layer 3)."""

    version: int
    at: datetime
    text: str
    items: tuple[ProfileItem, ...]
    reason: str


@dataclass(frozen=True)
class ModuleSummary:
    """Where a behaviour module stands according to its recorded events.

    ``status`` is ``"active"`` after an unlock, strengthen or weaken, ``"rolled_back"`` after a
    rollback and ``"locked"`` after a relock; ``since`` is when it entered that status.
    """

    module: str
    status: str
    weight: float
    since: datetime
    events: int
    reason: str


_STATUS_AFTER = {"unlock": "active", "strengthen": "active", "weaken": "active", "rollback": "rolled_back",
                 "relock": "locked"}


def module_summaries(events: Iterable[ModuleEvent]) -> list[ModuleSummary]:
    """The state of every module that has events, from its events in time order.

    >>> from datetime import datetime
    >>> from types import SimpleNamespace as E
    >>> t = datetime(2024, 3, 8)
    >>> [(m.module, m.status, m.weight) for m in module_summaries([
    ...     E(module="brief", at=t, event="unlock", weight_before=0, weight_after=0.34, reason="held 7 days"),
    ...     E(module="brief", at=t, event="weaken", weight_before=0.34, weight_after=0.17, reason="complaint")])]
    [('brief', 'active', 0.17)]
    """
    out: dict[str, ModuleSummary] = {}
    for e in sorted(events, key=lambda e: e.at):
        prev = out.get(e.module)
        status = _STATUS_AFTER.get(e.event, prev.status if prev else "locked")
        since = prev.since if prev is not None and prev.status == status else e.at
        out[e.module] = ModuleSummary(e.module, status, float(e.weight_after), since,
                                      (prev.events if prev else 0) + 1, e.reason)
    return [out[k] for k in sorted(out)]


def _chunks(ids: Sequence[Any], size: int = 500):
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def _marks(n: int) -> str:
    return ",".join("?" * n)


def _iso(at: datetime | str) -> str:
    return at if isinstance(at, str) else at.isoformat()


def _json_default(value: Any) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    raise InvalidInput(f"persona state values must be JSON (or datetimes), got {type(value).__name__}: {value!r}")


_EVIDENCE_FIELDS: set[str] | None = None


def _evidence_row(r: Mapping[str, Any]) -> EvidenceRow:

    global _EVIDENCE_FIELDS
    if _EVIDENCE_FIELDS is None:  # tolerate fields the row type may gain or lack
        _EVIDENCE_FIELDS = {f.name for f in dataclasses.fields(EvidenceRow)}
    values = {**r, "at": datetime.fromisoformat(r["at"])}
    return EvidenceRow(**{k: v for k, v in values.items() if k in _EVIDENCE_FIELDS})


def _items_json(items: Iterable[ProfileItem | Mapping[str, Any]]) -> str:
    out = []
    for it in items:
        d = dataclasses.asdict(it) if isinstance(it, ProfileItem) else dict(it)
        d["card_ids"] = list(d.get("card_ids") or ())
        out.append(d)
    return json.dumps(out, ensure_ascii=False)


def _items(text: str | None) -> tuple[ProfileItem, ...]:
    return tuple(ProfileItem(**{**d, "card_ids": tuple(d.get("card_ids") or ())}) for d in json.loads(text or "[]"))


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
        clean = []
        for i, row in enumerate(rows):
            unknown = set(row) - set(_EVIDENCE_KEYS)
            if unknown:
                raise InvalidInput(f"evidence row {i} has unknown key(s) {sorted(unknown)!r}; "
                                   f"allowed: {list(_EVIDENCE_KEYS)!r}")
            missing = [k for k in _REQUIRED if row.get(k) is None]
            if missing:
                raise InvalidInput(f"evidence row {i} lacks {missing!r}; every row needs {list(_REQUIRED)!r}")
            if row["sign"] not in (1, -1):
                raise InvalidInput(f"evidence row {i}: sign must be 1 or -1, got {row['sign']!r}")
            source = row.get("source", "")
            clean.append({
                **{k: row.get(k) for k in _EVIDENCE_KEYS},
                "sign": int(row["sign"]),
                "strength": float(row["strength"]),
                "affect": float(row.get("affect") or 0.0),
                "source": getattr(source, "value", source) or "",
                "cue": row.get("cue") or "",
                "at": _iso(row["at"]),
            })
        ids: list[int] = []
        with self.cards.atomic():
            for r in clean:
                cur = self.db.execute(
                    f"insert into trait_evidence ({', '.join(_EVIDENCE_KEYS)}) values ({_marks(len(_EVIDENCE_KEYS))})",
                    [r[k] for k in _EVIDENCE_KEYS])
                ids.append(cur.lastrowid)
        return ids

    def evidence(self, *, since_id: int = 0, trait: str | None = None,
                 since_at: datetime | None = None) -> list[EvidenceRow]:
        """Evidence edges with an id above ``since_id`` (of one trait, and from ``since_at`` on,
        if given), oldest first."""
        sql = ("select * from trait_evidence where id > ?" + (" and trait = ?" if trait else "")
               + (" and at >= ?" if since_at is not None else "") + " order by at, id")
        args = [since_id, *([trait] if trait else []), *([_iso(since_at)] if since_at is not None else [])]
        with self.cards.lock:
            rows = list(self.db.query(sql, args))
        return [_evidence_row(r) for r in rows]

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
            pending = list(self.db.query(
                "select id, message_id from trait_evidence "
                "where card_id is null or card_id not in (select id from cards)"))
            if not pending:
                return 0
            # one pass over the cards per chunk of messages (not one per evidence row): a message
            # that never became a card stays pending without costing a scan per row per mining
            best: dict[str, tuple[str, str]] = {}
            mids = sorted({r["message_id"] for r in pending})
            for chunk in _chunks(mids):
                for row in self.db.query(
                        "select j.value as mid, c.id as id, c.created_at as at from cards c, json_each(c.source_ids) j "
                        f"where c.kind != 'summary' and j.value in ({_marks(len(chunk))})", chunk):
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
            rows = list(self.db.query("select * from trait_evidence where card_id is not null order by at, id"))
        out: dict[str, list[EvidenceRow]] = {}
        for r in rows:
            out.setdefault(r["card_id"], []).append(_evidence_row(r))
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
            for chunk in _chunks(cards):
                n += self.db.execute(f"delete from trait_evidence where card_id in ({_marks(len(chunk))})",
                                     chunk).rowcount
            for chunk in _chunks(messages):
                m = _marks(len(chunk))
                n += self.db.execute(f"delete from trait_evidence where message_id in ({m})", chunk).rowcount
                self.db.execute(f"update trait_evidence set about_message_id = null where about_message_id in ({m})",
                                chunk)
            # candidate traits are labelled with their cards' words: a forgotten member drops its cluster
            gone = set(cards)
            candidates = self.get_state("candidates") or []
            kept = [c for c in candidates if not (set(c.get("card_ids", ())) & gone)]
            if len(kept) != len(candidates):
                self.set_state("candidates", kept)
        return n

    def forget_profiles(self, card_ids: Collection[str], *, render: Callable[[Sequence[ProfileItem]], str],
                        pattern: re.Pattern | None = None) -> int:
        """Drop profile items drawn from forgotten cards (or matching ``pattern``) from every
        profile version, re-render those versions, and cut the dropped item texts out of the
        stored prompt versions. Returns how many profile versions changed."""
        gone_ids = set(card_ids)
        removed: set[str] = set()
        blocks: list[tuple[str, str]] = []  # (old profile text, its re-rendered text)
        changed = 0
        with self.cards.atomic():
            for p in self.profiles():
                keep = [it for it in p.items if not (set(it.card_ids) & gone_ids)
                        and not (pattern is not None and pattern.search(it.text))]
                # an LLM may have reworded the items: a subject found in the text itself also
                # sends the version back to the plain text of the items that remain
                reworded = pattern is not None and pattern.search(p.text) is not None
                if len(keep) == len(p.items) and not reworded:
                    continue
                removed.update(it.text for it in p.items if it not in keep)
                text = render(keep)  # the logic's renderer (profile.render_profile): the store holds none
                if p.text and p.text != text:
                    blocks.append((p.text, text))
                self.db.execute("update profile_versions set text = ?, items = ? where version = ?",
                                [text, _items_json(keep), p.version])
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
                        self.db.execute(f"update prompt_versions set {sets} where version = ?",
                                        [*fields.values(), v.version])
        return changed

    # -- trait history ----------------------------------------------------------------
    def add_history(self, states: Sequence[TraitState] | Mapping[str, TraitState], reason: str) -> None:
        """Record trait states (one row each, at each state's ``at``) with why they were mined."""
        if isinstance(states, Mapping):
            states = list(states.values())
        rows = [{"trait": s.trait, "at": _iso(s.at), "long": float(s.long), "mood": float(s.mood),
                 "score": float(s.score), "support": float(s.support), "against": float(s.against),
                 "sessions": int(s.sessions), "dissonant": int(bool(s.dissonant)), "reason": reason}
                for s in states]
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
            where.append("(at >= ? or at = (select max(h2.at) from trait_history h2 "
                         "where h2.trait = trait_history.trait and h2.at < ?))")
            args += [_iso(since), _iso(since)]
        sql = "select * from trait_history" + (" where " + " and ".join(where) if where else "") + " order by at, id"
        with self.cards.lock:
            rows = list(self.db.query(sql, args))
        return [TraitPoint(r["trait"], datetime.fromisoformat(r["at"]), r["long"], r["mood"], r["score"],
                           r["support"], r["against"], r["sessions"], bool(r["dissonant"]), r["reason"] or "")
                for r in rows]

    def latest_states(self) -> dict[str, TraitPoint]:
        """The newest stored point of every trait."""
        out: dict[str, TraitPoint] = {}
        for p in self.history():
            out[p.trait] = p
        return out

    # -- modules ----------------------------------------------------------------------
    def add_module_events(self, events: Sequence[ModuleEvent]) -> None:
        rows = [{"module": e.module, "at": _iso(e.at), "event": e.event, "weight_before": float(e.weight_before),
                 "weight_after": float(e.weight_after), "reason": e.reason} for e in events]
        if rows:
            with self.cards.atomic():
                self.db["module_events"].insert_all(rows)

    def module_events(self, module: str | None = None) -> list[ModuleEvent]:
        """Recorded module events (of one module, if given), oldest first."""

        sql = "select * from module_events" + (" where module = ?" if module else "") + " order by at, id"
        with self.cards.lock:
            rows = list(self.db.query(sql, [module] if module else []))
        return [ModuleEvent(module=r["module"], at=datetime.fromisoformat(r["at"]), event=r["event"],
                            weight_before=r["weight_before"], weight_after=r["weight_after"], reason=r["reason"] or "")
                for r in rows]

    # -- prompt versions ----------------------------------------------------------------
    def add_prompt_version(self, *, system: str, traits: str, session: str, temperature: float | None,
                           at: datetime, reason: str) -> int:
        """Record a new version of the prompt stack; returns its version number (1, 2, ...)."""
        with self.cards.atomic():
            cur = self.db.execute(
                "insert into prompt_versions (version, at, system, traits, session, temperature, reason) "
                "values ((select coalesce(max(version), 0) + 1 from prompt_versions), ?, ?, ?, ?, ?, ?)",
                [_iso(at), system, traits, session, temperature, reason])
            return next(self.db.query("select version from prompt_versions where rowid = ?", [cur.lastrowid]))["version"]

    def prompt_versions(self) -> list[PromptVersion]:
        """Every prompt-stack version, oldest first."""
        with self.cards.lock:
            rows = list(self.db.query("select * from prompt_versions order by version"))
        return [self._prompt_version(r) for r in rows]

    @staticmethod
    def _prompt_version(r: Mapping[str, Any]) -> PromptVersion:
        return PromptVersion(r["version"], datetime.fromisoformat(r["at"]), r["system"] or "", r["traits"] or "",
                             r["session"] or "", r["temperature"], r["reason"] or "")

    def latest_prompt(self) -> PromptVersion | None:
        """The newest prompt-stack version (one row read: an agent asks before every reply)."""
        with self.cards.lock:
            rows = list(self.db.query("select * from prompt_versions order by version desc limit 1"))
        return self._prompt_version(rows[0]) if rows else None

    # -- profile versions ---------------------------------------------------------------
    def add_profile(self, text: str, items: Sequence[ProfileItem], at: datetime, reason: str) -> int:
        """Record a new profile version; returns its version number (1, 2, ...)."""
        with self.cards.atomic():
            cur = self.db.execute(
                "insert into profile_versions (version, at, text, items, reason) "
                "values ((select coalesce(max(version), 0) + 1 from profile_versions), ?, ?, ?, ?)",
                [_iso(at), text, _items_json(items), reason])
            return next(self.db.query("select version from profile_versions where rowid = ?", [cur.lastrowid]))["version"]

    def profiles(self) -> list[ProfileVersion]:
        """Every profile version, oldest first."""
        with self.cards.lock:
            rows = list(self.db.query("select * from profile_versions order by version"))
        return [ProfileVersion(r["version"], datetime.fromisoformat(r["at"]), r["text"] or "", _items(r["items"]),
                               r["reason"] or "") for r in rows]

    def latest_profile(self) -> ProfileVersion | None:
        """The newest profile version (one row read)."""
        with self.cards.lock:
            rows = list(self.db.query("select * from profile_versions order by version desc limit 1"))
        r = rows[0] if rows else None
        return ProfileVersion(r["version"], datetime.fromisoformat(r["at"]), r["text"] or "", _items(r["items"]),
                              r["reason"] or "") if r else None

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
            self.db.execute("insert into persona_state (key, value) values (?, ?) "
                            "on conflict(key) do update set value = excluded.value", [key, data])
