"""The facade: :class:`MemoryHub` owns a process's shared parts, :class:`Zettelkasten` is one
agent's memory.

One tenant = one SQLite file (the truth) + one Qdrant collection (a rebuildable index). The
hub holds the single Qdrant client of its data folder (local mode locks the folder), the
embedder, the clock and a background worker, and hands out tenants by name::

    with MemoryHub.open("./memory") as hub:
        mem = hub.tenant("alice")
        mem.remember("I moved to Lisbon in May.", speaker="alice", message_id="m1")
        hits = mem.recall("where does alice live?", k=5)

Layout of a data folder: ``tenants/<name>.sqlite`` and ``qdrant/`` (local mode).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path

import networkx as nx

from . import graph as graphs
from .archive import ArchiveMixin
from .audit import AuditLog
from .cards import Card, CardKind, CardStatus, Hit, Link, Message, PrivacyTier
from .clock import Clock, SystemClock, as_naive_utc
from .config import MemoryConfig, load_config
from .conflicts import Judge, attach_conflicts
from .embed import Embedder, make_embedder
from .errors import ConfigError, EmbeddingMismatch, InvalidInput, NotFound
from .ingest import Ingest, LinkJudge
from .maintenance import strength
from .privacy import Redaction, Redactor, tier_weight
from .recall import cap_associative, cut_to_budget, fuse, prefer_summaries, unlock
from .refine import HeuristicRefiner, Refiner, clean_text
from .store.db import CardDB
from .store.vectors import VectorIndex, api_key_from_env
from .worker import Worker

__all__ = ["MemoryHub", "Zettelkasten", "LinkJudge", "validate_tenant_name"]

log = logging.getLogger(__name__)

_TENANT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$")


def validate_tenant_name(name: object) -> str:
    """Return ``name`` if it is a safe tenant name, else raise :class:`InvalidInput`.

    >>> validate_tenant_name("ada-1")
    'ada-1'
    >>> validate_tenant_name("../x")
    Traceback (most recent call last):
    ...
    autogen_zettel.errors.InvalidInput: tenant name '../x' is not allowed: ...
    """
    if not isinstance(name, str) or not _TENANT.match(name) or ".." in name:
        raise InvalidInput(
            f"tenant name {name!r} is not allowed: use 1-64 letters, digits, '_', '-' or '.', "
            "starting with a letter or digit, with no '..' or '/' (e.g. 'alice' or 'critic_2')"
        )
    return name


class MemoryHub:
    """Shared resources of one process: one Qdrant client per data folder, one embedder,
    one clock and one background worker; tenants are opened once and cached by name."""

    def __init__(
        self,
        *,
        vectors: VectorIndex,
        embedder: Embedder,
        data_dir: Path | None = None,
        config: MemoryConfig | None = None,
        clock: Clock | None = None,
        refiner: Refiner | None = None,
        link_judge: LinkJudge | None = None,
        conflict_judge: Judge | None = None,
        summarizer: Callable[[str, Sequence[Card]], str] | None = None,
    ):
        self.vectors = vectors
        self.link_judge = link_judge
        self.conflict_judge = conflict_judge  # conflict_judge(new_card, old_card) -> Verdict | None
        self.summarizer = summarizer  # summarizer(period label, member cards) -> summary text
        self.redactor = Redactor.from_config((config or MemoryConfig()).privacy)
        self._audits: dict[str, AuditLog] = {}
        self.refiner: Refiner = refiner or HeuristicRefiner()
        self.embedder = embedder
        self.data_dir = data_dir
        self.config = config or MemoryConfig()
        self.clock: Clock = clock or SystemClock()
        self.worker = Worker()
        self._tenants: dict[str, Zettelkasten] = {}
        self._lock = threading.RLock()
        self._closed = False

    @classmethod
    def open(
        cls,
        data_dir: str | Path | None = None,
        *,
        config: MemoryConfig | str | Path | None = None,
        memory: bool = False,
        qdrant_url: str | None = None,
        embedder: Embedder | None = None,
        clock: Clock | None = None,
        refiner: Refiner | None = None,
        link_judge: LinkJudge | None = None,
        conflict_judge: Judge | None = None,
        summarizer: Callable[[str, Sequence[Card]], str] | None = None,
    ) -> "MemoryHub":
        """Open a hub on a data folder (embedded default), in memory, or with a Qdrant server.

        :param data_dir: folder for the SQLite files (and Qdrant local storage unless a URL is set)
        :param config: a :class:`MemoryConfig` or the path of a YAML config file
        :param memory: keep everything in memory (nothing on disk); excludes ``data_dir``
        :param qdrant_url: a Qdrant server URL (overrides ``vectors.url`` of the config)
        :param embedder: an embedder to use instead of the one the config names
        :param clock: where ``now`` comes from when a write has no ``at=``
        :param refiner: distils messages into cards (default: the heuristic refiner, no LLM)
        :param link_judge: grades candidate links (e.g. :class:`~autogen_zettel.llm.LLMLinkJudge`);
            called as ``judge(card, [(other, cosine), ...])`` and returning ``{other id: LinkKind
            or None}``, or None to fall back to the similarity thresholds
        :param conflict_judge: decides whether two cards contradict, ``judge(new, old) -> Verdict``
            (e.g. :func:`~autogen_zettel.conflicts.llm_judge`); without one, offline rules decide
        :param summarizer: writes period summaries, ``summarizer(label, cards) -> str`` (default: extractive)
        """
        if isinstance(config, (str, Path)):
            config = load_config(config)
        config = config or MemoryConfig()
        if memory and data_dir is not None:
            raise ConfigError("give either a data folder or memory=True, not both")
        if not memory and data_dir is None:
            raise ConfigError("give a data folder, e.g. MemoryHub.open('./memory'), or memory=True")
        url = qdrant_url or config.vectors.url
        if memory:
            vectors = (
                VectorIndex.open(url=url, api_key=api_key_from_env(config.vectors.api_key_env), prefix=config.vectors.prefix)
                if url
                else VectorIndex.open(memory=True, prefix=config.vectors.prefix)
            )
            root = None
        else:
            root = Path(data_dir)
            if root.exists() and not root.is_dir():
                raise ConfigError(f"data folder {str(root)!r} is a file; give a folder path")
            (root / "tenants").mkdir(parents=True, exist_ok=True)
            if url:
                vectors = VectorIndex.open(url=url, api_key=api_key_from_env(config.vectors.api_key_env), prefix=config.vectors.prefix)
            else:
                vectors = VectorIndex.open(path=root / "qdrant", prefix=config.vectors.prefix)
        if embedder is None:
            e = config.embedding
            embedder = make_embedder(e.model, device=e.device, batch_size=e.batch_size, max_length=e.max_length)
        return cls(vectors=vectors, embedder=embedder, data_dir=root, config=config, clock=clock, refiner=refiner,
                   link_judge=link_judge, conflict_judge=conflict_judge, summarizer=summarizer)

    # -- tenants --------------------------------------------------------------------
    def tenant(self, name: str) -> "Zettelkasten":
        """The memory of tenant ``name`` (created on first use); the same object per name."""
        name = validate_tenant_name(name)
        with self._lock:
            self._check_open()
            mem = self._tenants.get(name)
            if mem is None:
                self._check_collision(name)
                mem = Zettelkasten._open(self, name)
                self._tenants[name] = mem
            return mem

    def tenants(self) -> list[str]:
        """Names of the tenants stored in this hub (on disk, or opened in memory)."""
        names = set(self._tenants)
        if self.data_dir is not None:
            names.update(p.stem for p in (self.data_dir / "tenants").glob("*.sqlite"))
        return sorted(names)

    def _check_collision(self, name: str) -> None:
        for other in self.tenants():
            if other != name and other.casefold() == name.casefold():
                raise InvalidInput(
                    f"tenant name {name!r} collides with existing tenant {other!r} (names differ only "
                    f"in case); use {other!r} or another name"
                )

    def db_path(self, name: str) -> Path | None:
        return None if self.data_dir is None else self.data_dir / "tenants" / f"{name}.sqlite"

    def reindex(self, name: str, *, progress: bool = False) -> int:
        """Rebuild tenant ``name``'s vectors from SQLite with this hub's embedder."""
        name = validate_tenant_name(name)
        with self._lock:
            mem = self._tenants.get(name) or Zettelkasten._open(self, name, check_model=False)
            self._tenants[name] = mem
        return mem.reindex(progress=progress)

    def audit_log(self, name: str) -> AuditLog:
        """Tenant ``name``'s append-only audit log (``<data folder>/audit/<name>.sqlite``)."""
        name = validate_tenant_name(name)
        with self._lock:
            log_ = self._audits.get(name)
            if log_ is None:
                path = None if self.data_dir is None else self.data_dir / "audit" / f"{name}.sqlite"
                log_ = self._audits[name] = AuditLog(path)
            return log_

    def drop_tenant(self, name: str, *, at: datetime | None = None) -> None:
        """Delete a tenant completely: its SQLite file (and WAL), every row wiped and the file
        vacuumed first, and its Qdrant collection.

        The tenant's audit log is kept, with an entry recording the drop (counts only).
        """
        name = validate_tenant_name(name)
        with self._lock:
            mem = self._tenants.pop(name, None)
            path = self.db_path(name)
            existed = mem is not None or (path is not None and path.exists()) or self.vectors.exists(name)
            cards = 0
            # wiped before unlinking: the unlinked blocks stay on disk until reused
            if mem is not None:
                mem.flush()
                cards = mem.db.count()
                mem.db.wipe()
                mem.db.close()
            elif path is not None and path.exists():
                db = CardDB(path)
                cards = db.count()
                db.wipe()
                db.close()
            self.vectors.drop(name)
            if path is not None:
                for suffix in ("", "-wal", "-shm", "-journal"):
                    Path(str(path) + suffix).unlink(missing_ok=True)
        if existed:
            when = as_naive_utc(at) if at is not None else self.clock.now()
            self.audit_log(name).append("drop_tenant", {"cards": cards}, at=when)

    def forget_everywhere(self, subject: str, *, at: datetime | None = None) -> dict:
        """Forget everything about ``subject`` in every tenant of this hub (each agent's memory);
        returns tenant name -> :class:`~autogen_zettel.forget.ForgetReport`."""
        return {name: self.tenant(name).forget(subject=subject, at=at) for name in self.tenants()}

    def _check_open(self) -> None:
        if self._closed:
            raise InvalidInput("this MemoryHub is closed; open a new one with MemoryHub.open(...)")

    # -- lifecycle ------------------------------------------------------------------
    def flush(self) -> None:
        """Wait for every tenant's queued work."""
        self.worker.wait()

    def close(self) -> None:
        """Finish queued work, close every tenant and release the Qdrant folder."""
        with self._lock:
            if self._closed:
                return
            try:
                self.worker.close()
            finally:
                for mem in self._tenants.values():
                    mem.db.close()
                self._tenants.clear()
                for audit in self._audits.values():
                    audit.close()
                self._audits.clear()
                self.vectors.close()
                self._closed = True

    def __enter__(self) -> "MemoryHub":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Zettelkasten(ArchiveMixin):
    """One tenant's memory: remember, recall, explain, forget. Get it from :meth:`MemoryHub.tenant`.

    The memory-archive operations (freeze, thaw, edit, forget, conflicts, maintain, export,
    audit) come from :class:`~autogen_zettel.archive.ArchiveMixin`.
    """

    def __init__(self, hub: MemoryHub, name: str, db: CardDB):
        self.hub = hub
        self.name = name
        self.db = db
        self.config = hub.config
        self._graph: nx.Graph | None = None
        self._summaries_exist: bool | None = None
        self._write_lock = threading.RLock()

    # -- opening ----------------------------------------------------------------------
    @classmethod
    def _open(cls, hub: MemoryHub, name: str, *, check_model: bool = True) -> "Zettelkasten":
        mem = cls(hub, name, CardDB(hub.db_path(name)))
        if check_model:
            mem._check_model()
        hub.vectors.create(name, hub.embedder.dim)
        if check_model:
            mem._reconcile()
        return mem

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
                f"{emb.name!r} (dim {emb.dim}); open it with the same embedding.model, or rebuild its "
                f"vectors: `autogen-zettel reindex {self.name} --model ...` (MemoryHub.reindex({self.name!r}))"
            )

    def _reconcile(self) -> None:
        """Repair a crash between the SQLite and Qdrant writes: SQLite wins."""
        known = self.db.searchable_ids()
        indexed = self.hub.vectors.ids(self.name)
        stray = sorted(indexed - known)
        if stray:
            log.warning("tenant %s: removing %d index points with no card", self.name, len(stray))
            self.hub.vectors.delete(self.name, stray)
        missing = set(self.db.unindexed_ids()) | (known - indexed)
        if missing:
            log.warning("tenant %s: indexing %d cards missing from the index", self.name, len(missing))
            self._index(list(self.db.get_many(sorted(missing)).values()))

    # -- the graph --------------------------------------------------------------------
    @property
    def graph(self) -> nx.Graph:
        """The card graph (loaded from the links table on first use)."""
        if self._graph is None:
            self._graph = graphs.build_graph(self.db.iter_links())
        return self._graph

    # -- writing ----------------------------------------------------------------------
    def _now(self, at: datetime | None) -> datetime:
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

        :param text: the message (str, or UTF-8 bytes)
        :param speaker: who said it
        :param message_id: the message's id (made from speaker, time and text if not given)
        :param session_id: the conversation session it belongs to
        :param at: when it was said (default: the hub's clock)
        :param reply_to: id of the message this one answers
        :param tier: ``PrivacyTier.PERMANENT`` for an explicitly authorised fact; ``NEVER`` stores nothing
        """
        msg = Message(text, speaker, message_id, session_id, at, reply_to, tier=tier)
        return self.remember_many([msg])

    def remember_many(self, messages: Iterable[Message | dict], *, progress: bool = False) -> list[Card]:
        """Remember many messages at once: one transaction, batched embedding and index writes.

        Every message is validated before anything is written, so one bad message stores nothing.
        """
        ingest = self._ingest()
        prepared = [ingest.prepare(m) for m in messages]
        drafts, claims = ingest.draft(prepared)
        with self._write_lock:
            # read the graph under the lock: forget and maintain drop it (set it to None) there
            return ingest.write(drafts, claims, graph=self._graph, progress=progress)

    def _ingest(self) -> Ingest:
        """The write path's collaborators, read from the hub now (its judges may be swapped)."""
        hub = self.hub
        return Ingest(self.name, self.db, hub.vectors, hub.embedder, self.config, hub.refiner, self.redact,
                      self._now, link_judge=hub.link_judge, conflict_judge=hub.conflict_judge)

    def _prepare(self, m: Message | dict) -> Message:
        return self._ingest().prepare(m)

    def redact(self, text: str) -> Redaction:
        """``text`` with detected secrets replaced (when ``privacy.redact`` is on)."""
        if not self.config.privacy.redact:
            return Redaction(text)
        return self.hub.redactor.redact(text)

    def _index(self, cards: Sequence[Card], *, progress: bool = False):
        """Embed ``cards`` into this tenant's vectors (summaries are only marked indexed);
        see :meth:`Ingest.index <autogen_zettel.ingest.Ingest.index>`."""
        return self._ingest().index(cards, progress=progress)

    def remember_later(self, text: str | bytes, *, speaker: str, **fields) -> None:
        """Queue a message for the background worker (off the reply path); see :meth:`flush`.

        The message is validated now, so bad input fails in the caller, not silently later.
        """
        unknown = set(fields) - {"message_id", "session_id", "at", "reply_to", "tier"}
        if unknown:
            raise InvalidInput(f"unknown field(s) {sorted(unknown)!r}; allowed: message_id, session_id, at, reply_to, tier")
        msg = self._prepare(Message(text, speaker, fields.get("message_id"), fields.get("session_id"),
                                    fields.get("at"), fields.get("reply_to"), tier=fields.get("tier")))
        self.hub.worker.submit(self.name, lambda: self.remember_many([msg]))

    def flush(self) -> None:
        """Wait until everything queued for this tenant is stored and linked."""
        self.hub.worker.wait(self.name)

    # -- reading ----------------------------------------------------------------------
    def _recallable_at(self, now: datetime):
        """A lookup of recallable cards: active, not summaries, not faded below ``decay.recall_floor``."""
        floor = self.config.decay.recall_floor
        decay = self.config.decay

        def lookup(ids: Sequence[str]) -> dict[str, Card]:
            return {i: c for i, c in self.db.get_many(ids).items()
                    if c.status is CardStatus.ACTIVE and c.kind is not CardKind.SUMMARY
                    and (floor <= 0 or strength(c, now, decay) >= floor)}

        return lookup

    def _recallable(self, ids: Sequence[str]) -> dict[str, Card]:
        return self._recallable_at(self.hub.clock.now())(ids)

    def _has_summaries(self) -> bool:
        if self._summaries_exist is None:
            self._summaries_exist = self.db.has_kind(CardKind.SUMMARY)
        return self._summaries_exist

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
        """Progressive recall: hybrid search, then associative unlocking along links.

        Only active cards are recalled (not archived, frozen or to-verify ones, nor cards faded
        below ``decay.recall_floor``); decaying-tier cards past their period weigh
        ``privacy.decayed_weight``. Several hits covered by one summary become one summary hit
        (``hit.covers``), and a hit that won a conflict carries it (``hit.conflicts``) with a
        clarification question (``hit.note``).

        :param query: what to remember about (e.g. the recent messages of a chat)
        :param k: at most this many hits (default ``recall.k`` of the config)
        :param at: the time of the recall, for recency (default: the hub's clock)
        :param token_budget: also cut the hits to this many prompt tokens
        :param touch: count this as an access of the recalled cards (in the background); each
            access strengthens a card on the forgetting curve
        :param modulation: an extra factor per card, ``modulation(card) -> float`` (1.0 is neutral,
            above boosts, below damps; keep it positive), multiplied with the privacy tier weight
            into every score. It reorders the candidates the search and the links found; it
            adds none. The persona engine of issue #4 passes its factor here
            (:meth:`~autogen_zettel.evolution.PersonaEngine.modulation`).
        :returns: hits, best first; ``hit.score`` is higher for better matches
        """
        cfg = self.config.recall
        k = cfg.k if k is None else k
        if not isinstance(k, int) or k < 1:
            raise InvalidInput(f"k must be a positive integer, got {k!r}")
        if modulation is not None and not callable(modulation):
            raise InvalidInput(f"modulation must be a function card -> float or None, got {modulation!r}")
        query = clean_text(query)
        if not query:
            return []
        now = self._now(at)
        emb = self.hub.embedder
        dense = emb.encode([query], query=True)[0]
        sparse = emb.sparse([query], query=True)[0]
        result = self.hub.vectors.search(self.name, dense, sparse, cfg.candidates)
        fused = fuse(result, dense_weight=cfg.dense_weight)
        recallable = self._recallable_at(now)
        active: dict[str, Card] = {}
        for start in range(0, len(fused), 3 * k):  # skip past cards that cannot be recalled
            active.update(recallable([i for i, _ in fused[start : start + 3 * k]]))
            if len(active) >= 3 * k:
                break
        immediate = [(i, s) for i, s in fused if i in active]
        privacy = self.config.privacy

        def factor(card: Card) -> float:
            weight = tier_weight(card, now, privacy)
            return weight if modulation is None else weight * modulation(card)

        summaries = cfg.prefer_summary_min > 0 and self._has_summaries()
        hits = unlock(immediate, self.graph, recallable, cfg, k=2 * k if summaries else k, now=now,
                      modulation=factor)
        if summaries:
            hits = self._prefer_summaries(hits, k)
        hits = attach_conflicts(self.db, hits)
        if token_budget is not None:
            hits = cut_to_budget(hits, token_budget)
        if touch and hits:
            ids = [h.card.id for h in hits] + [c.id for h in hits for c in h.covers]
            self.hub.worker.submit(self.name, lambda: self.db.touch(ids, now))
        return hits

    def _prefer_summaries(self, hits: list[Hit], k: int) -> list[Hit]:
        """Group the top ``k`` hits under their summaries, then refill the places that freed
        with the next hits: grouping compresses what was found, it promotes nothing."""
        # Neither cap below repeats the one unlock applied: unlock capped 2k places at
        # floor(share * 2k) associative hits, so its first k can hold more than floor(share * k);
        # hits[:k] would let associative hits take immediate ones' places. Same after the refill:
        # the rest re-offers the associative hits skipped here, and the list must end at k.
        share = self.config.recall.associative_share
        top = cap_associative(hits, k=k, share=share)
        summary_of = self.db.summaries_of([h.card.id for h in top])
        ids = {s for ss in summary_of.values() for s in ss}
        summaries = {i: c for i, c in self.db.get_many(ids).items() if c.status is CardStatus.ACTIVE}
        grouped = prefer_summaries(top, summary_of, summaries, min_members=self.config.recall.prefer_summary_min)
        if len(grouped) == len(top):
            return top
        used = {h.card.id for h in top}
        return cap_associative(grouped + [h for h in hits if h.card.id not in used], k=k, share=share)

    def card(self, card_id: str) -> Card:
        """The card with this id, or :class:`NotFound`."""
        card = self.db.get(card_id)
        if card is None:
            raise NotFound(f"no card {card_id!r} in tenant {self.name!r}; list cards with `autogen-zettel cards {self.name}`")
        return card

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
        with self._write_lock:
            emb = self.hub.embedder
            self.hub.vectors.drop(self.name)
            self.hub.vectors.create(self.name, emb.dim)
            self.db.set_meta("embedding_model", emb.name)
            self.db.set_meta("embedding_dim", str(emb.dim))
            cards = self.cards()
            self.db.mark_indexed([c.id for c in cards], False)
            self._index(cards, progress=progress)
            return len(cards)

    def set_status(self, card_id: str, status: CardStatus) -> Card:
        """Change a card's status (archived, frozen and to-verify cards are not recalled)."""
        card = self.card(card_id).with_changes(status=status)
        with self.db.atomic():
            self.db.insert_cards([card])
            self.db.mark_indexed([card_id])
        return card
