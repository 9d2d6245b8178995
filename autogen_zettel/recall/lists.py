"""Questions that ask for several things ("Which cities has John been to?", "What video games does
Nate play?", "刘洋都去过哪些地方？") and the spread of their hits over sessions.

Such a question is answered across a person's sessions, each saying one item in its own words;
the ten best paraphrases of one session crowd the others out. :func:`spread_sessions` re-ranks a
list question's hits greedily, each hit's score discounted by ``(1 - spread)`` for every hit
already placed from its session (``recall.tuning.session_spread``; 0 leaves the order).

The detector (:func:`asks_for_several`) looks for what a list question is made of: "how many",
"both", "all the ...", "what are", "what kinds of", a plural noun asked for ("which cities", "what
video games") before its verb, the present perfect of experience ("has Melanie camped", "have
... visited"), and 哪些 / 都 ... 什么 / 几次 in Chinese. On LoCoMo dev it flags 101 of 142 multi-hop
questions and 61 of 418 single-hop ones (written on those questions; REALTALK dev: 74 of 144).

>>> [asks_for_several(q) for q in ("Which cities has John been to?", "What is Caroline's job?")]
[True, False]
>>> asks_for_several("刘洋都去过哪些地方？")
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence

from autogen_zettel.base.cards import Hit

__all__ = ["asks_for_several", "hold_back_others", "spread_groups", "spread_sessions"]

_PLURAL = r"(?!(?:does|was|is|has|this|his|its|yes|us|always|perhaps|ones?)\b)\w+(?<![usi])s"
_SEVERAL = re.compile(
    rf"\b(?:how many|both|all (?:the )?{_PLURAL}\b|what are|what (?:kinds?|types?|sorts?) of|in what ways|"
    rf"(?:what|which) (?:\w+ )?{_PLURAL} (?:has|have|does|do|did)\b|"
    r"(?:has|have) \w+(?: and \w+)? (?:ever )?(?:been|done|visited|tried|read|made|played|taken|had|"
    r"attended|participated|gone|camped|painted|seen|met|cooked|bought|watched|learned|worked))",
    re.IGNORECASE,
)
_SEVERAL_ZH = re.compile(r"哪些|都有什么|都做过|都去过|几次|多少次|哪几")


def asks_for_several(question: str) -> bool:
    """Whether ``question`` asks for several things (see the module)."""
    return bool(_SEVERAL.search(question) or _SEVERAL_ZH.search(question))


def spread_sessions(hits: Sequence[Hit], spread: float) -> list[Hit]:
    """``hits`` re-ranked so that one session does not fill the list: greedily the best of
    ``score * (1 - spread) ** (hits placed from its session)`` (cards without a session count
    as their own). Scores are kept; only the order changes."""
    return spread_groups(hits, lambda h: h.card.session_id or h.card.id, spread)


def spread_groups(hits: Sequence[Hit], group_of: Callable[[Hit], str], spread: float) -> list[Hit]:
    """``hits`` re-ranked greedily by ``score * (1 - spread) ** (hits placed from its group)``,
    the group a hit is of given by ``group_of`` (a session, a meaning cluster). Scores are kept."""
    if spread <= 0 or len(hits) < 2:
        return list(hits)
    keep = 1.0 - spread
    left = list(hits)
    placed: dict[str, int] = {}
    out: list[Hit] = []
    while left:
        best = max(range(len(left)), key=lambda n: left[n].score * keep ** placed.get(group_of(left[n]), 0))
        hit = left.pop(best)
        key = group_of(hit)
        placed[key] = placed.get(key, 0) + 1
        out.append(hit)
    return out


def hold_back_others(hits: Sequence[Hit], named: Collection[str], hold: float) -> list[Hit]:
    """``hits`` re-ranked with the cards of speakers the question does not name scoring
    ``(1 - hold)`` times less (nothing changes when it names nobody): "What events has Caroline
    attended?" lists Caroline's own tellings, not Melanie's replies about them. Scores are kept;
    only the order changes."""
    if hold <= 0 or not named or len(hits) < 2:
        return list(hits)
    keep = 1.0 - hold
    ranked = sorted(
        enumerate(hits),
        key=lambda nh: (-(nh[1].score * (1.0 if nh[1].card.speaker in named else keep)), nh[0]),
    )
    return [h for _, h in ranked]
