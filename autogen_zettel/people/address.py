"""Whom a message is addressed to, so a profile is built from what was said to this agent or
about the person, never from remarks meant for another participant of a group chat.

A message addresses someone when it opens with their name as a vocative: "critic, I love long
detailed answers", "critic：我喜欢详细的回答", "Hey critic - ...", "@critic ...". The names come
from every source that knows them before the participant speaks: the agents of the group chat
(recorded by the capability when the manager delivers a message), the hub's tenants (every
agent with a memory) and the people heard so far (:func:`participants`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable
from typing import Any

__all__ = ["PARTICIPANTS_META", "addressed_elsewhere", "addressee", "participants", "record_participants"]

PARTICIPANTS_META = "participants"  # db meta: the group chat agents this tenant has seen, a JSON list

# a greeting or thanks before the name: "hey critic,", "thanks critic:", "嗨 critic，"
_LEAD = r"(?:(?:hey|hi|hello|ok|okay|thanks|thank you|dear|so|and|嗨|你好|谢谢)[\s,，]+)?"
# what ends a vocative: a comma or colon (either script), a dash, "!" or an enumeration comma
_END = r"\s*(?:[,，:：、!！]|\s-\s|—)"
_AT = re.compile(r"^\s*@([\w.-]+)", re.UNICODE)


def _vocative(text: str, name: str) -> bool:
    edge = "A-Za-z0-9_" if name.isascii() else r"\w"
    pattern = rf"^\s*{_LEAD}@?{re.escape(name)}(?![{edge}]){_END}"
    return re.match(pattern, text, re.IGNORECASE) is not None


def addressee(text: str, names: Iterable[str]) -> str | None:
    """The participant ``text`` opens by addressing (one of ``names``, as given), or the name
    after a leading "@" even if unknown; None when it addresses nobody by name.

    >>> addressee("critic, I love long detailed answers", ["critic", "researcher"])
    'critic'
    >>> addressee("critic：我喜欢很长很详细的回答。", ["critic"]), addressee("@critic I love jazz", [])
    ('critic', 'critic')
    >>> addressee("Honestly, I love jazz.", ["critic"]), addressee("I told critic, no.", ["critic"])
    (None, None)
    """
    m = _AT.match(text)
    known = sorted({n for n in names if n and n.strip()}, key=len, reverse=True)  # "ben" after "bennett"
    if m:
        said = m.group(1).rstrip(".-")
        return next((n for n in known if n.casefold() == said.casefold()), said)
    return next((n for n in known if _vocative(text, n)), None)


def addressed_elsewhere(text: str, agent: str, others: Collection[str]) -> bool:
    """Whether ``text`` opens by addressing someone other than ``agent``.

    >>> addressed_elsewhere("critic, be brief", "researcher", ["critic"])
    True
    >>> addressed_elsewhere("researcher, be brief", "researcher", ["critic"])
    False
    """
    who = addressee(text, [agent, *others])
    return who is not None and who.casefold() != agent.casefold()


def record_participants(db: Any, names: Iterable[str]) -> None:
    """Add ``names`` (a group chat's agents) to the tenant's known participants."""
    new = {n for n in names if n}
    old = set(json.loads(db.get_meta(PARTICIPANTS_META) or "[]"))
    if not new <= old:
        db.set_meta(PARTICIPANTS_META, json.dumps(sorted(old | new)))


def participants(memory: Any) -> set[str]:
    """Every participant name ``memory`` (a tenant) knows before they speak: the group chat
    agents recorded for it, the hub's tenants, and the people it has heard."""
    out: set[str] = set()
    db = getattr(memory, "db", None)
    if db is not None:
        out |= set(json.loads(db.get_meta(PARTICIPANTS_META) or "[]"))
    hub = getattr(memory, "hub", None)
    if hub is not None and callable(getattr(hub, "tenants", None)):
        out |= set(hub.tenants())
    speakers = getattr(memory, "speakers", None)
    if callable(speakers):
        out |= set(speakers())
    return out
