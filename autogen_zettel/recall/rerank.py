"""What a re-ranker of recall is: the hook through which a model (or any other judge) orders a
recall's best candidates after the offline order (:class:`~autogen_zettel.memory.llm_rerank.LLMReranker`
is the one the library ships). Kept apart from it so the hub names the hook without importing
the LLM plumbing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from autogen_zettel.base.cards import Hit

__all__ = ["Reranker"]


class Reranker(Protocol):
    """Orders a recall's best hits: ``reranker(query, hits)`` returns them re-ordered, or None to
    keep the offline order. Recall hands it at least ``candidates`` hits (when it has them) and
    cuts to ``k`` after it."""

    candidates: int

    def __call__(self, query: str, hits: Sequence[Hit]) -> list[Hit] | None: ...
