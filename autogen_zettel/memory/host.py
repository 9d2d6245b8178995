"""What a tenant needs of its hub: :class:`TenantHost`, the protocol that
:class:`~autogen_zettel.memory.tenant.Zettelkasten` and its writer read the shared parts through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from autogen_zettel.base.cards import Card
from autogen_zettel.base.clock import Clock
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.base.worker import Worker
from autogen_zettel.cards.refine import Refiner
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.memory.link_plan import LinkJudge
from autogen_zettel.store.audit import AuditLog
from autogen_zettel.store.index import VectorStore
from autogen_zettel.trust.conflict_judge import Judge
from autogen_zettel.trust.privacy import Redactor

__all__ = ["TenantHost"]


class TenantHost(Protocol):
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
    session_subscribers: dict[str, list]  # tenant -> the subscribers of its session ends

    def db_path(self, name: str) -> Path | None: ...

    def audit_log(self, name: str) -> AuditLog: ...
