"""Re-weighings of the immediate hits before unlocking: the participants a query names
(:func:`names_in`, :func:`misspelt_names_in`) and their own words first (:func:`focus_named_speakers`), and the cards that
say something before the ones that only chat (:func:`weigh_importance`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Iterable, Mapping, Sequence

from autogen_zettel.base.cards import Card
from autogen_zettel.cards.affect import VALENCE_CUT
from autogen_zettel.text.lexical import fold

__all__ = [
    "names_in",
    "misspelt_names_in",
    "focus_named_speakers",
    "weigh_importance",
    "affect_factor",
    "weigh_affect",
]

_WORDS = re.compile(r"\w+")
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")  # scripts written without spaces


def focus_named_speakers(
    immediate: Sequence[tuple[str, float]], cards: Mapping[str, Card], named: Collection[str], boost: float
) -> list[tuple[str, float]]:
    """Raise by ``boost`` (a share) the cards said by a participant the query names (``named``,
    see :func:`names_in`): "what does Melanie do to destress?" asks first about Melanie's own
    words. Re-sorted, best first.

    >>> from datetime import datetime
    >>> from autogen_zettel.base.cards import Card, CardKind
    >>> cards = {i: Card(i, i, CardKind.FACT, who, datetime(2024, 1, 1), (i,)) for i, who in [("a", "Ann"), ("b", "Mélanie")]}
    >>> focus_named_speakers([("a", 0.9), ("b", 0.8)], cards, names_in("What does Melanie paint?", {"Ann", "Mélanie"}), 0.2)
    [('b', 0.96), ('a', 0.9)]
    """
    if not named:
        return list(immediate)
    out = [(i, s * (1 + boost) if i in cards and cards[i].speaker in named else s) for i, s in immediate]
    return sorted(out, key=lambda kv: (-kv[1], kv[0]))


def weigh_importance(
    immediate: Sequence[tuple[str, float]], cards: Mapping[str, Card], weight: float
) -> list[tuple[str, float]]:
    """Each immediate hit scored ``1 - weight + weight * importance`` times (the card's importance,
    0..1): among the cards that match, the ones that say something come first. The heuristic
    refiner's importance grows with a card's distinct words, an event, preference or plan and
    a first-person statement, so "Books can be so captivating!" gives way to "I'm reading 'Dune'
    by Frank Herbert". Unlocked cards already weigh it (:func:`unlock`). Re-sorted, best first;
    ``weight`` 0 is off.

    >>> from datetime import datetime
    >>> from autogen_zettel.base.cards import Card, CardKind
    >>> card = lambda i, imp: Card(i, i, CardKind.FACT, "Ada", datetime(2024, 1, 1), (i,), importance=imp)
    >>> weigh_importance([("chat", 0.9), ("fact", 0.8)], {"chat": card("chat", 0.4), "fact": card("fact", 0.9)}, 0.5)
    [('fact', 0.76), ('chat', 0.63)]
    """
    if weight <= 0:
        return list(immediate)
    out = [(i, s * (1 - weight + weight * cards[i].importance) if i in cards else s) for i, s in immediate]
    return sorted(out, key=lambda kv: (-kv[1], kv[0]))


def names_in(query: str, names: Iterable[str]) -> set[str]:
    """The ``names`` that ``query`` names: a word of the name, folded, of 3 letters or more; or a
    name of 2 characters or more in a script written without spaces (Chinese, Japanese, Korean:
    "林娜和王伟" is one run of word characters), anywhere in the query.

    >>> sorted(names_in("What does Mélanie paint?", {"Melanie", "Caroline", "Al"}))
    ['Melanie']
    >>> sorted(names_in("林娜和王伟都喜欢什么运动？", {"林娜", "王伟", "李"}))
    ['林娜', '王伟']
    """
    folded = fold(query)
    words = set(_WORDS.findall(folded))
    return {
        n
        for n in names
        if any(len(w) > 2 and w in words for w in _WORDS.findall(fold(n)))
        or (len(n) >= 2 and _UNSPACED.search(n) and fold(n) in folded)
    }


_CAPITALISED = re.compile(r"\b[A-Z\u00c0-\u00de][a-z\u00df-\u00ff]{3,}\b")


def _skeleton(word: str) -> str:
    """The first letter, then the consonants without repeats: "muhhamed", "muhammad" and
    "mohammed" are all "mhmd"; "fahim" and "faheem" "fhm"."""
    rest = re.sub(r"[aeiouyh]", "", word[1:]) if len(word) > 1 else ""
    return word[0] + re.sub(r"(.)\1+", r"\1", rest)


def _distance(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from ``a`` to ``b``."""
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, 1):
        row = [i]
        for j, cb in enumerate(b, 1):
            row.append(min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (ca != cb)))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


_CALENDAR = frozenset(
    "january february march april june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday".split()
)


