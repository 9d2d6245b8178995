"""The feeling a message expresses, estimated offline at capture: valence and arousal.

A card keeps the affect its speaker *expressed*, not the affect of what happened: "the grant
was rejected" is a neutral report (valence 0) and "I was devastated when the grant was
rejected" a felt one (valence -1, high arousal). So the estimate counts words of feeling
("devastated", "thrilled", "气炸了", "好期待") and marks of intensity ("so", "!!", "死了",
"太...了"), and a plain event word ("rejected", "cancelled") moves nothing on its own.

- valence in -1..1: the balance of positive and negative feeling words (English phrases matched
  on word boundaries, a "not"/"never" just before turning one; Chinese ones as substrings, a
  不/没 just before turning a positive one). VADER (``vaderSentiment``, when installed) backs
  English up where the lists say nothing, only when its score is strong, so a plain report of
  bad news stays neutral.
- arousal in 0..1: high-arousal feeling words (fury, panic, thrill), intensifiers, exclamation
  marks and the Chinese degree complements (气死了, 开心死了, 急死了).
- sarcasm: praise words around a complaint ("oh great, another meeting", "真行啊，半夜才告诉我")
  reads negative: a set opening ("oh great", "just brilliant", "yeah, I just love") or
  praise with a bad event in the same message.

:func:`valence_label` and :func:`arousal_label` cut the numbers into the labelled set's classes
(tests/data/affect_labelled.jsonl; its cuts were chosen on folds 0-3, fold 4 held out).

>>> estimate("the grant was rejected").valence
0.0
>>> a = estimate("I was devastated when the grant was rejected")
>>> valence_label(a.valence), arousal_label(a.arousal)
('negative', 'high')
>>> valence_label(estimate("好期待妹妹下周来看我呀！").valence)
'positive'
>>> valence_label(estimate("Oh great, another meeting that could have been an email.").valence)
'negative'
"""

from __future__ import annotations

import logging
import re
import threading
from dataclasses import dataclass

__all__ = ["Affect", "NEUTRAL", "estimate", "valence_label", "arousal_label", "query_valence"]

log = logging.getLogger(__name__)

VALENCE_CUT = 0.25  # |valence| at or over this is positive/negative
AROUSAL_CUT = 0.5  # arousal at or over this is high


@dataclass(frozen=True)
class Affect:
    """A message's expressed feeling: ``valence`` -1 (negative) .. 1 (positive), ``arousal``
    0 (calm or none) .. 1 (intense)."""

    valence: float = 0.0
    arousal: float = 0.0

    @property
    def salience(self) -> float:
        """How strongly felt, 0..1: what raises a card's importance and slows its decay."""
        return max(abs(self.valence), self.arousal) if self.valence or self.arousal else 0.0


NEUTRAL = Affect()

