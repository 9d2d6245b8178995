"""Links that learn (seed 002's edge strength): a link traversed in a recall that was used grows
stronger, one traversed and left unused fades, and what was learned is forgotten again with
time. Pure functions; the store keeps the result per link (``links.strength``, ``strength_at``).

What a link has learned is a *gain*, a factor on its static weight (the cosine or structural
weight it was written with): recall passes ``weight x gain x`` the kind's weight, so a link with
nothing learned (gain None, every link until its first judged recall) passes exactly what it
passed before. The gain stays within ``[floor, cap]``.

- **Used**: recall reached a card through the link and the reply drew on that card
  (:func:`drawn_on`): the gain rises by ``used_step``.
- **Unused**: recall reached a card through the link, the reply drew on some recalled card but
  not on this one: the gain falls by ``unused_step``. A recall the reply drew on nothing of
  teaches nothing (no evidence which link misled it).
- **Time**: the part of a gain above 1 decays like a card's forgetting curve,
  ``1 + (gain - 1) * exp(-idle days / stability_days)``; a gain below 1 stays until a use lifts
  it (a link that misled recall is not trusted again by waiting).
- **Prune**: maintenance deletes a link whose gain fell below ``prune_below`` (except the kinds
  it always keeps: REPLY_TO, SUPERSEDES, CONTRADICTS, SUMMARIZES record facts about cards).

>>> rule = Learning()
>>> g = learned(None, None, datetime(2024, 1, 1), used=True, rule=rule)
>>> g
1.2
>>> round(faded(g, datetime(2024, 1, 1), datetime(2024, 1, 31), rule), 4)  # a month unused
1.0736
>>> g = 1.0
>>> for _ in range(5):
...     g = learned(g, datetime(2024, 1, 1), datetime(2024, 1, 1), used=False, rule=rule)
>>> g, g < rule.prune_below
(0.5, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from autogen_zettel.base.cards import Card, Hit, Link, LinkKind
from autogen_zettel.text.lexical import tokens

__all__ = ["Learning", "LEARNING", "learned", "faded", "as_of", "drawn_on", "reply_used", "judged_links"]


@dataclass(frozen=True)
class Learning:
    """The constants of link learning (see the module's text for what each does)."""

    floor: float = 0.5  # at most halves a link's pass before maintenance prunes it
    cap: float = 2.0  # at most doubles it: a learned link never outweighs its kind's order
    used_step: float = 0.2
    # an injected block holds k cards and a reply uses one or two: a use outweighs a miss
    # (a link used once in three judged recalls holds its gain)
    unused_step: float = 0.1
    # gains above 1 forget faster than cards (decay.stability_days, 90): a burst of use fades
    # back to the static weight within a couple of months
    stability_days: float = 30.0
    # five misses from neutral (1 - 5 x 0.1 = 0.5) go, each use cancelling two
    prune_below: float = 0.55


LEARNING = Learning()


def faded(
    gain: float | None, since: datetime | None, now: datetime, rule: Learning = LEARNING
) -> float | None:
    """``gain`` (set at ``since``) as it stands at ``now``: its part above 1 decayed; None stays None."""
    if gain is None or gain <= 1.0 or since is None:
        return gain
    idle = max(0.0, (now - since).total_seconds() / 86400.0)
    return 1.0 + (gain - 1.0) * math.exp(-idle / rule.stability_days)


def as_of(link: Link, now: datetime, rule: Learning = LEARNING) -> Link:
    """``link`` with its learned gain faded to ``now`` (what explain, the export and the view show)."""
    if link.learned is None:
        return link
    return replace(link, learned=round(faded(link.learned, link.learned_at, now, rule), 4))


def learned(
    gain: float | None, since: datetime | None, now: datetime, *, used: bool, rule: Learning = LEARNING
) -> float:
    """The gain after one judged recall at ``now``: faded to ``now``, then one step, within bounds."""
    current = faded(gain, since, now, rule)
    current = 1.0 if current is None else current
    step = rule.used_step if used else -rule.unused_step
    return round(min(rule.cap, max(rule.floor, current + step)), 6)


def drawn_on(reply: str, cards: Iterable[Card]) -> set[str]:
    """The ids of ``cards`` a reply draws on: it repeats at least half of the card's words (at
    least one, at most three needed), after stemming and without stopwords, in any script
    (Chinese by character bigrams). Lexical on purpose: it needs no model, and what a reply
    repeats is what a reader would call "used".

    >>> from autogen_zettel.base.cards import CardKind
    >>> c = lambda i, text: Card(i, text, CardKind.FACT, "Ann", datetime(2024, 1, 1), (i,))
    >>> sorted(drawn_on("Since you paint landscapes every weekend, try the lake at dawn.",
    ...                 [c("a", "Ann paints landscapes every weekend."), c("b", "Ann's dog is called Rex.")]))
    ['a']
    """
    said = set(tokens(reply))
    out = set()
    for card in cards:
        words = set(tokens(card.content))
        if not words:
            continue
        need = min(3, max(1, math.ceil(len(words) / 2)))
        if len(words & said) >= need:
            out.add(card.id)
    return out


def reply_used(reply: str, hits: Sequence[Hit]) -> set[str]:
    """The ids :func:`drawn_on` finds in ``reply`` among the recalled cards of ``hits`` and the
    copies and members they cover: how every adapter judges a reply against the recall before
    it, for :meth:`~autogen_zettel.memory.tenant.Zettelkasten.used`."""
    return drawn_on(reply, [c for h in hits for c in (h.card, *h.covers)])


def judged_links(hits: Iterable[Hit], used: Iterable[str]) -> list[tuple[str, str, LinkKind, bool]]:
    """``(from, to, kind, used)`` of each link a recall traversed to reach its associative hits,
    judged by ``used`` (the ids of the recalled cards the reply drew on); empty when it drew on
    none of them (nothing to learn). A hit names the link it came through (``Hit.via``)."""
    hits = list(hits)
    used = set(used)
    recalled = {h.card.id for h in hits} | {c.id for h in hits for c in h.covers}
    if not used & recalled:
        return []
    out = []
    for h in hits:
        if h.layer != "associative" or not h.via:
            continue
        src, kind = h.via
        took = h.card.id in used or any(c.id in used for c in h.covers)
        out.append((src, h.card.id, LinkKind(kind), took))
    return out
