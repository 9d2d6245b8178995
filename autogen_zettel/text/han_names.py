"""Chinese names as an English text writes them: pinyin without tones ("Liu Yang" for 刘洋).

A question asked in English about a Chinese chat names its people in pinyin: "How old is Liu
Yang's daughter?" The tenant knows 刘洋 (a speaker), not "Liu Yang", so nothing of the question
tells recall whom it is about. :func:`latin_names_in` finds, for each Han name the caller knows,
the places where the text writes it in Latin letters, so recall treats "Liu Yang" as it treats
刘洋: speaker focus on 刘洋's cards, the name out of the dense query.

Spellings of a name (:func:`spellings`): its syllables in Chinese order and in the Western order
(given name first: "Yang Liu"), spaced, joined or hyphened ("Liuyang", "Liu-Yang"), and a
given name of two syllables alone ("Xiaoyu" for 赵晓雨), the way friends write it; a one-syllable
given name alone ("Yang") is too common a word to stand for anyone. A character with several
surname gives each of its readings (单 dan, shan, chan), a given name its usual one; ü is
written u, v and yu (吕: "Lu", "Lv", "Lyu"). Only names the caller passes are looked for: a pinyin word
that names no one the tenant knows is left alone.

The readings come from ``pypinyin``'s dictionary (about a second to load): :func:`warm_for`
loads it in a background thread once a Han-named speaker is remembered, or a memory holding one
is opened, so the first English question about them does not pay for it on the reply path; otherwise it is imported on the first
Han name spelled. The spellings of a name are kept after that.

>>> sorted(latin_names_in("How old is Liu Yang's daughter?", {"刘洋", "陈静"}).items())
[('刘洋', ['Liu Yang'])]
>>> latin_names_in("What did Xiaoyu's blind date do?", {"赵晓雨"})
{'赵晓雨': ['Xiaoyu']}
"""

from __future__ import annotations

import functools
import itertools
import re
import threading
from collections.abc import Collection, Mapping, Sequence

from autogen_zettel.base.threads import warm_once
from autogen_zettel.text.script import HAN as _HAN

__all__ = ["spellings", "latin_names_in", "with_han_names", "warm_for"]

_LATIN = re.compile(r"[A-Za-z]")
# surnames of two characters: the given name is what follows them
COMPOUND_SURNAMES = frozenset(
    "欧阳 司马 上官 诸葛 东方 皇甫 尉迟 公孙 慕容 长孙 夏侯 令狐 司徒 宇文 轩辕 端木 南宫 西门 独孤 呼延".split()
)
_warming = threading.Lock()
_warmed: list[bool] = []
_MAX_READINGS = 16  # combinations of a name's readings kept (a name of heteronyms multiplies them)


def _readings(name: str, surname: int) -> list[tuple[str, ...]]:
    """The name's syllables (toneless), one tuple per reading: every reading of the surname's
    characters (a surname is where a character's rarer reading is the one meant: 单 shan, 曾
    zeng), the usual reading of the given name's."""
    from pypinyin import Style, lazy_pinyin, pinyin  # a dictionary of about a second's load

    usual = lazy_pinyin(name, style=Style.NORMAL, errors="ignore")
    family = pinyin(name[:surname], style=Style.NORMAL, heteronym=True, errors="ignore")
    if len(usual) != len(name) or len(family) != surname:
        return []
    options = [list(dict.fromkeys([usual[i], *family[i]])) for i in range(surname)]
    options += [[r] for r in usual[surname:]]
    out = []
    for syllables in itertools.islice(itertools.product(*options), _MAX_READINGS):
        # ü: "Lu", "Lv" or "Lyu" in English text (pypinyin writes v)
        for form in ("u", "v", "yu"):
            out.append(tuple(s.lower().replace("v", form) for s in syllables))
    return list(dict.fromkeys(out))


