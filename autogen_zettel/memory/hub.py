"""The hub: a process's shared parts (one Qdrant client per data folder, one embedder, one
clock, one background worker) and the tenants it hands out by name::

    with MemoryHub.open("./memory") as hub:
        mem = hub.tenant("alice")
        mem.remember("I moved to Lisbon in May.", speaker="alice", message_id="m1")
        hits = mem.recall("where does alice live?", k=5)
"""

from __future__ import annotations

import logging
import os
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

from autogen_zettel.base.cards import Card
from autogen_zettel.base.clock import Clock, SystemClock, as_naive_utc
from autogen_zettel.base.config import MemoryConfig, load_config
from autogen_zettel.base.errors import ConfigError, InvalidInput, NotFound
from autogen_zettel.base.worker import Worker, WorkerClosed
from autogen_zettel.cards.refine import HeuristicRefiner, Refiner
from autogen_zettel.embed.embedders import Embedder, make_embedder
from autogen_zettel.embed.encode_cache import cached
from autogen_zettel.memory.drafts import DraftCache
from autogen_zettel.memory.link_plan import LinkJudge
from autogen_zettel.memory.tenant import Zettelkasten, tenant_parts
from autogen_zettel.recall.rerank import Reranker
from autogen_zettel.store.audit import AuditLog, AuditReport
from autogen_zettel.store.backends import open_index
from autogen_zettel.store.connection import forked_error
from autogen_zettel.store.db import CardDB
from autogen_zettel.store.handles import HandlePool, default_open_tenants
from autogen_zettel.store.index import VectorStore
from autogen_zettel.store.layout import SQLITE_SIDE_FILES, DataFolder, reserved_suffix
from autogen_zettel.store.persona_tables import PersonaStore
from autogen_zettel.store.qdrant_local import api_key_from_env
from autogen_zettel.store.session_tables import overdue_work
from autogen_zettel.store.tenant_store import TenantStore
from autogen_zettel.trust.conflict_judge import Judge
from autogen_zettel.trust.privacy import Redactor

__all__ = ["MemoryHub", "validate_tenant_name", "persona_tables"]

log = logging.getLogger(__name__)

#: threads of :attr:`MemoryHub.embed_ahead`: the current and the next batch of a bulk ingest
EMBED_AHEAD_THREADS = 2

# matched with fullmatch: "$" also matches before a final newline, which let "alice\n" in
_TENANT = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}")


def validate_tenant_name(name: object) -> str:
    """Return ``name`` if it is a safe tenant name, else raise :class:`InvalidInput`.

    >>> validate_tenant_name("ada-1")
    'ada-1'
    >>> validate_tenant_name("../x")
    Traceback (most recent call last):
    ...
    autogen_zettel.base.errors.InvalidInput: tenant name '../x' is not allowed: ...
    """
    if not isinstance(name, str) or not _TENANT.fullmatch(name) or ".." in name:
        raise InvalidInput(
            f"tenant name {name!r} is not allowed: use 1-64 letters, digits, '_', '-' or '.', "
            "starting with a letter or digit, with no '..' or '/' (e.g. 'alice' or 'critic_2')"
        )
    suffix = reserved_suffix(name)
    if suffix is not None:
        stem = name[: -len(suffix)] or "agent"
        raise InvalidInput(
            f"tenant name {name!r} ends with {suffix!r}, which is reserved: the data folder keeps files "
            f"with that ending beside a tenant's own; use another name, e.g. {stem.replace('.', '_') + '_2'!r}"
        )
    return name


