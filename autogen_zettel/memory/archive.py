"""The memory archive of the articles ("my memory archive"): what a person can see and do with
what an agent remembers about them. One :class:`MemoryArchive` per tenant, reached from the facade
as :attr:`Zettelkasten.archive <autogen_zettel.memory.tenant.Zettelkasten.archive>` (the everyday
ones, find, explain, forget, maintain, stats and export, are also methods of the facade).

- look: :meth:`~MemoryArchive.find`, :meth:`~MemoryArchive.explain` (sources, speaker, time,
  session, confidence, tier, strength, conflicts, history), :meth:`~MemoryArchive.conflicts`;
- change: :meth:`~MemoryArchive.edit` (re-embeds, keeps the old text in the card's history),
  :meth:`~MemoryArchive.freeze` / :meth:`~MemoryArchive.thaw` (a frozen card is kept but
  never recalled), :meth:`~MemoryArchive.set_tier`;
- forget: :meth:`~MemoryArchive.forget` a card, several, or everything about a subject;
- keep tidy: :meth:`~MemoryArchive.maintain` (decay, archive, merge, prune, summaries);
- take away: :meth:`~MemoryArchive.export` (JSON) and :meth:`~MemoryArchive.export_graph`
  (NetworkX, e.g. for GraphML and Gephi), built in :mod:`~autogen_zettel.memory.export`;

Every change that removes or rewrites content writes an audit entry (ids and hashes only).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Protocol

import networkx as nx

from autogen_zettel.base.cards import Card, CardKind, CardStatus, Conflict, Link, PrivacyTier
from autogen_zettel.base.errors import InvalidInput, NotFound
from autogen_zettel.cards.claims import claim_fields, extract_claims
from autogen_zettel.cards.link_strength import as_of
from autogen_zettel.cards.refine import clean_text, entities_of, keywords
from autogen_zettel.memory.export import export_data, export_graph
from autogen_zettel.people.sync import sync_cards
from autogen_zettel.store.audit import content_digest
from autogen_zettel.text.spelling import fold
from autogen_zettel.trust.conflict_hits import conflict_from_row
from autogen_zettel.trust.conflicts import claim_rows, resolve_keys
from autogen_zettel.trust.forget import ForgetReport, cards_about, forget_cards
from autogen_zettel.trust.maintenance import (
    STEPS,
    Curated,
    MaintenanceReport,
    maintain,
    rebuild_summary,
    strength,
)
from autogen_zettel.trust.sealed import seal_traces

__all__ = ["MemoryArchive", "Tenant", "LAST_MAINTAINED"]

LAST_MAINTAINED = "last_maintained"  # db meta key: when scheduled maintenance was last queued
#: the longest subject forget(subject=...) takes: a name or a topic; a megabyte of text took
#: seconds on one card (every card's text is folded and searched for it)
MAX_SUBJECT_CHARS = 500

log = logging.getLogger(__name__)


class Tenant(Curated, Protocol):
    """What the archive needs of its tenant (:class:`~autogen_zettel.memory.parts.TenantParts`):
    the trust layer's view (:class:`~autogen_zettel.trust.maintenance.Curated`) plus its name, clock,
    card lookups, the background worker and the wait for it."""

    name: str

    def now(self, at: datetime | None = None) -> datetime: ...

    def card(self, card_id: str) -> Card: ...

    def cards(self, *, status: CardStatus | None = None) -> list[Card]: ...

    def links(self, card_id: str) -> list[Link]: ...

    def flush(self) -> None: ...

    def run_later(self, job: Callable[[], object]) -> None: ...


class MemoryArchive:
    """Look at, change, forget, tidy and export one tenant's cards (see the module docstring).

    :param tenant: the tenant's parts it works on (as :class:`Tenant` types them)
    """

    def __init__(self, tenant: Tenant):
        self._mem = tenant

    @property
    def _db(self):
        return self._mem.store.db

    # -- looking ------------------------------------------------------------------------
    def find(
        self,
        *,
        kind: str | None = None,
        status: str | None = None,
        speaker: str | None = None,
        session_id: str | None = None,
        contains: str | None = None,
        tier: str | None = None,
        limit: int | None = None,
    ) -> list[Card]:
        """Cards matching every given filter, oldest first (``contains``: case-insensitive text)."""
        if kind == "commitment":  # the plan kind's name before it was renamed (one meaning per word)
            kind = CardKind.PLAN.value
        for name, value, enum in (
            ("kind", kind, CardKind),
            ("status", status, CardStatus),
            ("tier", tier, PrivacyTier),
        ):
            if value is not None and value not in {e.value for e in enum}:
                raise InvalidInput(
                    f"{name} {value!r} is not known; use one of {', '.join(e.value for e in enum)}"
                )
        ids = [
            r["id"]
            for r in self._db.find_cards(
                kind=kind,
                status=status,
                speaker=speaker,
                session_id=session_id,
                contains=contains,
                tier=tier,
                limit=limit,
            )
        ]
        cards = self._db.get_many(ids)
        return [cards[i] for i in ids]

    def resolve_id(self, ref: str) -> str:
        """The id of the card ``ref`` names: its full id or a unique prefix of at least 4
        characters (like git's short hashes; ``autogen-zettel cards`` prints 8).

        :raises NotFound: no card, or several, start with ``ref`` (the message lists them)
        """
        if not isinstance(ref, str) or not ref.strip():
            raise InvalidInput(f"a card id must be a non-empty string, got {ref!r}")
        ref = ref.strip()
        if self._db.get(ref) is not None:
            return ref
        found = self._db.ids_starting(ref, limit=6) if len(ref) >= 4 else []
        if len(found) == 1:
            return found[0]
        hint = f"list cards with `autogen-zettel cards {self._mem.name}`"
        if len(ref) < 4:
            raise NotFound(
                f"no card {ref!r} in tenant {self._mem.name!r}; give at least 4 characters of its id ({hint})"
            )
        if not found:
            raise NotFound(f"no card {ref!r} in tenant {self._mem.name!r}; {hint}")
        raise NotFound(
            f"card id {ref!r} is ambiguous in tenant {self._mem.name!r}: it starts "
            f"{', '.join(found[:5])}{', ...' if len(found) > 5 else ''}; give more characters"
        )

    def stats(self) -> dict:
        """Counts for a quick look: cards by kind and status, links, index points, model."""
        cards = self._mem.cards()
        by_kind: dict[str, int] = {}
        by_status: dict[str, int] = {}
        for c in cards:
            by_kind[c.kind.value] = by_kind.get(c.kind.value, 0) + 1
            by_status[c.status.value] = by_status.get(c.status.value, 0) + 1
        return {
            "tenant": self._mem.name,
            "cards": len(cards),
            "by_kind": by_kind,
            "by_status": by_status,
            "links": self._db.links.count(),
            "indexed": self._mem.store.vectors.count(self._mem.name),
            "embedding_model": self._db.get_meta("embedding_model"),
            "embedding_dim": int(dim)
            if (dim := self._db.get_meta("embedding_dim"))
            else None,  # meta is text
        }

    def conflicts(self, card_id: str | None = None) -> list[Conflict]:
        """Recorded conflicts (of one card, or all), seen from the version in force."""
        rows = (
            self._db.conflicts.of([card_id])
            if card_id
            else self._db.conflicts.of([r["active_id"] for r in self._db.conflicts.all()])
        )
        return [conflict_from_row(r, card_id or r["active_id"]) for r in rows]

    def history(self, card_id: str) -> list[dict]:
        """Earlier versions and status changes of a card, oldest first."""
        return self._db.history.of(card_id)

    def explain(self, card_id: str, *, at: datetime | None = None) -> dict:
        """A card's provenance: source messages (who, when, session), links (each with the gain it
        learned from recall's use, ``Link.learned``, faded to ``at``), confidence, tier,
        evidence, strength on the forgetting curve, conflicts, summaries and history."""
        card = self._mem.card(card_id)
        now = self._mem.now(at)
        return {
            "card": card,
            "sources": self._db.messages(card.source_ids),
            "links": [as_of(link, now) for link in self._mem.links(card_id)],
            "strength": round(strength(card, now, self._mem.config.decay), 4),
            "conflicts": self.conflicts(card_id),
            "summaries": self._db.links.summaries_of([card_id]).get(card_id, []),
            "members": self._db.links.members_of(card_id) if card.kind is CardKind.SUMMARY else [],
            "history": self.history(card_id),
        }

    # -- changing -----------------------------------------------------------------------
    def _status_change(self, card: Card, status: CardStatus, action: str, now: datetime) -> Card:
        self._mem.store.set_status(card, status, action=action, at=now)
        return self._mem.card(card.id)

    def freeze(self, card_id: str, *, at: datetime | None = None) -> Card:
        """Keep a card but never recall it (nor let it take part in conflicts) until :meth:`thaw`."""
        card = self._mem.card(card_id)
        if card.status is CardStatus.FROZEN:
            return card
        now = self._mem.now(at)
        frozen = self._status_change(card, CardStatus.FROZEN, "freeze", now)
        self._reresolve(card_id, now)  # a frozen winner leaves its claims: its losers are re-weighed
        self._requote(card_id)  # and its summaries stop quoting it
        return self._mem.card(frozen.id)

    def _requote(self, card_id: str) -> None:
        """Rewrite the summaries covering ``card_id`` from their members' current status."""
        with self._mem.store.write_lock:
            for sid in self._db.links.summaries_of([card_id]).get(card_id, []):
                rebuild_summary(self._mem, sid)
            self._mem.store.invalidate()  # summary cards were replaced: rebuild the graph on next use

    def _reresolve(self, card_id: str, now: datetime) -> None:
        """Weigh again the conflicts on every (subject, topic) the card claims."""
        keys = {(r["subject"], r["topic"]) for r in self._db.claims.of([card_id])}
        with self._mem.store.write_lock:
            resolve_keys(self._db, keys, cfg=self._mem.config.conflicts, now=now)

    def thaw(self, card_id: str, *, at: datetime | None = None) -> Card:
        """Undo :meth:`freeze` (back to the status it had) or bring an archived card back."""
        card = self._mem.card(card_id)
        if card.status not in (CardStatus.FROZEN, CardStatus.ARCHIVED):
            return card
        now = self._mem.now(at)
        before = [h for h in self.history(card_id) if h["action"] == "freeze"]
        status = (
            CardStatus(before[-1]["status"])
            if card.status is CardStatus.FROZEN and before
            else CardStatus.ACTIVE
        )
        if status is CardStatus.FROZEN:
            status = CardStatus.ACTIVE
        thawed = self._status_change(card, status, "thaw", now)
        if card.status is CardStatus.ARCHIVED:
            self._db.touch([card_id], now)  # a card brought back starts a fresh forgetting curve
        self._reresolve(card_id, now)
        self._requote(card_id)  # its summaries quote it again
        return self._mem.card(thawed.id)

    def set_tier(self, card_id: str, tier: PrivacyTier | str, *, at: datetime | None = None) -> Card:
        """Change a card's privacy tier (e.g. mark an authorised fact PERMANENT)."""
        try:
            tier = PrivacyTier(tier)
        except ValueError:
            raise InvalidInput(f"tier {tier!r} is not known; use permanent, standard or decaying") from None
        if tier is PrivacyTier.NEVER:
            raise InvalidInput(
                "a stored card cannot become never-persisted; forget it instead: mem.forget(card_id)"
            )
        card = self._mem.card(card_id)
        if card.tier is tier:
            return card
        now = self._mem.now(at)
        with self._mem.store.write_lock:
            with self._db.atomic():
                self._db.history.add(
                    [
                        {
                            "card_id": card_id,
                            "version": card.version,
                            "at": now.isoformat(),
                            "action": "set_tier",
                            "content": None,
                            "status": card.status.value,
                            "detail": {"tier": card.tier.value},
                        }
                    ]
                )
                self._db.insert_cards([card.with_changes(tier=tier)])
                seal_traces(self._db, [card_id])  # its sources and history, when now permanent
                if PrivacyTier.PERMANENT in (tier, card.tier):
                    # what quotes the card in plain rows goes when it is sealed, comes back when not
                    sealed = tier is PrivacyTier.PERMANENT
                    self._db.replace_entities(card_id, () if sealed else card.entities)
                    found = (
                        ()
                        if sealed
                        else extract_claims(card.content, speaker=card.speaker, entities=card.entities)
                    )
                    self._db.claims.replace([card_id], claim_rows(card.with_changes(tier=tier), found))
                    sync_cards(self._db, [card_id], cfg=self._mem.config.conflicts)
                self._db.mark_indexed([card_id])
                self._mem.store.stage_audit(
                    "set_tier", {"card_id": card_id, "from": card.tier.value, "to": tier.value}, at=now
                )
            self._mem.store.flush_audit()
            if tier is PrivacyTier.PERMANENT:  # out of the shared index (trust/sealed.py)
                self._mem.store.delete_points([card_id])
                self._mem.store.compact()
            elif card.tier is PrivacyTier.PERMANENT:
                self._mem.index_cards([card.with_changes(tier=tier)])
        return self._mem.card(card_id)

    def edit(self, card_id: str, content: str, *, at: datetime | None = None) -> Card:
        """Change a card's content: redacted, re-embedded, re-linked to its conflicts; the old
        text stays in the card's history (and summaries quoting it are rewritten)."""
        old = self._mem.card(card_id)
        now = self._mem.now(at)
        text = clean_text(content)
        if not text:
            raise InvalidInput("the new content is empty; to remove the card use forget()")
        red = self._mem.redact(text)
        claims = extract_claims(red.text, speaker=old.speaker, entities=old.entities)
        evidence, context = claim_fields(red.text, claims)
        new = old.with_changes(
            content=red.text,
            version=old.version + 1,
            updated_at=now,
            entities=tuple(e for e in entities_of(red.text) if e.casefold() != old.speaker.casefold()),
            tags=keywords(red.text),
            evidence=evidence,
            context=context,
            redactions=tuple(dict.fromkeys(old.redactions + red.kinds)),
        )
        with self._mem.store.write_lock:
            keys = {(r["subject"], r["topic"]) for r in self._db.claims.of([card_id])}
            with self._db.atomic():
                self._db.history.add(
                    [
                        {
                            "card_id": card_id,
                            "version": old.version,
                            "at": now.isoformat(),
                            "action": "edit",
                            "content": old.content,
                            "status": old.status.value,
                            "detail": {},
                        }
                    ]
                )
                self._db.insert_cards([new])
                seal_traces(self._db, [card_id])  # the old text in its history, when permanent
                self._db.replace_entities(card_id, new.entities)
                self._db.claims.replace([card_id], claim_rows(new, claims))
                key = self._mem.store.audit_key()
                # committed with the edit, so the old text never changes without an entry
                self._mem.store.stage_audit(
                    "edit",
                    {"card_id": card_id, "version": new.version}
                    if old.tier is PrivacyTier.PERMANENT  # sealed text: no guessable digest of it
                    else {
                        "card_id": card_id,
                        "version": new.version,
                        "old_hmac": content_digest(old.content, key),
                        "new_hmac": content_digest(new.content, key),
                    },
                    at=now,
                )
            self._mem.store.flush_audit()
            self._mem.index_cards([new])
            keys |= {(c.subject, c.topic) for c in claims}
            resolve_keys(self._db, keys, cfg=self._mem.config.conflicts, now=now)
            for sid in self._db.links.summaries_of([card_id]).get(card_id, []):
                rebuild_summary(self._mem, sid)
            self._mem.store.invalidate()
            self._mem.people.on_cards_changed([card_id])
        return self._mem.card(card_id)

    # -- forgetting ---------------------------------------------------------------------
    def forget(
        self,
        card_id: str | Sequence[str] | None = None,
        *,
        subject: str | None = None,
        at: datetime | None = None,
    ) -> ForgetReport:
        """Forget one card (or a list of ids), or everything about ``subject`` (a person or topic:
        cards said by it, naming it, or mentioning it, and every remaining sentence mentioning it).

        The content leaves SQLite (cards, messages, links, entities, claims, conflicts, history)
        and the Qdrant collection; the bytes are scrubbed (WAL truncated, database vacuumed,
        local Qdrant storage vacuumed); an audit entry records ids and SHA-256 digests only.
        """
        if (card_id is None) == (subject is None):
            raise InvalidInput(
                "give a card id (or a list of ids) or subject=..., e.g. mem.forget(subject='Bob')"
            )
        now = self._mem.now(at)
        self._mem.flush()
        if subject is not None:
            subject = subject.strip()
            if len(subject) > MAX_SUBJECT_CHARS:  # each card's text is folded and searched for it
                raise InvalidInput(
                    f"subject of {len(subject):,} characters is too long to forget by (at most "
                    f"{MAX_SUBJECT_CHARS}); give a name or topic, or forget cards by id"
                )
            if len(fold(subject).strip()) < 2:
                raise InvalidInput(
                    f"subject {subject!r} is too short to forget by; give a name or topic word"
                )
            ids = cards_about(self._db, subject)
            report = forget_cards(self._mem, ids, at=now, action="forget_subject", subject=subject)
        else:
            ids = [card_id] if isinstance(card_id, str) else list(card_id)
            for cid in ids:
                self._mem.card(cid)
            report = forget_cards(self._mem, ids, at=now, action="forget")
        self._mem.store.invalidate()
        return report

    # -- maintenance --------------------------------------------------------------------
    def maintain(self, *, at: datetime | None = None, steps: Sequence[str] = STEPS) -> MaintenanceReport:
        """Run maintenance now: ``decay`` (archive faded and expired cards), ``merge``
        (near-duplicates), ``prune`` (weak links), ``summaries`` (per session or week) and
        ``conflicts`` (re-weigh evidence at ``at``)."""
        unknown = [s for s in steps if s not in STEPS]
        if unknown:
            raise InvalidInput(f"unknown maintenance step(s) {unknown!r}; use any of {', '.join(STEPS)}")
        self._mem.flush()
        with self._mem.store.write_lock:
            report = maintain(self._mem, at=self._mem.now(at), steps=steps)
            self._mem.store.invalidate()
        return report

    def maintain_later(self, *, at: datetime | None = None, force: bool = False) -> bool:
        """Queue maintenance in the hub's background worker if it is due: ``maintenance.every_hours``
        of clock time since the last run (or ``force``). Called at the end of every session, so
        decay, archiving (the privacy tiers' periods), merging, pruning and summaries run on
        their own in a real chat. Returns whether a run was queued."""
        every = self._mem.config.maintenance.every_hours
        when = self._mem.now(at)
        if not force and not every:
            return False
        last = self._db.get_meta(LAST_MAINTAINED)
        if not force and last is not None and when - datetime.fromisoformat(last) < timedelta(hours=every):
            return False
        # recorded when queued, not when run: two session ends in a row queue one run
        self._db.set_meta(LAST_MAINTAINED, when.isoformat())

        def job() -> None:
            # already on the worker: the captures queued before this job are stored, no flush
            with self._mem.store.write_lock:
                report = maintain(self._mem, at=when, steps=STEPS)
                self._mem.store.invalidate()
            log.info(
                "tenant %s: scheduled maintenance at %s: %s",
                self._mem.name,
                when.isoformat(timespec="minutes"),
                {k: v for k, v in report.to_dict().items() if isinstance(v, int) and v},
            )

        self._mem.run_later(job)
        return True

    # -- export (memory/export.py) ------------------------------------------------------
    def export(self) -> dict:
        """Everything this tenant holds, as JSON-ready data: cards, links, conflicts, messages."""
        return export_data(self._mem)

    def export_graph(self) -> nx.MultiDiGraph:
        """The cards and links as a NetworkX multigraph with plain attributes (GraphML-ready:
        ``nx.write_graphml(mem.archive.export_graph(), "alice.graphml")`` opens in Gephi)."""
        return export_graph(self._mem)
