"""Finding a trait spec's phrases in a message: the text normalised, a phrase matched on word
boundaries (whitespace between its words may vary), and whether a negator stands in the few
words before it, within the same clause ("not too long").

>>> text = normalise("It wasn\u2019t  too long, but too vague")
>>> find_phrase(text, "too long"), phrase_hits(text, "too long"), phrase_hits(text, "too vague")
([10], (0, 1), (1, 0))
"""

from __future__ import annotations

import re

__all__ = ["normalise", "find_phrase", "is_negated", "phrase_hits"]

_NEGATORS = frozenset(
    "not no never don't dont doesn't didn't isn't wasn't aren't weren't won't wouldn't hardly without nor "
    "neither nothing".split()
)
_CLAUSE_END = re.compile(r"[.,;:!?()\n]|\bbut\b")


def normalise(text: str) -> str:
    """``text`` lower-cased, with curly apostrophes made straight and whitespace runs made one space."""
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.split())


def _phrase_re(phrase: str) -> re.Pattern:
    body = r"\s+".join(re.escape(w) for w in phrase.split())
    return re.compile(rf"(?<![\w']){body}(?![\w'])")


_CACHE: dict[str, re.Pattern] = {}


def find_phrase(text: str, phrase: str) -> list[int]:
    """Start offsets of ``phrase`` in ``text`` (normalised), on word boundaries."""
    pattern = _CACHE.get(phrase)
    if pattern is None:
        pattern = _CACHE[phrase] = _phrase_re(phrase)
    return [m.start() for m in pattern.finditer(text)]


def is_negated(text: str, start: int, window: int = 3) -> bool:
    """A negator among the ``window`` words before ``start``, within the same clause."""
    before = text[:start]
    cut = [m.end() for m in _CLAUSE_END.finditer(before)]
    if cut:
        before = before[cut[-1] :]
    words = before.split()[-window:]
    return any(w.strip("\"'") in _NEGATORS or w.endswith("n't") for w in words)


def phrase_hits(text: str, phrase: str) -> tuple[int, int]:
    """(plain, negated) occurrences of ``phrase``."""
    plain = negated = 0
    for start in find_phrase(text, phrase):
        if is_negated(text, start):
            negated += 1
        else:
            plain += 1
    return plain, negated