class MemoryHub:
    """Shared resources of one process: one Qdrant client per data folder, one embedder,
    one clock and one background worker; tenants are opened once and cached by name."""

    def __init__(
        self,
        *,
        vectors: VectorStore,
        embedder: Embedder,
        data_dir: Path | None = None,
        config: MemoryConfig | None = None,
        clock: Clock | None = None,
        refiner: Refiner | None = None,
        link_judge: LinkJudge | None = None,
        conflict_judge: Judge | None = None,
        summarizer: Callable[[str, Sequence[Card]], str] | None = None,
        reranker: Reranker | None = None,
    ):
        self.vectors = vectors
        self.reranker = reranker  # reranker(query, hits) -> hits | None; None: the offline order
        self.link_judge = link_judge
        self.conflict_judge = conflict_judge  # conflict_judge(new_card, old_card) -> Verdict | None
        self.summarizer = summarizer  # summarizer(period label, member cards) -> summary text
        self.redactor = Redactor.from_config((config or MemoryConfig()).privacy)
        self._audits: dict[str, AuditLog] = {}
        self.refiner: Refiner = refiner or HeuristicRefiner()
        self.data_dir = data_dir
        self.config = config or MemoryConfig()
        # one encode per distinct text for every tenant and the query path (embedding.cache_mb);
        # the embedder given stays reachable as ``hub.embedder.inner``
        self.embedder = cached(embedder, self.config.embedding.cache_mb << 20)
        self.drafts = DraftCache()  # and one draft per single message for every listening tenant
        self.clock: Clock = clock or SystemClock()
        self.worker = Worker(limit=self.config.hub.max_queued)
        self._embed_ahead: ThreadPoolExecutor | None = None
        self._tenants: dict[str, Zettelkasten] = {}
        self.session_subscribers: dict[str, list] = {}  # tenant -> who is told of its session ends
        # tenants are cheap handles: at most this many keep their SQLite files open, the least
        # recently used idle ones closing theirs until their next use
        self.open_files = HandlePool(self.config.hub.max_open_tenants or default_open_tenants())
        self._lock = threading.RLock()
        self._closed = False
        # set when close() begins; the catch-up job reads it without the lock, which close()
        # does not hold while it waits for the worker (a job waiting for it would never end)
        self._closing = threading.Event()
        self._pid = os.getpid()  # a hub belongs to the process that opened it (see _check_open)

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
        reranker: Reranker | None = None,
    ) -> MemoryHub:
        """Open a hub on a data folder (embedded default), in memory, or with a Qdrant server.

        :param data_dir: folder for the SQLite files (and the embedded vector engine unless a URL is
            set; ``vectors.engine`` picks it, see :func:`~autogen_zettel.store.index.open_index`)
        :param config: a :class:`MemoryConfig` or the path of a YAML config file
        :param memory: keep everything in memory (nothing on disk); excludes ``data_dir``
        :param qdrant_url: a Qdrant server URL (overrides ``vectors.url`` of the config)
        :param embedder: an embedder to use instead of the one the config names
        :param clock: where ``now`` comes from when a write has no ``at=``
        :param refiner: distils messages into cards (default: the heuristic refiner, no LLM)
        :param link_judge: grades candidate links (e.g. :class:`~autogen_zettel.memory.llm_refine.LLMLinkJudge`);
            called as ``judge(card, [(other, cosine), ...])`` and returning ``{other id: LinkKind
            or None}``, or None to fall back to the similarity thresholds
        :param conflict_judge: decides whether two cards contradict, ``judge(new, old) -> Verdict``
            (e.g. :func:`~autogen_zettel.trust.conflict_judge.llm_judge`); without one, offline rules decide
        :param summarizer: writes period summaries, ``summarizer(label, cards) -> str`` (default: extractive)
        :param reranker: orders each recall's best candidates, ``reranker(query, hits) -> hits or
            None`` with a ``candidates`` attribute (e.g. :class:`~autogen_zettel.memory.llm_rerank.LLMReranker`);
            default: none, the offline order
        """
        if isinstance(config, (str, Path)):
            config = load_config(config)
        config = config or MemoryConfig()
        if memory and data_dir is not None:
            raise ConfigError("give either a data folder or memory=True, not both")
        if not memory and data_dir is None:
            raise ConfigError("give a data folder, e.g. MemoryHub.open('./memory'), or memory=True")
        url = qdrant_url or config.vectors.url
        v = config.vectors
        api_key = api_key_from_env(v.api_key_env) if url else None
        if memory:
            vectors = open_index(
                memory=True,
                url=url,
                api_key=api_key,
                engine=v.engine,
                prefix=v.prefix,
                threads=config.threads.limit,
                layout=v.layout,
                shards=v.shards,
                replicas=v.replicas,
            )
            root = None
        else:
            root = Path(data_dir)
            if root.exists() and not root.is_dir():
                raise ConfigError(f"data folder {str(root)!r} is a file; give a folder path")
            DataFolder(root).tenants.mkdir(parents=True, exist_ok=True)
            DataFolder(root).check_private()  # before anything unpickles from it
            vectors = open_index(
                data_dir=root,
                url=url,
                api_key=api_key,
                engine=v.engine,
                prefix=v.prefix,
                threads=config.threads.limit,
                layout=v.layout,
                shards=v.shards,
                replicas=v.replicas,
                dense_copy_mb=v.dense_copy_mb,
                quantization=v.quantization,
                max_open_shards=v.max_open_shards,
            )
        if embedder is None:
            e = config.embedding
            embedder = make_embedder(
                e.model,
                device=e.device,
                batch_size=e.batch_size,
                max_length=e.max_length,
                threads=config.threads.limit,
                batch_threads=config.threads.batch,
                batch_workers=config.threads.workers,
                quantize=e.quantize,
                runtime=e.runtime,
                cache_dir=e.cache_dir,
            )
        if config.recall.llm_rerank and reranker is None:
            log.warning(
                "recall.llm_rerank is %d but no model orders recall: pass "
                "reranker=LLMReranker(llm_config, candidates=%d) to MemoryHub.open, or run simulate "
                "with --llm; recall keeps the offline order",
                config.recall.llm_rerank,
                config.recall.llm_rerank,
            )
        hub = cls(
            vectors=vectors,
            embedder=embedder,
            data_dir=root,
            config=config,
            clock=clock,
            refiner=refiner,
            link_judge=link_judge,
            conflict_judge=conflict_judge,
            summarizer=summarizer,
            reranker=reranker,
        )
        hub.catch_up()
        return hub

    def catch_up(self) -> None:
        """Run what is overdue, in the background (``flush()`` waits for it): in every tenant of
        the folder, sessions a process left live past ``sessions.idle_minutes`` end
        (reason "idle gap", at their last activity), and maintenance that is late runs.
        :meth:`open` calls it; each tenant's database is first read without opening its index,
        so tenants with nothing due stay closed. (Mining and the profile catch up when the
        agent's persona engine starts, see :class:`~autogen_zettel.persona.engine.PersonaEngine`.)"""
        if self.data_dir is None:
            return
        cfg = self.config.maintenance
        idle = self.config.sessions.idle_minutes

        def job() -> None:
            now = self.clock.now()
            for name in DataFolder(self.data_dir).tenant_names():
                path = self.db_path(name)
                if path is None or not overdue_work(
                    path, now, idle_minutes=idle, every_hours=cfg.every_hours
                ):
                    continue
                if self._closing.is_set():
                    return
                try:
                    mem = self.tenant(name)
                except Exception as exc:  # noqa: BLE001 - one damaged tenant must not stop the others
                    log.warning(
                        "tenant %s: could not open to run overdue work (%s)", name, type(exc).__name__
                    )
                    continue
                try:
                    mem.sessions.end_live(at=now, reason="idle gap", idle_minutes=idle)
                    # overdue maintenance runs as of the tenant's own latest activity: an imported
                    # export of old chats is not two years idle the day it is imported
                    latest = mem.sessions.latest_activity()
                    at = latest if latest is not None and latest < now else now
                    if self._closing.is_set():
                        return
                    self.worker.submit(name, lambda m=mem, at=at: m.sessions.maintain_if_due(at, "hub open"))
                except WorkerClosed:
                    # the hub closed while this job ran (the flag is read without a lock): what
                    # is left overdue is found again by the next open
                    log.info("catch-up stopped: the hub is closing")
                    return

        self.worker.submit("hub", job)

    # -- tenants --------------------------------------------------------------------
    def tenant(self, name: str) -> Zettelkasten:
        """The memory of tenant ``name`` (created on first use); the same object per name."""
        name = validate_tenant_name(name)
        with self._lock:
            self._check_open()
            mem = self._tenants.get(name)
            if mem is None:
                self._check_collision(name)
                mem = Zettelkasten.open(self, name)
                self._tenants[name] = mem
            return mem

    def tenants(self) -> list[str]:
        """Names of the tenants stored in this hub (on disk, or opened in memory)."""
        names = set(self._tenants)
        if self.data_dir is not None:
            names.update(DataFolder(self.data_dir).tenant_names())
        return sorted(names)

    def _check_collision(self, name: str) -> None:
        for other in self.tenants():
            if other != name and other.casefold() == name.casefold():
                raise InvalidInput(
                    f"tenant name {name!r} collides with existing tenant {other!r} (names differ only "
                    f"in case); use {other!r} or another name"
                )

    def db_path(self, name: str) -> Path | None:
        """Where tenant ``name``'s database lives (None in memory)."""
        return None if self.data_dir is None else DataFolder(self.data_dir).tenant_db(name)

    def reindex(self, name: str, *, progress: bool = False) -> int:
        """Rebuild tenant ``name``'s vectors from SQLite with this hub's embedder."""
        name = validate_tenant_name(name)
        with self._lock:
            self._check_open()
            if name not in self._tenants:
                self._check_collision(name)
            mem = self._tenants.get(name) or Zettelkasten.open(self, name, check_model=False)
            self._tenants[name] = mem
        return mem.reindex(progress=progress)

    def reindex_all(self, *, progress: bool = False) -> dict[str, int]:
        """Rebuild every tenant's vectors from SQLite; returns tenant -> cards indexed.

        On the embedded engine ``edge`` this is the migration from an older data folder:
        once every tenant is in edge, the folder's qdrant-client local storage (which holds
        pickled points) is deleted, and ``vectors.engine: auto`` opens the folder with edge.
        """
        done = {name: self.reindex(name, progress=progress) for name in self.tenants()}
        legacy = None if self.data_dir is None else DataFolder(self.data_dir).qdrant
        if getattr(self.vectors, "engine", None) == "edge" and legacy is not None and legacy.exists():
            import shutil

            shutil.rmtree(legacy)
            log.info("moved %d tenants to the embedded engine; removed %s", len(done), legacy)
        return done

    def audit_log(self, name: str) -> AuditLog:
        """Tenant ``name``'s append-only audit log (``<data folder>/audit/<name>.sqlite``)."""
        name = validate_tenant_name(name)
        with self._lock:
            log_ = self._audits.get(name)
            if log_ is None:
                path = None if self.data_dir is None else DataFolder(self.data_dir).audit_db(name)
                log_ = self._audits[name] = AuditLog(path, pool=self.open_files)
            return log_

    def verify_audit(self, name: str) -> AuditReport:
        """Check tenant ``name``'s audit chain: with its key and against the count and head its
        database recorded while the tenant exists; for a dropped tenant, the links only."""
        name = validate_tenant_name(name)
        if name in self.tenants():
            return self.tenant(name).audit.verify()
        return self.audit_log(name).verify()

    def drop_tenant(self, name: str, *, at: datetime | None = None) -> None:
        """Delete a tenant completely: its SQLite file (and WAL), every row wiped and the file
        vacuumed first, and its Qdrant collection.

        The tenant's audit log is kept, with an entry recording the drop (counts only).
        """
        name = validate_tenant_name(name)
        with self._lock:
            mem = self._tenants.pop(name, None)
            self.session_subscribers.pop(name, None)
            path = self.db_path(name)
            existed = mem is not None or (path is not None and path.exists()) or self.vectors.exists(name)
            cards = 0
            # wiped before unlinking: the unlinked blocks stay on disk until reused
            if mem is not None:
                mem.flush()
                # under the tenant's write lock: a writer in another thread finishes first, and
                # one that comes later gets a clear InvalidInput from the closed store
                parts = tenant_parts(mem)
                with parts.store.write_lock:
                    cards = parts.db.count()
                    parts.db.erasure.wipe()
                    parts.store.close(
                        f"tenant {name!r} was dropped; hub.tenant({name!r}) starts a new, empty one"
                    )
            elif path is not None and path.exists():
                db = CardDB(path)
                # entries a crash left in its outbox reach the log before the file is wiped
                TenantStore(name, db, self.vectors, self.audit_log(name)).flush_audit()
                cards = db.count()
                db.erasure.wipe()
                db.close()
            self.vectors.drop(name)
            if path is not None:
                for suffix in ("", *SQLITE_SIDE_FILES):
                    Path(str(path) + suffix).unlink(missing_ok=True)
        if existed:
            when = as_naive_utc(at) if at is not None else self.clock.now()
            self.audit_log(name).append("drop_tenant", {"cards": cards}, at=when)

    def forget_everywhere(self, subject: str, *, at: datetime | None = None) -> dict:
        """Forget everything about ``subject`` in every tenant of this hub (each agent's memory);
        returns tenant name -> :class:`~autogen_zettel.trust.forget.ForgetReport`."""
        return {name: self.tenant(name).forget(subject=subject, at=at) for name in self.tenants()}

    def _check_open(self) -> None:
        if self._pid != os.getpid():
            raise forked_error(self._pid)
        if self._closed:
            raise InvalidInput("this MemoryHub is closed; open a new one with MemoryHub.open(...)")

    @property
    def embed_ahead(self) -> Executor:
        """Two threads, started on first use, on which ``remember_many(..., batch=n)`` embeds
        the next batch while the current one is written, for every tenant of the hub.

        Two, not one: a batch's encode is sent while the one before may still be running, so its
        texts queue behind that one's on the model's own workers (ONNX Runtime's batch pool),
        and no worker idles at the end of a batch while the other finishes it; the model's
        workers, not these threads, bound what runs at once (docs/benchmarks.md has the
        measurement)."""
        with self._lock:
            self._check_open()
            if self._embed_ahead is None:
                self._embed_ahead = ThreadPoolExecutor(
                    max_workers=EMBED_AHEAD_THREADS, thread_name_prefix="autogen-zettel-embed"
                )
            return self._embed_ahead

    # -- lifecycle ------------------------------------------------------------------
    def flush(self) -> None:
        """Wait for every tenant's queued work."""
        self.worker.wait()

    def close(self) -> None:
        """End every live session (what a session end runs, reason "hub close"), finish queued
        work, close every tenant and release the Qdrant folder."""
        self._end_sessions()
        with self._lock:
            if self._closed or self._closing.is_set():
                return
            self._closing.set()
        try:
            # without the hub's lock: a queued catch-up job may still open a tenant
            self.worker.close()
        finally:
            with self._lock:
                if self._embed_ahead is not None:
                    self._embed_ahead.shutdown(wait=True)  # idle: every write waits for its embeddings
                    self._embed_ahead = None
                try:
                    for mem in self._tenants.values():
                        tenant_parts(mem).store.close(
                            "the hub is closed; open a new one with MemoryHub.open(...)"
                        )
                    self._tenants.clear()
                    self.session_subscribers.clear()
                    for audit in self._audits.values():
                        audit.close()
                    self._audits.clear()
                finally:
                    # the index (and with it the folder lock) is let go whatever failed above
                    self.vectors.close()
                    self._closed = True

    def _end_sessions(self) -> None:
        """End the live sessions of every open tenant and wait for what the ends run (a tenant
        the catch-up opens meanwhile is ended too)."""
        done: set[str] = set()
        while True:
            with self._lock:
                if self._closed:
                    return
                todo = [m for n, m in self._tenants.items() if n not in done]
            if not todo:
                return
            now = self.clock.now()
            for mem in todo:
                done.add(mem.name)
                try:
                    mem.sessions.end_live(at=now, reason="hub close")
                except Exception as exc:  # noqa: BLE001 - closing goes on; the next open ends them (idle gap)
                    log.warning("tenant %s: could not end its sessions (%s)", mem.name, type(exc).__name__)
            try:
                self.worker.wait()
            except Exception as exc:  # noqa: BLE001 - a failed background job is logged where it ran
                log.warning("background work failed while closing (%s)", type(exc).__name__)

    def __enter__(self) -> MemoryHub:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


@contextmanager
def persona_tables(data_dir: str | Path, name: str) -> Iterator[PersonaStore]:
    """The persona tables of tenant ``name`` under ``data_dir`` (``tenants/<name>.sqlite``),
    closed on leaving the block.

    :raises NotFound: the tenant has no file there (the message lists the tenants it has)
    """
    name = validate_tenant_name(name)
    folder = DataFolder(data_dir)
    path = folder.tenant_db(name)
    if not path.exists():
        known = folder.tenant_names()
        raise NotFound(
            f"no tenant {name!r} in {str(data_dir)!r} (known: {', '.join(known) or 'none'}); "
            "give the agent's data folder with --data-dir"
        )
    db = CardDB(path)
    try:
        yield db.persona
    finally:
        db.close()
