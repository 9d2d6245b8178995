"""The Zettelkasten memory for Microsoft AutoGen AgentChat: :class:`ZettelAgentChatMemory`
implements ``autogen_core.memory.Memory`` (autogen-agentchat / autogen-core 0.7), one per
agent, over ``hub.tenant(name)``. Install with ``pip install "autogen-zettel[agentchat]"``::

    hub = MemoryHub.open("./memory")
    memories = {name: ZettelAgentChatMemory(hub, name) for name in ("ada", "bob")}
    agents = [AssistantAgent(name, model_client=client, memory=[m]) for name, m in memories.items()]
    result = await RoundRobinGroupChat(agents, max_turns=4).run(task="...")
    for m in memories.values():
        await m.close()  # captures each agent's last reply, then waits for the worker
    hub.close()

The recall and capture are those of the classic agent
(:class:`~autogen_zettel.agent.adapter.MemoryAdapter`, the one base of every adapter), so the
block the model sees is the same ``<zettel-recall agent="...">`` block, message ids and sessions
follow the same rules, and text carrying the recall delimiter is never captured. This module is
the only one that imports ``autogen_core`` (checked by import-linter).

AgentChat calls :meth:`ZettelAgentChatMemory.update_context` before each model call, with the
agent's model context. It:

1. captures (in the hub's background worker) every message of the context it has not captured
   yet, with its speaker (``source``): what the others said while the agent was silent reaches
   its context on its turn, and its own replies are in the context too. Messages the agent
   never received (said after its last turn) it never saw, so they are not captured;
2. removes the recall block it added before the previous reply, so a block lives for one reply
   (and its tool calls) only, as with the classic agent;
3. recalls (progressive unlocking, in a thread) with the recent messages as the query, and puts
   the block as one system message at the front of the context, right after the agent's own
   system message (one merged system message for endpoints that allow only one); a windowed
   context that would hide it there (``BufferedChatCompletionContext``) gets it at the end.

A fresh model context (the first call, or after ``team.reset()``) starts a new session named
``team-<clock time>``, the same in every agent's memory, unless ``session_id`` or
:meth:`~ZettelAgentChatMemory.start_session` pinned one.

Nothing here blocks the event loop: recall, capture, ``add``, ``clear`` and ``flush`` run in a
thread (:func:`asyncio.to_thread`) and storing runs in the hub's worker.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from autogen_core import CancellationToken
from autogen_core.memory import Memory, MemoryContent, MemoryMimeType, MemoryQueryResult, UpdateContextResult
from autogen_core.model_context import ChatCompletionContext, ChatCompletionContextState
from autogen_core.models import AssistantMessage, LLMMessage, SystemMessage, UserMessage

from autogen_zettel.agent.adapter import MemoryAdapter, RecallEvent, UnlockedCard
from autogen_zettel.agent.persona_layer import PersonaLayer
from autogen_zettel.base.errors import InvalidInput
from autogen_zettel.memory import MemoryHub, Zettelkasten, validate_tenant_name

__all__ = ["ZettelAgentChatMemory"]

log = logging.getLogger(__name__)

T = TypeVar("T")

# a fresh model context starts a session named after this and the clock ("team-20240304T090000"),
# the same in every agent's memory, as a classic GroupChat's sessions are named after its manager
_TEAM = type("Team", (), {"name": "team"})()

_TEXT_TYPES = {MemoryMimeType.TEXT.value, MemoryMimeType.MARKDOWN.value, MemoryMimeType.JSON.value}


class ZettelAgentChatMemory(Memory):
    """One AgentChat agent's Zettelkasten memory, as an ``autogen_core.memory.Memory``.

    Give each agent its own (a memory follows one model context; two agents sharing one would
    capture each other's contexts in turn). The hub is shared and owned by the caller:
    :meth:`close` flushes this memory but leaves the hub open. It is not a declarative AgentChat
    component (``dump_component`` raises ``NotImplementedError``: it holds a live hub). With
    ``persona=`` the persona's system layer (the classic agent's, see
    :class:`~autogen_zettel.agent.persona_layer.PersonaLayer`) leads the context and its traits
    evolve from what this memory captures (feedback addressed to the agent by name or answering its
    reply moves them); the stack's sampling temperature is not applied.

    :param hub: the memory hub
    :param tenant: the agent's memory: a tenant name (usually the agent's name) or a
        :class:`~autogen_zettel.memory.tenant.Zettelkasten` of this hub
    :param speaker: who :meth:`add` files content under when its metadata names nobody
        (``metadata["speaker"]`` or ``metadata["source"]``)
    :param persona: a :class:`~autogen_zettel.persona.spec.Persona` whose system layer (the text
        the classic agent loads) is put first in the context before each reply; build the agent
        with ``system_message=None`` then (optional)
    :param evolve: let the persona evolve from what the memory captures (default
        ``persona.enabled`` of the hub's config)
    :param kwargs: the recall options of
        :class:`~autogen_zettel.agent.adapter.MemoryAdapter`: ``k``,
        ``token_budget``, ``query_messages``, ``include_current_session``,
        ``flush_before_recall``, ``inject_role``, ``session_id``, ``on_recall``
    """

    component_type = "memory"

    def __init__(
        self,
        hub: MemoryHub,
        tenant: str | Zettelkasten,
        *,
        speaker: str = "user",
        persona: Any = None,
        evolve: bool | None = None,
        **kwargs: Any,
    ):
        if not isinstance(tenant, (str, Zettelkasten)):
            raise InvalidInput(f"tenant must be a tenant name or a Zettelkasten, got {type(tenant).__name__}")
        if not isinstance(speaker, str) or not speaker.strip():
            raise InvalidInput(f"speaker must be a non-empty name, got {speaker!r}")
        unknown = set(kwargs) - {
            "k",
            "token_budget",
            "query_messages",
            "include_current_session",
            "flush_before_recall",
            "inject_role",
            "session_id",
            "on_recall",
        }
        if unknown:
            raise InvalidInput(
                f"unknown option(s) {sorted(unknown)!r} for ZettelAgentChatMemory; see its docstring"
            )
        self._options = kwargs
        self._recaller = MemoryAdapter(hub, tenant=tenant, memory_guide=False, **kwargs)
        if persona is not None:
            # a persona file, or one shared by several agents (agents/critic.yaml): its engine is
            # named after this agent, so feedback addressed to the agent by name reaches it
            from dataclasses import replace

            from autogen_zettel.persona.spec import Persona, load_persona

            loaded = persona if isinstance(persona, Persona) else load_persona(persona)
            persona = replace(loaded, name=self._recaller.memory.name)
        self.layer = (
            PersonaLayer(hub, self._recaller.memory, persona, evolve=evolve) if persona is not None else None
        )
        self._recaller.persona_engine = self.layer.engine if self.layer is not None else None
        self.hub = hub
        self.tenant = tenant.name if isinstance(tenant, Zettelkasten) else validate_tenant_name(tenant)
        self.speaker = speaker.strip()
        self._captured = 0  # how many said messages of the model context are captured
        self._last_captured: tuple | None = None  # and the last of them, to notice a context reset
        self._block: str | None = None  # the recall block this memory put in the context (one at a time)
        self._layer: str | None = None  # and the persona's system layer
        self._context: ChatCompletionContext | None = None
        self._lock: asyncio.Lock | None = None

    # -- what the classic side offers too --------------------------------------------------
    @property
    def persona_engine(self) -> Any:
        """The agent's :class:`~autogen_zettel.persona.engine.PersonaEngine` (None without ``persona``)."""
        return self._recaller.persona_engine

    @property
    def memory(self) -> Zettelkasten:
        """The agent's memory (a tenant of the hub)."""
        return self._recaller.memory

    @property
    def last_recall(self) -> RecallEvent | None:
        """What was unlocked before the latest reply (None before the first)."""
        return self._recaller.last_recall

    @property
    def session_id(self) -> str | None:
        """The session captured messages are filed under."""
        return self._recaller.session_id

    def start_session(self, session_id: str | None = None) -> str:
        """File what follows under ``session_id`` (see ``MemoryAdapter.start_session``)."""
        return self._recaller.start_session(session_id)

    def system_layer(self) -> str | None:
        """The persona's system layer put first in the context (None without a persona)."""
        return self.layer.text() if self.layer is not None else None

    # -- the Memory protocol -----------------------------------------------------------------
    async def add(self, content: MemoryContent, cancellation_token: CancellationToken | None = None) -> None:
        """Remember ``content`` (text, Markdown, JSON, or UTF-8 bytes) now: when this returns,
        it is stored, linked and recallable. Its speaker is ``metadata["speaker"]`` (or
        ``["source"]``), else the ``speaker`` given at construction."""
        text = _text_of(content)
        meta = content.metadata or {}
        speaker = str(meta.get("speaker") or meta.get("source") or self.speaker)

        def remember() -> None:
            if self._recaller.observe({"content": text}, speaker=speaker) is not None:
                self._recaller.flush()

        async with self._locked():
            await _in_thread(remember, cancellation_token)

    async def query(
        self,
        query: str | MemoryContent = "",
        cancellation_token: CancellationToken | None = None,
        **kwargs: Any,
    ) -> MemoryQueryResult:
        """Progressive recall (hybrid search, then unlocking along links) for ``query``; each
        result's ``metadata`` says why it came back (``card_id``, ``layer``, ``score``: higher is
        better, ``speaker``, ``session_id``, ``at``, ``source_ids``, ``via``).

        :param kwargs: ``k``, at most this many results (default ``recall.k`` of the config)
        """
        unknown = set(kwargs) - {"k"}
        if unknown:
            raise InvalidInput(f"unknown query option(s) {sorted(unknown)!r}; allowed: k")
        text = query if isinstance(query, str) else _text_of(query)
        if not text.strip():
            return MemoryQueryResult(results=[])
        hits = await _in_thread(lambda: self.memory.recall(text, k=kwargs.get("k")), cancellation_token)
        return MemoryQueryResult(results=[_memory_content(UnlockedCard.from_hit(h)) for h in hits])

    async def update_context(self, model_context: ChatCompletionContext) -> UpdateContextResult:
        """Capture what is new in the agent's context, then add this reply's recall block to it
        (see the module docstring); returns the unlocked cards."""
        async with self._locked():
            stored = await _stored_messages(model_context)
            said = [m for m in stored if not self._is_ours(m)]
            self._context = model_context
            await asyncio.to_thread(self._capture, said)
            dicts = [_as_dict(m) for m in said]
            before = self._recaller.last_recall
            out = await asyncio.to_thread(self._recaller.recall_hook, [d for d in dicts if d is not None])
            event = self._recaller.last_recall
            block = (
                out[0]["content"] if event is not before and event is not None and event.injected else None
            )
            layer = self.system_layer()
            if block is not None or layer is not None or len(said) != len(stored):
                await self._put(model_context, said, block, layer)
            unlocked = event.unlocked if block is not None else ()
            return UpdateContextResult(
                memories=MemoryQueryResult(results=[_memory_content(u) for u in unlocked])
            )

    async def clear(self) -> None:
        """Forget this agent's memory: every card, link and vector of the tenant is deleted and
        the tenant's audit log records the drop (``memory.audit.entries()``). What the current
        model context still holds is not captured again."""

        def drop() -> None:
            self.hub.drop_tenant(self.tenant)
            self._recaller = MemoryAdapter(
                self.hub,
                tenant=self.tenant,
                memory_guide=False,
                **{**self._options, "session_id": self.session_id},
            )

        async with self._locked():
            await asyncio.to_thread(drop)

    async def flush(self) -> None:
        """Capture what the agent's context gained since its last reply (its own reply), then
        wait until everything is stored and linked."""
        async with self._locked():
            if self._context is not None:
                stored = await _stored_messages(self._context)
                await asyncio.to_thread(self._capture, [m for m in stored if not self._is_ours(m)])
            await asyncio.to_thread(self._recaller.flush)

    async def close(self) -> None:
        """:meth:`flush`; the hub stays open (close it yourself when every agent is done)."""
        await self.flush()

    # -- internals ---------------------------------------------------------------------------
    def _locked(self) -> asyncio.Lock:
        if self._lock is None:  # made in the running loop, not at construction
            self._lock = asyncio.Lock()
        return self._lock

    def _is_ours(self, message: LLMMessage) -> bool:
        return (
            isinstance(message, (SystemMessage, UserMessage))
            and isinstance(message.content, str)
            and message.content in (self._block, self._layer)
        )

    def _capture(self, said: Sequence[LLMMessage]) -> None:
        """Queue the said messages not captured yet (runs in a thread)."""
        start = self._captured
        if start and (len(said) < start or _fingerprint(said[start - 1]) != self._last_captured):
            log.info("memory %s: the model context was reset; a new chat starts", self.tenant)
            start = self._captured = 0
            self._last_captured = None
        fresh = start == 0  # the first message captured from a new context opens a new session
        for message in said[start:]:
            spoken = _spoken(message)
            if spoken is not None:
                self._recaller.observe(
                    {"content": spoken[1]}, speaker=spoken[0], fresh_chat=fresh, partner=_TEAM
                )
                fresh = False
        if said:
            self._captured, self._last_captured = len(said), _fingerprint(said[-1])

    async def _put(
        self,
        context: ChatCompletionContext,
        said: list[LLMMessage],
        block: str | None,
        layer: str | None = None,
    ) -> None:
        """Rewrite the context: the previous block and layer out, this reply's (if any) in."""
        self._block, self._layer = block, layer
        front: list[LLMMessage] = [SystemMessage(content=layer)] if layer is not None else []
        if block is not None:
            front.append(
                SystemMessage(content=block)
                if self._recaller.inject_role == "system"
                else UserMessage(content=block, source="memory")
            )
        if not front:
            await _load(context, said)
            return
        await _load(context, [*front, *said])
        shown = [getattr(m, "content", None) for m in await context.get_messages()]
        if any(getattr(m, "content", None) not in shown for m in front):
            await _load(context, [*said, *front])  # a window over the latest messages hid the front


# -- helpers -----------------------------------------------------------------------------------
async def _in_thread(fn: Callable[[], T], token: CancellationToken | None) -> T:
    """``fn()`` in a thread; a cancelled token stops the wait (the thread finishes its step)."""
    task = asyncio.ensure_future(asyncio.to_thread(fn))
    if token is not None:
        token.link_future(task)
    return await task


async def _stored_messages(context: ChatCompletionContext) -> list[LLMMessage]:
    """Every message the context holds (``get_messages`` may show only a window of them)."""
    state = await context.save_state()
    if isinstance(state, dict) and "messages" in state:
        return list(ChatCompletionContextState.model_validate(state).messages)
    return list(await context.get_messages())


async def _load(context: ChatCompletionContext, messages: list[LLMMessage]) -> None:
    await context.load_state(ChatCompletionContextState(messages=messages).model_dump())


def _spoken(message: LLMMessage) -> tuple[str, str] | None:
    """(speaker, text) of a message a participant said; None for system messages, tool calls
    and tool results."""
    if not isinstance(message, (UserMessage, AssistantMessage)):
        return None
    content = message.content
    if isinstance(content, list):  # text and images, or function calls
        content = " ".join(part for part in content if isinstance(part, str))
    return (message.source, content) if isinstance(content, str) and content.strip() else None


def _as_dict(message: LLMMessage) -> dict | None:
    """A message as the classic capability reads it (role, name, content)."""
    spoken = _spoken(message)
    if spoken is None:
        return None
    role = "assistant" if isinstance(message, AssistantMessage) else "user"
    return {"role": role, "name": spoken[0], "content": spoken[1]}


def _fingerprint(message: LLMMessage) -> tuple:
    return type(message).__name__, getattr(message, "source", None), repr(getattr(message, "content", None))


def _text_of(content: MemoryContent) -> str:
    """The text of a ``MemoryContent``; images and other binary types are refused."""
    if not isinstance(content, MemoryContent):
        raise InvalidInput(f"expected a MemoryContent, got {type(content).__name__}")
    mime = (
        content.mime_type.value if isinstance(content.mime_type, MemoryMimeType) else str(content.mime_type)
    )
    value = content.content
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    if isinstance(value, bytes) and mime not in (MemoryMimeType.BINARY.value, MemoryMimeType.IMAGE.value):
        try:
            return value.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput("memory content bytes are not UTF-8 text; decode them first") from None
    if isinstance(value, str) and (mime in _TEXT_TYPES or mime.startswith("text/")):
        return value
    raise InvalidInput(
        f"the Zettelkasten memory stores text (mime types {sorted(_TEXT_TYPES)}), "
        f"got {type(value).__name__} as {mime!r}; describe an image in text instead"
    )


def _memory_content(card: UnlockedCard) -> MemoryContent:
    meta = {k: v for k, v in card.to_dict().items() if k != "content"}
    return MemoryContent(content=card.content, mime_type=MemoryMimeType.TEXT, metadata=meta)
