"""One spelling for every way of writing a name: what ``forget(subject=...)`` matches on.

:func:`fold` maps a text to a comparison form: NFC first (so NFD input composes), then per
character NFKC (full-width and compatibility letters to their plain form), apostrophe and
hyphen variants to ``'`` and ``-``, soft hyphens and zero-width characters dropped, and
``casefold`` (every cased script, ß to ss, final sigma). Turkish dotted and dotless i fold
to a plain ``i`` (``İ`` casefolds to ``i`` plus a combining dot; ``ı`` has no case partner),
so ``İpek``, ``ipek`` and ``IPEK`` are one name: forgetting errs on the side of matching.

The fold is done character by character on the NFC text, so each folded character points
back at the character it came from: :meth:`SpellingMatcher.spellings` reports the text as
it was written.

>>> fold("JOSÉ") == fold("jose\u0301") == "josé"
True
>>> fold("O’Brien") == fold("o'brien"), fold("Ｂｏｂ"), fold("Margue\u00adrite")
(True, 'bob', 'marguerite')
>>> SpellingMatcher("José").spellings("JOSÉ moved to Lima; josé too. Josép did not.")
['JOSÉ', 'josé']
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["SpellingMatcher", "fold"]

_APOSTROPHES = "\u2018\u2019\u201b\u02bc\u02b9\u2032\u00b4\uff07"
_HYPHENS = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d\u058a\u05be\u1806"
# soft hyphen, zero-width space/joiners, word joiner, byte-order mark, grapheme joiner, Mongolian vowel separator
_INVISIBLE = "\u00ad\u200b\u200c\u200d\u2060\ufeff\u034f\u180e"
_TABLE = {
    **{ord(c): "'" for c in _APOSTROPHES},
    **{ord(c): "-" for c in _HYPHENS},
    **{ord(c): None for c in _INVISIBLE},
}
# scripts written without spaces between words (or, in Korean, with particles glued to names):
# a name there is matched as a substring, not as a whole word
_UNSPACED = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN")


@lru_cache(maxsize=65536)
def _fold_char(c: str) -> str:
    t = unicodedata.normalize("NFKC", c).translate(_TABLE).casefold()
    return t.replace("i\u0307", "i").replace("\u0131", "i")


def _fold_map(text: str) -> tuple[str, str, list[int]]:
    """``(nfc, folded, origin)``: ``origin[k]`` is the index in ``nfc`` that folded char ``k`` came from."""
    nfc = unicodedata.normalize("NFC", text)
    if nfc.isascii():
        return nfc, nfc.lower(), list(range(len(nfc)))
    parts, origin = [], []
    for i, c in enumerate(nfc):
        f = _fold_char(c)
        parts.append(f)
        origin.extend([i] * len(f))
    return nfc, "".join(parts), origin


def fold(text: str) -> str:
    """``text`` in its comparison form (see the module docstring)."""
    return _fold_map(text)[1]


def _unspaced(c: str) -> bool:
    return unicodedata.name(c, "").startswith(_UNSPACED)


class SpellingMatcher:
    """Finds ``subject`` in a text in any of its spellings, as a whole word (a substring at an
    edge written in a script without spaces). ``search`` has :class:`re.Pattern`'s shape, so it
    stands in where a compiled pattern was used."""

    def __init__(self, subject: str):
        self.folded = fold(subject.strip())
        head = "" if not self.folded or _unspaced(self.folded[0]) else r"(?<!\w)"
        tail = "" if not self.folded or _unspaced(self.folded[-1]) else r"(?!\w)"
        self._re = re.compile(head + re.escape(self.folded) + tail)

    def search(self, text: str | None) -> re.Match | None:
        """A match in the folded ``text`` (None if the subject is not in it)."""
        return self._re.search(fold(text)) if text and self.folded else None

    def spellings(self, text: str | None) -> list[str]:
        """The subject as written in ``text`` (NFC), once per occurrence, in order."""
        if not text or not self.folded:
            return []
        nfc, folded, origin = _fold_map(text)
        return [nfc[origin[m.start()] : origin[m.end() - 1] + 1] for m in self._re.finditer(folded)]
