"""End-of-chat phrases ("that's all for today", "bye for now", "今天就到这里", "先这样吧"), offline.

A phrase ends a chat only when it stands as its own clause: the message is cut at sentence
and clause punctuation, and a clause counts when, once a few polite fillers ("ok", "thanks",
"好的", "谢谢") are stripped, it *is* one of the phrases (a trailing particle such as "吧" or
"啦" allowed). So "Thanks, that's all for today!" and "好的，今天就到这里吧。" end the chat,
while "I said bye for now to my sister" or "再见到他的时候" do not: a phrase inside a longer
clause is someone talking about a farewell, not saying one. Matching is whole-word for
Latin script (``\\b`` on both sides, "today's" is not "today").

>>> [ends_chat(t) for t in ("Thanks, that's all for today!", "bye for now", "今天就到这里吧。", "先这样吧")]
[True, True, True, True]
>>> [ends_chat(t) for t in ("I said bye for now to my sister.", "Is that all for today's agenda?", "再见到他的时候告诉我")]
[False, False, False]
"""

from __future__ import annotations

import re

__all__ = ["ENGLISH_PHRASES", "CHINESE_PHRASES", "ends_chat"]

ENGLISH_PHRASES = (
    "that's all for today",
    "that is all for today",
    "that's it for today",
    "that's all for now",
    "that's it for now",
    "that's all",
    "bye for now",
    "bye",
    "bye bye",
    "goodbye",
    "good bye",
    "good night",
    "goodnight",
    "see you tomorrow",
    "see you next time",
    "see you later",
    "see you",
    "talk to you later",
    "talk to you tomorrow",
    "talk tomorrow",
    "talk soon",
    "catch you later",
    "until next time",
    "let's stop here",
    "let's stop here for today",
    "let's call it a day",
    "let's wrap up",
    "let's wrap it up",
    "we're done for today",
    "we are done for today",
    "i'm done for today",
    "done for today",
    "signing off",
    "have a good night",
    "have a nice evening",
)
CHINESE_PHRASES = (
    "今天就到这里",
    "今天就到这儿",
    "今天先到这里",
    "今天先到这儿",
    "今天就到这",
    "就到这里",
    "先到这里",
    "先这样",
    "就这样",
    "今天就聊到这里",
    "今天就聊到这",
    "下次再聊",
    "回头再聊",
    "回头聊",
    "改天再聊",
    "再见",
    "拜拜",
    "明天见",
    "下次见",
    "晚安",
    "先撤了",
    "我先下了",
)
_FILLERS_EN = (
    "ok",
    "okay",
    "alright",
    "all right",
    "right",
    "great",
    "cool",
    "thanks",
    "thank you",
    "thanks a lot",
    "thank you so much",
    "cheers",
    "perfect",
    "good",
    "well",
    "so",
    "then",
    "and",
    "for now",
    "everyone",
    "guys",
    "folks",
    "again",
    "then",
)
_FILLERS_ZH = (
    "好的",
    "好",
    "行",
    "嗯",
    "那",
    "那么",
    "谢谢",
    "多谢",
    "谢谢你",
    "我们",
    "咱们",
    "今天",
    "大家",
)
_PARTICLES_ZH = "吧啊呀了哈哦嘛啦呗喽"

_CLAUSES = re.compile(r"[.!?,;:\n…~—()\"“”]+|[。！？，；：、（）]+")
_SPACE = re.compile(r"\s+")


def _norm(text: str) -> str:
    text = text.casefold().replace("’", "'").replace("‘", "'")
    return _SPACE.sub(" ", text).strip()


def _strip_en(clause: str) -> str:
    changed = True
    while changed and clause:
        changed = False
        for f in sorted(_FILLERS_EN, key=len, reverse=True):
            for pattern in (rf"^{re.escape(f)}\b\s*", rf"\s*\b{re.escape(f)}$"):
                new = re.sub(pattern, "", clause)
                if new != clause and new:  # never strip a clause to nothing ("all" alone)
                    clause, changed = new.strip(), True
    return clause


def _strip_zh(clause: str) -> str:
    clause = clause.replace(" ", "").rstrip(_PARTICLES_ZH)
    changed = True
    while changed and clause:
        changed = False
        for f in sorted(_FILLERS_ZH, key=len, reverse=True):
            if clause.startswith(f) and clause[len(f) :]:
                clause, changed = clause[len(f) :], True
    return clause.rstrip(_PARTICLES_ZH)


def ends_chat(text: str) -> bool:
    """Whether ``text`` says the chat is over (an end-of-chat phrase as a clause of its own)."""
    if not isinstance(text, str) or not text.strip() or len(text) > 2000:
        return False
    english = frozenset(ENGLISH_PHRASES)
    chinese = frozenset(CHINESE_PHRASES)
    for raw in _CLAUSES.split(_norm(text)):
        clause = raw.strip()
        if not clause:
            continue
        if _strip_en(clause) in english:
            return True
        zh = _strip_zh(clause)
        if zh in chinese or (zh and zh[:-1] in chinese and zh[-1] in "吧了"):
            return True
    return False
