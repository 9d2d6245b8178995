"""The Zettelkasten memory as an AutoGen capability: :class:`ZettelMemoryCapability` gives any
``ConversableAgent`` recall before its replies and captures every message it sees, and the
records of what was recalled (:class:`RecallEvent`, :class:`UnlockedCard`).

Before each reply the capability recalls from the agent's memory (the recent messages form the
query, progressive unlocking runs) and the unlocked cards are prepended, inside a delimited
block marked as recalled data, as ONE extra message for that reply only; the stored chat
history never holds them. Every message the agent sees, its own and others', including in a
GroupChat what was said while it was silent, is captured in the background with its speaker,
session and time. Text carrying the recall delimiter is never captured again.
:class:`~autogen_zettel.agent.assistant.MemoryAugmentedAssistantAgent` is built on it.
"""

from __future__ import annotations

import logging
from typing import Any

import autogen

from autogen_zettel.agent.adapter import (
    MemoryAdapter,
    RecallEvent,
    UnlockedCard,
    message_id_for,
    message_text,
)
from autogen_zettel.agent.delivery import capture_first as _capture_first
from autogen_zettel.base import prompts
from autogen_zettel.base.errors import InvalidInput

__all__ = [
    "ZettelMemoryCapability",
    "RecallEvent",
    "UnlockedCard",
    "message_id_for",
    "message_text",
    "HOOK",
]

log = logging.getLogger(__name__)

HOOK = "process_all_messages_before_reply"


class ZettelMemoryCapability(MemoryAdapter):
    """The classic adapter: a :class:`~autogen_zettel.agent.adapter.MemoryAdapter` attached to a
    ``ConversableAgent``. Gives a ``ConversableAgent`` a Zettelkasten memory (recall before replies, capture of
    everything it sees), the way AutoGen's capabilities do.

    ``add_to_agent(agent)`` changes the agent as follows, and nothing else:

    1. registers :meth:`recall_hook` on the hookable method ``process_all_messages_before_reply``:
       before each reply it recalls from the memory and returns a NEW message list with one
       extra message (role ``inject_role``) prepended, holding the unlocked cards inside a
       ``<zettel-recall ...>`` block; the agent's stored history is never changed;
    2. replaces the agent's bound ``receive``, ``a_receive``, ``send`` and ``a_send`` with
       wrappers (instance attributes) that queue each message for capture, then call the
       original; in a GroupChat the manager delivers every message to every agent through
       ``receive``, so messages said while the agent was silent are captured too;
    3. appends :data:`~autogen_zettel.base.prompts.MEMORY_GUIDE` (what the recall block is) to the
       system message, unless ``memory_guide=False``;
    4. sets ``agent.zettel_capability`` to this capability (a second attach raises).

    A capability serves one agent: attaching it to a second agent, or a second capability to
    the same agent, raises :class:`~autogen_zettel.base.errors.InvalidInput`.

    It takes the parameters of :class:`~autogen_zettel.agent.adapter.MemoryAdapter`, spelled out
    there once; ``memory_guide`` applies here, at ``add_to_agent``.
    """

    # -- attaching ---------------------------------------------------------------------------
    def add_to_agent(self, agent: autogen.ConversableAgent) -> None:
        """Attach to ``agent``: register the recall hook and wrap capture (see the class docstring)."""
        if not isinstance(agent, autogen.ConversableAgent):
            raise InvalidInput(f"a memory attaches to a ConversableAgent, got {type(agent).__name__}")
        hooks = getattr(agent, "hook_lists", None)
        if not isinstance(hooks, dict) or HOOK not in hooks:
            raise InvalidInput(
                f"agent {agent.name!r} has no {HOOK!r} hook; this AutoGen is too old or too new: "
                "install pyautogen>=0.9,<0.10 (or ag2<1.0)"
            )
        with self._lock:
            if self._agent is not None:
                raise InvalidInput(
                    f"this memory capability is already attached to agent {self._agent.name!r}; "
                    f"create one ZettelMemoryCapability per agent (agent {agent.name!r} needs its own)"
                )
            if getattr(agent, "zettel_capability", None) is not None:
                raise InvalidInput(
                    f"agent {agent.name!r} already has a Zettelkasten memory attached; attach it once"
                )
            if self._memory is None:
                self._memory = self.hub.tenant(self._tenant if isinstance(self._tenant, str) else agent.name)
            self._agent = agent
        agent.zettel_capability = self
        agent.register_hook(HOOK, self.recall_hook)
        if self.memory_guide:
            agent.update_system_message(agent.system_message.rstrip() + "\n\n" + prompts.MEMORY_GUIDE)
        self._wrap(agent)

    def _wrap(self, agent: Any) -> None:
        received, sent = self.capture_received, self.capture_sent
        agent.receive = _capture_first(received, agent.receive)
        agent.a_receive = _capture_first(received, agent.a_receive, asynchronous=True)
        agent.send = _capture_first(sent, agent.send)
        agent.a_send = _capture_first(sent, agent.a_send, asynchronous=True)

    def _is_group_manager(self, partner: Any) -> bool:
        return isinstance(partner, autogen.GroupChatManager)
