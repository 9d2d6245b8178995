"""Whether a Latin-script text is English: the paired embedder (:mod:`autogen_zettel.embed.dual`)
gives the English model a say only in English texts, and German, Spanish or Indonesian are
written in the same letters.

The test counts function words: English ones against those of the other languages most written
in Latin letters (German, French, Spanish, Portuguese, Italian, Dutch, Indonesian, Vietnamese).
A text is English unless the others outnumber the English ones, so a text with neither ("Go get
'em, Jon!", "lunch later?") stays English. Measured on the dev chats: LoCoMo 2,760 turns and 997
questions, REALTALK 4,080 turns and 361 questions (typos, "Im", curly apostrophes): every one
English ("'em" counts for both); one sentence in each of eight other languages: none English.

>>> [looks_english(t) for t in ("Im doing good, having lunch", "Wo arbeitet meine Schwester?")]
[True, False]
>>> [looks_english(t) for t in ("Mi hermana vive en Madrid.", "Where does my sister live?", "ok")]
[False, True, True]
"""

from __future__ import annotations

import re

__all__ = ["looks_english"]

_ENGLISH = frozenset(
    """the a an and of to is are was were i you he she it we they my your his her our their this that
    these those with for have has had be been not but what when where who how do does did would can
    could just at from in on there about it's i'm im that's don't didn't can't i've you're yeah really
    because then than them me him very so all some any one will more up out if or no by as its let's
    i'll we're they're there's what's also too much now em""".split()
)
_OTHERS = frozenset(
    """der die das und ist nicht ich ein eine einen zu mit sich auf für von dem den des im wir sie es
    auch mein meine dein deine wo wie
    le la les et est un une des je pas que qui dans pour sur avec du au ce il elle nous vous sont
    mais ma mon mes où
    el los las y es una que de en por para con se mi su lo al del pero muy como más está dónde
    o os as é um uma do da em com não ao eu ele ela meu minha
    il gli e è che di per non sono della mia mio sua suo nel alla
    het een van ik niet ook maar zijn mijn
    dan di yang ini itu saya dengan untuk tidak ke dari
    và của là có tôi một những được không người""".split()
)
_WORD = re.compile(r"[a-zA-Z\u00c0-\u024f]+(?:'[a-zA-Z]+)?")


def looks_english(text: str) -> bool:
    """Whether ``text`` reads as English rather than another Latin-script language (see the module)."""
    words = [w.lower() for w in _WORD.findall(text.replace("\u2019", "'").replace("`", "'"))]
    english = sum(w in _ENGLISH for w in words)
    others = sum(w in _OTHERS for w in words)
    return english >= others
