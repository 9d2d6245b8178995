"""The finished recall block an adapter puts before a reply: the query read from the recent
messages, progressive recall, the cut to a token budget, and the delimited, neutralised
``<zettel-recall>`` text (:func:`~autogen_zettel.base.prompts.recall_block`).

Every adapter (the classic hook, AgentChat's ``Memory``, and the next lineages) calls
:meth:`Zettelkasten.recall_block <autogen_zettel.memory.tenant.Zettelkasten.recall_block>`,
which builds it here, so none rebuilds the pipeline.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from autogen_zettel.base import prompts
from autogen_zettel.base.cards import Card, Hit
from autogen_zettel.base.messages import message_text
from autogen_zettel.recall.hit_lines import cut_to_budget, format_hit

__all__ = ["RecallBlock", "chat_query", "finish_block", "MAX_QUERY_CHARS"]

MAX_QUERY_CHARS = 2000  # the end of a long query is what the reply answers


@dataclass(frozen=True)
class RecallBlock:
    """One reply's recall: the block ``text`` (empty when nothing was recalled), the ``hits``
    it shows, best first, and the ``query`` they answer. ``str(block)`` is the text."""

    text: str
    hits: tuple[Hit, ...]
    query: str

    def __str__(self) -> str:
        return self.text

    def __bool__(self) -> bool:
        return bool(self.text)


def chat_query(messages: Sequence[Mapping[str, Any]], window: int) -> str:
    """The recall query of a chat: the last ``window`` messages that have text (system messages
    and text the memory injected left out), each as ``name: text``, oldest first.

    >>> chat_query([{"role": "user", "name": "bob", "content": "Where did Ann move?"}], 4)
    'bob: Where did Ann move?'
    """
    lines: list[str] = []
    for m in reversed(messages):
        if m.get("role") == "system":
            continue
        text = prompts.strip_injected(message_text(m))
        if not text:
            continue
        who = m.get("name") or m.get("role") or ""
        lines.append(f"{who}: {text[-1000:]}" if who else text[-1000:])
        if len(lines) >= window:
            break
    return "\n".join(reversed(lines))[-MAX_QUERY_CHARS:]


def _in_context(hit: Hit, session_id: str | None, seen: Collection[str]) -> bool:
    """Whether a card only restates messages of the current session (already in context)."""
    if session_id is None or hit.card.session_id != session_id:
        return False
    return all(s in seen for s in hit.card.source_ids)


def finish_block(
    recall: Callable[..., list[Hit]],
    query: str,
    *,
    agent: str,
    k: int,
    budget: int,
    modulation: Callable[[Card], float] | None = None,
    explore: Callable[[set[str]], Sequence[Hit]] | None = None,
    session_id: str | None = None,
    seen: Collection[str] | None = None,
    people: Sequence[str] = (),
) -> RecallBlock:
    """Recall for ``query`` and finish the block (see :meth:`Zettelkasten.recall_block
    <autogen_zettel.memory.tenant.Zettelkasten.recall_block>` for the arguments).

    :param recall: ``recall(query, k=..., modulation=...) -> hits`` (the tenant's recall at one time)
    :param people: lines from the person layers for this turn (facts, preferences, what is
        due), after the cards; each is folded onto its line like a card
    """
    ask = k if seen is None else k + min(k, len(seen))
    hits = recall(query, k=ask, modulation=modulation)
    if seen is not None:
        hits = [h for h in hits if not _in_context(h, session_id, seen)]
    hits = hits[:k]
    if explore is not None:  # an exploration recall also brings back what modulation would have hidden
        extra = list(explore({h.card.id for h in hits}))
        hits = hits[: k - len(extra)] + extra
    hits = cut_to_budget(hits, budget)
    if not hits and not people:
        return RecallBlock("", (), query)
    lines = "\n".join(
        [*(" ".join(format_hit(h).split("\n")) for h in hits), *(prompts.one_line(p) for p in people)]
    )
    return RecallBlock(prompts.recall_block(agent, lines), tuple(hits), query)
