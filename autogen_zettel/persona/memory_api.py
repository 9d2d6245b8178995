"""What the persona engine needs of an agent's memory, as a typed protocol over the memory's
public API (as :class:`~autogen_zettel.trust.maintenance.Curated` is for the trust layer). The
tenant's working parts provide it (:class:`~autogen_zettel.memory.parts.TenantParts`, which the
engine gets from the facade with :func:`~autogen_zettel.memory.tenant.tenant_parts`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Protocol

from autogen_zettel.base.cards import Card, CardStatus, Link
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.embed.embedders import Embedder
from autogen_zettel.memory.sessions import Sessions
from autogen_zettel.store.persona_tables import PersonaStore
from autogen_zettel.trust.privacy import Redaction

__all__ = ["PersonaMemory"]


class PersonaMemory(Protocol):
    """An agent's memory as the persona engine sees it."""

    name: str
    config: MemoryConfig

    @property
    def persona_store(self) -> PersonaStore: ...

    @property
    def embedder(self) -> Embedder: ...

    def now(self, at: datetime | None = None) -> datetime: ...

    def redact(self, text: str) -> Redaction: ...

    def run_later(self, job: Callable[[], object]) -> None: ...

    def flush(self) -> None: ...

    def writing(self) -> AbstractContextManager: ...

    def cards(self, *, status: CardStatus | None = None) -> list[Card]: ...

    def cards_by_id(self, ids: Iterable[str]) -> dict[str, Card]: ...

    def all_links(self) -> Iterator[Link]: ...

    def speakers(self) -> set[str]: ...

    @property
    def sessions(self) -> Sessions: ...
