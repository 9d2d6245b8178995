"""Which script a text is mostly written in: Han characters against Latin words (a Han character
is about a word's worth of meaning; "我在 Google 上班" is a Chinese line).

A question "mostly in Han" is read by the multilingual model with a bias towards texts of its own
script (see :data:`autogen_zettel.embed.scale.E5_HAN_QUESTION_GAP`); a name or a product in the
other script does not change what a line mostly is.

>>> [mostly_han(t) for t in ("刘洋的太太在哪儿上班？", "Where does 刘洋's wife work?", "我在 Google 上班")]
[True, False, True]
"""

from __future__ import annotations

import re

__all__ = ["HAN", "mostly_han"]

#: one Han character: CJK unified ideographs, extension A and the compatibility block
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u024f]+")


def mostly_han(text: str) -> bool:
    """Whether ``text`` has Han characters and at least as many of them as Latin words."""
    han = len(HAN.findall(text))
    return han > 0 and han >= len(_LATIN_WORD.findall(text))
