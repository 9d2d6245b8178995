"""The Zettelkasten memory for ag2 1.x (package ``ag2``, which has no ``autogen`` module):
:class:`ZettelAssemblyPolicy`, an ``ag2.assembly.AssemblyPolicy`` over ``hub.tenant(name)``, one
per agent, that is also an ``ag2`` observer. Install with ``pip install "autogen-zettel[ag2x]"``::

    hub = MemoryHub.open("./memory")
    memory = ZettelAssemblyPolicy(hub, "ada")
    ada = Agent("ada", "You are ada.", config=OpenAIConfig(model="gpt-4o-mini"),
                assembly=[memory], observers=[memory])
    reply = await ada.ask("The pilot enrolled 42 participants.")
    ...
    await memory.close()  # the session ends; waits for the worker
    hub.close()

The recall and capture are those of the classic agent
(:class:`~autogen_zettel.agent.adapter.MemoryAdapter`, the one base of every adapter): the
model sees the same ``<zettel-recall agent="...">`` block, marked as data, and text carrying the
recall delimiter is never captured. This module is the only one that imports ``ag2``
(checked by import-linter).

Before each model call ag2 runs the agent's assembly policies over ``(prompts, events)``;
:meth:`ZettelAssemblyPolicy.apply`:

1. captures (in a thread; storing runs in the hub's background worker) the conversation events
   of the stream it has not captured yet: each ``ModelRequest``'s text (speaker: the input's
   ``metadata["speaker"]``, else ``speaker``) and each ``ModelResponse`` (speaker: the agent);
2. recalls with the recent messages as the query and appends ONE recall block to the prompts
   (ag2 sends the prompts as the system message), for this call only: the stream's history
   never holds it; with a persona its system layer goes in front of the prompts.

Registered as an observer too (``observers=[memory]``), it captures each ``ModelResponse`` as it
arrives; without that a turn's final reply is captured at the next call on the same stream, or by
:meth:`ZettelAssemblyPolicy.close` for the latest stream. Put it before reduction policies
(``SlidingWindowPolicy``, ``TokenBudgetPolicy``), which ag2 itself asks of injection policies.

Sessions: an ag2 stream (one ``agent.ask``, and its ``reply.ask`` follow-ups) is a memory
session named after the stream's id. A call on another stream ends the previous session; so do
an idle gap (``sessions.idle_minutes``) and :meth:`ZettelAssemblyPolicy.close`.
Ending a session runs persona mining and maintenance when it is due, in the background.

ag2's ``KnowledgeStore`` (a path-based file system with byte-offset ``append`` and
``read_range`` for its write-ahead logs) is not wrapped: memory cards are not files, and a
store the model can write arbitrary paths into would bypass capture's rules.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from contextlib import AsyncExitStack, ExitStack
from typing import Any

from ag2.context import ConversationContext
from ag2.events import BaseEvent, ModelRequest, ModelResponse, TextInput

from autogen_zettel.agent.adapter import MemoryAdapter, RecallEvent
from autogen_zettel.agent.persona_layer import PersonaLayer
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory import MemoryHub, Zettelkasten, validate_tenant_name

__all__ = ["ZettelAssemblyPolicy"]

log = logging.getLogger(__name__)

_OPTIONS = frozenset(
    {"k", "token_budget", "query_messages", "include_current_session", "flush_before_recall", "on_recall"}
)
_STREAMS = 64  # streams whose capture position is kept (the oldest is forgotten first)


class ZettelAssemblyPolicy:
    """One ag2 agent's Zettelkasten memory: an ``AssemblyPolicy`` (and an ``Observer``).

    Give each agent its own (its own tenant). The hub is shared and owned by the caller:
    :meth:`close` ends the current session and flushes this memory but leaves the hub open.

    :param hub: the memory hub
    :param tenant: the agent's memory: a tenant name (usually the agent's name) or a
        :class:`~autogen_zettel.memory.tenant.Zettelkasten` of this hub
    :param persona: a :class:`~autogen_zettel.persona.spec.Persona` whose system layer goes in
        front of the prompts (optional)
    :param evolve: let the persona evolve from what the agent captures (default
        ``persona.enabled`` of the hub's config)
    :param speaker: who an input without ``metadata["speaker"]`` is filed under
    :param agent_name: who the model's replies are filed under (default: the tenant's name)
    :param kwargs: the recall options of
        :class:`~autogen_zettel.agent.adapter.MemoryAdapter`: ``k``, ``token_budget``,
        ``query_messages``, ``include_current_session``, ``flush_before_recall``, ``on_recall``
    """

    name = "zettel_memory"

    def __init__(
        self,
        hub: MemoryHub,
        tenant: str | Zettelkasten,
        *,
        persona: Any = None,
        evolve: bool | None = None,
        speaker: str = "user",
        agent_name: str | None = None,
        **kwargs: Any,
    ):
        if not isinstance(hub, MemoryHub):
            raise InvalidInput(f"hub must be a MemoryHub (MemoryHub.open(...)), got {type(hub).__name__}")
        if not isinstance(tenant, (str, Zettelkasten)):
            raise InvalidInput(f"tenant must be a tenant name or a Zettelkasten, got {type(tenant).__name__}")
        for key, value in (("speaker", speaker), ("agent_name", agent_name)):
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise InvalidInput(f"{key} must be a non-empty name, got {value!r}")
        unknown = set(kwargs) - _OPTIONS
        if unknown:
            raise InvalidInput(
                f"unknown option(s) {sorted(unknown)!r} for ZettelAssemblyPolicy; allowed: {sorted(_OPTIONS)}"
            )
        self.hub = hub
        self.tenant = tenant.name if isinstance(tenant, Zettelkasten) else validate_tenant_name(tenant)
        self.speaker = speaker.strip()
        self.agent_name = (agent_name or self.tenant).strip()
        # ag2 sends every prompt as the system message, so the block is a system prompt
        self._recaller = MemoryAdapter(hub, tenant=tenant, memory_guide=False, **kwargs)
        self.layer = (
            PersonaLayer(hub, self._recaller.memory, persona, evolve=evolve) if persona is not None else None
        )
        if self.layer is not None:
            self._recaller.persona_engine = self.layer.engine
        # per stream: how many said messages are captured, the last one, and the stream itself
        self._streams: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._observed: set[str] = set()  # streams whose turns this policy observes
        self._warned = False
        self._lock = threading.RLock()  # the observer's callback runs in ag2's worker thread

    # -- what the other adapters offer too ---------------------------------------------------
    @property
    def memory(self) -> Zettelkasten:
        """The agent's memory (a tenant of the hub)."""
        return self._recaller.memory

    @property
    def last_recall(self) -> RecallEvent | None:
        """What was unlocked before the latest model call (None before the first)."""
        return self._recaller.last_recall

    @property
    def session_id(self) -> str | None:
        """The memory session captured messages are filed under (the stream's id)."""
        return self._recaller.session_id

    def system_layer(self) -> str | None:
        """The persona's system layer put in front of the prompts (None without a persona)."""
        return self.layer.text() if self.layer is not None else None

    # -- the AssemblyPolicy protocol ---------------------------------------------------------
    async def apply(
        self, prompts: list[str], events: list[BaseEvent], context: ConversationContext
    ) -> tuple[list[str], list[BaseEvent]]:
        """Capture what is new on the stream, then add this call's recall block (see the module
        docstring); the events pass unchanged."""
        with self._lock:
            sid, settle = self._enter(context)
        if sid not in self._observed and not self._warned:
            self._warned = True
            log.info(
                "memory %s: not registered as an observer (observers=[policy]); a turn's final reply "
                "is captured at the next call or at close()",
                self.tenant,
            )
        said = [d for d in (self._said(e) for e in events) if d is not None]
        await asyncio.to_thread(self._capture, sid, said)
        block = await asyncio.to_thread(self._recall_block, said, settle)
        out = list(prompts)
        if self.layer is not None:
            out = [self.layer.text(), *out]
        if block is not None:
            out.append(block)
        return out, events

    # -- the Observer protocol ---------------------------------------------------------------
    def register(self, stack: ExitStack | AsyncExitStack, context: ConversationContext) -> None:
        """Capture each ``ModelResponse`` of the turn as it arrives (ag2 calls this per turn)."""
        sid = str(context.stream.id)
        self._observed.add(sid)

        def on_response(event: ModelResponse) -> None:  # ag2 runs a sync callback in a thread
            said = self._said(event)
            if said is not None:
                self._capture(sid, [said], append=True)

        stack.enter_context(context.stream.where(ModelResponse).sub_scope(on_response))

    # -- beyond a call -----------------------------------------------------------------------
    async def flush(self) -> None:
        """Wait until everything captured is stored and linked."""
        await asyncio.to_thread(self._recaller.flush)

    async def close(self) -> None:
        """Capture what the latest stream gained since the last call (its final reply), end
        the current session (mining and due maintenance run in the background) and
        :meth:`flush`; the hub stays open (close it when every agent is done)."""
        with self._lock:
            latest = next(reversed(self._streams.items()), None)
        if latest is not None and latest[1].get("stream") is not None:
            events = await latest[1]["stream"].history.get_events()
            said = [d for d in (self._said(e) for e in events) if d is not None]
            await asyncio.to_thread(self._capture, latest[0], said)
        await asyncio.to_thread(self._recaller.end_session)
        await self.flush()

    # -- internals ---------------------------------------------------------------------------
    def _enter(self, context: ConversationContext) -> tuple[str, bool]:
        """Follow the stream: another stream ends the current memory session (and says so)."""
        sid = str(context.stream.id)
        position = self._position(sid)
        position["stream"] = context.stream
        if self._recaller.session_id == sid:
            return sid, False
        self._recaller.start_session(sid)
        return sid, True

    def _position(self, sid: str) -> dict[str, Any]:
        position = self._streams.setdefault(sid, {"count": 0, "last": None})
        self._streams.move_to_end(sid)
        while len(self._streams) > _STREAMS:
            gone, _ = self._streams.popitem(last=False)
            self._observed.discard(gone)
        return position

    def _said(self, event: BaseEvent) -> dict | None:
        """An event as the capability reads it (role, name, content); None if nobody said it."""
        if isinstance(event, ModelRequest):
            parts = [p for p in event.parts if isinstance(p, TextInput) and p.content.strip()]
            if not parts:
                return None
            name = next(
                (str(p.metadata["speaker"]) for p in parts if p.metadata.get("speaker")), self.speaker
            )
            return {"role": "user", "name": name, "content": "\n".join(p.content for p in parts)}
        if isinstance(event, ModelResponse) and event.content and event.content.strip():
            return {"role": "assistant", "name": self.agent_name, "content": event.content}
        return None

    def _recall_block(self, said: list[dict], settle: bool = False) -> str | None:
        """The finished recall block for these recent messages (None: nothing recalled).

        ``settle``: a session just began, so first wait for what earlier sessions left in the
        worker's queue (once per session: within one, recent messages are in the context anyway).
        """
        if settle:
            try:
                self._recaller.flush()
            except Exception:  # noqa: BLE001 - a failed capture is logged; recall uses what is stored
                log.warning("memory %s: an earlier capture failed", self.tenant, exc_info=True)
        before = self._recaller.last_recall
        out = self._recaller.recall_hook(said)
        event = self._recaller.last_recall
        return out[0]["content"] if event is not before and event is not None and event.injected else None

    def _capture(self, sid: str, said: list[dict], *, append: bool = False) -> None:
        """Queue the stream's said messages not captured yet (runs in a thread): ``said`` is the
        stream's conversation so far, or with ``append`` the message that just followed it."""
        with self._lock:
            position = self._position(sid)
            start = 0 if append else position["count"]
            if start and (len(said) < start or said[start - 1] != position["last"]):
                # a reduction policy before this one cut the events: resume after the last captured one
                start = next((i + 1 for i in range(len(said) - 1, -1, -1) if said[i] == position["last"]), 0)
            for message in said[start:]:
                self._recaller.observe({"content": message["content"]}, speaker=message["name"])
            position["count"] = position["count"] + len(said) if append else len(said)
            if said:
                position["last"] = said[-1]
