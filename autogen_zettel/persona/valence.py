"""The valence of a message: how positive it is about what it answers, from hand-written lists of
praise and complaint words in English (negation and "but" read around them) and Chinese
(substrings; a 不/没 just before a praise word turns it). The sentiment lexicon of
:mod:`~autogen_zettel.persona.sentiment` backs it up where these lists say nothing.
"""

from __future__ import annotations

import re

from autogen_zettel.persona.phrase_match import find_phrase, is_negated, normalise
from autogen_zettel.persona.poles import has_cjk

__all__ = ["valence"]

_PRAISE = (
    "thanks",
    "thank you",
    "thx",
    "great",
    "perfect",
    "excellent",
    "brilliant",
    "awesome",
    "nice",
    "good",
    "helpful",
    "useful",
    "love it",
    "love this",
    "exactly",
    "spot on",
    "well done",
    "much better",
    "that helps",
    "very clear",
    "clear",
    "good job",
    "nailed it",
    "fantastic",
    "great answer",
    "that works",
    "appreciated",
    "bravo",
)
_COMPLAINT = (
    "wrong",
    "incorrect",
    "unhelpful",
    "useless",
    "confusing",
    "bad",
    "terrible",
    "awful",
    "annoying",
    "not what i asked",
    "didn't answer",
    "did not answer",
    "you missed",
    "missed the point",
    "nope",
    "no,",
    "ugh",
    "meh",
    "frustrating",
    "disappointing",
    "worse",
    "not helpful",
    "irrelevant",
    "that's not right",
    "stop",
    "hate",
)


# Chinese praise and complaint, matched as substrings; a 不/没 just before one turns it
_ZH_PRAISE = (
    "谢谢",
    "多谢",
    "感谢",
    "很好",
    "不错",
    "挺好",
    "真好",
    "太好了",
    "完美",
    "很棒",
    "真棒",
    "好极了",
    "赞",
    "正合我意",
    "满意",
    "喜欢",
    "做得好",
    "做得对",
    "有帮助",
    "很清楚",
    "就是这样",
)
_ZH_COMPLAINT = (
    "不对",
    "错了",
    "没用",
    "糟糕",
    "太差",
    "很差",
    "不满意",
    "失望",
    "看不懂",
    "受不了",
    "头疼",
    "烦",
    "不行",
    "不好",
    "别这样",
    "不舒服",
)


def _zh_valence(text: str) -> float:
    pos = neg = 0.0
    for words, sign in ((_ZH_COMPLAINT, -1), (_ZH_PRAISE, 1)):  # complaints first: 不好 is no 好
        for w in words:
            at = text.find(w)
            while at >= 0:
                flipped = sign > 0 and at > 0 and text[at - 1] in "不没"
                if (sign if not flipped else -sign) > 0:
                    pos += 1
                else:
                    neg += 1
                text = text[:at] + " " * len(w) + text[at + len(w) :]
                at = text.find(w)
    return (pos - neg) / max(1.0, pos + neg)


def valence(text: str) -> float:
    """How positive a message is about what it answers: -1 (complaint) .. 1 (praise), 0 neutral.

    Each praise phrase counts +1 and each complaint -1; a negated one ("not helpful", "not bad")
    counts half, the other way. Words after the last "but" count double ("thanks, but wrong").
    The result is (positive - negative) / max(1, positive + negative).

    >>> valence("Thanks, perfect!"), valence("That is not helpful."), valence("Ok."), valence("Not bad.")
    (1.0, -1.0, 0.0, 0.5)
    >>> valence("Thanks, but this is wrong")
    -0.3333333333333333
    """
    text = normalise(text)
    if has_cjk(text):
        return _zh_valence(text)
    buts = [m.end() for m in re.finditer(r"\bbut\b", text)]
    pivot = buts[-1] if buts else len(text)
    pos = neg = 0.0
    seen: list[tuple[int, int]] = []
    # longer phrases first, so "not helpful" is not also counted as "helpful"
    lexicon = sorted([(p, 1) for p in _PRAISE] + [(p, -1) for p in _COMPLAINT], key=lambda x: -len(x[0]))
    for phrase, sign in lexicon:
        for start in find_phrase(text, phrase) if not phrase.endswith(",") else _starts_with(text, phrase):
            end = start + len(phrase)
            if any(s < end and start < e for s, e in seen):
                continue
            seen.append((start, end))
            weight = 2.0 if start >= pivot and buts else 1.0
            if is_negated(text, start):
                sign_, weight = -sign, weight * 0.5
            else:
                sign_ = sign
            if sign_ > 0:
                pos += weight
            else:
                neg += weight
    return (pos - neg) / max(1.0, pos + neg)


def _starts_with(text: str, phrase: str) -> list[int]:
    return [0] if text.startswith(phrase) else []
