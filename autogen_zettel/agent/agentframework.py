"""The Zettelkasten memory for Microsoft Agent Framework (``agent-framework-core`` 1.x, AutoGen's
successor): :class:`ZettelContextProvider`, an ``agent_framework.ContextProvider`` over
``hub.tenant(name)``, one per agent. Install with ``pip install "autogen-zettel[agentframework]"``::

    hub = MemoryHub.open("./memory")
    ada = Agent(client=client, name="ada", context_providers=[ZettelContextProvider(hub, "ada")])
    session = ada.create_session()
    await ada.run("The pilot enrolled 42 participants.", session=session)
    ...
    await ada.context_providers[0].close()  # the session ends; waits for the worker
    hub.close()

The recall and capture are those of the classic agent
(:class:`~autogen_zettel.agent.adapter.MemoryAdapter`, the one base of every adapter): the
model sees the same ``<zettel-recall agent="...">`` block, marked as data, and text carrying the
recall delimiter is never captured. This module is the only one that imports
``agent_framework`` (checked by import-linter).

Before each run (:meth:`ZettelContextProvider.before_run`) the provider recalls from the agent's
memory with the recent messages (the session's latest captured messages and this run's input)
as the query and adds ONE recall block as a context message of its own source; Agent
Framework's history provider keeps only input and response, so the block lives for this run
only and never enters the session's history. With a persona, its system layer
(:class:`~autogen_zettel.agent.persona_layer.PersonaLayer`, the same text the classic agent
loads) goes in as instructions.

After each run (:meth:`ZettelContextProvider.after_run`) it captures the run's input messages
(speaker: their ``author_name``, else ``speaker``) and the response (speaker: the agent's
name), in a thread; storing runs in the hub's background worker. In an
``agent-framework-orchestrations`` group chat each participant's run receives, as input, what
the others said since its last turn, so an agent that stayed silent captures it on its next
turn; :meth:`ZettelContextProvider.observe` files a conversation it heard but never ran on
(e.g. the group chat's final output, for an agent never selected, or after its last turn).

Sessions: an ``AgentSession`` is a memory session of the same id. A run in another session
(a new ``agent.create_session()``) ends the previous one; so do an idle gap
(``sessions.idle_minutes``) and :meth:`ZettelContextProvider.close`. Ending a
session runs the same work as everywhere: persona mining, and maintenance when it is due, in
the background. Per-session bookkeeping lives in ``session.state[source_id]`` (JSON values
only, so a serialised session resumes where it stopped: the count of captured messages and the
last ``query_messages`` of them, which the session's history holds anyway). One agent serving
several sessions at once ends a memory session at each switch between them, so its mining runs
more often; give each concurrent conversation its own agent and provider if that matters.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from agent_framework import AgentSession, ContextProvider, Message, SessionContext

from autogen_zettel.agent.adapter import MemoryAdapter, RecallEvent
from autogen_zettel.agent.persona_layer import PersonaLayer
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory import MemoryHub, Zettelkasten, validate_tenant_name

__all__ = ["ZettelContextProvider"]

log = logging.getLogger(__name__)

_OPTIONS = frozenset(
    {
        "k",
        "token_budget",
        "query_messages",
        "include_current_session",
        "flush_before_recall",
        "inject_role",
        "on_recall",
    }
)


class ZettelContextProvider(ContextProvider):
    """One Agent Framework agent's Zettelkasten memory, as an ``agent_framework.ContextProvider``.

    Give each agent its own (its own tenant). The hub is shared and owned by the caller:
    :meth:`close` ends the current session and flushes this memory but leaves the hub open.

    :param hub: the memory hub
    :param tenant: the agent's memory: a tenant name (usually the agent's name) or a
        :class:`~autogen_zettel.memory.tenant.Zettelkasten` of this hub
    :param persona: a :class:`~autogen_zettel.persona.spec.Persona` whose system layer is added as
        instructions before each run (optional)
    :param evolve: let the persona evolve from what the agent captures (default
        ``persona.enabled`` of the hub's config)
    :param speaker: who an input message without ``author_name`` is filed under
    :param source_id: the provider's id in Agent Framework (default ``zettel:<tenant>``)
    :param kwargs: the recall options of
        :class:`~autogen_zettel.agent.adapter.MemoryAdapter`: ``k``, ``token_budget``,
        ``query_messages``, ``include_current_session``, ``flush_before_recall``, ``inject_role``,
        ``on_recall``
    """

    def __init__(
        self,
        hub: MemoryHub,
        tenant: str | Zettelkasten,
        *,
        persona: Any = None,
        evolve: bool | None = None,
        speaker: str = "user",
        source_id: str | None = None,
        **kwargs: Any,
    ):
        if not isinstance(hub, MemoryHub):
            raise InvalidInput(f"hub must be a MemoryHub (MemoryHub.open(...)), got {type(hub).__name__}")
        if not isinstance(tenant, (str, Zettelkasten)):
            raise InvalidInput(f"tenant must be a tenant name or a Zettelkasten, got {type(tenant).__name__}")
        if not isinstance(speaker, str) or not speaker.strip():
            raise InvalidInput(f"speaker must be a non-empty name, got {speaker!r}")
        unknown = set(kwargs) - _OPTIONS
        if unknown:
            raise InvalidInput(
                f"unknown option(s) {sorted(unknown)!r} for ZettelContextProvider; "
                f"allowed: {sorted(_OPTIONS)}"
            )
        name = tenant.name if isinstance(tenant, Zettelkasten) else validate_tenant_name(tenant)
        super().__init__(source_id or f"zettel:{name}")
        self.hub = hub
        self.tenant = name
        self.speaker = speaker.strip()
        self._recaller = MemoryAdapter(hub, tenant=tenant, memory_guide=False, **kwargs)
        self.layer = (
            PersonaLayer(hub, self._recaller.memory, persona, evolve=evolve) if persona is not None else None
        )
        if self.layer is not None:
            self._recaller.persona_engine = self.layer.engine
        self._state: dict[str, Any] | None = None  # the latest session's state, for observe() outside a run

    # -- what the other adapters offer too ---------------------------------------------------
    @property
    def memory(self) -> Zettelkasten:
        """The agent's memory (a tenant of the hub)."""
        return self._recaller.memory

    @property
    def last_recall(self) -> RecallEvent | None:
        """What was unlocked before the latest run (None before the first)."""
        return self._recaller.last_recall

    @property
    def session_id(self) -> str | None:
        """The memory session captured messages are filed under (the ``AgentSession``'s id)."""
        return self._recaller.session_id

    def system_layer(self) -> str | None:
        """The persona's system layer added as instructions (None without a persona)."""
        return self.layer.text() if self.layer is not None else None

    # -- the ContextProvider hooks -----------------------------------------------------------
    async def before_run(
        self, *, agent: Any, session: AgentSession, context: SessionContext, state: dict[str, Any]
    ) -> None:
        """Recall for this run and add the block (and the persona's layer as instructions)."""
        settle = self._enter(session, state)
        said = [d for d in (self._said(m, agent) for m in context.input_messages) if d is not None]
        block = await asyncio.to_thread(self._recall_block, [*state.get("recent", []), *said], settle)
        if block is not None:
            role = "system" if self._recaller.inject_role == "system" else "user"
            context.extend_messages(self, [Message(role, [block], author_name="memory")])
        if self.layer is not None:
            context.extend_instructions(self.source_id, self.layer.text())

    async def after_run(
        self, *, agent: Any, session: AgentSession, context: SessionContext, state: dict[str, Any]
    ) -> None:
        """Capture the run's input and its response with their speakers (in a thread)."""
        self._enter(session, state)
        response = context.response.messages if context.response is not None else []
        said = [
            d for d in (self._said(m, agent) for m in [*context.input_messages, *response]) if d is not None
        ]
        await asyncio.to_thread(self._capture, said, state)

    # -- beyond a run ------------------------------------------------------------------------
    async def observe(
        self, messages: Sequence[Message], *, session: AgentSession | None = None, agent: Any = None
    ) -> int:
        """Capture a conversation the agent heard without running on it; returns how many
        messages were new. What this provider captured already in the session (a prefix of
        the same conversation) is skipped, so the group chat's whole output can be passed.

        :param session: the agent's session (default: the one of its latest run, else a new one)
        :param agent: the agent, so its own messages are filed under its name
        """
        if session is not None:
            state = session.state.setdefault(self.source_id, {})
            self._enter(session, state)
        elif self._state is not None:
            state = self._state
        else:
            new = AgentSession()
            state = new.state.setdefault(self.source_id, {})
            self._enter(new, state)
        said = [d for d in (self._said(m, agent) for m in messages) if d is not None]
        start = state.get("captured", 0)
        if start and (len(said) < start or _fingerprint(said[start - 1]) != state.get("last")):
            start = 0  # not a continuation of what was captured: all of it is new
        fresh = said[start:]
        await asyncio.to_thread(self._capture, fresh, state)
        return len(fresh)

    async def flush(self) -> None:
        """Wait until everything captured is stored and linked."""
        await asyncio.to_thread(self._recaller.flush)

    async def close(self) -> None:
        """End the current session (mining and due maintenance run in the background) and
        :meth:`flush`; the hub stays open (close it when every agent is done)."""
        await asyncio.to_thread(self._recaller.end_session)
        await self.flush()

    # -- internals ---------------------------------------------------------------------------
    def _enter(self, session: AgentSession, state: dict[str, Any]) -> bool:
        """Follow the agent's session: another session id ends the current memory session
        (returns True then)."""
        self._state = state
        if self._recaller.session_id == session.session_id:
            return False
        self._recaller.start_session(session.session_id)
        return True

    def _said(self, message: Message, agent: Any) -> dict | None:
        """A message as the capability reads it (role, name, content); None without text."""
        text = message.text if isinstance(message, Message) else ""
        if message.role not in ("user", "assistant") or not text or not text.strip():
            return None
        own = getattr(agent, "name", None) or self.tenant
        name = message.author_name or (own if message.role == "assistant" else self.speaker)
        return {"role": message.role, "name": name, "content": text}

    def _recall_block(self, messages: list[dict], settle: bool = False) -> str | None:
        """The finished recall block for these recent messages (None: nothing recalled).

        ``settle``: a session just began, so first wait for what earlier sessions left in the
        worker's queue (once per session: within one, recent messages are in the context anyway).
        """
        if settle:
            _settle(self._recaller)
        before = self._recaller.last_recall
        out = self._recaller.recall_hook(messages)
        event = self._recaller.last_recall
        return out[0]["content"] if event is not before and event is not None and event.injected else None

    def _capture(self, said: list[dict], state: dict[str, Any]) -> None:
        """Queue these said messages, all new to this session (runs in a thread)."""
        for message in said:
            self._recaller.observe({"content": message["content"]}, speaker=message["name"])
        if said:  # how much of the session's conversation is captured, for observe() to skip
            state["captured"] = state.get("captured", 0) + len(said)
            state["last"] = _fingerprint(said[-1])
            state["recent"] = [*state.get("recent", []), *said][-self._recaller.query_messages :]


def _settle(recaller: MemoryAdapter) -> None:
    try:
        recaller.flush()
    except Exception:  # noqa: BLE001 - a failed capture is logged; recall goes ahead with what is stored
        log.warning("memory %s: an earlier capture failed", recaller.memory.name, exc_info=True)


def _fingerprint(message: dict) -> list:
    return [message.get("name"), message.get("content")]
