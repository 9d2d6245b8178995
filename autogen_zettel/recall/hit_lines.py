"""Recalled hits as prompt lines: one line per card with its provenance, conflicts and
clarification question, a model-free token estimate, and the cut of a hit list to a token budget.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from autogen_zettel.base.cards import CardKind, Hit
from autogen_zettel.base.prompts import one_line

__all__ = ["estimate_tokens", "format_hit", "cut_to_budget", "format_hits"]


def estimate_tokens(text: str) -> int:
    """A model-free token estimate (about four characters a token)."""
    return max(1, math.ceil(len(text) / 4))


def format_hit(hit: Hit) -> str:
    """Provenance and content, as injected into a prompt: one line, plus one per conflict
    (with the clarification question) and, for a summary, nothing more (it quotes its members).

    Every stored text is folded onto its line (:func:`~autogen_zettel.base.prompts.one_line`):
    a remembered line separator must not start what looks like another record.
    """
    card = hit.card
    when = card.created_at.strftime("%Y-%m-%d %H:%M")
    where = f", session {one_line(card.session_id)}" if card.session_id else ""
    ctx = (
        f" [context: {one_line(card.context)}]" if card.context and card.kind is not CardKind.SUMMARY else ""
    )
    line = f"- [{when}{where}] {one_line(card.speaker)}: {one_line(card.content)}{ctx} ({hit.layer}, score {hit.score:.2f})"
    for c in hit.conflicts:
        if c.resolution == "context":
            line += f"\n  - also holds in another context: {one_line(c.other_content)}"
        else:
            line += (
                f"\n  - conflicts with an older or weaker version (to verify): {one_line(c.other_content)}"
            )
    if hit.note:
        line += f"\n  - you may ask: {one_line(hit.note)}"
    return line


def cut_to_budget(hits: Sequence[Hit], token_budget: int) -> list[Hit]:
    """The longest prefix of ``hits`` whose formatted lines fit ``token_budget``."""
    out, used = [], 0
    for hit in hits:
        cost = estimate_tokens(format_hit(hit))
        if used + cost > token_budget:
            break
        out.append(hit)
        used += cost
    return out


def format_hits(hits: Sequence[Hit]) -> str:
    """The recalled cards as prompt lines, one per card, best first."""
    return "\n".join(format_hit(h) for h in hits)
