"""One agent's memory: :class:`Zettelkasten`, the tenant facade that the agent, the persona
engine and the CLI all use. Get one from :meth:`MemoryHub.tenant
<autogen_zettel.memory.hub.MemoryHub.tenant>`.

One tenant = one SQLite file (the truth) + one collection in the hub's vector index (a
rebuildable index), held together by a :class:`~autogen_zettel.store.tenant_store.TenantStore`.
The facade keeps the everyday calls; the rest hangs off three namespaces (``mem.archive``,
``mem.people``, ``mem.audit``), and the working parts (:class:`~autogen_zettel.memory.parts.TenantParts`)
stay private: a package that works on them gets them from :func:`tenant_parts`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import datetime
from functools import partial
from typing import Any

from autogen_zettel.base.cards import Card, CardStatus, Hit, Link, Message, PrivacyTier
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory.archive import MemoryArchive
from autogen_zettel.memory.clarify import Clarifications
from autogen_zettel.memory.host import TenantHost
from autogen_zettel.memory.link_use import learn_from_use
from autogen_zettel.memory.parts import TenantAudit, TenantParts
from autogen_zettel.memory.reopen import open_tenant
from autogen_zettel.memory.sessions import Sessions
from autogen_zettel.people.layers import Layers, turn_lines
from autogen_zettel.recall.block import RecallBlock, chat_query, finish_block
from autogen_zettel.recall.hit_lines import cut_to_budget
from autogen_zettel.recall.progressive import progressive_recall
from autogen_zettel.trust.forget import ForgetReport
from autogen_zettel.trust.maintenance import STEPS, MaintenanceReport

__all__ = ["Zettelkasten", "tenant_parts"]

log = logging.getLogger(__name__)


def tenant_parts(mem: Zettelkasten) -> TenantParts:
    """The working parts behind a facade, for the library's own packages (the persona engine,
    the adapters, the CLI) that work on the store, the clock or the worker; each reads them
    through a typed protocol (e.g. :class:`~autogen_zettel.persona.memory_api.PersonaMemory`)."""
    if isinstance(mem, TenantParts):
        return mem
    if not isinstance(mem, Zettelkasten):
        raise InvalidInput(f"expected a Zettelkasten (MemoryHub.tenant(name)), got {type(mem).__name__}")
    return mem._parts


class Zettelkasten:
    """One tenant's memory: remember, recall, explain, forget. Get it from :meth:`MemoryHub.tenant`.

    The everyday calls are methods of the facade; the rest hangs off namespaces named for what
    they hold: :attr:`archive` (the memory archive a person sees: freeze, thaw, set_tier, edit,
    history, conflicts, export_graph; a :class:`~autogen_zettel.memory.archive.MemoryArchive`),
    :attr:`people` (facts, preferences, commitments, speakers; a
    :class:`~autogen_zettel.people.layers.Layers`), :attr:`audit` (record, entries, verify),
    :attr:`sessions` and :attr:`clarifications`.
    """

    def __init__(self, parts: TenantParts):
        self._parts = parts
        self.hub = parts.hub
        self.name = parts.name
        self.config = parts.config
        self.archive: MemoryArchive = parts.archive
        self.people: Layers = parts.people
        self.audit: TenantAudit = parts.audit
        self.sessions: Sessions = parts.sessions
        self.clarifications: Clarifications = parts.clarifications

    # -- opening ----------------------------------------------------------------------
    @classmethod
    def open(cls, hub: TenantHost, name: str, *, check_model: bool = True) -> Zettelkasten:
        """Open tenant ``name`` (made on first use); see :func:`~autogen_zettel.memory.reopen.open_tenant`."""
        return cls(open_tenant(hub, name, check_model=check_model))

    # -- writing ----------------------------------------------------------------------
    def remember(
        self,
        text: str | bytes,
        *,
        speaker: str,
        message_id: str | None = None,
        session_id: str | None = None,
        at: datetime | None = None,
        reply_to: str | None = None,
        tier: PrivacyTier | str | None = None,
    ) -> list[Card]:
        """Distil one message into cards, store and link them now; returns the new cards.

        Small talk may give no card. A message already remembered gives no new cards. Secrets
        (card numbers, ID numbers, passwords, API keys) are redacted before anything is stored.

        Fields are checked by the one message schema,
        :func:`~autogen_zettel.base.messages.validate_message`: a wrong one is an
        :class:`InvalidInput` naming it; lone surrogates in the text, speaker or ids become U+FFFD.

        :param text: the message (str, or UTF-8 bytes)
        :param speaker: who said it
        :param message_id: the message's id (made from speaker, time and text if not given; a
            whole number is made text); unique per tenant: an id already used with other text
            is refused with :class:`InvalidInput`, the same text again is a re-send (nothing new)
        :param session_id: the conversation session it belongs to
        :param at: when it was said, a datetime or ISO 8601 text (default: the hub's clock)
        :param reply_to: id of the message this one answers
        :param tier: ``PrivacyTier.PERMANENT`` for an explicitly authorised fact; ``NEVER`` stores nothing
        """
        msg = Message(text, speaker, message_id, session_id, at, reply_to, tier=tier)
        return self.remember_many([msg])

    def remember_many(
        self, messages: Iterable[Message | dict], *, progress: bool = False, batch: int | None = None
    ) -> list[Card]:
        """Remember many messages at once: batched embedding, index writes and transactions.

        Every message is validated before anything is written, so one bad message stores nothing.

        :param batch: write the messages ``batch`` at a time, each batch as one call of its own
            would (its own transactions; linked with what is stored before it and itself), while
            the next batch is embedded on the hub's embed-ahead threads (``hub.embed_ahead``):
            bulk ingest then runs at about the speed of the slower of the model and the rest of
            the write path instead of the sum of both. None: all messages are one batch.
        """
        return self._parts.writer.remember_many(messages, progress=progress, batch=batch)

    def remember_later(self, text: str | bytes, *, speaker: str, **fields) -> None:
        """Queue a message for the background worker (off the reply path); see :meth:`flush`.

        The message is validated now (same fields and schema as :meth:`remember`), so bad input
        fails in the caller, not silently later.

        Backpressure: the hub's queue holds at most ``hub.max_queued`` jobs (default 1,000); when
        it is full this call blocks until there is room, and raises
        :class:`~autogen_zettel.base.errors.QueueFull` (the message not queued) if there is none
        within ``hub.queue_wait_seconds`` (default 60).
        """
        self._parts.writer.remember_later(text, speaker=speaker, **fields)

    def flush(self) -> None:
        """Wait until everything queued for this tenant is stored and linked."""
        self._parts.flush()

    # -- reading ----------------------------------------------------------------------
    def recall(
        self,
        query: str,
        k: int | None = None,
        *,
        at: datetime | None = None,
        token_budget: int | None = None,
        touch: bool = True,
        modulation: Callable[[Card], float] | None = None,
    ) -> list[Hit]:
        """Progressive recall: hybrid search, then associative unlocking along links; see
        :func:`~autogen_zettel.recall.progressive.progressive_recall`.

        Only active cards are recalled (not archived, frozen or to-verify ones, nor cards faded
        below ``decay.recall_floor``); decaying-tier cards past their period weigh
        ``privacy.decayed_weight``. Copies of one content (same speaker, same words) take one
        place, the others listed in ``hit.covers``; several hits covered by one summary become
        one summary hit (``hit.covers`` too), and a hit that won a conflict carries it
        (``hit.conflicts``) with a clarification question (``hit.note``).

        :param query: what to remember about (e.g. the recent messages of a chat); beyond
            ``recall.max_query_chars`` (default 4,000) only its last that many characters are
            searched
        :param k: at most this many hits (default ``recall.k`` of the config)
        :param at: the time of the recall, for recency (default: the hub's clock)
        :param token_budget: also cut the hits to this many prompt tokens
        :param touch: count this as an access of the recalled cards (in the background); each
            access strengthens a card on the forgetting curve
        :param modulation: an extra factor per card, ``modulation(card) -> float`` (1.0 is neutral,
            above boosts, below damps; keep it positive), multiplied with the privacy tier weight
            into every score. It reorders the candidates the search and the links found; it
            adds none. The persona engine passes its factor here
            (:meth:`~autogen_zettel.persona.engine.PersonaEngine.modulation`).
        :returns: hits, best first; ``hit.score`` is higher for better matches: the fused score
            (0..1) times the speaker focus (up to 1 + ``recall.tuning.speaker_boost``), the privacy tier
            weight (at most 1) and ``modulation`` (the persona's factor, 1 ± its strength), so it
            can pass 1 (2.34 at most with the defaults); it ranks the hits of one recall
        """
        self._parts.db.check_open()
        k = self.config.recall.k if k is None else k
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise InvalidInput(f"k must be a positive integer, got {k!r}")
        if modulation is not None and not callable(modulation):
            raise InvalidInput(f"modulation must be a function card -> float or None, got {modulation!r}")
        now = self._parts.now(at)
        query = self._capped(query)
        rerank = self.hub.reranker
        hits = progressive_recall(
            self._parts.store,
            query,
            k=k if rerank is None else max(k, rerank.candidates),
            now=now,
            embedder=self.hub.embedder,
            config=self.config,
            graph=lambda: self._parts.neighbours,
            modulation=modulation,
            token_budget=token_budget if rerank is None else None,
        )
        if rerank is not None and hits:  # the model orders the best candidates, then the cut
            hits = (rerank(query, hits) or hits)[:k]
            if token_budget is not None:
                hits = cut_to_budget(hits, token_budget)
        if touch and hits:
            ids = [h.card.id for h in hits] + [c.id for h in hits for c in h.covers]
            self._parts.run_later(lambda: self._parts.db.touch(ids, now))
        return hits

    def used(
        self, hits: Sequence[Hit], used: Iterable[str | Card | Hit], *, at: datetime | None = None
    ) -> int:
        """Tell memory which recalled cards a reply drew on, so the links recall followed learn
        (seed 002's edge strength; :mod:`~autogen_zettel.cards.link_strength`): each link an
        associative hit of ``hits`` came through grows stronger when its card is in ``used``, and
        fades when it is not while some other recalled card is; a recall none of whose cards was
        used teaches nothing. Bounded, and forgotten with time; maintenance prunes links that
        faded below the bound. The agents call this after each reply (what the reply repeats of
        a card counts as use, :func:`~autogen_zettel.cards.link_strength.drawn_on`).

        >>> hits = mem.recall("What does Ann paint?")  # doctest: +SKIP
        >>> mem.used(hits, [hits[0]])  # the reply used the first one  # doctest: +SKIP

        :param used: card ids, cards or hits
        :returns: how many links changed (0 with ``links.learn: false``: nothing learns)
        """
        if not self.config.links.learn:
            return 0
        ids = {u if isinstance(u, str) else u.card.id if isinstance(u, Hit) else u.id for u in used}
        return learn_from_use(self._parts, list(hits), ids, at=self._parts.now(at))

    def _capped(self, query):
        """``query`` cut to its last ``recall.max_query_chars`` characters (the newest words)."""
        cap = self.config.recall.max_query_chars
        if isinstance(query, str) and len(query) > cap:
            log.debug(
                "tenant %s: recall query of %d characters cut to its last %d", self.name, len(query), cap
            )
            return query[-cap:]
        return query

    def recall_block(
        self,
        context: str | Sequence[Mapping[str, Any]],
        *,
        budget: int | None = None,
        k: int | None = None,
        agent: str | None = None,
        at: datetime | None = None,
        modulation: Callable[[Card], float] | None = None,
        explore: Callable[[set[str]], Sequence[Hit]] | None = None,
        session_id: str | None = None,
        seen: Collection[str] | None = None,
        window: int | None = None,
    ) -> RecallBlock:
        """The finished ``<zettel-recall>`` block for one reply: what every adapter puts in the
        prompt, delimited and neutralised (a remembered closing tag cannot end it early), with the
        person layers' lines for the turn after the cards.

        ``context`` is the query text or the chat's messages (the last ``window`` with text form
        the query, cut to its last ``recall.max_query_chars`` characters); ``budget``, ``k``, ``agent``, ``at`` default to the config and the clock;
        ``modulation`` and ``explore`` are the persona's; ``session_id`` with ``seen`` leaves out
        cards that only restate messages already in the model's context. Returns a
        :class:`~autogen_zettel.recall.block.RecallBlock` (``.text``, ``.hits``, ``.query``);
        docs/concepts/architecture.md describes each argument.
        """
        cfg = self.config.recall
        query = context if isinstance(context, str) else chat_query(context, window or cfg.query_messages)
        query = self._capped(query)
        if not query:
            return RecallBlock("", (), "")
        return finish_block(
            partial(self.recall, at=at),
            query,
            agent=agent or self.name,
            k=k or cfg.k,
            budget=budget or cfg.token_budget,
            modulation=modulation,
            explore=explore,
            session_id=session_id,
            seen=seen,
            people=turn_lines(self._parts, query, at, session_id=session_id),
        )

    def facts(self, subject: str | None = None, include_superseded: bool = False):
        """The person's facts (subject, key, value, status, source_ids, at); see :meth:`Layers.facts`."""
        return self.people.facts(subject, include_superseded)

    def preferences(
        self, subject: str | None = None, topic: str | None = None, *, context: str | None = None
    ):
        """Preferences (subject, topic, value 0..1, trend, evidence, source_ids, at, context), of
        one context of life when ``context`` is given; see :meth:`Layers.preferences`."""
        return self.people.preferences(subject, topic, context=context)

    def commitments(self, status: str | None = None, overdue_at=None):
        """Commitments (owner, what, due, status, counterparty, source_ids); see :meth:`Layers.commitments`."""
        return self.people.commitments(status, overdue_at)

    def card(self, card_id: str) -> Card:
        """The card with this id, or :class:`~autogen_zettel.base.errors.NotFound`."""
        return self._parts.card(card_id)

    def cards(self, *, status: CardStatus | None = None) -> list[Card]:
        """All cards, oldest first."""
        return self._parts.cards(status=status)

    def links(self, card_id: str) -> list[Link]:
        """The links of one card."""
        return self._parts.links(card_id)

    def stats(self) -> dict:
        """Counts for a quick look: cards by kind and status, links, index points, model."""
        return self.archive.stats()

    # -- changing ---------------------------------------------------------------------
    def reindex(self, *, progress: bool = False) -> int:
        """Drop and rebuild this tenant's vectors from SQLite with the hub's embedder."""
        return self._parts.writer.reindex(progress=progress)

    # -- the archive's everyday calls (the rest: :attr:`archive`) ----------------------
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
        return self.archive.find(
            kind=kind,
            status=status,
            speaker=speaker,
            session_id=session_id,
            contains=contains,
            tier=tier,
            limit=limit,
        )

    def explain(self, card_id: str, *, at: datetime | None = None) -> dict:
        """A card's provenance; see :meth:`MemoryArchive.explain <autogen_zettel.memory.archive.MemoryArchive.explain>`."""
        return self.archive.explain(card_id, at=at)

    def forget(
        self,
        card_id: str | Sequence[str] | None = None,
        *,
        subject: str | None = None,
        at: datetime | None = None,
    ) -> ForgetReport:
        """Forget cards or everything about ``subject``; see :meth:`MemoryArchive.forget <autogen_zettel.memory.archive.MemoryArchive.forget>`."""
        return self.archive.forget(card_id, subject=subject, at=at)

    def maintain(self, *, at: datetime | None = None, steps: Sequence[str] = STEPS) -> MaintenanceReport:
        """Run maintenance now; see :meth:`MemoryArchive.maintain <autogen_zettel.memory.archive.MemoryArchive.maintain>`."""
        return self.archive.maintain(at=at, steps=steps)

    def export(self) -> dict:
        """Everything this tenant holds, as JSON-ready data: cards, links, conflicts, messages."""
        return self.archive.export()
