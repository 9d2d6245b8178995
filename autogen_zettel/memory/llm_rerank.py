"""The optional LLM re-rank of recall: one structured call orders the best offline candidates.

Off unless a hub is opened with one (``MemoryHub.open(..., reranker=LLMReranker(llm_config))``).
A recall then takes ``candidates`` hits from the offline order (at least ``k``), sends them to the
model in one call (each card's text cut to ``max_chars``), and keeps the model's order for them;
the hits below follow in the offline order, and the recall is cut to ``k`` after that. So the
model can lift a card from place 15 into the first 5, never add one the search did not find.

The answer is validated (ids from the list, each once; ids it leaves out keep their offline order
after the listed ones) and retried once with the error fed back; after a second failure the recall
keeps the offline order, with a warning. Permanent-tier cards are never sent (their text is sealed
at rest): they keep their offline places, and the others are re-ranked around them. The model's
endpoint sees the other candidates' text, as the agent's model sees the recall block.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from autogen_zettel.base import llm_prompts
from autogen_zettel.base.cards import Hit, PrivacyTier
from autogen_zettel.base.errors import ConfigError, LLMOutputError
from autogen_zettel.base.llm import RecordingCompleter, as_completer, ask_json

__all__ = ["LLMReranker"]

log = logging.getLogger(__name__)


class LLMReranker:
    """Orders a recall's best candidates with one JSON call (a
    :class:`~autogen_zettel.recall.rerank.Reranker`); see the module.

    Called by recall with the query and the offline hits, best first::

        rerank = LLMReranker(llm_config, candidates=20)
        hits = rerank(query, hits)   # the same hits, re-ordered, or None (keep the offline order)

    :param llm: an AutoGen ``llm_config`` or any :class:`~autogen_zettel.base.llm.Completer`
    :param candidates: how many of the best offline hits go into the call (2 to 50)
    :param max_chars: each card's text is cut to this many characters in the prompt
    """

    def __init__(self, llm: Any, *, candidates: int = 20, max_chars: int = 400):
        if not isinstance(candidates, int) or isinstance(candidates, bool) or not 2 <= candidates <= 50:
            raise ConfigError(f"candidates must be an integer from 2 to 50, got {candidates!r}")
        if not isinstance(max_chars, int) or isinstance(max_chars, bool) or max_chars < 40:
            raise ConfigError(f"max_chars must be an integer of at least 40, got {max_chars!r}")
        self.completer = RecordingCompleter(as_completer(llm))
        self.candidates = candidates
        self.max_chars = max_chars
        self.calls = 0
        self.failures = 0

    def __call__(self, query: str, hits: Sequence[Hit]) -> list[Hit] | None:
        top = list(hits[: self.candidates])
        movable = [i for i, h in enumerate(top) if h.card.tier is not PrivacyTier.PERMANENT]
        if len(movable) < 2:
            return None
        short = {f"c{n}": i for n, i in enumerate(movable, start=1)}
        messages = llm_prompts.rerank_messages(
            query,
            [
                (
                    sid,
                    top[i].card.speaker,
                    top[i].card.created_at.isoformat(timespec="minutes"),
                    _cut(top[i].card.content, self.max_chars),
                )
                for sid, i in short.items()
            ],
        )
        order, calls = ask_json(
            self.completer,
            messages,
            lambda data: self._validate(data, short),
            llm_prompts.rerank_retry_message,
            "recall re-rank",
            "the offline order",
        )
        self.calls += calls
        self.failures += order is None
        if order is None:
            return None
        listed = set(order)
        slots = iter(order + [i for i in movable if i not in listed])
        moving = set(movable)
        placed = [top[next(slots)] if i in moving else top[i] for i in range(len(top))]
        scores = sorted((h.score for h in top), reverse=True)  # the places keep their scores
        return [h.rescored(s) for h, s in zip(placed, scores)] + list(hits[self.candidates :])

    @staticmethod
    def _validate(data: dict, short: Mapping[str, int]) -> list[int]:
        order = data.get("order")
        if set(data) != {"order"} or not isinstance(order, list):
            raise LLMOutputError(f'expected {{"order": [...]}}, got keys {sorted(data)!r}')
        out: list[int] = []
        for n, sid in enumerate(order):
            if sid not in short:
                raise LLMOutputError(f"order[{n}] must be one of {sorted(short)!r}, got {sid!r}")
            if short[sid] in out:
                raise LLMOutputError(f"order[{n}]: {sid!r} is listed twice")
            out.append(short[sid])
        return out


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
