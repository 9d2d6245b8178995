"""What a recall weighs, pure functions: a participant's name in the lexical query, and cards
that only ask.

A question that names a participant ("what activities does Melanie do?") is about what that
participant said, and most of it does not repeat their name. As a lexical term the name matches
every card it is written in (stored cards are indexed as "speaker: content") and, most strongly,
the short replies that address them ("Yep, Melanie!"), which then take the places of the
sessions a list answer needs. :func:`weigh_terms` turns the name down in the lexical query;
speaker focus (:func:`~autogen_zettel.recall.weights.focus_named_speakers`) raises their words
instead. A card that only asks ("What's your best camping memory?") shares the question's words
but holds no answer; :func:`demote_questions` lowers it, so the reply it unlocks and the cards
that tell something come first.

>>> weigh_terms(([3, 7, 9], [1.0, 1.0, 1.0]), {7}, 0.0)
([3, 9], [1.0, 1.0])
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from autogen_zettel.base.cards import Hit

__all__ = ["weigh_terms", "without_names", "without_labels", "is_question", "demote_questions"]


# a speaker label: a name of at most three words (letters first, no "?"), then ": " at a line's
# start; "What did Melanie say about the trip: was it fun?" and "10: 30" are not labels
# scripts written without spaces: Han (with extension A and the compatibility block), kana, Hangul
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_LABEL = re.compile(r"^[ \t]*[^\W\d_][\w.'\-]{0,39}(?: [\w.'\-]{1,40}){0,2}:[ \t]+", re.MULTILINE)


def weigh_terms(
    sparse: tuple[Sequence[int], Sequence[float]], terms: Collection[int], weight: float
) -> tuple[list[int], list[float]]:
    """``sparse`` with the values of ``terms`` times ``weight`` (a term at weight 0 is left out).

    >>> weigh_terms(([3, 7], [1.0, 1.0]), {7}, 0.5)
    ([3, 7], [1.0, 0.5])
    """
    out = [(t, v * weight if t in terms else v) for t, v in zip(sparse[0], sparse[1])]
    out = [(t, v) for t, v in out if v > 0]
    return [t for t, _ in out], [v for _, v in out]


def without_names(text: str, names: Collection[str], whole: Collection[str] = ()) -> str:
    """``text`` without the words of ``names`` (and their possessive "'s"), spacing tidied: the
    query's meaning for the dense search once speaker focus carries the name. A line's opening
    "Name: " label (see :func:`without_labels`) is kept, and so are the lines.

    >>> without_names("What do Melanie's kids like?", {"Melanie"})
    'What do kids like?'
    >>> without_names("Melanie?", {"Melanie"})
    'Melanie?'
    >>> without_names("Ana: did Melanie call?", {"Melanie", "Ana"})
    'Ana: did call?'
    >>> without_names("Where does Li Na work? 刘洋的太太呢？", {"Li Na", "刘洋"})
    'Where does work? 的太太呢？'

    ``whole`` are phrases cut only whole (a pinyin spelling, "Fan Bing", whose words are
    everyday words: "is Fan Bing a fan of jazz?" keeps its "fan"):

    >>> without_names("Is Fan Bing a fan of jazz?", {"范冰"}, whole={"Fan Bing"})
    'Is a fan of jazz?'
    """
    words = {
        re.escape(w) for n in names for w in re.findall(r"\w+", n) if len(w) > 2 and not _UNSPACED.search(w)
    }
    # a name of several words goes whole, however short its words ("Li Na", "Xiao-yu")
    words |= {
        r"[\s\-]+".join(map(re.escape, parts))
        for n in (*names, *whole)
        if len(parts := re.findall(r"\w+", n)) > 1 and not _UNSPACED.search(n)
    }
    words |= {re.escape(w) for w in whole if re.fullmatch(r"\w+", w) and not _UNSPACED.search(w)}
    unspaced = {n for n in names if len(n) >= 2 and _UNSPACED.search(n)}
    if not words and not unspaced:
        return text
    spaced = (
        re.compile(
            r"\b(?:" + "|".join(sorted(words, key=len, reverse=True)) + r")(?:['\u2019]s)?\b",
            re.IGNORECASE,
        )
        if words
        else None
    )
    # a Han or kana name is a run inside a longer run of word characters ("刘洋的太太"): no \b
    # around it; a mixed query's possessive "'s" goes with it (的 stays: the same figures without it)
    han = (
        re.compile(
            "(?:" + "|".join(sorted(map(re.escape, unspaced), key=len, reverse=True)) + ")(?:['\u2019]s\\b)?"
        )
        if unspaced
        else None
    )

    def line(one: str) -> str:
        label = _LABEL.match(one)
        head, rest = (one[: label.end()], one[label.end() :]) if label else ("", one)
        if spaced is not None:
            rest = spaced.sub(" ", rest)
        if han is not None:
            rest = han.sub("", rest)  # the spaces around it, if any, close up below
        rest = re.sub(r"[ \t]+", " ", rest).strip()
        return head + re.sub(r"\s+([?.!,])", r"\1", rest)

    out = "\n".join(line(one) for one in text.split("\n"))
    return out if re.search(r"\w", without_labels(out)) else text  # a query that is only a name stays


def without_labels(text: str) -> str:
    r"""``text`` without the "Name: " that opens a line: the labels an agent's recall query puts
    before each message it quotes say who wrote it, not whom the query is about, so they must
    not count as naming a participant.

    >>> without_labels("Ana: what did Bo say about the budget?\nBo: I said 40k")
    'what did Bo say about the budget?\nI said 40k'
    >>> without_labels("What did Bo say at 10:30?")
    'What did Bo say at 10:30?'
    >>> without_labels("What did Melanie say about the trip: was it fun?")
    'What did Melanie say about the trip: was it fun?'
    """
    return _LABEL.sub("", text)


def is_question(text: str) -> bool:
    """Whether a card's content asks rather than tells: it ends with a question mark (any script).

    >>> is_question("What's your best camping memory?"), is_question("We camp at the beach.")
    (True, False)
    """
    return text.rstrip().rstrip("\"')»”").endswith(("?", "？", "؟"))


def demote_questions(hits: Sequence[Hit], discount: float) -> list[Hit]:
    """Each hit whose card only asks scores ``1 - discount`` times as much; re-sorted, best first.
    The reply a question unlocked keeps its score, so it moves above the question.

    >>> from datetime import datetime
    >>> from autogen_zettel.base.cards import Card, CardKind
    >>> card = lambda i, text: Card(i, text, CardKind.FACT, "Ada", datetime(2024, 1, 1), (i,))
    >>> hits = [Hit(card("q", "Where do you camp?"), 1.0, "immediate"),
    ...         Hit(card("a", "At the beach."), 0.999, "associative", ("q", "REPLY_TO"))]
    >>> [(h.card.id, h.score) for h in demote_questions(hits, 0.5)]
    [('a', 0.999), ('q', 0.5)]
    """
    if discount <= 0:
        return list(hits)
    out = [h.rescored(h.score * (1 - discount)) if is_question(h.card.content) else h for h in hits]
    return sorted(out, key=lambda h: (-h.score, h.card.id))
