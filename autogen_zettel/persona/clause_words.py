"""What the words of a feedback clause say, read without an embedding: the clauses of a message,
whether a clause negates a description of the reply ("it wasn't too long"), and the direction its
words give ("don't", "no more", "too") apart from what it is about (:func:`polarity`), since an
embedding sees topics and hardly directions.

>>> clauses("Thanks ada, that was great. But trim it next time; ok?")
['Thanks ada, that was great', 'trim it next time', 'ok']
>>> describes_negation("It wasn't too long at all"), describes_negation("Don't pad your answers")
(True, False)
"""

from __future__ import annotations

import re

__all__ = ["clauses", "describes_negation", "polarity"]

_SPLIT = re.compile(r"[.!?;:\n]+|\s+but\s+", re.IGNORECASE)


def clauses(text: str) -> list[str]:
    """The clauses of a message: split at sentence ends, ``;``, ``:`` and "but"."""
    return [c.strip(" ,-\"'") for c in _SPLIT.split(text) if c.strip(" ,-\"'")]


_DESCRIBED = re.compile(
    r"(?:\b(?:not|never)|n't)\s+(?:\w+\s+)?(?:too|overly|excessively|that|so|very|particularly|remotely|at all)\b"
    r"|\b(?:wasn't|isn't|weren't|aren't|was not|is not|were not|are not)\s+(?:an?\s+)?(?:\w+\s+)?"
    r"(?:excessive|bad|a problem)\b",
    re.IGNORECASE,
)


def describes_negation(clause: str) -> bool:
    """Whether a clause negates a description of the reply ("not too long", "wasn't excessive")."""
    return _DESCRIBED.search(clause.replace("\u2019", "'")) is not None


_FLIP = (
    r"don't|dont|do not|doesn't|didn't|never|no need to|no need for|no more|stop|quit|enough with|"
    r"enough of|less|fewer|no|not|without|avoid|drop|cut|skip|leave out|spare me|hold off on|forget"
)
_EXCESS = r"far too|way too|much too|too much|too many|too|overly|excessively|so"
_FLIP_RE = re.compile(rf"(?<![\w'])(?:{_FLIP})(?![\w'])", re.IGNORECASE)
_EXCESS_RE = re.compile(rf"(?<![\w'])(?:{_EXCESS})(?![\w'])", re.IGNORECASE)
_POLITE = re.compile(r"(?<![\w'])(?:please|thanks|thank you)(?![\w'])", re.IGNORECASE)
_COPULA_END = re.compile(r"(?:be|is|are|was|were|'re|'s|being|sounds?|seems?|feels?)\s+$")
# A negation that says what the agent does not do ("you never ask", "why didn't you question
# it", "why not add a joke") reproaches the absence: it asks for the thing, not against it. So
# does "don't just"/"not only" (do more than that). "You don't need to ..." stays a negation.
_REPROACH_BEFORE = re.compile(r"(?:^|\s)(?:you|why)\s+$")
_NOT_ONLY = re.compile(r"^\s+(?:just|only|merely|simply)\b")
_NEEDS = re.compile(r"^\s+(?:need|have|has|must|should|want)\b")


def _reproach(t: str, m: re.Match) -> bool:
    """Whether the negation ``m`` in ``t`` reproaches an absence instead of asking for less."""
    after = t[m.end() :]
    if _NOT_ONLY.match(after):
        return True
    return bool(_REPROACH_BEFORE.search(t[: m.start()])) and not _NEEDS.match(after)


def polarity(text: str) -> tuple[str, int]:
    """What a clause is about, without its direction words, and the direction they give.

    Embeddings see topics, hardly directions: "too conservative" and "the conservative route"
    lie close but ask for opposite things. So direction words are read off the text and the
    rest is compared by meaning: a negation or "less"-word that opens the clause ("don't",
    "no more", "stop", "cut", "less", within its first three words) flips the direction, and so
    does an excess word ("too", "overly", "so" after a verb like "is") unless such a negation
    came first ("don't be so earnest" flips once). A negation later in a clause ("all the
    details, not a summary") is a contrast, not a direction: it stays in the text. A negation
    after "you" or "why" ("you never ask", "why didn't you check") or before "just"/"only"
    ("don't just answer") reproaches an absence and asks for the thing: no flip.

    >>> polarity("You're playing it far too safe.")
    ("you're playing it safe.", -1)
    >>> polarity("Don't be so earnest all the time")
    ('be earnest all the time', -1)
    >>> polarity("You never ask anything"), polarity("You don't need to explain every step")[1]
    (('you ask anything', 1), -1)
    >>> polarity("I want all the details, not a summary")
    ('i want all the details, not a summary', 1)
    """
    t = " ".join(text.lower().replace("\u2019", "'").split())
    starts = [m.start() for m in re.finditer(r"\S+", t)]
    opening = starts[3] if len(starts) > 3 else len(t)
    flips = [m for m in _FLIP_RE.finditer(t) if m.start() < opening][:1]
    if flips and _reproach(t, flips[0]):  # the word leaves the text, the direction stays
        flips, kept = [], flips[0]
        t = t[: kept.start()] + t[kept.end() :]
    first = flips[0].start() if flips else len(t)
    excess = [
        m
        for m in _EXCESS_RE.finditer(t)
        if (not flips or m.start() < first) and (m.group(0) != "so" or _COPULA_END.search(t[: m.start()]))
    ]
    # every excess word leaves the text ("don't be so earnest": the "so" only intensifies)
    cut = sorted({(m.start(), m.end()) for m in flips + list(_EXCESS_RE.finditer(t))})
    content, at = [], 0
    for a, b in cut:
        if a >= at:
            content.append(t[at:a])
            at = b
    content.append(t[at:])
    rest = " ".join(_POLITE.sub(" ", "".join(content)).split())  # "please" is no topic ("less text please")
    return rest or t, (-1) ** (len(flips) + len(excess))