# English feeling words: (phrase, valence, arousal). Valence ±1 = plainly felt; arousal 1 = intense.
_EN: tuple[tuple[str, float, float], ...] = (
    # negative, intense
    ("devastated", -1, 1),
    ("heartbroken", -1, 1),
    ("furious", -1, 1),
    ("livid", -1, 1),
    ("angry", -1, 0.8),
    ("mad at", -1, 0.8),
    ("outraged", -1, 1),
    ("terrified", -1, 1),
    ("terrifies", -1, 1),
    ("scared", -1, 0.8),
    ("afraid", -1, 0.7),
    ("panicked", -1, 1),
    ("panic", -1, 1),
    ("anxious", -1, 0.8),
    ("nervous", -0.5, 0.8),
    ("worried", -1, 0.7),
    ("worried sick", -1, 1),
    ("stressed", -1, 0.8),
    ("freaking out", -1, 1),
    ("shaking", -1, 0.9),
    ("embarrassed", -1, 0.7),
    ("humiliated", -1, 1),
    ("fed up", -1, 0.8),
    ("sick of", -1, 0.8),
    ("tired of", -1, 0.7),
    ("hate", -1, 0.8),
    ("can't stand", -1, 0.8),
    ("scream", -1, 1),
    ("cried", -1, 0.8),
    ("crying", -1, 0.8),
    ("in tears", -1, 0.8),
    ("worst", -1, 0.8),
    ("awful", -1, 0.6),
    ("terrible", -1, 0.6),
    ("horrible", -1, 0.7),
    ("ugh", -1, 0.6),
    ("frustrated", -1, 0.7),
    ("frustrating", -1, 0.7),
    ("annoyed", -1, 0.6),
    ("annoying", -1, 0.6),
    ("upset", -1, 0.7),
    ("shocked", -1, 0.9),
    ("dread", -1, 0.7),
    # negative, calm
    ("sad", -1, 0.2),
    ("feel down", -0.8, 0.2),
    ("bit down", -0.8, 0.2),
    ("gloomy", -1, 0.2),
    ("lonely", -1, 0.2),
    ("miss", -0.8, 0.2),
    ("disappointed", -1, 0.3),
    ("disappointing", -1, 0.3),
    ("hopeless", -1, 0.3),
    ("exhausted", -1, 0.2),
    ("bored", -1, 0.1),
    ("guilty", -1, 0.3),
    ("depressed", -1, 0.2),
    ("miserable", -1, 0.3),
    ("hurt", -0.8, 0.4),
    ("hurts", -0.8, 0.3),
    ("grief", -1, 0.3),
    ("regret", -0.8, 0.2),
    ("unhappy", -1, 0.3),
    ("discouraged", -1, 0.2),
    # positive, intense
    ("thrilled", 1, 1),
    ("excited", 1, 0.9),
    ("can't wait", 1, 0.9),
    ("overjoyed", 1, 1),
    ("over the moon", 1, 1),
    ("ecstatic", 1, 1),
    ("buzzing", 1, 0.9),
    ("amazing", 1, 0.8),
    ("incredible", 1, 0.8),
    ("awesome", 1, 0.8),
    ("love", 1, 0.4),
    ("loved", 1, 0.4),
    ("best", 0.8, 0.4),
    ("proud", 1, 0.7),
    ("relieved", 1, 0.6),
    ("thank god", 1, 0.8),
    ("looking forward", 1, 0.7),
    ("so happy", 1, 0.4),
    ("yay", 1, 0.9),
    ("wow", 0.6, 0.8),
    ("surprise", 0.6, 0.7),
    ("fantastic", 1, 0.8),
    ("wonderful", 1, 0.6),
    ("brilliant", 1, 0.6),
    # positive, calm
    ("happy", 1, 0.4),
    ("glad", 1, 0.3),
    ("content", 1, 0.1),
    ("calm", 0.8, 0.0),
    ("relaxed", 1, 0.0),
    ("rested", 0.8, 0.0),
    ("at peace", 1, 0.0),
    ("peaceful", 1, 0.0),
    ("grateful", 1, 0.3),
    ("thankful", 1, 0.3),
    ("thanks", 0.8, 0.2),
    ("thank you", 0.8, 0.3),
    ("enjoyed", 1, 0.3),
    ("enjoy", 1, 0.3),
    ("lovely", 1, 0.4),
    ("helpful", 0.8, 0.1),
    ("not bad", 0.6, 0.1),
    ("nice", 0.7, 0.2),
    ("great", 0.8, 0.4),
    ("good", 0.6, 0.2),
    ("comfortable", 0.8, 0.0),
    ("satisfied", 1, 0.2),
    ("pleased", 1, 0.3),
    ("went well", 0.8, 0.2),
    ("all clear", 0.8, 0.2),
    ("is clear", 0.6, 0.1),
    ("said yes", 0.7, 0.3),
)
# Chinese feeling words, matched as substrings: (word, valence, arousal)
_ZH: tuple[tuple[str, float, float], ...] = (
    ("崩溃", -1, 1),
    ("心都碎了", -1, 1),
    ("心碎", -1, 1),
    ("气炸", -1, 1),
    ("气死", -1, 1),
    ("气疯", -1, 1),
    ("生气", -1, 0.8),
    ("愤怒", -1, 1),
    ("火大", -1, 0.9),
    ("大喊", -1, 1),
    ("好怕", -1, 0.9),
    ("害怕", -1, 0.8),
    ("很怕", -1, 0.8),
    ("吓人", -1, 0.8),
    ("吓死", -1, 1),
    ("慌了", -1, 1),
    ("焦虑", -1, 0.8),
    ("紧张", -0.4, 0.8),
    ("担心", -1, 0.7),
    ("急死", -1, 1),
    ("尴尬", -1, 0.7),
    ("受够", -1, 0.8),
    ("烦死", -1, 0.9),
    ("烦", -1, 0.6),
    ("讨厌", -1, 0.7),
    ("发抖", -1, 0.9),
    ("哭", -1, 0.7),
    ("最糟糕", -1, 0.8),
    ("糟糕", -1, 0.6),
    ("绝望", -1, 0.4),
    ("难过", -1, 0.2),
    ("伤心", -1, 0.3),
    ("低落", -1, 0.2),
    ("孤单", -1, 0.2),
    ("孤独", -1, 0.2),
    ("想念", -0.8, 0.2),
    ("失望", -1, 0.3),
    ("灰心", -1, 0.2),
    ("很累", -1, 0.2),
    ("无聊", -1, 0.1),
    ("内疚", -1, 0.3),
    ("郁闷", -1, 0.3),
    ("委屈", -1, 0.4),
    ("唉", -0.8, 0.2),
    ("头疼", -1, 0.4),
    ("太激动", 1, 1),
    ("激动", 1, 0.9),
    ("兴奋", 1, 0.9),
    ("开心死", 1, 1),
    ("高兴坏", 1, 1),
    ("开心", 1, 0.5),
    ("高兴", 1, 0.5),
    ("快乐", 1, 0.5),
    ("好期待", 1, 0.9),
    ("期待", 1, 0.7),
    ("好想快点", 1, 0.9),
    ("骄傲", 1, 0.7),
    ("太精彩", 1, 0.8),
    ("精彩", 1, 0.6),
    ("惊喜", 1, 0.8),
    ("太好吃", 1, 0.7),
    ("最棒", 1, 0.7),
    ("最好的", 0.8, 0.4),
    ("太爱", 1, 0.8),
    ("爱", 0.8, 0.5),
    ("谢天谢地", 1, 0.8),
    ("松了一口气", 1, 0.5),
    ("哈哈", 1, 0.8),
    ("好笑", 0.8, 0.7),
    ("放松", 1, 0.0),
    ("满足", 1, 0.1),
    ("踏实", 1, 0.0),
    ("淡定", 0.8, 0.0),
    ("安安静静", 0.6, 0.0),
    ("感恩", 1, 0.3),
    ("谢谢", 0.8, 0.2),
    ("感谢", 0.8, 0.3),
    ("喜欢", 1, 0.3),
    ("美滋滋", 1, 0.3),
    ("不错", 0.7, 0.1),
    ("很有帮助", 0.8, 0.1),
    ("很顺利", 0.8, 0.2),
    ("顺利", 0.7, 0.2),
    ("没问题", 0.6, 0.1),
    ("答应", 0.5, 0.2),
    ("勇敢", 0.6, 0.3),
)
# "so sad", "really excited", "好难过", "太...了", "死了": intensity
_EN_INTENSE = re.compile(
    r"\b(?:so|really|absolutely|totally|completely|incredibly|extremely|sick|could scream|"
    r"out of my mind|all night|could hug)\b",
    re.IGNORECASE,
)
_ZH_INTENSE = re.compile(r"死了|坏了|透了|不得了|太.{1,4}了|好.{1,3}[啊呀]|疯了|炸了|[！!]{2,}")
# a set sarcastic opening, or praise in quotes of a bad event
_EN_SARCASM = re.compile(
    r"^\s*(?:oh\s+)?(?:great|wonderful|brilliant|perfect|fantastic|lovely)\s*[,.!]"
    r"|\b(?:just|simply)\s+(?:great|brilliant|perfect|wonderful)\b"
    r"|^\s*(?:yeah|sure|oh)\b.{0,20}\b(?:i\s+(?:just\s+)?love|because|exactly what i needed)\b"
    r"|\bnice (?:job|work|going)\b.{0,40}\b(?:breaking|losing|forgetting|right before)\b"
    r"|\bwow,?\s+thanks for\b|\blove that for me\b|^\s*(?:it'?s\s+)?fine\.\s*whatever\b|\bexactly what i needed\b",
    re.IGNORECASE,
)
_ZH_SARCASM = re.compile(
    r"^(?:哦，?)?(?:太好了|好极了|真棒啊|真行啊|干得漂亮)[，,]|^呵呵|^是啊，?我就喜欢|^行吧，?随便|真是我想要的"
)
_BAD_EVENT = re.compile(
    r"\b(?:again|another|down|lost|losing|broke|breaking|cancel+ed|late|midnight|stuck|rain\w*|snow\w*)\b|又|断了|丢|半夜|坏",
    re.IGNORECASE,
)
_NEGATORS = re.compile(r"\b(?:not|never|no|don't|didn't|isn't|wasn't|hardly)\s+(?:\w+\s+)?$", re.IGNORECASE)
_CJK = re.compile(r"[\u3400-\u9fff]")
_LOCK = threading.Lock()
_VADER: list = []


