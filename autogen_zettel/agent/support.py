"""What runs around the agents: :class:`ScriptedUserAgent` (the scripted human of simulations
and tests), :func:`quiet_io` (AutoGen's console output off the console, only its length
logged), and the filter that drops AutoGen's notice about the offline model client awaiting
registration.
"""

from __future__ import annotations

import collections
import contextlib
import logging
from collections.abc import Iterator, Sequence
from typing import Any

import autogen

from autogen_zettel.base.errors import InvalidInput

__all__ = ["ScriptedUserAgent", "placeholder_notice_dropped", "quiet_io"]

log = logging.getLogger(__name__)


class _DropPlaceholderNotice(logging.Filter):
    """Drops AutoGen's INFO notice that a custom model client awaits registration: the agent
    registers the offline client on the next line, so the notice would only be noise."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Detected custom model client" not in record.getMessage()


@contextlib.contextmanager
def placeholder_notice_dropped(active: bool) -> Iterator[None]:
    if not active:
        yield
        return
    target = logging.getLogger("autogen.oai.client")
    notice = _DropPlaceholderNotice()
    target.addFilter(notice)
    try:
        yield
    finally:
        target.removeFilter(notice)


class ScriptedUserAgent(autogen.ConversableAgent):
    """A participant that says queued lines: the scripted human of simulations and tests.

    No LLM, no human input, no code execution. When nothing is queued it says nothing (returns
    None), which ends a GroupChat.
    """

    def __init__(self, name: str = "user", lines: Sequence[str] = (), **kwargs: Any):
        kwargs.setdefault("description", "The human who runs the group: opens sessions and gives feedback.")
        super().__init__(
            name, llm_config=False, human_input_mode="NEVER", code_execution_config=False, **kwargs
        )
        self._lines: collections.deque[str] = collections.deque(lines)
        self.register_reply([autogen.Agent, None], ScriptedUserAgent._scripted_reply, position=0)

    def queue(self, text: str) -> None:
        """Say ``text`` the next time this agent is asked to reply."""
        self._lines.append(text)

    @property
    def pending(self) -> int:
        return len(self._lines)

    def _scripted_reply(self, messages=None, sender=None, config=None):
        return True, (self._lines.popleft() if self._lines else None)


class _LoggingIOStream:
    """An AutoGen IOStream that swallows console output, noting only that some came (DEBUG),
    and refuses input."""

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", flush: bool = False) -> None:
        # the console output is the raw chat, before redaction: its text never reaches a log
        log.debug("autogen console output (%d characters)", len(sep.join(str(o) for o in objects)))

    def send(self, message: Any) -> None:
        log.debug("autogen event %s", type(message).__name__)

    def input(self, prompt: str = "", *, password: bool = False) -> str:
        raise InvalidInput("this chat runs without a console: use human_input_mode='NEVER'")


@contextlib.contextmanager
def quiet_io() -> Iterator[None]:
    """Keep AutoGen's console output off the console for the duration (library code never
    prints); only its length is logged at DEBUG, never its text, which is the unredacted chat."""
    from autogen.io import IOStream

    with IOStream.set_default(_LoggingIOStream()):
        yield


def run_group_chat(
    participants: list, openings: list[dict], *, max_round: int, selector, on_start=None
) -> list[dict]:
    """Run one AutoGen ``GroupChat`` of ``participants`` from the ``openings`` messages (the
    first speaker resumes the chat) with ``selector`` choosing each next speaker; returns the
    chat's messages. ``on_start(group_chat)`` is called before the first reply."""
    gc = autogen.GroupChat(
        agents=participants,
        messages=[],
        max_round=max_round,
        speaker_selection_method=selector,
        send_introductions=False,
    )
    manager = autogen.GroupChatManager(gc, name="chat_manager", llm_config=False, silent=True)
    if on_start is not None:
        on_start(gc)
    with quiet_io():
        last_agent, last_message = manager.resume(messages=openings, silent=True)
        last_agent.initiate_chat(manager, message=last_message, clear_history=False, silent=True)
    return gc.messages
