"""The one base of every adapter: :class:`MemoryAdapter`, the framework-neutral memory of one
agent. It recalls before a reply (:meth:`~MemoryAdapter.recall_hook`: the recent messages form the
query, progressive unlocking runs, the unlocked cards come back as one extra message marked as
data), captures what the agent sees (:meth:`~MemoryAdapter.observe`, ``capture_received``,
``capture_sent``), and keeps sessions (new chat, idle gap, end-of-chat phrase). It imports no
agent framework: each lineage's adapter is a thin class over one (the classic
:class:`~autogen_zettel.agent.capability.ZettelMemoryCapability` attaches it to a
``ConversableAgent``; AgentChat's, Agent Framework's and ag2 1.x's call it unattached). How to
write one: docs/guides/adapters.md.
"""

from __future__ import annotations

import collections
import logging
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from autogen_zettel.agent.events import RecallEvent, UnlockedCard, message_id_for, message_text
from autogen_zettel.base import prompts
from autogen_zettel.base.clock import as_naive_utc
from autogen_zettel.base.errors import InvalidInput, QueueFull, ZettelError
from autogen_zettel.base.messages import replace_surrogates
from autogen_zettel.cards.link_strength import reply_used
from autogen_zettel.memory import MemoryHub, Zettelkasten
from autogen_zettel.memory.tenant import tenant_parts
from autogen_zettel.people.address import record_participants
from autogen_zettel.recall.block import chat_query
from autogen_zettel.text.farewell import ends_chat

__all__ = ["MemoryAdapter", "RecallEvent", "UnlockedCard", "message_id_for", "message_text"]

log = logging.getLogger(__name__)

_MAX_EVENTS = 200