def _vader():
    with _LOCK:
        if not _VADER:
            try:
                from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

                _VADER.append(SentimentIntensityAnalyzer())
            except ImportError:  # optional: the word lists remain
                log.info("vaderSentiment is not installed: English affect comes from the word lists only")
                _VADER.append(None)
        return _VADER[0]


def _en_hits(text: str) -> list[tuple[float, float]]:
    low = text.casefold().replace("\u2019", "'")
    hits: list[tuple[float, float]] = []
    taken: list[tuple[int, int]] = []
    for phrase, val, aro in sorted(_EN, key=lambda x: -len(x[0])):  # "worried sick" before "worried"
        for m in re.finditer(rf"(?<![\w']){re.escape(phrase)}(?![\w'])", low):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            negated = _NEGATORS.search(low[: m.start()][-20:]) and phrase != "not bad"
            hits.append((-val * 0.5, aro * 0.5) if negated else (val, aro))
    return hits


def _zh_hits(text: str) -> list[tuple[float, float]]:
    hits: list[tuple[float, float]] = []
    for word, val, aro in sorted(_ZH, key=lambda x: -len(x[0])):
        at = text.find(word)
        while at >= 0:
            negated = val > 0 and at > 0 and text[at - 1] in "不没"
            hits.append((-val * 0.5, aro * 0.5) if negated else (val, aro))
            text = text[:at] + "\u3000" * len(word) + text[at + len(word) :]
            at = text.find(word, at + len(word))
    return hits