def _near(word: str, name: str) -> bool:
    """One edit from a name of up to 4 letters; two from a longer one that begins as ``word`` does."""
    edits = _distance(word, name)
    return edits <= 1 or (edits == 2 and len(name) > 4 and word[:2] == name[:2])


def misspelt_names_in(query: str, names: Iterable[str]) -> dict[str, list[str]]:
    """The ``names`` that ``query`` writes another way, as real chats' questions do ("Muhammad" or
    "Mohammed" for the speaker Muhhamed, "Akim" for Akib, "Faheem" for Fahim): a capitalised word
    of 4 letters or more, not itself one of the names nor a month or a day, that begins with a name
    word's letter and either has the same three or more consonants in the same order or is one
    edit from it (two from a name of 5 letters or more, when the first two letters agree). Returns
    each name with the words that wrote it.

    A word one letter from a name may be someone else ("Mary" for the speaker Mark): the match
    only shifts recall towards that speaker's words, it filters nothing out.

    >>> misspelt_names_in("How long was Muhammad's friend's shift? Did Akim call?", {"Muhhamed", "Akib", "Kevin"})
    {'Akib': ['Akim'], 'Muhhamed': ['Muhammad']}
    >>> misspelt_names_in("What does Mark like? When did Kevin go in June?", {"Kevin", "Melanie", "Joanna"})
    {}
    >>> misspelt_names_in("When did Maria meet Jean? Did Faheem call?", {"John", "Fahim"})
    {'Fahim': ['Faheem']}
    """
    words = {fold(w): w for w in _CAPITALISED.findall(query)}
    if not words:
        return {}
    own, by_letter = _name_parts(frozenset(names))
    found: set[tuple[str, str]] = set()
    for folded, written in words.items():
        if folded in own or folded in _CALENDAR:
            continue
        sounds = _skeleton(folded)
        for part, skeleton, name in by_letter.get(folded[0], ()):
            if abs(len(folded) - len(part)) > 3 or (sounds != skeleton and len(set(folded) ^ set(part)) > 4):
                continue  # two edits change at most four letters' presence: no edit distance needed
            if (sounds == skeleton and len(sounds) >= 3) or _near(folded, part):
                found.add((name, written))
    out: dict[str, list[str]] = {}
    for name, written in sorted(found):
        out.setdefault(name, []).append(written)
    return out


@functools.lru_cache(maxsize=256)
def _name_parts(names: frozenset[str]) -> tuple[frozenset[str], dict[str, list[tuple[str, str, str]]]]:
    """Every word of ``names`` (folded), and the words of 4 letters or more in spaced scripts by
    their first letter, each with its consonant skeleton and its name: read once per set of
    speakers (a tenant may hold a thousand)."""
    own = frozenset(w for n in names for w in _WORDS.findall(fold(n)))
    by_letter: dict[str, list[tuple[str, str, str]]] = {}
    for name in names:
        for part in _WORDS.findall(fold(name)):
            if len(part) >= 4 and not _UNSPACED.search(part):
                by_letter.setdefault(part[0], []).append((part, _skeleton(part), name))
    return own, by_letter


def affect_factor(card: Card, weight: float, sought: float = 0.0, boost: float = 0.0) -> float:
    """How much more a card said with feeling weighs: ``1 + weight * salience`` (salience: the
    larger of ``|valence|`` and arousal, 0..1), times ``1 + boost`` when the query seeks a feeling
    (``sought`` -1 for "what upset her?", 1 for "what made him happy?") and the card's valence has
    that sign.

    >>> from datetime import datetime
    >>> from autogen_zettel.base.cards import Card, CardKind
    >>> sad = Card("s", "s", CardKind.FACT, "Ada", datetime(2024, 1, 1), ("s",), valence=-1.0, arousal=0.8)
    >>> affect_factor(sad, 0.1), affect_factor(sad, 0.0, sought=-1.0, boost=0.5), affect_factor(sad, 0.0, 1.0, 0.5)
    (1.1, 1.5, 1.0)
    """
    factor = 1.0 + weight * card.salience if weight > 0 else 1.0
    if sought and boost > 0 and card.valence * sought >= VALENCE_CUT:
        factor *= 1.0 + boost
    return factor


def weigh_affect(
    immediate: Sequence[tuple[str, float]],
    cards: Mapping[str, Card],
    weight: float,
    sought: float = 0.0,
    boost: float = 0.0,
) -> list[tuple[str, float]]:
    """Each immediate hit scored :func:`affect_factor` times; re-sorted, best first. Nothing
    changes (and nothing is re-sorted) when ``weight`` is 0 and the query seeks no feeling."""
    if weight <= 0 and not (sought and boost > 0):
        return list(immediate)
    out = [(i, s * affect_factor(cards[i], weight, sought, boost) if i in cards else s) for i, s in immediate]
    return sorted(out, key=lambda kv: (-kv[1], kv[0]))