class MemoryAdapter:
    """The memory of one agent, for any framework: recall before replies, capture of everything
    the agent sees, sessions that end on their own.

    An adapter holds one and calls it: :meth:`recall_hook` (or :meth:`query_for` and the
    memory's ``recall_block``) before a reply, :meth:`observe` / ``capture_received`` /
    ``capture_sent`` for each message, :meth:`start_session` / :meth:`end_session` where the
    framework marks them, :meth:`flush` to wait for captures.

    :param hub: the memory hub (its clock stamps captured messages)
    :param tenant: the memory to use: a tenant name or a :class:`Zettelkasten`
        (default: ``hub.tenant(agent.name)``)
    :param k: at most this many cards per reply (default ``recall.k`` of the hub's config)
    :param token_budget: the recalled block's token budget (default ``recall.token_budget``)
    :param query_messages: how many recent messages form the query (default ``recall.query_messages``)
    :param include_current_session: also recall cards distilled from messages of the current
        session that the agent has seen (they are normally in its context already)
    :param flush_before_recall: wait for queued captures before recalling (deterministic
        simulations; costs the capture time on the reply path)
    :param inject_role: the role of the injected message (``system``, or ``user`` for endpoints
        that allow one system message only)
    :param memory_guide: append the memory guide to the system message (``add_to_agent`` only)
    :param session_id: start in this session (else sessions follow the chats, see :meth:`start_session`)
    :param on_recall: called with each :class:`RecallEvent`
    :param persona_engine: a :class:`~autogen_zettel.persona.engine.PersonaEngine` to feed every
        captured message to, and whose persona factor weights recall
        (:class:`~autogen_zettel.agent.assistant.MemoryAugmentedAssistantAgent` makes one from its persona)
    :param cold_start: a :class:`~autogen_zettel.persona.cold_start.ColdStart` (from the persona's
        ``needs``): while a slot of the person is empty, the recall block carries one question for
        it, at most one a session; the person's answer fills their layers
    :param end_on_farewell: an end-of-chat phrase ("that's all for today", "今天就到这里", see
        :mod:`autogen_zettel.text.farewell`) ends the session; the one reply that answers it
        stays in the ended session
    """

    def __init__(
        self,
        hub: MemoryHub,
        *,
        tenant: str | Zettelkasten | None = None,
        k: int | None = None,
        token_budget: int | None = None,
        query_messages: int | None = None,
        include_current_session: bool = False,
        flush_before_recall: bool = False,
        inject_role: str = "system",
        memory_guide: bool = True,
        session_id: str | None = None,
        on_recall: Callable[[RecallEvent], None] | None = None,
        persona_engine: Any = None,
        end_on_farewell: bool = True,
        cold_start: Any = None,
    ):
        if not isinstance(hub, MemoryHub):
            raise InvalidInput(f"hub must be a MemoryHub (MemoryHub.open(...)), got {type(hub).__name__}")
        if tenant is not None and not isinstance(tenant, (str, Zettelkasten)):
            raise InvalidInput(f"tenant must be a tenant name or a Zettelkasten, got {type(tenant).__name__}")
        if isinstance(tenant, Zettelkasten) and tenant.hub is not hub:
            raise InvalidInput(
                f"tenant {tenant.name!r} belongs to another hub; pass hub.tenant(name) of this hub"
            )
        for name, value in (("k", k), ("token_budget", token_budget), ("query_messages", query_messages)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise InvalidInput(f"{name} must be a positive integer, got {value!r}")
        if inject_role not in ("system", "user"):
            raise InvalidInput(f"inject_role must be 'system' or 'user', got {inject_role!r}")
        cfg = hub.config.recall
        self.hub = hub
        self.k = k or cfg.k
        self.token_budget = token_budget or cfg.token_budget
        self.query_messages = query_messages or cfg.query_messages
        self.include_current_session = include_current_session
        self.flush_before_recall = flush_before_recall
        self.inject_role = inject_role
        self.memory_guide = memory_guide
        self.on_recall = on_recall
        self.persona_engine = persona_engine
        self.cold_start = cold_start
        self._tenant = tenant
        self._memory: Zettelkasten | None = tenant if isinstance(tenant, Zettelkasten) else None
        self._agent: Any = None
        self._lock = threading.RLock()
        self._session: str | None = None
        self._pinned = False
        self._ended = False  # the current session's end-of-session work has been queued
        self._closing: str | None = None  # who said the end-of-chat phrase that just ended the session
        self.end_on_farewell = end_on_farewell
        self._last_at: datetime | None = None  # clock time of the latest captured message
        self._auto_sessions = 0
        self._seq: dict[str, int] = {}
        self._last_id: dict[str, str] = {}
        self._last_speaker: dict[str, str] = {}
        self._seen: dict[str, set[str]] = {}
        self._group_names: tuple[str, ...] = ()
        self._offered: dict[str, list] = {}  # session -> conflicts whose question the last recall offered
        # session -> the hits of the last recall block, judged by the agent's next reply (links.learn)
        self._awaiting_use: dict[str | None, list] = {}
        self.recalls: collections.deque[RecallEvent] = collections.deque(maxlen=_MAX_EVENTS)
        if session_id is not None:
            self.start_session(session_id)

    @property
    def agent(self) -> Any:
        """The agent this capability is attached to (None before ``add_to_agent``)."""
        return self._agent

    @property
    def memory(self) -> Zettelkasten:
        """The agent's memory (a tenant of the hub)."""
        if self._memory is None:
            if isinstance(self._tenant, str):
                self._memory = self.hub.tenant(self._tenant)
            else:
                raise InvalidInput("this capability is not attached yet; call add_to_agent(agent) first")
        return self._memory

    # -- sessions ----------------------------------------------------------------------------
    @property
    def session_id(self) -> str | None:
        """The session captured messages are filed under (None before the first message)."""
        return self._session

    def start_session(self, session_id: str | None = None) -> str:
        """Start a new session and keep it until the next call (a simulated day, a meeting).

        Without a call, sessions follow the chats: a message that opens a fresh conversation
        (the agent's history with that partner is empty, as after ``initiate_chat`` or
        ``clear_history``) starts a new session named after the chat and the clock, e.g.
        ``ada+bob-20240304T090000`` or ``chat_manager-20240304T090000``, the same for every
        participant; so does a message after ``sessions.idle_minutes`` of clock time
        without one. Session ids are free text up to 120 characters.

        Whenever a session gives way to another, an end-of-chat phrase is said, the hub closes
        (or :meth:`end_session` is called), the session end runs on its own, in the hub's
        background worker (:class:`~autogen_zettel.memory.sessions.Sessions`): the session's
        summary card, the persona engine's mining and profile refresh (if one is attached) and
        the memory's maintenance if it is due.
        """
        if session_id is None:
            session_id = self._auto_id()
        if not isinstance(session_id, str) or not session_id.strip() or len(session_id) > 120:
            raise InvalidInput(
                f"session_id must be non-empty text of at most 120 characters, got {session_id!r}"
            )
        with self._lock:
            if self._session is not None and self._session != session_id.strip():
                self._end(self._last_at, "new chat")
            self._session = session_id.strip()
            self._pinned = True
            self._ended = False
        return self._session

    def end_session(self, at: datetime | None = None) -> None:
        """End the current session now: its summary, mining and due maintenance run in the background.

        The next captured message starts a new session (named after the chat, or the id given
        to :meth:`start_session`). Ending a session twice does nothing the second time.
        """
        with self._lock:
            self._end(at or self.hub.clock.now(), "on request")
            self._pinned = False

    def _end(self, at: datetime | None, reason: str) -> None:
        if self._ended or self._session is None:
            return
        self._ended = True
        when = at or self.hub.clock.now()
        log.debug("agent %s: session %s ended (%s)", self._agent_name, self._session, reason)
        try:
            # the memory runs the end (summary, the persona engine's mining, due maintenance)
            self.memory.sessions.end(self._session, at=when, reason=reason)
        except Exception:  # noqa: BLE001 - a chat goes on without its session-end work
            log.warning("agent %s: could not end session", self._agent_name, exc_info=True)

    def _auto_id(self, partner: Any = None) -> str:
        """A session id every participant of the chat derives alike: who talks, and when.

        A GroupChat is named after its manager; a two-agent chat after both names, sorted.
        """
        when = f"{self.hub.clock.now():%Y%m%dT%H%M%S}"
        name = getattr(partner, "name", None)
        if name is None:
            self._auto_sessions += 1
            return f"chat-{when}-{self._auto_sessions}"
        if self._is_group_manager(partner) or self._agent is None:
            return f"{name}-{when}"
        return "+".join(sorted((self._agent.name, name))) + f"-{when}"

    def _is_group_manager(self, partner: Any) -> bool:
        """Whether ``partner`` runs a group chat (its sessions are named after it); a framework's
        adapter tells."""
        return False

    def _idle(self, when: datetime) -> bool:
        minutes = self.hub.config.sessions.idle_minutes
        return (
            bool(minutes)
            and self._last_at is not None
            and (as_naive_utc(when) - as_naive_utc(self._last_at)).total_seconds() > 60 * minutes
        )

    def _session_for(
        self, fresh_chat: bool, partner: Any = None, when: datetime | None = None, speaker: str | None = None
    ) -> str:
        with self._lock:
            idle = when is not None and self._idle(when)
            closing = self._closing
            self._closing = None
            if closing is not None and self._ended and not idle and not fresh_chat and speaker != closing:
                return self._session  # the farewell's answer belongs to the session it closed
            renew = self._session is None or (not self._pinned and (fresh_chat or idle or self._ended))
            if renew or idle:
                # an idle pinned session ends too, and keeps its id
                self._end(self._last_at, "idle gap" if idle else "new chat")
            if renew:
                fresh = self._auto_id(partner)
                if fresh == self._session:  # a new chat within the same clock second: not the ended one
                    self._auto_sessions += 1
                    fresh = f"{fresh}-{self._auto_sessions}"
                self._session = fresh
            self._ended = False  # a message arrives: the (new or continued) session is live
            return self._session

    # -- capture -----------------------------------------------------------------------------
    def capture_received(self, message: Any, sender: Any) -> str | None:
        """Queue a message the agent receives (speaker: the message's ``name``, else the sender)."""
        agent = self._agent
        fresh = agent is not None and not agent.chat_messages.get(sender)
        name = message.get("name") if isinstance(message, dict) else None
        self._note_group(sender)
        return self.observe(
            message, speaker=name or getattr(sender, "name", "unknown"), fresh_chat=fresh, partner=sender
        )

    def _note_group(self, partner: Any) -> None:
        """Record a group chat's agent names once: a remark addressed to one of them ("critic,
        ...") stays out of this agent's profile even before that agent has spoken."""
        group = getattr(partner, "groupchat", None)
        names = tuple(getattr(group, "agent_names", None) or ())
        if names and names != self._group_names:
            self._group_names = names
            try:
                record_participants(tenant_parts(self.memory).db, names)
            except ZettelError as exc:
                log.warning("agent %s: group chat names not recorded: %s", self._agent_name, exc)

    def capture_sent(self, message: Any, recipient: Any) -> str | None:
        """Queue a message the agent sends (speaker: the agent)."""
        agent = self._agent
        fresh = agent is not None and not agent.chat_messages.get(recipient)
        return self.observe(
            message,
            speaker=agent.name if agent is not None else "unknown",
            fresh_chat=fresh,
            partner=recipient,
        )

    def observe(
        self,
        message: Any,
        *,
        speaker: str,
        fresh_chat: bool = False,
        partner: Any = None,
        at: datetime | None = None,
    ) -> str | None:
        """Queue one message for the background worker; returns its id, or None if not captured.

        Recall blocks and offline-mode labels are stripped first; a message with nothing left
        (or with no text, e.g. a bare tool call) is not captured but still takes its place in
        the session's numbering.
        """
        # lone surrogates would raise UnicodeEncodeError in the id digest and the persona
        # engine: replaced (U+FFFD) here as the message schema does, so capture never breaks delivery
        text = replace_surrogates(message_text(message))
        speaker = replace_surrogates(speaker) if isinstance(speaker, str) else speaker
        with self._lock:
            when = at or self.hub.clock.now()
            session = self._session_for(fresh_chat, partner, when, speaker)
            reopened = not self._ended
            self._last_at = when
            seq = self._seq.get(session, 0) + 1
            self._seq[session] = seq
            clean = prompts.strip_injected(text)
            if reopened:
                self.memory.sessions.touch(session, when)
            try:
                mid = self._capture(clean, text, session, seq, speaker, when)
                if speaker == self._agent_name:
                    self._learn_links(text, session, when)
                answered = self._clarify(text, clean, speaker, mid, when, session)
            finally:
                if clean and self.end_on_farewell and reopened and ends_chat(clean):
                    # queued after the message's own capture: the summary and the mining see it
                    self._end(when, "end-of-chat phrase")
                    self._closing = speaker
        if answered:
            # out of the lock: writing the answer waits for the capture queue, which other
            # threads' observe() calls must not wait behind
            self._write_answers(speaker)
        return mid

    def _clarify(
        self, text: str, clean: str, speaker: str, mid: str | None, when: datetime, session: str
    ) -> bool:
        """The clarification loop: the agent's reply that takes up an offered question records it
        as asked; the person's next message may answer it (memory/clarify.py). The cold start's
        questions are followed the same way (persona/cold_start.py); returns whether a cold-start
        answer waits to be written (:meth:`_write_answers`, once the lock is let go)."""
        answered = False
        try:
            if speaker == self._agent_name:
                offered = self._offered.pop(session, ())
                low = text.casefold()  # the raw reply: an offline reply quotes the note in its echo block
                taken = [c for c in offered if c.topic.casefold() in low]
                if taken:
                    self.memory.clarifications.asked(taken, at=when, session_id=session)
            elif clean and mid:
                self.memory.clarifications.consider(
                    clean, speaker=speaker, message_id=mid, at=when, session_id=session
                )
        except ZettelError as exc:  # the chat goes on; the question stays offered
            log.warning("agent %s: clarification bookkeeping failed: %s", self._agent_name, exc)
        except Exception:  # noqa: BLE001 - a bookkeeping bug must not break the chat
            log.exception("agent %s: clarification bookkeeping failed", self._agent_name)
        if self.cold_start is None or not clean:
            return answered
        try:
            slot = self.cold_start.heard(
                clean, speaker=speaker, session=session, message_id=mid, at=when, write=False
            )
            answered = slot is not None and speaker != self._agent_name
        except ZettelError as exc:  # the chat goes on
            log.warning("agent %s: cold-start bookkeeping failed: %s", self._agent_name, exc)
        except Exception:  # noqa: BLE001 - a bookkeeping bug must not break the chat
            log.exception("agent %s: cold-start bookkeeping failed", self._agent_name)
        return answered

    def _learn_links(self, reply: str, session: str, when: datetime) -> None:
        """The agent's reply judges the links its last recall followed: the recalled cards the
        reply repeats were used (:func:`~autogen_zettel.cards.link_strength.drawn_on`; an offline
        reply quotes the ones it answers from). Written in the background worker, off the reply."""
        hits = self._awaiting_use.pop(session, None)
        if not hits:
            return
        memory = self.memory

        def learn() -> None:
            try:
                memory.used(hits, reply_used(reply, hits), at=when)
            except ZettelError as exc:  # the chat goes on; the links keep what they had
                log.warning("agent %s: links not taught from the reply: %s", self._agent_name, exc)
            except Exception:  # noqa: BLE001 - a bookkeeping bug must not break the chat's flush
                log.exception("agent %s: links not taught from the reply", self._agent_name)

        try:
            self.hub.worker.submit(memory.name, learn)
        except QueueFull as exc:  # the lesson is dropped, the chat goes on
            log.warning("agent %s: links not taught from the reply: %s", self._agent_name, exc)

    def _write_answers(self, person: str) -> None:
        try:
            self.cold_start.write_answers(person)
        except ZettelError as exc:  # the answer stays in the cold-start state
            log.warning("agent %s: cold-start answer not written: %s", self._agent_name, exc)
        except Exception:  # noqa: BLE001 - the chat goes on
            log.exception("agent %s: cold-start answer not written", self._agent_name)

    def _capture(
        self, clean: str, text: str, session: str, seq: int, speaker: str, when: datetime
    ) -> str | None:
        if not clean:
            return None
        mid = message_id_for(session, seq, speaker, text)
        reply_to = self._last_id.get(session)
        try:
            self.memory.remember_later(
                clean,
                speaker=speaker,
                message_id=mid,
                session_id=session,
                at=when,
                reply_to=reply_to,
            )
        except (
            InvalidInput,
            QueueFull,
        ) as exc:  # a message memory refuses (or has no room for) must not break the chat
            log.warning("agent %s: message %s not remembered: %s", self._agent_name, mid, exc)
            return None
        if self.persona_engine is not None:
            self.persona_engine.observe(
                clean,
                speaker=speaker,
                message_id=mid,
                session_id=session,
                at=when,
                previous_speaker=self._last_speaker.get(session),
            )
        self._last_id[session] = mid
        self._last_speaker[session] = speaker
        self._seen.setdefault(session, set()).add(mid)
        return mid

    @property
    def _agent_name(self) -> str:
        if self._agent is not None:
            return self._agent.name
        return self._memory.name if self._memory is not None else "?"  # unattached: the tenant speaks

    def flush(self) -> None:
        """Wait until every captured message is stored and linked (re-raises a capture failure)."""
        self.memory.flush()

    # -- recall ------------------------------------------------------------------------------
    def query_for(self, messages: Sequence[dict]) -> str:
        """The recall query: the last ``query_messages`` messages with text, injected text removed."""
        return chat_query(messages, self.query_messages)

    def recall_hook(self, messages: list[dict]) -> list[dict]:
        """The ``process_all_messages_before_reply`` hook: a new list, the recall block first.

        The given list and its dicts are never changed. A recall failure is logged and the
        reply goes ahead without memories.
        """
        out = list(messages) if messages is not None else messages
        if not messages:
            return out
        query = self.query_for(messages)
        if not query:
            return out
        now = self.hub.clock.now()
        session = self._session
        try:
            if self.flush_before_recall:
                self.memory.flush()
            engine = self.persona_engine
            factor, explore = engine.recall_modulation() if engine is not None else (None, False)
            block = self.memory.recall_block(
                query,
                budget=self.token_budget,
                k=self.k,
                agent=self._agent_name,
                at=now,
                modulation=factor,
                explore=(lambda chosen: engine.explore_hits(chosen, k=1)) if explore else None,
                session_id=session,
                seen=None if self.include_current_session else self._seen.get(session or "", ()),
            )
        except ZettelError as exc:
            log.warning("agent %s: recall failed, replying without memories: %s", self._agent_name, exc)
            self._record(RecallEvent(self._agent_name, session, now, query, (), False, str(exc)))
            return out
        except Exception as exc:  # noqa: BLE001 - the chat goes on; the failure is logged and recorded
            log.warning("agent %s: recall failed, replying without memories", self._agent_name, exc_info=True)
            self._record(RecallEvent(self._agent_name, session, now, query, (), False, repr(exc)))
            return out
        if session is not None:
            self._offered[session] = [
                c for h in block.hits if h.note for c in h.conflicts if c.question == h.note
            ]
        # the reply that follows judges this block only (an earlier block no reply came after is dropped)
        self._awaiting_use.pop(session, None)
        if block.hits and self.memory.config.links.learn:
            self._awaiting_use[session] = list(block.hits)
        unlocked = tuple(UnlockedCard.from_hit(h) for h in block.hits)
        self._record(RecallEvent(self._agent_name, session, now, query, unlocked, bool(block.hits)))
        text = block.text if block else ""
        ask = self._cold_question(messages, session)
        if ask:  # one gentle question for what the persona still needs to know (persona/cold_start.py)
            text = (text + "\n\n" if text else "") + ask
        if not text:
            return out
        return [{"role": self.inject_role, "content": text}, *out]

    def _cold_question(self, messages: list[dict], session: str | None) -> str:
        if self.cold_start is None or session is None:
            return ""
        person = self._last_speaker.get(session)
        last = next(
            (m for m in reversed(messages) if isinstance(m, dict) and m.get("role") != self.inject_role), None
        )
        try:
            question = self.cold_start.question(person or "", session, message_text(last) if last else "")
        except ZettelError as exc:
            log.warning("agent %s: cold-start question skipped: %s", self._agent_name, exc)
            return ""
        except Exception:  # noqa: BLE001 - the reply goes ahead without the question
            log.exception("agent %s: cold-start question skipped", self._agent_name)
            return ""
        if not question:
            return ""
        return f"If it fits the conversation, ask {person} gently, once, in your own words: {question}"

    def _record(self, event: RecallEvent) -> None:
        self.recalls.append(event)
        log.debug(
            "agent %s unlocked %d cards in session %s", event.agent, len(event.unlocked), event.session_id
        )
        if self.on_recall is not None:
            self.on_recall(event)

    @property
    def last_recall(self) -> RecallEvent | None:
        """The most recent recall (None before the first reply)."""
        return self.recalls[-1] if self.recalls else None
