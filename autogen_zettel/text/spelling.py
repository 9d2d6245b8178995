"""One spelling for every way of writing a name: what ``forget(subject=...)`` matches on.

:func:`fold` maps a text to a comparison form: NFC first (so NFD input composes), then per
character NFKC (full-width and compatibility letters to their plain form), apostrophe and
hyphen variants to ``'`` and ``-`` (every dash punctuation, a backtick or okina as an
apostrophe), every format character dropped (soft hyphen, zero-width, bidi marks), a run of
blanks or line breaks to one space, a combining mark composed with the character before it
(half-width kana with a separate voicing mark), Greek accents dropped (capitals are written
without them), ``casefold`` (every cased script, ß to ss, final sigma), and a letter that looks
like an ASCII letter or digit in another script (Cyrillic ``а``, Greek ``Ο``) read as it. Turkish dotted and dotless i fold
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

from autogen_zettel.base.confusables import LOOKALIKES

__all__ = ["SpellingMatcher", "fold"]

# apostrophes as people type them: curly, modifier letters (ʼ ʻ ʽ), prime, acute, grave and
# backtick, Armenian, full-width
_APOSTROPHES = "\u2018\u2019\u201b\u02bc\u02bb\u02bd\u02b9\u2032\u00b4\u0060\u055a\uff07\uff40"
# every dash punctuation (Unicode category Pd) reads as "-", and the hyphen bullet
_HYPHEN_LIKE = "\u2043"
# invisible characters that are not format characters (every Cf, from soft hyphen and zero-width
# joiners to bidi marks and the invisible separator, is dropped too): grapheme joiner, fillers
_INVISIBLE = "\u034f\u115f\u1160\u3164\uffa0"
_TABLE = {
    **{ord(c): "'" for c in _APOSTROPHES},
    **{ord(c): "-" for c in _HYPHEN_LIKE},
    **{ord(c): None for c in _INVISIBLE},
}


# scripts written without spaces between words (or, in Korean, with particles glued to names):
# a name there is matched as a substring, not as a whole word
_UNSPACED = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL", "THAI", "LAO", "KHMER", "MYANMAR", "TIBETAN")


def _unspaced(c: str) -> bool:
    return unicodedata.name(c, "").startswith(_UNSPACED)


@lru_cache(maxsize=65536)
def _fold_char(c: str) -> str:
    cat = unicodedata.category(c)
    if cat == "Cf":
        return ""
    if cat == "Pd":
        return "-"
    if c.isspace():
        return " "
    t = unicodedata.normalize("NFKC", c).translate(_TABLE).casefold()
    if "GREEK" in unicodedata.name(c, ""):
        # Greek capitals are written without their accents (ΟΔΥΣΣΕΑΣ is Οδυσσέας), and so is
        # quick lower-case typing (ελενη): tonos and dialytika are dropped
        t = "".join(x for x in unicodedata.normalize("NFD", t) if not unicodedata.combining(x))
    t = t.replace("i\u0307", "i").replace("\u0131", "i")
    return "".join(_SKELETON.get(x, x) for x in t)


# letters that look like ASCII letters and digits in other scripts (Cyrillic а, Greek ο, ...: Unicode's
# confusables, as the data tags use them) read as those: "Аnna" with a Cyrillic А is Anna, so a
# name cannot escape forgetting by a look-alike letter; written alike in both, a name in one
# script still matches itself. Not for scripts without spaces (their table entries are strokes).
_SKELETON = {
    c: a for c, a in LOOKALIKES.items() if ord(c) > 127 and a.isascii() and a.isalnum() and not _unspaced(c)
}


# what the fast path for ASCII text cannot fold by lower() alone: a backtick, runs of blanks
_ASCII_SLOW = re.compile(r"[`\t\n\r\f\v]|  ")


def _fold_map(text: str) -> tuple[str, str, list[int], list[int]]:
    """``(nfc, folded, origin, until)``: folded char ``k`` came from ``nfc[origin[k]:until[k]]``.

    A run of blanks of any kind (line breaks too) folds to one space; a combining mark that
    follows a folded character composes with it (half-width ``ｼﾞ`` is ``ジ``)."""
    nfc = unicodedata.normalize("NFC", text)
    if nfc.isascii() and not _ASCII_SLOW.search(nfc):
        idx = list(range(len(nfc)))
        return nfc, nfc.lower(), idx, [i + 1 for i in idx]
    groups: list[list] = []  # [folded text, first index, end index]
    for i, c in enumerate(nfc):
        f = _fold_char(c)
        if not f:
            continue
        if f == " " and groups and groups[-1][0] == " ":
            groups[-1][2] = i + 1
        elif groups and unicodedata.combining(f[0]) and groups[-1][0] != " ":
            groups[-1][0] = unicodedata.normalize("NFC", groups[-1][0] + f)
            groups[-1][2] = i + 1
        else:
            groups.append([f, i, i + 1])
    origin, until = [], []
    for f, start, end in groups:
        origin.extend([start] * len(f))
        until.extend([end] * len(f))
    return nfc, "".join(g[0] for g in groups), origin, until


def fold(text: str) -> str:
    """``text`` in its comparison form (see the module docstring)."""
    return _fold_map(text)[1]


class SpellingMatcher:
    """Finds ``subject`` in a text in any of its spellings, as a whole word (a substring at an
    edge written in a script without spaces). ``search`` has :class:`re.Pattern`'s shape, so it
    stands in where a compiled pattern was used."""

    def __init__(self, subject: str):
        self.folded = fold(subject).strip()
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
        nfc, folded, origin, until = _fold_map(text)
        return [nfc[origin[m.start()] : until[m.end() - 1]] for m in self._re.finditer(folded)]
