"""One agent's memory: :class:`Zettelkasten`, the tenant facade that the agent, the persona
engine and the CLI all use. Get one from :meth:`MemoryHub.tenant
<autogen_zettel.memory.hub.MemoryHub.tenant>`.

One tenant = one SQLite file (the truth) + one collection in the hub's vector index (a
rebuildable index), held together by a :class:`~autogen_zettel.store.tenant.TenantStore`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Protocol

import networkx as nx

from autogen_zettel.base.cards import Card, CardStatus, Hit, Link, Message, PrivacyTier
from autogen_zettel.base.clock import Clock, as_naive_utc
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.errors import EmbeddingMismatch, InvalidInput, NotFound, StoreCorrupt
from autogen_zettel.base.worker import Worker
from autogen_zettel.core import graph as graphs
from autogen_zettel.core.embed import Embedder
from autogen_zettel.core.refine import Refiner
from autogen_zettel.memory.curation import CurationMixin
from autogen_zettel.memory.ingest import Ingest, LinkJudge
from autogen_zettel.memory.recall import progressive_recall
from autogen_zettel.store.audit import AuditLog
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.tenant import TenantStore
from autogen_zettel.store.index import VectorStore
from autogen_zettel.trust.conflicts import Judge
from autogen_zettel.trust.forget import finish_forget
from autogen_zettel.trust.privacy import Redaction, Redactor

__all__ = ["Zettelkasten", "Hub"]

log = logging.getLogger(__name__)


class Hub(Protocol):
    """What a tenant needs of its hub (:class:`~autogen_zettel.memory.hub.MemoryHub`): the
    shared parts, read at each use so a swapped judge takes effect at once."""

    vectors: VectorStore
    embedder: Embedder
    clock: Clock
    worker: Worker
    config: MemoryConfig
    refiner: Refiner
    redactor: Redactor
    link_judge: LinkJudge | None
    conflict_judge: Judge | None
    summarizer: Callable[[str, Sequence[Card]], str] | None

    def db_path(self, name: str) -> Path | None: ...

    def audit_log(self, name: str) -> AuditLog: ...


class Zettelkasten(CurationMixin):
    """One tenant's memory: remember, recall, explain, forget. Get it from :meth:`MemoryHub.tenant`.

    The memory-archive operations (freeze, thaw, edit, forget, conflicts, maintain, export,
    audit) come from :class:`~autogen_zettel.memory.curation.CurationMixin`.
    """

    def __init__(self, hub: Hub, name: str, db: CardDB):
        self.hub = hub
        self.name = name
        self.config = hub.config
        self.store = TenantStore(name, db, hub.vectors, hub.audit_log(name))

    @property
    def db(self) -> CardDB:
        """The tenant's SQLite database (the truth)."""
        return self.store.db

    @property
    def summarizer(self) -> Callable[[str, Sequence[Card]], str] | None:
        """The hub's summary writer, or None for the extractive default."""
        return self.hub.summarizer

    # -- opening ----------------------------------------------------------------------
    @classmethod
    def open(cls, hub: "Hub", name: str, *, check_model: bool = True) -> "Zettelkasten":
        path = hub.db_path(name)
        if path is not None and path.exists() and path.stat().st_size == 0:
            cls._refuse_empty_file(hub, name, path)
        mem = cls(hub, name, CardDB(path, pool=getattr(hub, "open_files", None)))
        if check_model:
            mem._check_model()
        hub.vectors.create(name, hub.embedder.dim)
        rolled = mem.store.open_audit()
        if check_model:
            mem._reconcile()
        if any(e.action.startswith("forget") for e in rolled):
            finish_forget(mem.store)  # a forget cut short after its commit: scrub what it freed
        return mem

    @staticmethod
    def _refuse_empty_file(hub: "Hub", name: str, path: Path) -> None:
        """A 0-byte database beside an index or audit log that hold data was truncated: opening it
        would make an empty tenant whose reconcile deletes the index (#13). Refuse instead."""
        points = hub.vectors.count(name)  # 0 for a missing collection, on every engine
        entries = hub.audit_log(name).tail()[0]
        if points or entries:
            raise StoreCorrupt(
                f"the tenant database {str(path)!r} is empty (0 bytes) but its index holds {points} points and "
                f"its audit log {entries} entries: the file was truncated; restore it from a backup. To start "
                f"tenant {name!r} afresh instead, drop it with MemoryHub.drop_tenant({name!r})"
            )

    def _check_model(self) -> None:
        emb = self.hub.embedder
        model, dim = self.db.get_meta("embedding_model"), self.db.get_meta("embedding_dim")
        index_dim = self.hub.vectors.dim(self.name)
        if model is None:
            self.db.set_meta("tenant", self.name)
            self.db.set_meta("embedding_model", emb.name)
            self.db.set_meta("embedding_dim", str(emb.dim))
            if index_dim is None or index_dim == emb.dim:
                return
            model, dim = "an unknown model", str(index_dim)
        if model != emb.name or int(dim) != emb.dim or (index_dim is not None and index_dim != emb.dim):
            raise EmbeddingMismatch(
                f"tenant {self.name!r} was indexed with {model!r} (dim {dim}) but this hub embeds with "
                f"{emb.name!r} (dim {emb.dim}); open it with the same embedding.model and embedding.quantize "
                f"('+onnx-int8' and '+int8' are int8 vectors), or rebuild its "
                f"vectors: `autogen-zettel reindex {self.name} --model ...` (MemoryHub.reindex({self.name!r}))"
            )

    def _reconcile(self) -> None:
        """Repair a crash between the SQLite and Qdrant writes: SQLite wins.

        When no card waits for its index write or its linking and the index holds as many
        points as SQLite has searchable cards, the id sets are not compared: a crash leaves
        a card unindexed (its mark is set after the index write) or a point without its card
        (more points; a forget cut short is also finished from the audit log), so only a
        lost point and a stray one at once would go unseen. Comparing them read every point id
        back, 1.5 s of the 2.3 s reopen at 100k cards (#12).
        """
        unindexed, pending_rows = self.db.unindexed_ids(), self.db.pending()  # read once: nothing writes meanwhile
        if not unindexed and not pending_rows and self.hub.vectors.count(self.name) == self.db.searchable_count():
            return
        known = self.db.searchable_ids()
        indexed = self.hub.vectors.ids(self.name)
        stray = sorted(indexed - known)
        if stray:
            log.warning("tenant %s: removing %d index points with no card", self.name, len(stray))
            self.hub.vectors.delete(self.name, stray)
        pending = {r[0] for r in pending_rows}
        missing = (set(unindexed) | (known - indexed)) - pending
        if missing:
            log.warning("tenant %s: indexing %d cards missing from the index", self.name, len(missing))
            self.index_cards(list(self.db.get_many(sorted(missing)).values()))
        if pending:
            log.warning("tenant %s: finishing %d cards a crash left unlinked", self.name, len(pending))
            with self.store.write_lock:
                self._ingest().finish_pending()

    # -- the graph --------------------------------------------------------------------
    @property
    def graph(self) -> nx.Graph:
        """The whole card graph (loaded from the links table on first use), for background work
        and measurement; it also derives SAME_THREAD links when they pass activation. Recall does
        not load it: it reads the seeds' stored links per hop (:attr:`neighbours`)."""
        return self.store.cached("graph", lambda: graphs.build_graph(
            self.db.iter_links(), cards=self.db.iter_cards(status=CardStatus.ACTIVE)))

    @property
    def neighbours(self) -> graphs.LinkNeighbours:
        """The card graph's adjacency for the nodes asked only, each kept until its links change
        (what recall uses): from an in-memory copy of every link once a background thread has
        loaded it (``recall.preload_links``), else read from SQLite."""
        def build() -> graphs.LinkNeighbours:
            cfg = self.config.recall
            table = partial(self.db.link_table, max_rows=cfg.preload_links_max) if cfg.preload_links else None
            return graphs.LinkNeighbours(self.db.link_rows_touching, changes=self.db.take_link_changes, table=table)

        return self.store.cached("neighbours", build, lasting=True)

    # -- writing ----------------------------------------------------------------------
    def now(self, at: datetime | None = None) -> datetime:
        """``at`` as naive UTC, or the hub clock's time when ``at`` is None."""
        return as_naive_utc(at) if at is not None else self.hub.clock.now()

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
            whole number is made text)
        :param session_id: the conversation session it belongs to
        :param at: when it was said, a datetime or ISO 8601 text (default: the hub's clock)
        :param reply_to: id of the message this one answers
        :param tier: ``PrivacyTier.PERMANENT`` for an explicitly authorised fact; ``NEVER`` stores nothing
        """
        msg = Message(text, speaker, message_id, session_id, at, reply_to, tier=tier)
        return self.remember_many([msg])

    def remember_many(self, messages: Iterable[Message | dict], *, progress: bool = False,
                      batch: int | None = None) -> list[Card]:
        """Remember many messages at once: batched embedding, index writes and transactions.

        Every message is validated before anything is written, so one bad message stores nothing.

        :param batch: write the messages ``batch`` at a time, each batch as one call of its own
            would (its own transactions; linked with what is stored before it and itself), while
            the next batch is embedded on a second thread (``hub.embed_ahead``): bulk ingest then
            runs at about the speed of the slower of the model and the rest of the write path
            instead of the sum of both. None: all messages are one batch.
        """
        self.db.check_open()
        if batch is not None and (isinstance(batch, bool) or not isinstance(batch, int) or batch < 1):
            raise InvalidInput(f"batch must be a whole number of messages of at least 1 or None, got {batch!r}")
        ingest = self._ingest()
        prepared = [ingest.prepare(m) for m in messages]
        batches = None
        if batch is not None and len(prepared) > batch:
            batches = [prepared[start : start + batch] for start in range(0, len(prepared), batch)]
        else:
            drafts, claims = ingest.draft(prepared)
        with self.store.write_lock:
            # read the graph under the lock: forget and maintain invalidate it there; a graph
            # not built yet is not built for a write
            if batches is not None:
                cards = ingest.write_batches(batches, embed_ahead=self.hub.embed_ahead,
                                             graph=lambda: self.store.peek("graph"), progress=progress)
            else:
                cards = ingest.write(drafts, claims, graph=self.store.peek("graph"), progress=progress)
            known = self.store.peek("speakers")  # recall's participants grow with the writes
            if known is not None:
                known.update(c.speaker for c in cards)
            return cards

    def _ingest(self) -> Ingest:
        """The write path's collaborators, read from the hub now (its judges may be swapped)."""
        hub = self.hub
        return Ingest(self.name, self.db, hub.vectors, hub.embedder, self.config, hub.refiner, self.redact,
                      self.now, link_judge=hub.link_judge, conflict_judge=hub.conflict_judge,
                      drafts=getattr(hub, "drafts", None))

    def redact(self, text: str) -> Redaction:
        """``text`` with detected secrets replaced (when ``privacy.redact`` is on)."""
        if not self.config.privacy.redact:
            return Redaction(text)
        return self.hub.redactor.redact(text)

    def index_cards(self, cards: Sequence[Card], *, progress: bool = False):
        """Embed ``cards`` into this tenant's vectors (summaries are only marked indexed);
        see :meth:`Ingest.index <autogen_zettel.memory.ingest.Ingest.index>`."""
        return self._ingest().index(cards, progress=progress)

    def remember_later(self, text: str | bytes, *, speaker: str, **fields) -> None:
        """Queue a message for the background worker (off the reply path); see :meth:`flush`.

        The message is validated now (same fields and schema as :meth:`remember`), so bad input
        fails in the caller, not silently later.
        """
        self.db.check_open()
        msg = self._ingest().prepare({**fields, "text": text, "speaker": speaker})
        self.hub.worker.submit(self.name, lambda: self.remember_many([msg]))

    def flush(self) -> None:
        """Wait until everything queued for this tenant is stored and linked."""
        self.hub.worker.wait(self.name)

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
        :func:`~autogen_zettel.memory.recall.progressive_recall`.

        Only active cards are recalled (not archived, frozen or to-verify ones, nor cards faded
        below ``decay.recall_floor``); decaying-tier cards past their period weigh
        ``privacy.decayed_weight``. Copies of one content (same speaker, same words) take one
        place, the others listed in ``hit.covers``; several hits covered by one summary become
        one summary hit (``hit.covers`` too), and a hit that won a conflict carries it
        (``hit.conflicts``) with a clarification question (``hit.note``).

        :param query: what to remember about (e.g. the recent messages of a chat)
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
            (0..1) times the speaker focus (up to 1 + ``recall.speaker_boost``), the privacy tier
            weight (at most 1) and ``modulation`` (the persona's factor, 1 ± its strength), so it
            can pass 1 (1.95 at most with the defaults); it ranks the hits of one recall
        """
        self.db.check_open()
        k = self.config.recall.k if k is None else k
        if not isinstance(k, int) or isinstance(k, bool) or k < 1:
            raise InvalidInput(f"k must be a positive integer, got {k!r}")
        if modulation is not None and not callable(modulation):
            raise InvalidInput(f"modulation must be a function card -> float or None, got {modulation!r}")
        now = self.now(at)
        hits = progressive_recall(self.store, query, k=k, now=now, embedder=self.hub.embedder, config=self.config,
                                  graph=lambda: self.neighbours, modulation=modulation, token_budget=token_budget)
        if touch and hits:
            ids = [h.card.id for h in hits] + [c.id for h in hits for c in h.covers]
            self.hub.worker.submit(self.name, lambda: self.db.touch(ids, now))
        return hits

    def card(self, card_id: str) -> Card:
        """The card with this id, or :class:`NotFound`."""
        card = self.db.get(card_id)
        if card is None:
            raise NotFound(f"no card {card_id!r} in tenant {self.name!r}; list cards with `autogen-zettel cards {self.name}`")
        return card

    def resolve_id(self, ref: str) -> str:
        """The id of the card ``ref`` names: its full id or a unique prefix of at least 4
        characters (like git's short hashes; ``autogen-zettel cards`` prints 8).

        :raises NotFound: no card, or several, start with ``ref`` (the message lists them)
        """
        if not isinstance(ref, str) or not ref.strip():
            raise InvalidInput(f"a card id must be a non-empty string, got {ref!r}")
        ref = ref.strip()
        if self.db.get(ref) is not None:
            return ref
        found = self.db.ids_starting(ref, limit=6) if len(ref) >= 4 else []
        if len(found) == 1:
            return found[0]
        hint = f"list cards with `autogen-zettel cards {self.name}`"
        if len(ref) < 4:
            raise NotFound(f"no card {ref!r} in tenant {self.name!r}; give at least 4 characters of its id ({hint})")
        if not found:
            raise NotFound(f"no card {ref!r} in tenant {self.name!r}; {hint}")
        raise NotFound(f"card id {ref!r} is ambiguous in tenant {self.name!r}: it starts "
                       f"{', '.join(found[:5])}{', ...' if len(found) > 5 else ''}; give more characters")

    def cards(self, *, status: CardStatus | None = None) -> list[Card]:
        """All cards, oldest first."""
        return list(self.db.iter_cards(status=status))

    def links(self, card_id: str) -> list[Link]:
        """The links of one card."""
        return self.db.links_of(card_id)

    def stats(self) -> dict:
        """Counts for a quick look: cards by kind and status, links, index points, model."""
        cards = self.cards()
        by_kind: dict[str, int] = {}
        by_status: dict[str, int] = {}
        for c in cards:
            by_kind[c.kind.value] = by_kind.get(c.kind.value, 0) + 1
            by_status[c.status.value] = by_status.get(c.status.value, 0) + 1
        return {
            "tenant": self.name,
            "cards": len(cards),
            "by_kind": by_kind,
            "by_status": by_status,
            "links": self.db.link_count(),
            "indexed": self.hub.vectors.count(self.name),
            "embedding_model": self.db.get_meta("embedding_model"),
            "embedding_dim": self.db.get_meta("embedding_dim"),
        }

    # -- changing ---------------------------------------------------------------------
    def reindex(self, *, progress: bool = False) -> int:
        """Drop and rebuild this tenant's vectors from SQLite with the hub's embedder."""
        with self.store.write_lock:
            emb = self.hub.embedder
            self.hub.vectors.drop(self.name)
            self.hub.vectors.create(self.name, emb.dim)
            self.db.set_meta("embedding_model", emb.name)
            self.db.set_meta("embedding_dim", str(emb.dim))
            cards = self.cards()
            self.db.mark_indexed([c.id for c in cards], False)
            self.index_cards(cards, progress=progress)
            return len(cards)
