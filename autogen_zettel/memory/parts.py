"""The working parts of one tenant, behind the :class:`~autogen_zettel.memory.tenant.Zettelkasten`
facade: :class:`TenantParts` composes them (the store, the write path, the archive, the session
log, the clarifications and the person layers) and is what each part, the trust layer
(:class:`~autogen_zettel.trust.maintenance.Curated`) and the persona engine
(:class:`~autogen_zettel.persona.memory_api.PersonaMemory`) work through; the facade keeps the
everyday calls and the namespaces a user meets. :class:`TenantAudit` is ``mem.audit``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from functools import partial

import networkx as nx

from autogen_zettel.base.cards import Card, CardStatus, Link
from autogen_zettel.base.clock import as_naive_utc
from autogen_zettel.base.errors import NotFound
from autogen_zettel.cards import graph as graphs
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.memory.archive import MemoryArchive
from autogen_zettel.memory.clarify import Clarifications
from autogen_zettel.memory.host import TenantHost
from autogen_zettel.memory.sessions import Sessions
from autogen_zettel.memory.writer import Writer
from autogen_zettel.people import tables as layer_tables
from autogen_zettel.people.layers import Layers
from autogen_zettel.recall.presets import link_weights, tuning_of
from autogen_zettel.store.audit import AuditEntry, AuditReport
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.persona_tables import PersonaStore
from autogen_zettel.store.tenant_store import TenantStore
from autogen_zettel.trust.privacy import Redaction

__all__ = ["TenantAudit", "TenantParts"]


class TenantParts:
    """One tenant's parts, composed once: :attr:`store` (database, index collection, audit log,
    write lock), :attr:`writer` (remember, index, reindex), :attr:`archive`, :attr:`sessions`,
    :attr:`clarifications` and :attr:`people` (facts, preferences, commitments)."""

    def __init__(self, hub: TenantHost, name: str, db: CardDB):
        # the person layers' own tables (and their data migrations), before anything reads a card;
        # a refusal leaves no connection open (as CardDB's own migrations do)
        try:
            layer_tables.migrations.apply(db.db)
        except BaseException:
            db.close()
            raise
        self.hub = hub
        self.name = name
        self.config = hub.config
        self.store = TenantStore(name, db, hub.vectors, hub.audit_log(name))
        self.repaired_on_open: tuple[str, ...] = ()  # set by open_tenant: what a reopen repaired
        self.archive = MemoryArchive(self)
        self.writer = Writer(hub, name, self.store, self.config, self.redact, self.now)
        self.sessions = Sessions(self)  # live sessions, how each ended, the upkeep log
        # every path that writes (remember, remember_many, remember_later, an agent's capture)
        # keeps the sessions: activity noted, sessions idle past the gap ended
        self.writer.on_written = self.sessions.saw
        self.clarifications = Clarifications(self)  # questions asked about conflicts, and answers
        self.people = Layers(self)  # facts, preferences, commitments (derived from the cards)
        self.audit = TenantAudit(self.store, self.now)

    @property
    def db(self) -> CardDB:
        """The tenant's SQLite database (the truth)."""
        return self.store.db

    @property
    def persona_store(self) -> PersonaStore:
        """The persona's tables in this tenant's database (traits, evidence, prompts, profile)."""
        return self.store.db.persona

    @property
    def summarizer(self) -> Callable[[str, Sequence[Card]], str] | None:
        """The hub's summary writer, or None for the extractive default."""
        return self.hub.summarizer

    @property
    def embedder(self) -> Embedder:
        """The hub's embedder (what this tenant's vectors were made with)."""
        return self.hub.embedder

    # -- the graph --------------------------------------------------------------------
    @property
    def graph(self) -> nx.Graph:
        """The whole card graph (loaded from the links table on first use), for background work
        and measurement. Recall does not load it: it reads the seeds' stored links per hop
        (:attr:`neighbours`)."""
        return self.store.cached(
            "graph",
            lambda: graphs.build_graph(
                self.db.links.iter(), cards=self.db.iter_cards(status=CardStatus.ACTIVE)
            ),
        )

    @property
    def neighbours(self) -> graphs.LinkNeighbours:
        """The card graph's adjacency for the nodes asked only, each kept until its links change
        (what recall uses): from an in-memory copy of every link once a background thread has
        loaded it (``recall.tuning.preload_links``), else read from SQLite."""

        def build() -> graphs.LinkNeighbours:
            cfg = tuning_of(self.config)
            table = (
                partial(self.db.links.table, max_rows=cfg.preload_links_max) if cfg.preload_links else None
            )
            return graphs.LinkNeighbours(
                self.db.links.rows_touching,
                changes=self.db.links.take_changes,
                table=table,
                weights=link_weights(cfg),
            )

        return self.store.cached("neighbours", build, lasting=True)

    # -- time, privacy, the worker ----------------------------------------------------------
    def now(self, at: datetime | None = None) -> datetime:
        """``at`` as naive UTC, or the hub clock's time when ``at`` is None."""
        return as_naive_utc(at) if at is not None else self.hub.clock.now()

    def redact(self, text: str) -> Redaction:
        """``text`` with detected secrets replaced (when ``privacy.redact`` is on)."""
        if not self.config.privacy.redact:
            return Redaction(text)
        return self.hub.redactor.redact(text)

    def index_cards(self, cards: Sequence[Card], *, progress: bool = False):
        """Embed ``cards`` into this tenant's vectors (summaries are only marked indexed);
        see :meth:`Ingest.index <autogen_zettel.memory.ingest.Ingest.index>`."""
        return self.writer.index_cards(cards, progress=progress)

    def flush(self) -> None:
        """Wait until everything queued for this tenant is stored and linked."""
        self.hub.worker.wait(self.name)

    def run_later(self, job: Callable[[], object]) -> None:
        """Queue ``job`` in the hub's background worker, after this tenant's queued captures
        (:meth:`flush` waits for it too; its failure is re-raised there)."""
        self.hub.worker.submit(self.name, job)

    def writing(self) -> AbstractContextManager:
        """The tenant's write lock, for a caller whose own writes must not interleave with a
        forget or maintenance (``with parts.writing(): ...``; re-entrant)."""
        return self.store.write_lock

    # -- reading ------------------------------------------------------------------------
    def card(self, card_id: str) -> Card:
        """The card with this id, or :class:`NotFound`."""
        card = self.db.get(card_id)
        if card is None:
            raise NotFound(
                f"no card {card_id!r} in tenant {self.name!r}; list cards with `autogen-zettel cards {self.name}`"
            )
        return card

    def cards(self, *, status: CardStatus | None = None) -> list[Card]:
        """All cards, oldest first."""
        return list(self.db.iter_cards(status=status))

    def links(self, card_id: str) -> list[Link]:
        """The links of one card."""
        return self.db.links.of(card_id)

    def all_links(self) -> Iterator[Link]:
        """Every link, first written first."""
        return self.db.links.iter()

    def cards_by_id(self, ids: Iterable[str]) -> dict[str, Card]:
        """The stored cards among ``ids``, by id (missing ids are left out)."""
        return self.db.get_many(ids)

    def speakers(self) -> set[str]:
        """Everyone who said something this memory holds."""
        return self.db.speakers()


class TenantAudit:
    """One tenant's audit log (``mem.audit``): append an entry, read them back, check the hash
    chain. Entries hold ids and digests, never content."""

    def __init__(self, store: TenantStore, now: Callable[[datetime | None], datetime]):
        self._store = store
        self._now = now

    def record(self, action: str, detail: dict, *, at: datetime | None = None) -> AuditEntry:
        """Append an entry to the tenant's audit log (give ids and digests, never content)."""
        return self._store.audit(action, detail, at=self._now(at))

    def entries(self) -> list[AuditEntry]:
        """Every entry of the log, oldest first."""
        return self._store.audit_entries()

    def verify(self) -> AuditReport:
        """Check the audit hash chain (``report.ok``; ``report.problems`` name the bad entries)."""
        return self._store.verify_audit()

    def card_ref(self, card_id: str) -> str:
        """What the entries record for ``card_id``: its ids are keyed under the tenant's audit
        key, never written plain; find a card's entries by this value."""
        return self._store.card_ref(card_id)