def estimate(text: str) -> Affect:
    """The valence and arousal ``text`` expresses (see the module's docstring); neutral when it
    says no feeling."""
    if not text or not text.strip():
        return NEUTRAL
    zh = bool(_CJK.search(text))
    hits = _zh_hits(text) if zh else _en_hits(text)
    bangs = text.count("!") + text.count("！")
    intense = bool((_ZH_INTENSE if zh else _EN_INTENSE).search(text))
    sarcastic = bool((_ZH_SARCASM if zh else _EN_SARCASM).search(text))
    if not hits and not zh:
        compound = _vader_score(text)
        if abs(compound) >= 0.6:  # strong words the lists lack; a plain report scores weaker
            hits.append((compound, 0.4))
    if sarcastic:
        return Affect(-0.8, 0.6 if bangs or _BAD_EVENT.search(text) else 0.3)
    if not hits:
        # "I got the job!!!", "我们领养了一只小狗！": an exclaimed report with no bad word is glad news
        if bangs and _vader_score(text) > -0.3 and not _BAD_EVENT.search(text):
            return Affect(0.5, 0.6)
        return NEUTRAL
    pos = sum(v for v, _ in hits if v > 0)
    neg = -sum(v for v, _ in hits if v < 0)
    valence = (pos - neg) / max(1.0, len(hits))
    arousal = max(a for _, a in hits)
    if intense:
        arousal = min(1.0, arousal + 0.2)
    if bangs:
        arousal = min(1.0, arousal + 0.3 * min(bangs, 2))
    return Affect(round(max(-1.0, min(1.0, valence)), 3), round(arousal, 3))


def _vader_score(text: str) -> float:
    analyser = _vader()
    return 0.0 if analyser is None else float(analyser.polarity_scores(text)["compound"])


def valence_label(valence: float) -> str:
    """``negative``, ``neutral`` or ``positive`` for a valence."""
    return "positive" if valence >= VALENCE_CUT else "negative" if valence <= -VALENCE_CUT else "neutral"


def arousal_label(arousal: float) -> str:
    """``low`` or ``high`` for an arousal."""
    return "high" if arousal >= AROUSAL_CUT else "low"


# words a question asks about a feeling by ("what upset her", "什么让她难过"): the valence it seeks
_QUERY_EN = (
    (
        -1.0,
        r"upset|sad|angry|annoyed|worried|scared|afraid|hurt|disappointed|frustrated|stressed|"
        r"cry|cried|hate|bother|bothered|anxious|nervous|lonely|miss|devastated|furious|fed up|bad news",
    ),
    (
        1.0,
        r"happy|excited|thrilled|glad|proud|enjoy|enjoyed|love|loved|delighted|good news|"
        r"cheered|fun|joy|grateful|relieved|look(?:ing)? forward",
    ),
)
_QUERY_ZH = (
    (-1.0, "难过|伤心|生气|不开心|担心|害怕|焦虑|失望|烦|哭|崩溃|委屈"),
    (1.0, "开心|高兴|兴奋|期待|骄傲|喜欢|快乐|感动|满意"),
)


def query_valence(query: str) -> float:
    """The valence a question seeks: -1 for "what upset her?", 1 for "what made him happy?",
    0 when it names no feeling."""
    if _CJK.search(query):
        for sign, pattern in _QUERY_ZH:
            if re.search(pattern, query):
                return sign
        return 0.0
    low = query.casefold()
    for sign, pattern in _QUERY_EN:
        if re.search(rf"(?<![\w'])(?:{pattern})(?:s|ed|ing|ting)?(?![\w'])", low):
            return sign
    return 0.0
