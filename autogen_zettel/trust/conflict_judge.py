"""The optional conflict *judge*: any callable ``judge(new_card, old_card) -> Verdict | None`` that adds
conflicts the rules of :mod:`autogen_zettel.trust.conflicts` cannot see, and :func:`llm_judge`, one
over a completion function.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from autogen_zettel.base.cards import Card
from autogen_zettel.base.errors import LLMOutputError
from autogen_zettel.base.llm_prompts import conflict_judge_prompt

__all__ = ["Verdict", "Judge", "llm_judge"]


@dataclass(frozen=True)
class Verdict:
    """A judge's answer for a pair of cards: ``relation`` is "contradicts", "context" or "compatible"."""

    relation: str
    topic: str | None = None
    question: str | None = None


Judge = Callable[[Card, Card], "Verdict | None"]


def llm_judge(complete: Callable[[str], str]) -> Judge:
    """A judge that asks an LLM (``complete(prompt) -> text``) for one JSON verdict per pair.

    Raises :class:`~autogen_zettel.base.errors.LLMOutputError` on an answer that is not the JSON
    asked for; the memory then logs a warning and keeps the rule-based result.
    """

    def judge(new: Card, old: Card) -> Verdict | None:
        reply = complete(
            conflict_judge_prompt(
                (new.speaker, f"{new.created_at:%Y-%m-%d}", new.content),
                (old.speaker, f"{old.created_at:%Y-%m-%d}", old.content),
            )
        )
        text = reply.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise LLMOutputError(
                f"conflict judge: reply is not JSON ({exc.msg}): {reply[:200]!r}; ask the model for JSON only"
            ) from None
        if not isinstance(data, dict) or data.get("relation") not in ("contradicts", "context", "compatible"):
            raise LLMOutputError(
                f"conflict judge: 'relation' must be contradicts, context or compatible, got {data!r}"
            )
        q = data.get("question")
        return Verdict(
            data["relation"], str(data.get("topic") or "") or None, q if isinstance(q, str) else None
        )

    return judge
