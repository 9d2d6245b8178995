"""What the trust layer's helpers (forgetting, maintenance) need of a tenant, as a typed
protocol: its store, its config and the write-path hooks. The tenant facade
(:class:`~autogen_zettel.memory.tenant.Zettelkasten`) provides it; nothing here reaches into
its private state."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from autogen_zettel.base.cards import Card
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.store.tenant_store import TenantStore
from autogen_zettel.trust.privacy import Redaction

__all__ = ["Curated"]


class Curated(Protocol):
    """A tenant as the trust layer sees it."""

    store: TenantStore
    config: MemoryConfig

    @property
    def summarizer(self) -> Callable[[str, Sequence[Card]], str] | None: ...

    def redact(self, text: str) -> Redaction: ...

    def index_cards(self, cards: Sequence[Card], *, progress: bool = False) -> object: ...