@functools.lru_cache(maxsize=4096)
def spellings(name: str) -> tuple[tuple[str, ...], ...]:
    """The syllable sequences an English text may write ``name`` as (lower case), longest first;
    none for a name that is not two to four Han characters.

    >>> spellings("刘洋")
    (('liu', 'yang'), ('yang', 'liu'))
    >>> spellings("赵晓雨")
    (('zhao', 'xiao', 'yu'), ('xiao', 'yu', 'zhao'), ('xiao', 'yu'))
    >>> spellings("Melanie"), spellings("李")
    ((), ())
    """
    if not 2 <= len(name) <= 4 or not all(_HAN.match(c) for c in name):
        return ()
    cut = 2 if name[:2] in COMPOUND_SURNAMES and len(name) > 2 else 1
    out: list[tuple[str, ...]] = []
    for syllables in _readings(name, cut):
        family, given = syllables[:cut], syllables[cut:]
        out.extend([syllables, given + family])
        if len(given) >= 2:
            out.append(given)
    return tuple(sorted(dict.fromkeys(out), key=len, reverse=True))


@functools.lru_cache(maxsize=1024)
def _pattern(
    names: tuple[str, ...], taken: frozenset[str] = frozenset()
) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """One regex over the spellings of ``names`` (syllables spaced, hyphened or joined), and the
    Han name of each spelling by its letters alone ("liuyang"); a spelling that is already the
    name of a participant written in Latin letters (``taken``, folded: "anna" for 王安娜's given
    name when Anna speaks too) stays that participant's."""
    owner: dict[str, str] = {}
    syllables_of: dict[str, tuple[str, ...]] = {}
    for name in names:
        for syllables in spellings(name):
            joined = "".join(syllables)
            if joined in taken:
                continue
            if joined not in owner:  # two names spelt alike: the first keeps the spelling
                owner[joined] = name
                syllables_of[joined] = syllables
    if not owner:
        return None
    body = "|".join(
        r"[\s\-]?".join(map(re.escape, syllables_of[j])) for j in sorted(owner, key=len, reverse=True)
    )
    return re.compile(rf"(?<![A-Za-z])(?:{body})(?![A-Za-z])", re.IGNORECASE), owner


def latin_names_in(text: str, names: Collection[str]) -> dict[str, list[str]]:
    """The Han names of ``names`` that ``text`` writes in pinyin, each with the spans as written
    (first occurrence first). A span must stand as its own word(s): "Liu Yang's" counts,
    "Liuyangs" and "Yang" alone do not. Names not in Han characters are ignored.

    >>> latin_names_in("Did Wang Lei and Chen Jing meet?", ["王磊", "陈静", "刘洋"])
    {'王磊': ['Wang Lei'], '陈静': ['Chen Jing']}
    >>> latin_names_in("Where does Lin Na work?", ["刘洋"]), latin_names_in("刘洋在哪儿？", ["刘洋"])
    ({}, {})
    >>> latin_names_in("Did Anna call?", ["王安娜", "Anna"]), latin_names_in("Did Anna call?", ["王安娜"])
    ({}, {'王安娜': ['Anna']})
    """
    if not _LATIN.search(text):
        return {}
    han = tuple(sorted(n for n in names if _HAN.search(n)))
    taken = frozenset(re.sub(r"[\s\-]", "", n).casefold() for n in names if not _HAN.search(n))
    found = _pattern(han, taken) if han else None
    if found is None:
        return {}
    pattern, owner = found
    out: dict[str, list[str]] = {}
    for m in pattern.finditer(text):
        span = m.group(0)  # any case: chat questions are often written all in lower case
        name = owner[re.sub(r"[\s\-]", "", span).lower()]
        spans = out.setdefault(name, [])
        if span not in spans:
            spans.append(span)
    return out


def with_han_names(text: str, spelt: Mapping[str, Sequence[str]]) -> str:
    """``text`` with each pinyin span :func:`latin_names_in` found written as its Han name.

    >>> with_han_names("How old is Liu Yang's daughter?", {"刘洋": ["Liu Yang"]})
    "How old is 刘洋's daughter?"
    """
    spans = sorted(((span, name) for name, ss in spelt.items() for span in ss), key=lambda p: -len(p[0]))
    for span, name in spans:
        text = re.sub(rf"(?<![A-Za-z]){re.escape(span)}(?![A-Za-z])", name, text)
    return text


def warm_for(speaker: str) -> None:
    """Load ``pypinyin``'s dictionary in a background thread (once per process) when ``speaker``
    is written in Han characters: an English question about them will spell their name."""
    if _HAN.search(speaker or ""):
        warm_once(_warmed, _warming, "zettel-pinyin-warm", _load)


def _load() -> None:
    from pypinyin import lazy_pinyin  # the import lock makes a question that comes meanwhile wait

    lazy_pinyin("刘洋")
