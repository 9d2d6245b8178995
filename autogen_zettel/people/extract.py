"""What one message says for the person layers, offline and pure: :func:`extract_layers`
(sentence by sentence: the English rules of :mod:`~autogen_zettel.people.rules_en`, or the
Chinese ones of :mod:`~autogen_zettel.people.rules_zh` for a sentence with Han characters).

>>> from datetime import datetime
>>> at = datetime(2026, 3, 4, 10)
>>> [(e.layer, e.subject, e.value, str(e.due)) for e in extract_layers("I'll draft it by Thursday.", speaker="Rui", at=at)]
[('commitment', 'Rui', 'draft it', '2026-03-05')]
>>> [(e.layer, e.key, e.kind) for e in extract_layers("No thanks.", speaker="Rui", at=at, previous="Shall I book the sushi bar?")]
[('preference', 'japanese food', 'refusal')]
>>> [(e.layer, e.key, e.kind) for e in extract_layers("Sushi again? No thanks.", speaker="Rui", at=at)]
[('preference', 'japanese food', 'refusal')]
>>> [(e.layer, e.key, e.value) for e in extract_layers("我搬到杭州了。", speaker="王芳", at=at)]
[('fact', 'residence', '杭州')]
"""

from __future__ import annotations

import dataclasses
import functools
import re
from datetime import datetime

from autogen_zettel.cards.refine import split_sentences
from autogen_zettel.people import general, rules_en as layer_rules_en, rules_zh as layer_rules_zh
from autogen_zettel.people.chat_en import cased_names_en, spelled_en
from autogen_zettel.people.corrected import correction
from autogen_zettel.people.evidence import PUT_OFF_NO_DAY, STAND_IN, Evidence
from autogen_zettel.people.key_meaning import meaning_of
from autogen_zettel.people.lexicon_en import STUDY_EN
from autogen_zettel.people.replied import ECHO
from autogen_zettel.people.subjects import (
    COUPLE_STATES,
    RELATIVES_ZH,
    SURNAMES,
    TRADE_BEFORE_NAME_ZH,
    ZH_NAME,
    kin_zh_in_en,
    owner_of_thing,
    partner_of,
    subjects_of,
)
from autogen_zettel.people.topics import topic_of
from autogen_zettel.text.dates import without_anchors
from autogen_zettel.text.due import (
    DATE_WORDS,
    DAY_OR_MONTH_EN,
    MONTH_EN,
    due_date,
    hour_of_today_en,
    only_a_week,
    put_off_span,
    without_hour_en,
)
from autogen_zettel.text.marks import as_words, mentioned
from autogen_zettel.text.simplified import as_written, simplified

__all__ = [
    "KEPT",
    "KEPT_CHARS",
    "as_first_person",
    "extract_layers",
    "stance_without_thing",
    "taste_asked",
    "taste_of_own_line_before",
]

_HAN = re.compile(r"[\u3400-\u9fff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+")


_EN_FIRST = re.compile(r"\b(?:i|i'm|i've|i'll|i'd|me|my|we|our)\b", re.IGNORECASE)
_THIRD_VERBS = {
    "is": "am",
    "has": "have",
    "does": "do",
    "doesn't": "don't",
    "was": "was",
    "isn't": "am not",
    "hasn't": "haven't",
    "wasn't": "wasn't",
    "will": "will",
    "would": "would",
    "can't": "can't",
    "won't": "won't",
    "quit": "quit",
    "moved": "moved",
    "promised": "promised",
    "said": "said",
}


_ADVERBS = "no longer|also|really|still|never|now|always|usually|just|actually|finally|recently"


def as_first_person(text: str, speaker: str) -> str:
    """A card written about its speaker in the third person (an LLM refiner's "Rui likes sushi",
    "王芳喜欢喝绿茶") as the speaker would say it ("I like sushi", "我喜欢喝绿茶"), so one set of
    rules reads both; a text that already speaks as "I", or does not name the speaker, is kept.

    >>> as_first_person("Rui likes sushi and Rui's sister lives in Porto.", "Rui")
    'I like sushi and my sister lives in Porto.'
    >>> as_first_person("Rui no longer likes sushi.", "Rui")
    'I no longer like sushi.'
    >>> as_first_person("王芳喜欢喝绿茶。", "王芳")
    '我喜欢喝绿茶。'
    >>> as_first_person("Don't forget t's keys, t likes tea.", "t")  # a tenant called "t"
    "Don't forget my keys, I like tea."
    """
    name = speaker.strip()
    if not name or name.casefold() not in text.casefold():
        return text
    if _HAN.search(text):
        return text if "我" in text else text.replace(name, "我")
    if _EN_FIRST.search(text):
        return text

    def verb(m: re.Match) -> str:
        v = m.group("v")
        low = v.lower()
        if low in _THIRD_VERBS:
            return f"I {_THIRD_VERBS[low]}"
        if low.endswith("ies") and len(low) > 4:
            return f"I {v[:-3]}y"
        if low.endswith(("ches", "shes", "sses", "xes", "oes")):
            return f"I {v[:-2]}"
        if low.endswith("s") and not low.endswith("ss"):
            return f"I {v[:-1]}"
        return f"I {v}"

    # the name as a word of its own: a tenant called "t" or "s" is not the end of "Don't" or "it's"
    named = rf"(?<![\w'\u2019]){re.escape(name)}"
    text = re.sub(rf"{named}'s\b", "my", text)
    text = re.sub(
        rf"{named}\s+(?P<adv>(?:{_ADVERBS})\s+)?(?P<v>[A-Za-z']+)",
        lambda m: verb(m).replace("I ", f"I {m.group('adv') or ''}", 1),
        text,
    )
    return re.sub(rf"{named}\b", "me", text)


def extract_layers(
    text: str,
    *,
    speaker: str,
    at: datetime,
    previous: str | None = None,
    addressee: str | None = None,
    embedder=None,
) -> list[Evidence]:
    """Every layer finding of ``text`` said by ``speaker`` at ``at``.

    The findings of the last :data:`KEPT` distinct calls are kept (the function is pure): every
    listener of a group chat reads the same message, and extracting it was the largest part of
    what each listener's write path repeated. ``at`` is keyed as written (``isoformat``),
    so two equal aware times in different offsets keep their own dates. ``extract_layers.cache_info()``
    and ``.cache_clear()`` are those of :func:`functools.lru_cache`.

    :param previous: the message this one answers (an offer "Shall I book the sushi bar?",
        a question "So you live in Porto now?"), which gives a bare "No thanks" or "Yes" its topic
    :param addressee: who "you" is, when known (a commitment's counterparty)
    :param embedder: an :class:`~autogen_zettel.embed.protocol.Embedder` (the multilingual e5
        reads both languages) through which :mod:`~autogen_zettel.people.key_meaning` decides what
        the patterns cannot: the polarity of a bare "<thing> is <anything>", the key of news
        whose verb no pattern knows. None: the rules alone, pure and offline
    """
    # a card's text carries the absolute date a relative one meant, in brackets ("started at
    # Sainsbury's today (1 September 2026)"): the rules read the words as said (``at`` gives the date)
    text = without_anchors(text)
    to_whom = mentioned(text)  # (the names a line's heading mentions, before the marks are read away)
    # "✅ done", "照片传好了[OK]", a bare "👍" under an offer: the marks at a line's edges as words
    text = as_words(text, previous)
    # "我姐說她週五把錢還我": Traditional characters read as Simplified, what is found given back as written
    said = f"{text}\n{previous or ''}"
    text, previous = simplified(text), simplified(previous) if previous else previous
    if len(text) + len(previous or "") > KEPT_CHARS:  # a long text is read afresh, not kept
        found = _extract(
            text, speaker=speaker, at=at, previous=previous, addressee=addressee, embedder=embedder
        )
    else:
        found = list(_kept(text, speaker, at.isoformat(), at, previous, addressee, embedder))
    if (
        to_whom
        and _HAN.search(text)
        and not _OWN_WORD_ZH.search(text)
        and simplified(speaker) not in mentioned(previous or "")
        # (a line to everyone, "@大家 周五请大家喝奶茶", or an answer to a question keeps its own)
        and not set(to_whom) & {"大家", "所有人", "全体成员", "all", "everyone"}
        and not (previous or "").rstrip().endswith(("？", "?"))
    ):
        # "@小刘 周三前把合同发给客户": a task said to the one mentioned, with no subject, is theirs to
        # take on (read when they answer it), not the speaker's promise (one made to them is:
        # "@小美 明天发你", "@阿强 周末帮你搬家"; and so is one said in answer to a line that
        # mentioned the speaker: "@小刘 方案呢？" - "@王总 周五前把方案做完")
        found = [
            e
            for e in found
            if not (e.layer == "commitment" and e.subject == speaker and not _TO_YOU_ZH.search(e.value))
        ]
    return _as_said(found, f"{text}\n{previous or ''}", said, speaker)


# a Chinese line's own word: the speaker named in it (我 / 咱, read after 俺 became 我; not 我 as the
# one a thing is for, "@阿强 周五前把预算表发我"), or a yes heading it ("@刘洋 好的，明天发你"; not 好几个)
_ME_AS_OBJECT_ZH = "(?<![发给诉帮叫陪找])"  # (not 我 as the one a thing is for: "发我", "帮我")
_OWN_WORD_ZH = re.compile(
    rf"{_ME_AS_OBJECT_ZH}我|咱|^(?:好的?|好啊|好嘞|好滴|行|收到|可以|没问题|OK|ok|嗯|妥|得嘞|要得|放心)(?=[，,。！!~～\s]|$)"
)
# the one spoken to, as whom a promise is made to (not 你们, the one mentioned and others with them)
_TO_YOU_ZH = re.compile(r"你(?!们)|您")


def _as_said(found: list[Evidence], read: str, said: str, speaker: str) -> list[Evidence]:
    """``found`` (read from ``read``, the :func:`simplified` reading of ``said``) with its subjects,
    values and counterparties in the characters they were said in."""
    if read == said:
        return found
    return [
        dataclasses.replace(
            e,
            subject=e.subject if e.subject == speaker else as_written(e.subject, read, said),
            value=as_written(e.value, read, said),
            counterparty=as_written(e.counterparty, read, said) if e.counterparty else e.counterparty,
        )
        for e in found
    ]


KEPT = 4096  # distinct calls whose findings extract_layers keeps (each a few small records)
KEPT_CHARS = 4000  # longer texts are not kept, so the kept keys stay under about 16M characters


@functools.lru_cache(maxsize=KEPT)
def _kept(
    text: str,
    speaker: str,
    written: str,
    at: datetime,
    previous: str | None,
    addressee: str | None,
    embedder=None,
) -> tuple[Evidence, ...]:
    # ``written`` tells apart equal aware times in different offsets (they hash alike); a tuple of
    # frozen records, so no caller can change what the next one is given
    return tuple(
        _extract(text, speaker=speaker, at=at, previous=previous, addressee=addressee, embedder=embedder)
    )


extract_layers.cache_info = _kept.cache_info
extract_layers.cache_clear = _kept.cache_clear


# a raise said bare, its post the next sentence ("Got promoted!! Team lead from Monday."): one news
_BARE_RAISE = re.compile(r"\b(?:promoted|bumped up)\s*[!.]*\s*$", re.I)
_POST_FIRST = re.compile(
    r"^(?!(?:I|it|we|he|she|they|so|and|but|the|this|that|what|not)\b)[A-Za-z][\w\-]*(?:\s+[\w\-]+)?\b"
)


# a move said bare, where to the next sentence ("搬家了! Now in 杭州", "Moved house! Now living in Leeds"): one news
_BARE_MOVE = re.compile(r"(?:搬家了|(?i:\bmoved(?:\s+house)?))\s*[!！.。]*\s*$")
_NOW_IN = re.compile(r"^(?i:now)\s+(?:(?i:living|based)\s+)?in\s+")


# the act an offer names taken on by the one it was offered to ("nah I'll do it", "不用，我自己来")
_DOING_IT_MYSELF = re.compile(
    r"\bi'?ll (?:do|sort|get|book|handle|grab|order) (?:it|that|them)(?: myself)?\b|\bi(?:'ve| have) got (?:it|this)\b"
    r"|我自己(?:来|去|弄|订|买|拿|搞)|我来(?:吧|就行|就好)",
    re.I,
)
# the thing an offer names had already ("nah we've got loads", "I already ate", "不用啦，我带了饭",
# "不用了，我已经买了"): turned down for that, not for the thing (read over the whole message)
# (not what having it does, "我喝了头疼", "我吃了会吐": a reason of its own)
_HAD_ALREADY = re.compile(
    # (said as the whole clause: "I've got some bad memories of whisky", "I already had food poisoning
    # from them once" give their own reason)
    r"\b(?:we|i)(?:'ve| have)?\s+(?:already\s+)?got\s+(?:loads|plenty|some|one|enough|a\s+(?:few|load|ton))"
    r"(?:\s+(?:already|thanks|thx|cheers|here|at home|in the fridge|left))?(?=\s*(?:$|[,.!;]))"
    r"|\b(?:i|we)(?:'ve| have)?\s+already\s+(?:got|had|eaten|ate|bought)(?:\s+(?:one|some|it|them|lunch|dinner|breakfast))?"
    r"(?=\s*(?:$|[,.!;]))|\b(?:had|ate)\s+(?:one|some)\s+(?:last night|earlier|yesterday|already|at lunch)(?=\s*(?:$|[,.!;]))"
    # (then the clause ends, or how much: "我刚喝了两杯"; not what it did, "我刚喝了就想吐", "我刚吃了药")
    r"|我(?:已经|早就|刚)(?:带|买|有|吃|喝|订|叫)(?:了|过了|过|好了)(?:[一两三四五六七八九十几]+[杯碗个份块顿])?"
    r"(?=[，,。！!~～]|$)"
    r"|我(?:带|买|订|叫)(?:了|好了)[\u4e00-\u9fff]?(?=[，,。！!~～]|$)|我?(?:吃|喝)过了(?=[。！!~～]*$)|已经有了",
    re.I,
)
# a taste said in the same message ("…, sushi isn't my thing anyway", "…，难吃死了")
_TASTE_SAID = re.compile(
    r"\b(?:don't|do not|doesn't)\s+(?:like|love|eat|drink)\b|\bhate\b|can't stand|not (?:really )?my thing|isn't my thing"
    r"|not (?:a|much of a|really a) fan|made me (?:sick|ill)|\b(?:grim|rank|vile|awful|horrible|minging|nasty|gross)\b"
    r"|太甜|太咸|太腻|太辣|吐|恶心|\bdisgusting\b|难吃|不好吃|不好喝|难喝|不喜欢|讨厌|受不了",
    re.I,
)

# a line said with irony: an upside-down face, an eye roll, a "/s" or a closing 呵呵 (or 🙂 after Chinese) at its end
# ("我真是太爱早高峰了呵呵"), or "oh yeah, because I love ..." / "oh great, I just love ...": its
# praise means the opposite, so it states no taste
_IRONY = re.compile(
    # (in a Chinese line the plain smile, 🙂 "微笑", is the polite sneer it is read as there)
    # (the face may close a clause before another one: "我可太喜欢加班了呢🙃 天天加到十点")
    r"(?:[\U0001F643\U0001F644\U0001F612]|(?<=[\u4e00-\u9fff])(?:呵呵+|\U0001F642))[\s。！!~～]*$|\s/s\s*$"
    r"|(?<=[\u4e00-\u9fff呢啊])[\U0001F643\U0001F644\U0001F612](?=\s*[\u4e00-\u9fff])"
    # ("yes", "brilliant", "lovely" only after "oh": "Yes because I love hiking" is sincere)
    r"|^(?:(?:oh\s+)?(?:yeah|great|joy|sure|wow|fantastic)|oh\s+(?:yes|brilliant|lovely))[,!.]*\s+(?:because|cause|'cause|I just|just what)\b",
    re.IGNORECASE,
)


# a sentence end in a message typed all in lower case ("trains rammed lol. will send u the
# spreadsheet thurs"): there a sentence opens in lower case too (not after "p.m." or "e.g.")
_LOWER_END = re.compile(r"(?<=[a-z]{2}[.!?])\s+(?=[a-z])")


# a voice-to-text run-on, a long line with no stop or comma inside ("yeah I'm gonna book the
# restaurant for Saturday and also I don't eat meat anymore I went vegetarian over the summer"):
# its first-person clauses part where a joining word, or a clause-closing adverb, meets the next "I"
# (after a clause of four words or more, so "My sister and I moved" stays one)
_RUN_ON_MIN_WORDS = 15
_RUN_ON_BREAK_EN = re.compile(
    # (not at a "so I'll": a consequence keeps the time of its cause, "sunday I'm doing the big shop
    # anyway so I'll pick up the oat milk")
    r"(?<=\w)\s+(?:(?:and|but)\s+(?:(?:also|then|yeah|now)\s+)?|also\s+)"
    r"(?=I(?:'m|'ll|'ve|'d)?\s)"
    # (or a "so" that turns to the listener: "... over the summer so maybe somewhere with options")
    r"|(?<=\w)\s+so\s+(?=(?:maybe|you|we|let's)\s)"
    r"|\b(?P<adv>anymore|any more|now|today|tonight|tomorrow|though|tho|too|again|already|anyway|lol|haha|yeah|ok|okay)"
    r"\s+(?=I\s)"
)


def _run_on_parts(piece: str) -> list[str]:
    inner = piece.strip().rstrip(".!?")
    if _HAN.search(piece) or re.search(r"[,;:.!?]", inner) or len(inner.split()) < _RUN_ON_MIN_WORDS:
        return [piece]
    parts: list[str] = []
    start = 0
    for m in _RUN_ON_BREAK_EN.finditer(piece):
        cut = m.end("adv") if m.group("adv") else m.start()
        if len(piece[start:cut].split()) >= 4:
            parts.append(piece[start:cut].strip())
            start = m.end()
    return [*parts, piece[start:].strip()]


# a bare word that closes or calls off a task, heading a line whose rest gives the reason or the news
# ("cheers, sorted", "actually no need, Sophie's bringing one", "scrap that, Marta's doing the report
# now"): a call-off is a sentence of its own (the task spoken of last is off), a done word keeps
# its rest (_cue_head), and the thanks or the "actually" before either is only tone
_CUE_HEAD_EN = re.compile(
    r"^(?:(?:cheers|thanks|thx|ta|ok|okay|right|actually|oh|ah|update|fyi|so|yeah|yep)[,!.:]?\s+)*"
    r"(?P<cue>(?:all\s+)?(?:sorted|done|no need|scrap that|scratch that|forget it|forget that))"
    # (a rest that says itself what is off keeps the line whole: "Scratch that, not going to the pub")
    r"(?:\s*[,;:!.\u2013\u2014-]+\s*(?P<rest>(?!(?:not|no|never|won't|can't|(?:I'm|we're|I am|we are)\s+not)\b)"
    r"\S.*)|[\s!.]*)$",
    re.I,
)


# (the same in Chinese: "算了 太累了 点外卖吧", "不用了 我买了个新的", "搞定了 你看下")
_CUE_HEAD_ZH = re.compile(
    r"^(?:哎|唉|哦|嗯|啊)?[，,\s]*(?P<cue>算了|算啦|不用了|不用啦|不用不用|搞定了|搞定啦|搞定)"
    r"(?:[，,。！!~～\s]+(?P<rest>(?![不没别])\S.*))$"
)


# a rest that promises again or names a time: the plan moved, read whole ("scrap that, I'll fix it
# Sunday", "scratch that, next week", "scratch that, Thursday, I'm off on Wednesday", "算了 改天吧")
_RESTS_AGAIN = re.compile(
    r"^(?:I'll|I will|we'll|we will|let's|make it|instead)\b|改天|下次|下周|明天|后天|周[一二三四五六日天末]",
    re.I,
)
# a done word: it closes the task spoken of last whatever follows it, so only the thanks before it
# is dropped ("cheers, sorted"); what follows may be another task done ("done, and I've booked the venue")
_DONE_CUE = re.compile(r"^(?:all\s+)?(?:sorted|done)$|^搞定", re.I)


def _cue_head(piece: str) -> list[str]:
    m = _CUE_HEAD_EN.match(piece.strip()) or _CUE_HEAD_ZH.match(piece.strip())
    if not m:
        return [piece]
    rest = m.group("rest") or ""
    if _DONE_CUE.match(m.group("cue")):
        return [piece.strip()[m.start("cue") :]]
    if rest and (_RESTS_AGAIN.search(rest) or DATE_WORDS.search(rest)):
        return [piece]
    return [m.group("cue"), rest] if rest else [m.group("cue")]


def _sentences(text: str) -> list[str]:
    pieces = [
        head
        for piece in (split_sentences(text) or [text])
        for part in _run_on_parts(piece)
        for head in _cue_head(part)
    ]
    # (a date the card anchored in brackets, "tomorrow (2 September 2026)", is no capital of the writer's)
    if re.search(r"[A-Z]", re.sub(r"\([^)]*\)", "", text)) or _HAN.search(text):
        return pieces
    return [part for piece in pieces for part in _LOWER_END.split(piece) if part.strip()]


# a thing raised as a bare question, then judged by a bare adjective in the next sentence ("That new
# ramen bar on King St? honestly overrated, wouldn't go back", "the new Bond film? disappointing tbh"):
# one judgement of the thing, read as "ramen bar is honestly overrated, ..."
_TOPIC_RAISED = re.compile(
    r"^(?:(?i:that|the|this|those|these|your|ur)\s+)?(?:(?i:new|old|latest|famous)\s+)?"
    r"(?P<np>(?!(?i:what|who|where|when|why|how|you|u|did|do|does|is|are|was|were|can|could|will|would|should|"
    r"any|anyone|really|seriously|ok|okay|right|sure|yes|no|me|it|this|that|and|or|so)\b)[A-Za-z][\w'\-]*"
    r"(?:\s+(?!(?i:is|are|was|were|you|u|i|on|at|in)\b)[A-Za-z][\w'\-]*){0,2}?)"
    r"(?:\s+(?i:on|at|in|near|by|from|down|up)\s+[^?]{1,30})?\s*\?+\s*$"
)
_VERDICT_HEAD = re.compile(
    r"^(?:(?i:honestly|tbh|ngl|so|really|pretty|way|totally|kinda|bit|a bit|massively|seriously|absolutely|"
    r"well|hmm+|meh|oh|wow|god)[,!]?\s+)*"
    r"(?P<v>(?i:[a-z]+(?:ed|ous|ful|ble|ing|ant|ive|ic|less|ish|y)))(?=\s*(?:$|[,.;!]|(?i:tbh|honestly|imo|though|but|and)\b))"
)
# "楼下新开的那家日料？说实话很一般，不会再去了": a thing raised alone as a question, no question word
# in it, then the speaker's own verdict on it: one sentence, so the verdict meets its thing
_RAISED_ALONE_ZH = re.compile(
    r"^(?![^？?]*(?:吗|呢|吧|么|嘛|什么|啥|谁|哪|怎|几|多少|是不是|有没有|要不要|你|我))"
    r"[\u4e00-\u9fffA-Za-z]{1,14}[？?]\s*$"
)


# a job left, said as a sentence of its own, and the place one goes next said as the next one
_JOB_LEFT_ZH = re.compile(r"(?:辞职|离职|裸辞|跳槽)(?:了|啦)[！!~～。]*\s*$")
_NEXT_PLACE_ZH = re.compile(
    r"^(?:下个?月|下(?:周|星期|礼拜)[一二三四五六日天]?|过几天|月底|年后|马上|明天)?(?:就|要)?(?:去|进|加入)"
    r"[\u4e00-\u9fffA-Za-z]{2,8}?(?:上班|报到|入职|工作)?(?:了|啦)?[！!~～。]*$"
)


def _post_joined(sentences: list[str]) -> list[str]:
    out: list[str] = []
    for sentence in sentences:
        # (the two in one sentence as well, where the splitter kept them together)
        head, mark, rest = sentence.partition("?")
        raised = _TOPIC_RAISED.match(head + mark) if mark else None
        verdict = _VERDICT_HEAD.match(rest.lstrip("? ")) if raised else None
        if verdict:
            sentence = f"{raised.group('np')} is {rest.lstrip('? ')[verdict.start('v') :]}"
        raised = _TOPIC_RAISED.match(out[-1].strip()) if out else None
        verdict = _VERDICT_HEAD.match(sentence.strip()) if raised else None
        if verdict:
            out[-1] = f"{raised.group('np')} is {sentence.strip()[verdict.start('v') :]}"
        elif out and (
            _BARE_RAISE.search(out[-1])
            and _POST_FIRST.match(sentence)
            or _BARE_MOVE.search(out[-1])
            and _NOW_IN.match(sentence)
            or _RAISED_ALONE_ZH.match(out[-1])
            and _HAN.search(sentence)
            and not re.search(r"[？?]|^[我你]", sentence)
            # "姐妹们 我辞职了!!! 下个月去小红书": a job left, then the next place said on its own
            or _JOB_LEFT_ZH.search(out[-1])
            and _NEXT_PLACE_ZH.match(sentence.strip())
        ):
            gap = "" if _HAN.search(out[-1][-2:]) or out[-1].rstrip().endswith("？") else " "
            out[-1] = f"{out[-1].rstrip()}{gap}{sentence}"
        else:
            out.append(sentence)
    return out


def _extract(
    text: str, *, speaker: str, at: datetime, previous: str | None, addressee: str | None, embedder=None
) -> list[Evidence]:
    meaning = meaning_of(embedder)
    put_right, rest = correction(text, speaker, at, previous)
    if put_right:  # "sorry I mean Thursday not Friday", "不对，是网易不是腾讯": a value put right
        # (and what the line goes on to say: "不对，是网易不是腾讯，我下周一入职")
        return put_right + (
            _extract(rest, speaker=speaker, at=at, previous=None, addressee=addressee, embedder=embedder)
            if rest
            else []
        )
    out: list[Evidence] = []
    echo = ECHO.match(text) if previous and not previous.rstrip().endswith(("?", "？")) else None
    if echo:
        # Mo: "I love board game nights." Ellie: "same!"; "我也是😭" to "我花粉过敏", "+1 飞盘真的上头"
        # to "我最近迷上了飞盘": the speaker says of themself what the line before said of its
        # speaker (a fact or a taste: what it says of someone named stays theirs, and a promise is
        # not taken on by agreeing), then what follows the echo is read as said
        out += [
            e
            for e in _extract(
                previous, speaker=speaker, at=at, previous=None, addressee=None, embedder=embedder
            )
            if e.layer in ("fact", "preference") and e.subject == speaker
        ]
        text = text[echo.end() :]
    # "程序员小李跳去字节了": a trade said before a name only says who they are
    text = TRADE_BEFORE_NAME_ZH.sub("", text)
    text = as_first_person(text, speaker)
    if _HAN.search(text):
        text = general.en_verbs_in_zh(text)  # "Amy 把 dinner cancel 了": Chinese syntax, an English verb
    if not _mostly_han(text):
        # "my 奶奶 is 92 and still beats everyone at mahjong": a family word in Chinese inside an
        # English clause is the English one (filed as "Mei's grandma", as the English line would be)
        text = kin_zh_in_en(text)
        # a word shouted for stress is the word ("Dad's FINALLY cleared the garage out")
        text = _SHOUTED_EN.sub(lambda m: m.group().lower(), text)
    # "阿杰去年就离婚了，你不知道吗", "I moved to Leeds in May, remember?": a closing tag that checks
    # the listener knew asks nothing of what was said before it
    text = _TAG_QUESTION.sub("", text)
    # "他昨天求婚了！我答应了💍": a proposal by an unnamed he or she that the speaker says yes to in
    # the next sentence was made to the speaker (one sentence, so the yes and the proposal meet)
    text = _PROPOSAL_ANSWERED_ZH.sub(lambda m: f"{m.group('who')}{m.group('when')}向我求婚了，", text)
    # "我替小林答应你了，她周六过来帮你搬家": a promise made on someone else's behalf is theirs, as
    # if reported from them ("小林说她周六过来…")
    text = _ON_BEHALF_ZH.sub(lambda m: f"{m.group('who')}说{m.group('pron') or ''}", text)
    # the line answered is read in the same spelling ("can u bring ur speaker sat?" to "yep on it")
    # (and its day written short: "sat?")
    asked = general.normalise_en(spelled_en(previous)) if previous and not _HAN.search(previous) else previous
    before = asked
    referent = ""
    show = ""  # whom the last show named is of ("看五月天演唱会"), whom a later 他们 may mean
    for sentence in _post_joined(_sentences(text)):
        # "I'll tidy my room the day Arsenal win the league 😂", "... when pigs fly lol": a promise
        # hung on someone else's event, and laughed at, is a joke (read before "lol" is spelled away)
        joke = bool(_LAUGH_END_EN.search(sentence) and _EVENT_TIME_EN.search(sentence))
        if not _HAN.search(sentence):  # "Ive quit", "she said shed call": as if the apostrophes were typed
            sentence = _QUOTED_SIGN_EN.sub(
                r"\g<head> it", _NEWS_TAG_EN.sub(".", spelled_en(cased_names_en(sentence)))
            )
        else:
            # "我以为你在腾讯上班呢", "我还以为小王早就结婚了": what one took to be so, and was not,
            # is no fact, taste or promise of anyone's; the clauses after it are read as said
            sentence = _BELIEF_ZH.sub("", sentence).strip()
            # the one spoken to, called at the head, is no part of what is said ("妈，机票我已经帮你订好了")
            sentence = _CALLED_ZH.sub("", sentence)
            sentence = _QUOTED_LINE_ZH.sub(r"\g<head>", sentence)
            if not sentence:
                continue
            sentence = general.school_run_zh(sentence)  # "送儿子去实验小学": the son's school
            sentence = general.gapped_verb_zh(sentence)  # "我室友在华为上班，我在腾讯": 上班 too
            # "往后推到周六成不？": a plan moved to a day named, asking only whether that suits, is moved
            sentence = _MOVE_ASKED_ZH.sub(r"\g<move>", sentence)
        if _PROPOSAL_ANSWERED_EN.search(sentence):  # "X proposed and I said yes": the speaker's too
            engaged = Evidence("fact", speaker, "relationship", "engaged", 0.5, "change")
            out += [] if engaged in out else [engaged]
        if not _HAN.search(sentence):  # "my cat knocked coffee all over my keyboard": the speaker's cat
            out += [ev for ev in general.own_animal_en(sentence, speaker) if ev not in out]
        # a named third person or a relative at the head ("Omar got a job", "我姐说她搬到柏林了"):
        # the rules read the sentence as that person would say it, and file it under them
        found = subjects_of(sentence, speaker, referent)
        got = general.ZH_RECEIVED_REPORTED.match(sentence) if _HAN.search(sentence) else None
        if got:
            # "老王说书收到了，让我谢谢你": a named one's word that the thing reached them is the
            # speaker's news of a task done (read whole, as "房东回我说钱收到了" is), not 老王's own line;
            # a clause after it that goes on with them is theirs ("…，他周五把发票寄给你")
            cut = re.search(r"[，,；;]", sentence[got.end() :])
            head = sentence[: got.end() + cut.start()] if cut else sentence
            rest = sentence[got.end() + cut.end() :].strip() if cut else ""
            name = re.sub(
                r"(?:刚|刚刚|已经|也)?(?:回(?:复)?我|告诉我|跟我)?$", "", sentence[: sentence.index("说")]
            )
            theirs = subjects_of(rest, speaker, name) if re.match(r"[他她]", rest) else []
            found = [(speaker, head if theirs else sentence), *theirs]
        others = {subject for subject, _ in found if subject not in (speaker, "")}
        referent = others.pop() if len(others) == 1 else referent  # whom a later "he" or "she" means
        # "周六聚餐我带酒，小叶说她带个蛋糕": the time the message opens with is the time of another's
        # pledge reported after it that names none of its own
        opening = layer_rules_zh.head_time(found[0][1]) if len(found) > 1 and _HAN.search(sentence) else ""
        partners = {subject: partner_of(subject, speaker, sentence) for subject, _ in found}
        if any(p and p.names for p in partners.values()):
            # "My ex-husband has the kids this weekend", "我前夫每个月打抚养费过来": the news is the
            # former partner's, and the speaker's own state (divorced, single) is said by naming them
            for ev in _sentence(sentence, speaker, at, before, addressee, meaning):
                if ev.layer == "fact" and ev.key == "relationship" and ev not in out:
                    out.append(ev)
            # a partner-to-be says the state by the word alone, whatever tense the news is in
            # ("我未婚妻下个月从伦敦回来"); a former one may mean divorced or single, so only as read above
            implied = next((p.implies for p in partners.values() if p and p.implies), "")
            if implied and not any(
                e.layer == "fact" and e.key == "relationship" and e.subject == speaker for e in out
            ):
                out.append(Evidence("fact", speaker, "relationship", implied, 0.5, "statement"))
        thing = ""  # the thing a part before took a stance on, which a later part's "them" means
        for subject, said in found:
            if not subject:  # "She moved to Leeds" in a message that named no one: nobody's news
                continue
            if (
                opening
                and subject != speaker
                and said.startswith("我")
                and not layer_rules_zh.head_time(said[1:])
            ):
                said = opening + said
            evs = _sentence(said, subject, at, before, addressee, meaning)
            if thing and not any(e.layer == "preference" for e in evs) and _THING_BACK.search(said):
                # "Tom loves board games but I find them boring": the speaker's "them" is Tom's games
                again = _sentence(
                    _THING_BACK.sub(thing, said, count=1), subject, at, before, addressee, meaning
                )
                evs = again if any(e.layer == "preference" for e in again) else evs
            elif thing and not any(e.layer == "preference" for e in evs) and _THING_JUDGED.search(said):
                # "Ben loves the ramen place, I think it's overrated": the speaker's "it" is Ben's thing,
                # judged
                again = _sentence(
                    _THING_JUDGED.sub(thing + " is ", said, count=1), subject, at, before, addressee, meaning
                )
                evs = again if any(e.layer == "preference" for e in again) else evs
            thing = next((e.value for e in evs if e.layer == "preference" and e.value), thing)
            seen = _SHOW_OF_ZH.search(said) if _HAN.search(said) else None
            show = seen.group("who") if seen else show
            if show and any(e.layer == "preference" and _THEM_ZH.fullmatch(e.value) for e in evs):
                # "下周五我去看五月天演唱会！我从初中就是他们的铁粉了": "them" are whom the show
                # just named is of
                evs = [
                    dataclasses.replace(e, key=topic_of(show), value=show)
                    if e.layer == "preference" and _THEM_ZH.fullmatch(e.value)
                    else e
                    for e in evs
                ]
            if subject != speaker and not _HAN.search(said) and all(e.layer == "commitment" for e in evs):
                # "my brother is collecting Grandma instead", "Priya will bring the salad instead":
                # whoever owed it before is released (and the one taking it over owes it now)
                evs = evs + general.taken_over_en(said, subject)
            for ev in evs:
                if joke and ev.layer == "commitment" and ev.due is None:
                    continue
                if subject != speaker and ev.layer == "commitment" and not ev.counterparty:
                    # a promise reported to the speaker ("Bob said he'll send it") is made to them
                    ev = dataclasses.replace(ev, counterparty=speaker)
                if (
                    (speaker != subject or speaker != ev.subject)
                    and ev.layer == "status"
                    and ev.kind == "done"
                    and _ON_MY_BEHALF.search(said)
                ):
                    # "My husband sorted the renewal for me", "Dad fixed the bike for me": done by
                    # another for the speaker, the speaker's own task is what is done
                    ev = dataclasses.replace(ev, subject=speaker)
                if (
                    ev.layer == "fact"
                    and ev.key == "employer"
                    and STUDY_EN.search(sentence)
                    and not _WORKS_EN.search(sentence)
                ):
                    # "switched unis, I'm at Edinburgh now", "Ella's started at Cambridge, she's doing
                    # medicine": where one studies, not works
                    ev = dataclasses.replace(ev, key="school")
                if (
                    ev.layer == "status"
                    and ev.kind == "done"
                    and ev.key != "received"
                    and (for_whom := _FOR_ANOTHER.search(said))
                ):
                    # (the verb it was done by gives way: who it was done for is what finds the promise)
                    whom = next((g for g in for_whom.groups() if g), "")
                    ev = dataclasses.replace(ev, key=STAND_IN, counterparty=whom or None)
                if ev.layer == "status":
                    ev = _whose_state(ev, said, speaker, subject == speaker)
                if ev.layer == "preference" and ev.value.startswith("的") and len(ev.value) > 1:
                    # "这家的菜很合我胃口": the 的 of whose it is, left of the thing by a reading
                    ev = dataclasses.replace(ev, key=topic_of(ev.value[1:]), value=ev.value[1:])
                if ev.layer == "commitment" and ev.due is None and _THEN_EN.search(said):
                    # "The meeting's moved to Friday, I'll bring the projector then": "then" is the
                    # day the sentence named before it
                    ev = dataclasses.replace(ev, due=due_date(sentence, at))
                if ev.layer == "commitment" and not _mostly_han(said):
                    # "I'll pick Lily up from school at 3", "gonna hit the gym after work": an hour
                    # with no day named is the day it is said; the hour ("at 3"), or a time with no
                    # day ("in a bit"), is no part of what is owed
                    # (the whole sentence: its opener may say a habit, "From now on, I'll go to bed at 11")
                    today = hour_of_today_en(sentence, at) if ev.due is None else None
                    ev = dataclasses.replace(
                        ev, due=today or ev.due, value=without_hour_en(ev.value, sentence)
                    )
                if ev.layer == "commitment" and ev.kind == "statement" and ev.due and only_a_week(said):
                    # "I'll get the keys cut at some point next week", "下周我抽空把车送去保养":
                    # owed within a week, on no day promised (its Monday would fall due too soon)
                    ev = dataclasses.replace(ev, due=None)
                if ev not in out:
                    out.append(ev)
                partner = partners.get(subject)
                if partner and partner.shares and ev.layer == "fact" and ev.value in COUPLE_STATES:
                    # "My boyfriend proposed last night and I said yes!": an engagement or a
                    # marriage of the speaker's partner is the speaker's as well
                    ours = dataclasses.replace(ev, subject=speaker)
                    if ours not in out:
                        out.append(ours)
        # "Sushi again? No thanks.": the speaker's own question is what the next sentence answers
        # ("Karaoke? Me? Not a chance.": a bare echo of who is asked, or of disbelief, asks nothing new)
        if sentence.rstrip().endswith(("?", "？")) and not _ECHO_EN.fullmatch(sentence.strip()):
            before = sentence
        elif not _ECHO_EN.fullmatch(sentence.strip()):
            before = asked
    if previous and not any(e.layer == "preference" for e in out):
        # (read over the whole message: "My brother Ian loves opera, I hate it." has its own thing)
        out += _taste_of_the_line_before(text, speaker, previous, at, bool(_HAN.search(text)))
    # "Handed in my notice! Full-time illustrator from now on.": a job or employer ended in one
    # sentence and named anew in a later one is the new one, not none
    named_later = {
        (e.subject, e.key)
        for i, e in enumerate(out)
        if e.layer == "fact" and e.value != "none" and e.key in ("job", "employer", "school")
        for f in out[:i]
        if f.layer == "fact" and f.value == "none" and (f.subject, f.key) == (e.subject, e.key)
    }
    if _TAKEN_BACK.search(text):
        # "Yeah! Actually no, I've had three already": the yes taken back is a no to the thing
        out = [
            dataclasses.replace(e, score=0.0, kind="refusal")
            if e.layer == "preference" and e.kind == "acceptance"
            else e
            for e in out
        ]
        out = list(dict.fromkeys(out))
    if previous and not _HAN.search(text) and not any(e.layer == "commitment" for e in out):
        out += layer_rules_en.taken_up(text, speaker, at, previous)  # "who can bring the cake?" - "me!"
    if (
        previous
        and _HAD_ALREADY.search(text)
        and not _TASTE_SAID.search(text)
        and not any(e.layer == "preference" and e.kind != "refusal" and e.score < 0.5 for e in out)
    ):
        # (a taste said beside it stays a no: "nah, I already ate. sushi isn't my thing anyway")
        out = [e for e in out if not (e.layer == "preference" and e.kind == "refusal")]
    # "搞定了！票已经抢到了": one task said done twice, bare then by its thing - the thing's row says it
    named = {(e.subject, e.kind) for e in out if e.layer == "status" and e.value}
    # "Grace left the bank, she works for the BBC now": the place left, where the message names the
    # next one, needs no lift as employer, school or home (the new value supersedes it)
    places = ("employer", "school", "residence")
    placed = {e.subject for e in out if e.layer == "fact" and e.kind != "lift" and e.key in places}
    return [
        e
        for e in out
        if not (e.layer == "fact" and e.value == "none" and (e.subject, e.key) in named_later)
        and not (e.layer == "fact" and e.kind == "lift" and e.key in places and e.subject in placed)
        and not (e.layer == "status" and not e.value and (e.subject, e.kind) in named)
    ]


# a span in quotes, as typed in either language (straight or curly)
_QUOTED = r"(?:'[^']*'|\"[^\"]*\"|“[^”]*”|‘[^’]*’)"

# a show named by whom it is of ("看五月天演唱会", "听周杰伦的演唱会"), and a pronoun for them
_SHOW_OF_ZH = re.compile(
    r"(?:看|听|去)了?(?P<who>(?![我你他她它这那看听了])[\u4e00-\u9fffA-Za-z]{2,8}?)的?"
    r"(?:演唱会|音乐会|演出|巡演|见面会|签售会|live|Live|LIVE|比赛|球赛|话剧|脱口秀)"
)
_THEM_ZH = re.compile(r"他们|她们|它们|他|她|它")
# the speaker promising for a named other, then what that other will do in the next clause
_ON_BEHALF_ZH = re.compile(
    rf"^我(?:已经)?(?:替|帮|代)(?P<who>{ZH_NAME})(?:答应|应承|应下|保证)(?:了)?(?:你|您|你们)?(?:了|啦)?[，,]\s*(?P<pron>[她他])?"
)
# a question that only echoes who is asked or doubts it ("Me?", "Really?", "Seriously??")
_ECHO_EN = re.compile(r"(?:me|moi|us|really|seriously|what|huh|eh|you serious|are you serious)\s*[?!]+", re.I)
# a clause that says what one wrongly believed (以为, 还以为, 原以为, 本以为), or dreamed or imagined
# (梦见, 梦到, 幻想), to the clause's end
_BELIEF_ZH = re.compile(
    # (a game's world too: "我在游戏里开了家面包店", "剧本杀里我演的是个律师" - a role played, no fact)
    # (and a work of fiction's, its people the subject: "《平凡的世界》里孙少平在煤矿当工人", "电影里那个
    # 女主是个律师"; not the speaker's choice within it: "小说里我最喜欢金庸的")
    r"(?:^|(?<=[，,；;。！!]))\s*[^，,；;。！!？?]{0,6}?(?:(?:还|原|本|满)?以为|梦见|梦到|梦里|幻想|想象|游戏里|剧本杀里"
    r"|(?:《[^》]{1,20}》[里中]|(?:电影|电视剧|剧|小说|书|漫画|动画|动漫)里)(?![我的]))"
    r"[^，,；;。！!？?]*[，,；;。！!？?]*"
)
# a line quoted by what it is ("广告里那句'我是医生，我推荐'笑死我了", "台词「我是警察」"): the words of an
# advert, a film or a slogan, not the speaker's own (a reporting verb before a quote, 说 / 问, is read by
# the subjects it names and stays)
_QUOTED_LINE_ZH = re.compile(
    r"(?P<head>(?:那|这|一)句(?:话)?|台词|口号|广告词|歌词|标语|金句|名言)[：:]?\s*"
    rf"(?:{_QUOTED}|「[^」]*」|『[^』]*』)"
)
# words quoted from a thing that shows them ("the poster in reception says 'I love Mondays'", "my mug
# reads "World's Best Dad""): the thing's words, not the speaker's (a person's quoted words stay,
# read by the subjects they name)
_QUOTED_SIGN_EN = re.compile(
    r"(?P<head>\b(?i:sign|poster|mug|shirt|t-shirt|banner|card|advert|ad|billboard|caption|slogan|motto|tagline|sticker)"
    # (no person between the thing and the verb: "Gave Dan the shirt and he said 'I love Arsenal'" is his)
    rf"\b(?:(?!\b(?i:he|she|they|I|we|you)\b)[^'\"“‘]){{0,30}}?\b(?i:says|said|reads|read))[:,]?\s*{_QUOTED}"
)
# a pronoun in an object's place ("I find them boring", "I hate it"), after a word: not a line's subject
_THING_BACK = re.compile(r"(?<=\w\s)(?:them|it)\b(?!\s*(?:'s|is|was|are|were)\b)", re.I)
# a thing said first, then when it is handed to the hearer ("PPT今晚发你", "答应你的书，这周末带给你")
_BARE_ACT_TO_YOU_ZH = re.compile(r"(?:一定|马上)?(?:发|带|寄|给|还|转|拿|送|传)(?:给)?(?:你|您)")
_TOPIC_FIRST_ZH = re.compile(
    r"^(?:答应(?:你|您)的|说好的|你要的)?(?P<t>(?![我你他她它这那今明后昨周下上本])[\u4e00-\u9fffA-Za-z]{1,8}?)(?:的事)?"
    rf"(?:包在我身上|交给我|没问题)?[，,]?\s*(?P<time>(?:{general.ZH_TIME})+)(?P<act>{_BARE_ACT_TO_YOU_ZH.pattern})"
    r"(?:吧|哈|啊)?[。！!~～]*$"
)
# coming early or on time, with a favour for the hearer said in a later clause
_ONLY_ARRIVING_ZH = re.compile(r"(?:早点|早些|提前|准时|早早)?(?:到|来|去|过去|过来|出发)")
_FAVOUR_AFTER_ZH = re.compile(r"[，,]\s*(?:帮|给|替)(?:你|您)[\u4e00-\u9fff]{1,5}?(?=[，,。！!~～]|$)")
# a yes taken back in the same breath ("Yeah! Actually no, ...", "好啊！算了，不喝了")
_TAKEN_BACK = re.compile(
    r"\b(?:actually,?\s+no|on second thoughts?|wait,?\s+no|scratch that)\b|算了|还是不(?:要|喝|吃|去)了", re.I
)
# an act that went wrong ("拿错了", "寄丢了", "搞砸了", "订反了")
_GONE_WRONG_ZH = re.compile(
    r"(?:拿|买|订|发|寄|写|填|弄|搞|送|交|记|算|打|装|贴|输|选|修)(?:错|丢|坏|砸|反|漏)了"
)
# what comes up at short notice ("临时加班", "突然有事"): a reason, never a promise
_SUDDEN_ZH = re.compile(r"(?:临时|突然)(?:要|得)?(?:加班|有事|出差|开会|值班|有个会)")
# the same thing as the subject of a verdict ("I think it's overrated", "they're amazing tbh")
_THING_JUDGED = re.compile(
    r"\b(?:it's|it is|they're|they are)\s+(?=(?:actually\s+|so\s+|really\s+|pretty\s+|way\s+|totally\s+|kinda\s+)*"
    r"(?:overrated|awful|terrible|amazing|great|meh|gross|boring|delicious|brilliant|rubbish|disgusting|bland|"
    r"fantastic|incredible|underwhelming|disappointing)\b)",
    re.I,
)
# news with a tag asking whether the hearer knew ("Ali's moved to Leeds, did you hear?"): told, not asked
_NEWS_TAG_EN = re.compile(
    r"\s*[,;]\s*(?:did you hear|have you heard|had you heard|can you believe it|would you believe it|"
    r"did you know|guess what)\s*\?+\s*$",
    re.I,
)
# a proposal by an unnamed he or she, answered yes in the next sentence (read in _extract)
_PROPOSAL_ANSWERED_ZH = re.compile(
    r"(?<![\u4e00-\u9fff])(?P<who>他|她)(?P<when>[^，,。！!？?我]{0,4}?)求婚了[！!。~～\s]*(?=我?(?:答应|同意)(?:了|啦))"
)
# the same in English: "My boyfriend proposed last night and I said yes!", "Jamie popped the question
# in Rome; I said yes" (read on the whole sentence: the split by person parts the proposal and the yes)
_PROPOSAL_ANSWERED_EN = re.compile(
    r"\b(?:proposed|popped the question)\b[^.!?]{0,80}?(?:\band\s+|[;,]\s*(?:and\s+)?)I\s+said\s+yes\b", re.I
)
# a task done by someone else for the speaker ("sorted it for me", "on my behalf")
_ON_MY_BEHALF = re.compile(r"\b(?:for me|on my behalf|for my sake)\b", re.I)
# words of working, which keep an employer one even in a line about study ("I work at the university")
_WORKS_EN = re.compile(
    r"\b(?:work|works|working|worked|job|teach\w*|lecturer|professor|staff|hired|employ\w*|intern(?:s|ing|ship)?)\b",
    re.I,
)
# done for someone other than the one who did it ("Sam sorted the tickets for you", "小王帮你把票订好了",
# "周报我已经替曹阳写完交了")
_FOR_ANOTHER = re.compile(
    rf"\bfor (?P<en>you|u|ya|him|her|them|(?!{DAY_OR_MONTH_EN}|Christmas\b|Easter\b|Xmas\b)[A-Z][a-z]+)\b(?!['’])|\bon (?P<en2>your|his|her|their|[A-Z][a-z]+(?='s))(?:'s)? behalf\b"
    r"|(?:帮|替)(?!我)(?P<zh>你|您|他|她|[\u4e00-\u9fff]{2,3}?)(?=把|[\u4e00-\u9fff]{1,3}?(?:好|完))"
)
# a promise whose time is "then", the time said before it in the sentence
_THEN_EN = re.compile(r"\bthen\s*[.!]*$", re.I)
# a task asked after ("did you ring the bank?", "have u sent the forms yet?") and a bare yes to it,
# or a yes with only when it was done ("yep, this morning"): the task asked after is done
_ASKED_IF_DONE_EN = re.compile(
    r"^(?:(?:so|and|hey|oh),?\s+)?(?:did|have|has)\s+(?:you|u)\s+(?:already\s+|managed\s+to\s+|get\s+round\s+to\s+)?"
    # (a thing named: "did you like it?" names none, so no promise is closed by its yes)
    # (a verb of doing a task: not of a mishap, "did you forget the milk?", "did you miss the train?",
    # nor of living through a thing, "did you have a good weekend?", "did you see the match?")
    r"(?P<verb>(?!(?:forget|forgot|miss|lose|lost|fail|break|broke|cancel|have|had|sleep|slept|see|saw|hear|heard|"
    r"enjoy|like|love|hate|watch|get|go|eat|drink|feel|know|think|mean|say)\b)[a-z]+)\s+"
    r"(?:(?:the|my|your|our|his|her|that)\s+)?(?!(?:it|that|this|them|him|her|me|us|a|an|from|about|ok|okay|well|home)\b)"
    r"(?P<w>[\w'\- ]{2,30}?)(?:\s+(?:yet|already|in the end))?\s*\?+\s*$",
    re.I,
)
_YES_WHEN_EN = re.compile(
    r"^(?:yep|yes|yeah|yup|ya|yh|sure did|I did|did indeed|done)[,!.]?\s*"
    r"(?:(?:just\s+|first thing\s+)?(?:this morning|this afternoon|yesterday|last night|earlier|earlier today|today|"
    r"first thing|an hour ago|on (?:mon|tues|wednes|thurs|fri|satur|sun)day)\s*)?[.!]*$",
    re.I,
)


_LATIN_DOER_ZH = re.compile(
    r"^\s*(?!(?:Ok|Okay|Hi|Hey|Yes|Yeah|So|Well|And|But|Oh|Btw)\b)(?P<who>[A-Z][a-z]+)\s*把\s*"
    r"(?:[\u4e00-\u9fff]{1,4}的)?\s*(?P<thing>[\u4e00-\u9fffA-Za-z]{1,8}?)\s*(?:取消|推迟|改|订|确认|退|写|交|修|做|搞|弄|买|发)"
)
_SHOUTED_EN = re.compile(
    r"\b(?:FINALLY|REALLY|JUST|ALREADY|TOTALLY|LITERALLY|ACTUALLY|OFFICIALLY|NEVER|ALWAYS|STILL|EVEN)\b"
)


def _whose_state(ev: Evidence, said: str, speaker: str, own_line: bool) -> Evidence:
    """A task state of ``said`` with its thing alone and whose it is: the thing without its doer
    with 把, the day that owns it or a 的 left of them ("我把周五的机票改了": 机票); a Latin name
    before 把 as the doer ("Tom 把报告写完了": Tom's); a plan of someone named at the head of its
    clause, moved or called off, as theirs ("Grandma's hip op has been moved to the 30th",
    "老王的喜酒改到国庆了"), when ``own_line`` (the speaker says it of no one else)."""
    # (a plan's, moved or called off; a thing of theirs done may be done by anyone: "Grandad's
    # radio is working again" after the speaker promised to fix it)
    owned = owner_of_thing(ev.value, speaker) if ev.kind in ("postponed", "cancelled") and own_line else None
    if _HAN.search(ev.value):
        thing = general.time_dropped_zh(ev.value).lstrip("的 ")
        ev = dataclasses.replace(ev, value="" if thing in ("我", "我们") else thing or ev.value)
    doer = _LATIN_DOER_ZH.match(said) if ev.subject == speaker else None
    if doer:
        # (the thing after 把, not the name, which a reading may have taken for the thing)
        thing = ev.value if ev.value and ev.value != doer.group("who") else doer.group("thing")
        ev = dataclasses.replace(ev, subject=doer.group("who"), value=thing)
    head = said[: said.find(ev.value)] if owned and ev.value in said else None
    if (
        owned
        and head is not None
        # (not one the speaker acted on: "had to shunt Biscuit's booster to April"; nor one the
        # speaker's own task hung on: "Jo's party got cancelled so no cake from me")
        and not re.search(r"(?i:\b(?:I|I've|I'd|we|we've|had|have|to)\b)|我|把", head)
        and not re.search(
            r"(?i:\b(?:I|I'm|I'll|I've|me|my|we|we're|we'll|us|our)\b)|我", said[len(head) + len(ev.value) :]
        )
    ):
        ev = dataclasses.replace(ev, subject=owned[0], value=owned[1])
    return ev


# the part of today already gone, said before an act's result ("我今天把水管修好了", "我爸上午把家搬完了")
_TODAY_GONE_ZH = re.compile(r"今天|今早|今儿|今日|早上|上午|一早|刚才|刚刚")
_RESULT_ZH = re.compile(r"(?:好|完|掉)了[！!。~～]*(?:[，,]|$)")


def _done_today_zh(said: str) -> bool:
    """Whether ``said`` tells an act's result reached earlier today: the only time it names is a part
    of today already gone, with no deadline, and the act's clause closes on its result and 了
    ("我今天把水管修好了"; not "今天下班前我把房租交了", nor "今晚我把作业写完" still ahead)."""
    return bool(
        _TODAY_GONE_ZH.search(said)
        and _RESULT_ZH.search(said)
        and not re.search(general.ZH_TIME, _TODAY_GONE_ZH.sub("", said))
        and not general.ZH_DEADLINE.search(said)
        # (a need or a word given before the act is still owed: "我今天得把水管修好了")
        and not re.search(rf"{general.ZH_NEED_BA}|(?:一定|要|会)把", said)
    )


def _put_off(found: list[Evidence]) -> bool:
    """Whether ``found`` puts a task off to a later time."""
    return any(e.layer == "status" and e.kind == "postponed" for e in found)


def _mostly_han(text: str) -> bool:
    """Whether Chinese syntax reads ``text``: it has Han characters, and fewer Latin words than them.

    (A tie is English: "Spoke to 张伟" is an English clause around a two-character name.)"""
    return bool(_HAN.search(text)) and len(_LATIN_WORD.findall(text)) < len(_HAN.findall(text))


def _sentence(
    sentence: str, speaker: str, at: datetime, previous: str | None, addressee: str | None, meaning=None
) -> list[Evidence]:
    """The phrase rules' findings of one sentence, completed by the structural ones of
    :mod:`~autogen_zettel.people.general` for what the phrase rules did not say."""
    # an English sentence with a Chinese word in it ("I'll send you the 报价单 by Friday") is read by
    # the English rules: the script of most of its words, not of any one, says whose syntax it is
    han = _mostly_han(sentence)
    latin = bool(re.search(r"[A-Za-z]{2,}", sentence)) or not han  # "I'm 27." has no two letters running
    said = general.normalise_zh(sentence) if han else general.normalise_en(sentence)
    rules = layer_rules_zh if han else layer_rules_en
    found = rules.extract(said, speaker=speaker, at=at, previous=previous, addressee=addressee)
    extra: list[Evidence] = []
    if latin:
        extra += general.extract_en(
            general.normalise_en(sentence), speaker, layer_rules_en.offer_topic(previous), meaning
        )
    if han:
        offer = layer_rules_zh.offer_topic(general.normalise_zh(previous) if previous else previous)
        extra += general.extract_zh(said, speaker, offer, meaning)
    out = merge(found, extra)
    if not han and _HAN.search(sentence) and not any(e.layer in ("status", "commitment") for e in out):
        # "report 交了, finally free": a clause in Chinese inside an English line is read by the
        # Chinese rules, for the task it closes or takes on (the line's script decided the rest)
        for clause in _CLAUSE_BREAK.split(sentence):
            if _mostly_han(clause):
                out += [
                    e
                    for e in layer_rules_zh.extract(
                        general.normalise_zh(clause.strip()), speaker=speaker, at=at, addressee=addressee
                    )
                    if e.layer in ("status", "commitment")
                ]
    if han and general.says_yes_zh(said):  # "不去才怪了！": nothing called off
        out = [e for e in out if not (e.layer == "status" and e.kind == "cancelled")]
    if general.plan_only(said):  # a plan is no change of job or home yet
        out = [e for e in out if not (e.layer == "fact" and e.kind == "change")]
    layers = {e.layer for e in out}
    if not han and "status" in layers and "commitment" not in layers and general.future_en(said):
        # "I'll drop the forms off tomorrow": a promise, not a cancellation
        promised = layer_rules_en.commitments(said, speaker, at, addressee, previous)
        if promised:
            # "Don't worry about Saturday, I'll grab a cab": a release in a clause of its own, before
            # the speaker's own promise, stands beside it
            head = re.split(r"[,;]\s*", said, maxsplit=1)[0]
            kept = [
                e
                for e in out
                if e.layer == "status"
                and e.kind == "cancelled"
                and head != said
                and not general.future_en(head)
                and any(
                    h.layer == "status" and h.kind == "cancelled"
                    for h in layer_rules_en.extract(head, speaker=speaker, at=at, previous=previous)
                )
            ]
            out = [e for e in out if e.layer != "status"] + kept + promised
            layers = {e.layer for e in out}
    if (
        han
        and "status" in layers
        and "commitment" not in layers
        and not _put_off(out)
        and not _done_today_zh(said)
    ):
        # "月底前我把房租交了": a done-looking 了 under a time still ahead is a promise (a thing put
        # off to that time, "我们把发布会推迟到下周了", is no new promise)
        promised = general.commitments_zh(said, speaker, at, speaker)
        if promised:
            out = [e for e in out if e.layer != "status"] + promised
            layers = {e.layer for e in out}
    if "status" in layers and any(e.layer in ("fact", "preference") and e in extra for e in out):
        out = [e for e in out if e.layer != "status"]  # "我们上周订婚了": news, not a task done
        layers = {e.layer for e in out}
    if "status" in layers and "commitment" not in layers:
        # the structural reading of a task's result, clause by clause, over the phrase rules' one
        # when it names the task more fully or calls it off where they saw it done
        ours = general.status_zh(said, speaker) if han else general.status_en(said, speaker, speaker)
        theirs = [e for e in out if e.layer == "status"]
        if (
            ours
            and theirs
            # "Tom's sent it": a doer the phrase rules named stands over the speaker
            and not (theirs[0].subject != speaker and ours[0].subject == speaker)
            and (ours[0].kind != theirs[0].kind or (ours[0].value and theirs[0].value in ours[0].value))
        ):
            if theirs[0].kind == "cancelled" and theirs[0].subject == speaker != ours[0].subject:
                # "Don't worry about the pics, Omar sent them": done by Omar (read first, so his promise
                # is closed as done), and the speaker's ask called off
                out = [e for e in out if e.layer != "status"] + ours + theirs
            else:
                out = [e for e in out if e.layer != "status"] + ours
    if (
        layers == {"status"}
        and _POLITE.search(said)
        and all(e.kind == "done" for e in out)
        # "Finally transferred the forty quid, sorry it took so long": an apology in a clause after the
        # news of the task is for the wait; the task is still done
        and (_POLITE.search(_CLAUSE_BREAK.split(said, maxsplit=1)[0]) or not _CLAUSE_BREAK.search(said))
    ):
        out = []  # "太感谢了", "不好意思打错字了": thanks and apologies close no task
        layers = set()
    asked = _ASKED_IF_DONE_EN.match(previous.strip()) if previous and not han and not layers else None
    if asked and _YES_WHEN_EN.match(said.strip()):
        # "did you ring the bank?" / "yep, this morning": the task asked after is done (named, so it
        # closes only a promise whose words it meets)
        out, layers = [Evidence("status", speaker, "", asked.group("w").strip(), 0.5, "done")], {"status"}
    if not han and layers == {"preference"} and re.search(r"\bafter all\b", said, re.I):
        # "No boat trip after all, the ferry isn't running": "after all" marks a plan given up, not
        # a taste refused (the refusal the preference rules read is the plan's cancellation)
        dropped = [e for e in general.status_en(said, speaker, speaker) if e.kind == "cancelled"]
        if dropped:
            out, layers = dropped, {"status"}
    if not layers & {"commitment", "status", "fact", "preference"}:
        if han:
            out += general.commitments_zh(said, speaker, at, speaker) or general.status_zh(said, speaker)
        else:
            out += general.status_en(said, speaker, speaker)
    if han and layers & {"fact", "preference"} and not layers & {"commitment", "status"}:
        # a long line that carries a fact or a taste and, in a clause of its own, a promise: "我刚搬到
        # 成都了，周六我请大家吃火锅，话说我现在超爱啃兔头" gives the move, the treat and the taste
        out += _promise_in_a_clause_zh(said, speaker, at, previous, addressee)
    if han and _IF_ZH.search(said):
        out = [e for e in out if e.layer != "status"]  # "如果下雨的话，我们可能就不去了": not yet called off
    if han and _CONDITION_ZH.search(said):
        # "要是周末不加班，我们就去爬山": what hangs on a condition is not yet taken on, and
        # "要是我在谷歌上班就好了" is a wish, no fact
        out = [e for e in out if e.layer not in ("commitment", "fact")]
    if not han and _UNREAL_EN.search(said):
        # "If only I worked at Pixar", "I wish I lived by the sea": a wish in the unreal past states
        # no fact (English's 要是…就好了); a fact of another clause of the line stays
        # (from the wish to a "but" that turns back to what is so: "imagine if we quit our jobs and
        # moved to Bali" is one wish, "If only I worked at Pixar, but I'm at Disney" keeps Disney)
        clause = _WISH_ENDS_EN.split(said[_UNREAL_EN.search(said).start() :], maxsplit=1)[0]
        out = [e for e in out if not (e.layer == "fact" and e.value.casefold() in clause.casefold())]
    if _UNCONFIRMED.search(said):
        # "Word is Tom's been poached by Amazon, but nobody's confirmed it": news the line itself
        # disowns as unconfirmed gossip is no fact of anyone
        out = [e for e in out if e.layer != "fact"]
    if han and _ONLY_BEFORE_ZH.search(said) and not re.search(r"[，,；;]", said.strip("。！!~～ ")):
        # "我以前超爱吃辣", "小时候我特别爱吃糖", "以前我在华为工作": one clause of what was then, with no
        # clause of now - no taste or fact of today (a lift, what ended, still stands)
        out = [e for e in out if not (e.layer in ("fact", "preference") and e.kind != "lift")]
    if han and _NEAR_MISS_ZH.search(said):
        out = [e for e in out if e.layer != "fact"]  # "我差点就搬去杭州了": it did not happen
    if han:  # "你老家是哪儿的来着": a question word is no value, whatever the sentence ends with
        out = [e for e in out if not (e.layer == "fact" and _ASKED_ZH.match(e.value))]
    if han and _HABIT_ZH.search(said) and not _PLEDGE_ZH.search(said):
        # "我们组每周一开组会", "我一般七点就起了": what recurs is a habit or a schedule, no promise
        out = [e for e in out if e.layer != "commitment"]
    if not han and not out and previous:
        out = _called_off_reply_en(said, speaker, previous)
    if previous and not any(e.layer == "fact" for e in out):
        out += _fact_answered(said, speaker, previous, at, han)
    answered = _taste_answered(said, speaker, previous, at, han) if previous else []
    if answered:
        # ("god no, they terrify me": the answer is of the thing asked; a taste of another thing said
        # in it stands, a pronoun's or a bare negation's does not)
        out = [
            e
            for e in out
            if e.layer != "preference"
            or (not re.match(r"[不没都谁我你他她这那]", e.value) and e.key not in {a.key for a in answered})
        ] + answered
    if han and previous:
        out = _called_off_reply_zh(said, speaker, previous, out)
    # (a line that is only the volunteering, "我来我来", names no act of its own, however the rules cut it)
    if (
        han
        and previous
        and (
            all(e.layer == "commitment" and len(e.value) <= 2 for e in out)
            or _VOLUNTEER_ZH.match(said.strip())
            or _SAME_VERB_ZH.match(said.strip())
        )
    ):
        out = _volunteered_zh(said, speaker, previous, at) or out  # "我来吧" to "谁能…？"
    if han and previous and all(e.layer == "preference" and e.kind == "acceptance" for e in out):
        # "没问题，交给我" to "周四能把纪要整理一下发我吗": a yes to a request takes on its act
        # (a request is no offer: nothing is accepted)
        out = _request_taken_zh(said, speaker, previous, at) or out
    moved = general.rescheduled_zh(said, speaker) if han else general.rescheduled_en(said, speaker)
    if moved and due_date(said, at):  # (a new time named: "I'll do it instead" takes a task over)
        # "Bike's still broken, I'll do it next weekend instead", "报告还没写完，周一发你": the
        # promise taken up again with a new time, not a new promise to "do it" or to "发你"
        out = [
            e
            for e in out
            if e.layer != "status"
            and not (e.layer == "commitment" and (han or general.is_pro_form_act(e.value)))
        ] + [moved]
    out = [_object_from_question(e, previous, han) for e in out]
    if previous and (
        layer_rules_zh.offers_a_favour(previous)
        if _HAN.search(previous)
        else layer_rules_en.offers_a_favour(previous)
    ):
        # "不用了，谢谢" to "要不要我帮你拿快递？", "no need" to "Shall I text Sarah?": a favour turned
        # down calls off no task of the speaker's
        out = [e for e in out if not (e.layer == "status" and e.kind == "cancelled")]
    if previous and _DOING_IT_MYSELF.search(said):
        # "nah I'll do it" to "Shall I book the cinema?", "不用，我自己来": the offer's act is turned down
        # because the speaker takes it on - no refusal of its thing
        out = [e for e in out if not (e.layer == "preference" and e.kind == "refusal")]
    if _IRONY.search(sentence.strip()):
        # (and no promise when the yes is mocked: "oh yeah I'll definitely run a marathon tomorrow 🙄";
        # a grudging one still is, "ok ok i'll ring the plumbr tomorow 🙄")
        mocked = re.search(
            r"^(?:oh\s+)?(?:yeah|sure|right)\b|\b(?:definitely|totally|of course)\b", sentence, re.I
        )
        out = [
            e
            for e in out
            if not (e.layer == "preference" and e.score > 0.5) and not (mocked and e.layer == "commitment")
        ]
    groan = _GROAN_ZH.search(said) if han else None
    if groan:  # "哇又加班，我可太喜欢加班了呢": praise of what was just groaned at with 又 is irony
        out = [
            e
            for e in out
            if not (e.layer == "preference" and e.score > 0.5 and _meet(e.value, groan.group("x")))
        ]
    if han and _JOKING_ZH.search(sentence):
        out = []  # "我明天就去辞职然后环游世界（开玩笑的）": a line taken back as a joke says nothing
    topic = _TOPIC_FIRST_ZH.match(said) if han else None
    if topic:
        # "PPT今晚发你", "答应你的书，这周末带给你", "PPT包在我身上，今晚发你": the thing said first is
        # what is handed over (the 我 dropped, as chat does)
        handed = "把" + topic.group("t") + topic.group("act")
        if any(e.layer == "commitment" for e in out):
            out = [
                dataclasses.replace(e, value=handed)
                if e.layer == "commitment" and _BARE_ACT_TO_YOU_ZH.fullmatch(e.value)
                else e
                for e in out
            ]
        elif not any(e.layer == "status" for e in out):
            out += general.commitments_zh(f"我{topic.group('time')}{handed}", speaker, at, speaker)
    favour = _FAVOUR_AFTER_ZH.search(said) if han else None
    if favour:
        # "明天我早点到，帮你占座": coming early is how; the favour said after it is what is owed
        out = [
            dataclasses.replace(e, value=favour.group(0).lstrip("，, "))
            if e.layer == "commitment" and _ONLY_ARRIVING_ZH.fullmatch(e.value)
            else e
            for e in out
        ]
    if han:
        # "再也不熬夜了", "我已经不在乎了": an adverb left as the thing is no task called off
        out = [e for e in out if not (e.layer == "status" and e.value in ("再", "再也", "早", "已经", "还"))]
    if han and _GONE_WRONG_ZH.search(said):
        # "我妹帮你把快递拿错了": the act went wrong, nothing is done
        out = [e for e in out if not (e.layer == "status" and e.kind == "done")]
    if han and any(e.layer == "commitment" and _SUDDEN_ZH.match(e.value) for e in out):
        # "周六我临时加班，看房去不了了": work come up at short notice is why, no promise; what the
        # line calls off is read again without it
        out = [e for e in out if not (e.layer == "commitment" and _SUDDEN_ZH.match(e.value))]
        if not any(e.layer in ("commitment", "status") for e in out):
            out += general.status_zh(said, speaker)
    return [
        _day_named(_doer_named(e, speaker) if han else e, said, at)
        for e in out
        if not (e.layer == "status" and _negated(said, e.kind, han))
    ]


def _promise_in_a_clause_zh(
    said: str, speaker: str, at: datetime, previous: str | None, addressee: str | None
) -> list[Evidence]:
    """The promise of one clause of a longer line, a clause with its own time that, read alone,
    gives a promise and no fact or taste ("周六我请大家吃火锅" among a move and a taste)."""
    clauses = [c.strip() for c in re.split(r"[，,；;。！!]", said) if c.strip()]
    if len(clauses) < 2:
        return []
    for clause in clauses:
        if not re.search(general.ZH_TIME, clause):
            continue
        rows = _sentence(clause, speaker, at, previous, addressee)
        if rows and all(e.layer == "commitment" for e in rows):
            return rows
    return []


# a thing said done whose words end on a third person (小X / 老X / 阿X): "墙小郑刷完了" is the
# thing (墙), then who did it
_DOER_AFTER_THING_ZH = re.compile(
    rf"^(?P<thing>(?![我你他她它这那])[\u4e00-\u9fffA-Za-z]{{1,6}}?)(?P<who>[小老阿][{SURNAMES}])$"
)


def _doer_named(ev: Evidence, speaker: str) -> Evidence:
    """A task the speaker says a named third person finished is that person's, done."""
    if ev.layer != "status" or ev.kind != "done" or ev.subject != speaker:
        return ev
    m = _DOER_AFTER_THING_ZH.match(ev.value)
    return dataclasses.replace(ev, subject=m.group("who"), value=m.group("thing")) if m else ev


# a plan moved to a day, then only consent asked: "往后推到周六成不？", "改到下周一行吗？"
_MOVE_ASKED_ZH = re.compile(
    rf"(?P<move>{general.ZH_MOVE_TO}(?:{general.ZH_TIME})+)(?:吧|呢)?[，,]?\s*"
    r"(?:成不|行不|行不行|可以不|可不可以|好不|好不好|成吗|行吗|好吗|可以吗|OK吗|ok吗|方便吗)[？?]"
)


# the act that can no longer happen ("去不了了", "回不去了", "来不成了"): its verb
_CANT_VERB_ZH = re.compile(r"(?P<v>[\u4e00-\u9fff])不(?:了|成|去|来)了")


def _later_time_zh(said: str, at: datetime):
    """The day a Chinese line's last clause moves a plan it cannot keep to: a time alone, with the
    act said again or 改 / 再 ("…，周日去", "…，改明天吧"); None otherwise."""
    clauses = [c.strip() for c in re.split(r"[，,；;]", said) if c.strip()]
    cant = _CANT_VERB_ZH.search(said)
    if len(clauses) < 2 or not (cant or re.search(r"没空了|有事|忙不过来|走不开", said)):
        return None
    m = re.fullmatch(
        rf"(?P<gai>改|改成|改到|换到|换成)?(?P<t>(?:{general.ZH_TIME})+)(?P<zai>再|就)?(?P<rest>[\u4e00-\u9fff]?)"
        r"(?:吧|哈|啊|呀)?[。！!~～]*",
        clauses[-1],
    )
    if not m or not (
        m.group("gai")
        or m.group("zai")
        or not m.group("rest")
        or (cant and m.group("rest") == cant.group("v"))
    ):
        return None
    return due_date(m.group("t"), at)


def _day_named(ev: Evidence, said: str, at: datetime) -> Evidence:
    """A plan called off by the day it was set for ("下周一的饭局取消了", "周五去不了了") carries
    that day, anchored as a promise's due date is: the commitment layer matches it to the promise
    due that day when no word of the two meets."""
    if ev.layer != "status" or ev.kind not in ("cancelled", "postponed") or ev.due is not None:
        return ev
    if ev.kind == "postponed" and ev.put_off == PUT_OFF_NO_DAY:
        return ev  # "明天的分享会我得往后推一推": the day said is the one it had, not the one it goes to
    # a plan moved reads its day from the clause that moves it ("cant do fri, sat instead": Saturday)
    # (in Chinese, what follows the last word of moving names the new day: "周五的会改到下周一" is
    # Monday, "哎不行明天要开会，改成后天吧" Thursday, "我说错了，是下周三" the Wednesday after)
    moved = [c for c in re.split(r"[,;]\s*", said) if re.search(r"\b(?:instead|until|till|to)\b", c, re.I)]
    moved += [
        said[m.end() :]
        for m in re.finditer(rf"{general.ZH_MOVE_TO}|还是|(?:^|(?<=[，,；;]))(?:应该|其实)?是", said)
    ][-1:]
    # (a day put right, "scratch that, Thursday, I'm off on Wednesday", is the one it is moved to)
    put_right = general.day_put_right_en(said) if ev.kind == "postponed" else ""
    moved = [put_right] if put_right else moved
    day = (due_date(moved[-1], at) if ev.kind == "postponed" and moved else None) or due_date(said, at)
    later = _later_time_zh(said, at)
    if later:
        # "周六去不了了，周日去", "今天来不了了，改明天吧", "这周末回不去了，下周末回": a last clause of
        # only a later time (and the act again) moves the plan there
        # (a thing the line names stays, "周六的聚餐去不了了，周日去"; the act said again names none, and
        # the plan spoken of last is meant: "…，下周末回")
        thing = (
            ev.value
            if len(ev.value) >= 2 and not re.search(rf"[回去来]$|{general.ZH_TIME}|加班", ev.value)
            else ""
        )
        return dataclasses.replace(ev, due=later, kind="postponed", value=thing)
    if re.search(r"(?:day|week|weekend)\s+after(?:\s+instead)?$", put_off_span(said), re.I):
        day = None  # "moving to the Thursday after": a week on from its own day, not the next Thursday
    if day:
        # called off for its day and moved to another in the same line ("日料得改天了，往后推到周六"):
        # put off, still owed then
        # (a line that names the day it had first, "周五的会取消了，改到下周一", stays called off for
        # that day: the day finds the promise when no word of the two meets)
        to = re.search(general.ZH_MOVE_TO, said)
        if ev.kind == "cancelled" and to and due_date(said[to.end() :], at) == day:
            return dataclasses.replace(ev, due=day, kind="postponed")
        return dataclasses.replace(ev, due=day)
    # put off by a span with no day of its own ("pushed the launch back a week", "会议推迟一周"): still
    # owed, due that much later than it was (a plain "推迟了" with nothing after it stays called off)
    span = put_off_span(said)
    if span:
        # ("postponing the trip by a month": the span is no part of the thing)
        value = re.sub(r"\s+(?:back|by|another)\s+[^,;.!?]*$", "", ev.value) if " " in ev.value else ev.value
        return dataclasses.replace(ev, kind="postponed", put_off=span, value=value)
    if ev.kind == "postponed" and (
        _LATER_NO_DAY_EN.search(said)
        or re.search(general.ZH_MOVE_TO + general.ZH_LATER_NO_DAY, said)
        # set aside until something else is done, no day said: "Bathroom's on hold till the tiler's free"
        or re.search(r"\bon\s+(?:hold|ice|the\s+back\s+burner)\b", said, re.I)
    ):
        # "bumped to next month", "after the holidays instead", "推迟到明年": put off to a later time that names
        # no day - still owed, its day no longer known (model.derive_commitments clears it)
        return dataclasses.replace(ev, put_off=PUT_OFF_NO_DAY)
    return ev


# a later time that names no day: "next month", "to May", "after the holidays", "some other time", "later on"
_LATER_NO_DAY_EN = re.compile(
    r"\b(?:next|the following)\s+(?:month|year|term|season|spring|summer|autumn|winter)\b"
    r"|\b(?:until|till|to)\s+(?:the\s+)?(?:spring|summer|autumn|winter)\b"
    # (a month with no day: "postponed the launch to May", "moved the dinner to June")
    rf"|\b(?:until|till|to|into)\s+(?:(?:early|mid|late)[-\s]+)?{MONTH_EN}\b"
    # (or after a break or event of one's own: "after half term is fine", "after my exams")
    r"|\bafter\s+(?:the|my|our|christmas|easter|new year|half[- ]term)\b|\b(?:some|another)\s+(?:other\s+)?(?:time|day)\b"
    r"|\blater\s+(?:on|in the (?:year|month))\b|\bin the new year\b",
    re.I,
)


# a thing groaned at with 又 in a clause of its own ("又加班", "又要调休"; not a going again, "又去爬山"),
# which a later clause of the same sentence then praises
_GROAN_ZH = re.compile(
    r"又(?:要|得|是)?(?![去来玩吃喝看听爱喜迷])(?P<x>[\u4e00-\u9fff]{2,4}?)"
    # (how far it went may follow: "又加班到凌晨三点，我可太爱加班了呢")
    r"(?:到[\u4e00-\u9fff\d]{1,8}?)?(?:了|啦|啊)?[，,！!~～]"
)
# a line marked as a joke after it: "（开玩笑的）", "开个玩笑", "逗你的", "说着玩的"
_JOKING_ZH = re.compile(
    r"[（(]?\s*(?:开玩笑的?|开个玩笑|逗你们?的?|逗你们?玩的?|说着玩的?|闹着玩的?)\s*(?:啦|哈+|嘿嘿)?\s*[）)]?[。！!~～]*$"
)
# a line that ends in laughter: a laughing emoji, "lol", "haha", "jk"
_LAUGH_END_EN = re.compile(
    r"(?:[\U0001F602\U0001F923\U0001F606\U0001F61C]|\b(?:lol|lmao|haha+|hehe+|jk)\b)[\s!.]*$", re.I
)
# a time told as an event of someone or something else: "when pigs fly", "the day Arsenal win the league"
_EVENT_TIME_EN = re.compile(
    r"\b(?:when|the day|once|as soon as)\s+(?!(?:i|i'm|i've|we|we're|you|it's|the weekend|the day)\b)[a-z]+\s+[a-z]+",
    re.I,
)
# a condition or a maybe: what would happen, not what did
_IF_ZH = re.compile(r"如果|要是|假如|万一|的话|说不定|也许")
# a wish in the unreal past ("if only I worked at ...", "I wish I lived in ...", "if I had a job at ..."),
# or a life pictured ("Imagine working at Google", "picture me living in Paris"), and the clauses it is
# told apart from
_UNREAL_EN = re.compile(
    r"\b(?:if only|(?:I|we) wish|(?<!that )(?<!what )if (?:I|we) (?:were|had|[a-z]+ed)\b"
    # (after a laugh too: "lol imagine if we just quit our jobs and moved to Bali")
    r"|(?:^|(?<=[,;.!] )|(?<=\blol )|(?<=\bhaha )|(?<=\bomg ))(?:just\s+)?imagine\b|picture (?:me|myself|us)\b|what if (?:I|we)\b)",
    re.I,
)
# news disowned in its own line: "nobody's confirmed it", "it's not confirmed", "or so the rumour goes",
# "take it with a pinch of salt", "也不知道是真是假", "还没证实", "小道消息"
_UNCONFIRMED = re.compile(
    r"\b(?:(?:nobody|no one|no-one)(?:'s| has)\s+confirmed|(?:not|never)\s+(?:been\s+)?confirmed|unconfirmed|"
    r"or so (?:the rumou?r goes|they say|i(?:'ve)? heard?)|(?:with|a) (?:a )?pinch of salt|just (?:a )?rumou?rs?\b)"
    # (not a surprise, "真的假的", nor a rumour dismissed, "别信那些谣传")
    r"|是真是假|不知真假|真假(?:未知|难辨|不知道?)|(?:还)?没(?:有)?(?:被)?证实|未经证实|小道消息",
    re.I,
)
# where a wish ends and the line turns back to what is so: a "but", a stop, or a clause of the
# speaker's own after a comma ("I wish I lived by the sea, I live in Leeds")
_WISH_ENDS_EN = re.compile(
    r";|\b(?:but|though|although|whereas)\b|[.!?]\s|,\s*(?=(?:I|I'm|I've|we|we're)\s)", re.I
)
# a sentence opening on a condition clause ("如果…", "要是…的话，…")
# (a counterfactual of being someone else is one too: "换作是我，早就搬走了", "我要是你，就不去了";
# and the 我 may come before the 要是 of any condition: "我要是在北京工作就好了")
_CONDITION_ZH = re.compile(
    r"^(?:如果|要是|假如|万一|假设|若是)|^[^，,。！!]*的话[，,]"
    r"|^(?:换作|换做|换成|要换成?)是?(?:我|你|他|她)[，,]|^我(?:要是|如果|假如|若是)"
)
# a time of before with nothing of now in the clause (以前, 小时候, 曾经, 当年, 年轻的时候)
_ONLY_BEFORE_ZH = re.compile(
    r"^(?=.*(?:以前|以往|从前|小时候|曾经|过去|当年|那时候?|年轻的时候|上学的时候))"
    r"(?!.*(?:现在|如今|目前|至今|依然|仍然|还是|一直|到现在|后来|开始|越来越|了[。！!~～]*$))"
)
# a near miss: what almost happened (差点, 差一点, 险些) did not
_NEAR_MISS_ZH = re.compile(r"差(?:一)?点(?:儿)?(?:就)?|险些|几乎就")
_ASKED_ZH = re.compile(r"^(?:哪|什么|谁|几|多少|怎么|啥)")
# a recurring time ("每周一", "每天") or a word of habit: what is usually done, not taken on
# (天天 too, and a free moment that brings it on each time: "只要周末有空，我就去书店")
_HABIT_ZH = re.compile(
    r"每个?(?:周|星期|礼拜|天|日|晚|早|月|年)|一般|通常|平时|往往|总是|天天|(?:只要|每次|一)[^，,。]{0,4}?有空"
)
# a word that takes it on all the same ("我每天都会给你打电话")
# (会 only for the one spoken to: "我每天都会给你打电话" is a promise, "我们每周五都会聚餐" a schedule)
_PLEDGE_ZH = re.compile(r"会(?!议)[^，,。！!]*[你您]|一定|保证|答应|承诺|负责")
# "So sorry, I can't anymore": a bare "can't" after a question about a plan calls that plan off
_CANT_NOW_EN = re.compile(
    r"\b(?:i\s+)?(?:can't|cannot|won't be able to)(?:\s+(?:make it|come|do it|go))?\s+(?:anymore|any more|after all)\b"
    r"|\b(?:i\s+)?can't make it(?:\s+(?:anymore|after all|now))?\b",
    re.I,
)
_PLAN_ASKED_EN = re.compile(
    r"\b(?:still|also)\s+(?:coming|going|up)\s+(?:to\s+|for\s+)?(?P<w>[a-z][\w ]*?)(?=\s+(?:on|this|tomorrow|tonight|next|at)\b|\s*\?)",
    re.I,
)


# the one a Chinese line calls at its head, a clause of its own: a relative, a dear, a boss, everyone
_CALLED_ZH = re.compile(
    rf"^(?:(?:{'|'.join(sorted(RELATIVES_ZH, key=len, reverse=True))})|亲爱的|宝贝|各位|大家|老板|老师)[，,！!]\s*(?=\S)"
)
# a closing tag question about the listener's knowing, or asking only for agreement
_TAG_QUESTION = re.compile(
    r"(?<=[^\s，,])[，,]\s*(?:(?:你|您|你们)?(?:难道)?(?:不知道|不记得了?|忘了|没听说过?)(?:吗|嘛|啊)?|对吧|是吧|不是吗|对不对)[？?！!]*$"
    r"|(?<=\w)[,]\s*(?:remember|(?:did|do)n't\s+you\s+(?:know|remember)|you\s+know|right)\s*\?+\s*$",
    re.I,
)
# a question that asks the one it is put to where they live or work ("Where are you based these
# days?", "who do you work for now?", "你现在在哪儿上班？", "你住哪儿？")
_WHERE_ASKED_EN = re.compile(
    # (not a stay on a trip, "where are you staying in Rome?", nor "work out" or "working from today")
    r"\bwhere\s+(?:(?:are|r)\s+(?:you|u)\s+(?:(?P<live>based|living|liv(?:e|in))|(?P<work>working|workin)(?!\s+(?:out|from)\b))"
    r"|(?:do|d)\s*(?:you|u|'you|ya)\s+(?:(?P<live2>live)|(?P<work2>work)(?!\s+(?:out|from)\b)))\b"
    r"|\bwho\s+(?:do\s+)?(?:you|u)\s+work\s+for\b(?P<work3>)",
    re.I,
)
_WHERE_ASKED_ZH = re.compile(
    r"你们?(?:现在|目前|如今|最近)?(?:(?P<live>住(?:在)?(?:哪|哪儿|哪里|哪个城市)|在(?:哪|哪儿|哪里|哪个城市)住)"
    r"|(?P<work>在(?:哪|哪儿|哪里|哪家公司|哪个单位)(?:上班|工作|高就)|在哪高就))"
)
# what stands before the place in a bare answer ("still in manchester", "yeah, based in Leeds now",
# "还在华为，没换", "现在住望京")
_PLACE_ANSWER_HEAD_EN = re.compile(
    r"^(?:(?:still|now|currently|just|yeah|yep|yes|oh|um|well|mostly|i'm|im|i\s+am|we're|i\s+live|i\s+work"
    r"|living|based|working|over|in|at|for|with|out|moved|to|the\s+same|same)\b[\s,]*)+",
    re.I,
)
_ANSWER_HEAD_ZH = re.compile(r"^(?:我|还是|还|现在|目前|一直|就|仍然|依然|都|暂时)*(?:住)?(?:在)?")
# an answer that names no firm: a dodge, a not yet, how or where one works in common words
_NO_PLACE_ZH = re.compile(
    r"^(?:你|我|他|她|自己|保密|秘密|不告诉你|猜|没|还没|家|公司|单位|外包|附近|老地方|离|就在|你们|随便|到处|网上|线上)"
    r"|找到|带娃|干|做|跑|接单|退休|失业|待业|在家"
)
# what closes such an answer and is no part of the place ("manchester mostly", "google atm")
_ANSWER_TAIL_EN = re.compile(
    r"(?:\s+(?:mostly|now|still|though|tho|atm|rn|currently|these\s+days|for\s+now))+$", re.I
)
# an answer that names no place or firm: where one is, or how one works, in common words
_NO_PLACE_EN = re.compile(
    r"\b(?:home|here|there|nowhere|everywhere|around|abroad|away|remote(?:ly)?|online|freelance|myself|"
    r"same|usual|before|work|office|uni|school|town|city|centre|center|downtown|nearby|close|far|dunno|idk|"
    r"nights?|shifts?|agency|north|south|east|west|zoom|teams|up|down|hotel|airbnb|"
    r"nothing|nobody|unemployed|retired|jobs?|not|no|nah|nope|none|near|by|the|a|an|of|my|our|your|his|her|their|with|from|on|off"
    # an interjection or a dodge, no answer: "Ha, that's a question for another day", "why?", "guess"
    r"|ha+|haha\w*|hah|lol|lmao|hmm+|ugh|god|gosh|wow|why|what|who|how|guess|secret|ask|it|that|this|well)\b",
    re.I,
)


def _fact_answered(said: str, speaker: str, previous: str, at: datetime, han: bool) -> list[Evidence]:
    """Where one lives or works, said by the place alone in answer to a question asking it ("Where
    are you based these days?" / "still in manchester"; "你现在在哪儿上班？" / "还在华为，没换"): the
    answer is read as the whole statement the question asks for, by the rules that read that
    statement, so a word that is no place or firm ("home", "the same", 家里) gives nothing."""
    asked = previous.strip()
    if not asked.endswith(("?", "？")) or said.rstrip().endswith(("?", "？")):
        return []
    m = (_WHERE_ASKED_ZH if han else _WHERE_ASKED_EN).search(asked)
    if not m:
        return []
    key = "residence" if m.group("live") or (not han and m.group("live2")) else "employer"
    first = re.split(
        r"[，,。.;；!！~～]|\s+(?:and|but|now|these|since|for|lol|haha|tbh)\b", said.strip(), maxsplit=1
    )[0]
    if han:
        value = re.sub(r"(?:呢|啊|呀|了|哈|啦|上班|工作|住)+$", "", _ANSWER_HEAD_ZH.sub("", first.strip()))
        if not 2 <= len(value) <= 8 or _ASKED_ZH.match(value) or _NO_PLACE_ZH.search(value):
            return []
        if key == "residence" and not general.is_place(value):
            return []  # "暂时住酒店", "离你不远", "还是老地方": no town or district named
        statement = f"我住在{value}。" if key == "residence" else f"我在{value}上班。"
    else:
        value = _ANSWER_TAIL_EN.sub("", _PLACE_ANSWER_HEAD_EN.sub("", first.strip()))
        if (
            not re.fullmatch(r"[A-Za-z][\w&'\-]*(?:\s+[A-Za-z][\w&'\-]*){0,2}", value)
            or _NO_PLACE_EN.search(value)
            # ("same place", "not really": read before the answer's head is taken off)
            or re.search(r"\b(?:same|usual|not|no)\b", first, re.I)
        ):
            return []
        named = " ".join(w[:1].upper() + w[1:] for w in value.split())
        statement = f"I live in {named}." if key == "residence" else f"I work at {named}."
    found = _extract(statement, speaker=speaker, at=at, previous=None, addressee=None)
    return [e for e in found if e.layer == "fact" and e.key == key and e.subject == speaker]


# a taste asked about, yes or no ("do you like horror films?", "Jess, are you into jazz?",
# "你喜欢吃辣吗？", "你爱不爱喝咖啡？"): the thing asked of
_TASTE_ASKED_EN = re.compile(
    r"(?:^|[,.!]\s*)(?:(?:do|did)\s+(?:you|u)\s+(?:(?:still|actually|even|really)\s+)?(?:like|love|enjoy)|are\s+(?:you|u)\s+"
    r"(?:into|a fan of|keen on)|(?:you|u)\s+(?:like|into))\s+(?P<x>(?!(?:it|that|this|them|me|him|her|us|to|if|what|how|when|where|who|why|whether)\b)"
    r"[\w'\-]+(?:\s+[\w'\-]+){0,3}?)\s*\?+\s*$",
    re.I,
)
_TASTE_ASKED_ZH = re.compile(
    r"(?:^|[，,])\s*(?:你|您)们?(?:平时|一般|也)?(?:喜不喜欢|爱不爱|喜欢|爱)(?P<x>(?![我你他她它这那])(?![^？?]*(?:什么|啥|哪|谁))[\u4e00-\u9fffA-Za-z]{1,8}?)"
    r"(?:吗|嘛|不)?[？?]+\s*$"
)


def taste_asked(text: str) -> re.Match[str] | None:
    """The question ``text`` asks of the addressee's taste, yes or no ("do you like horror films?",
    "你喜欢吃辣吗？"): its group ``x`` is the thing asked of; None for any other line."""
    return (_TASTE_ASKED_ZH if _HAN.search(text) else _TASTE_ASKED_EN).search(text.strip())


# the answer's head: yes or no (a reason may follow)
_NO_EN = re.compile(
    r"^(?:(?:god|hell|oh|ugh|haha|lol|honestly|tbh|um+|erm+|hmm+)[,!.]*\s+)*(?:no+(?!\s+(?:idea|clue|comment)\b)|nope|nah|not really|not at all|"
    r"not particularly|not a fan|not so much|never|absolutely not|definitely not|no way|"
    r"(?:I\s+)?(?:don't|do not)(?:\s+really)?(?=\s*(?:$|[,.!;])|\s+(?:like|love|enjoy)\b))\b",
    re.I,
)
_YES_EN = re.compile(
    r"^(?:(?:oh|haha|lol|honestly|tbh|god|hell)[,!.]*\s+)*(?:yes+|yeah|yep|yup|ya|sure|absolutely|definitely|"
    r"of course|(?:I\s+)?do|big time|totally|love (?:them|it|em))\b(?!\s+not\b)",
    re.I,
)
# (a bare 不 only alone in its clause: not "不知道", "不一定", "不挑", "不辣不欢", "不用客气")
_NO_ZH = re.compile(
    r"^(?:不(?:太|怎么|是很)?(?:喜欢|爱)|不(?=[，,。！!~～\s]|$)|不(?:太|怎么)?能?(?:吃|喝|看|玩|听)(?![过得])|讨厌|受不了|完全不|一点也不|一点都不)"
)
# (a bare 嗯 / 对 / 是的 only as the whole answer: not "对了，…", "嗯…一般般吧")
_YES_ZH = re.compile(
    r"^(?:(?:超级?|很|挺|特别|还挺|还蛮|蛮|非常)?(?:喜欢|爱)(?![不没])|当然|超爱|(?:嗯嗯?|对|是的|是啊)(?=[！!。~～\s]*$))"
)
# an apology or a late reply heading the answer ("不好意思刚看到，喜欢的"): not the answer
_SORRY_HEAD_ZH = re.compile(r"^(?:不好意思|抱歉|sorry|刚看到|才看到)[^，,]*[，,]\s*")


def _taste_answered(said: str, speaker: str, previous: str, at: datetime, han: bool) -> list[Evidence]:
    """A taste asked about and answered yes or no ("do you like horror films?" / "god no, they
    terrify me"; "你喜欢吃辣吗？" / "不喜欢"): the answer is read as the statement the question asks
    for ("I don't like horror films.", "我不喜欢吃辣。"), by the rules that read that statement."""
    if said.rstrip().endswith(("?", "？")):
        return []
    m = taste_asked(previous)
    if not m:
        return []
    said = said.strip()
    if han:
        said = _SORRY_HEAD_ZH.sub("", said)
        no, yes = _NO_ZH.match(said), _YES_ZH.match(said)
        statement = f"我不喜欢{m.group('x')}。" if no else f"我喜欢{m.group('x')}。" if yes else ""
    else:
        if re.search(
            r"\b(?:never (?:tried|had|been|seen|heard)|haven't (?:tried|had)|not sure|dunno|no idea)\b",
            said,
            re.I,
        ):
            return []  # "nope, never tried it": no stance on a thing not known
        no, yes = _NO_EN.match(said), _YES_EN.match(said)
        statement = f"I don't like {m.group('x')}." if no else f"I like {m.group('x')}." if yes else ""
    if not statement:
        return []
    found = _extract(statement, speaker=speaker, at=at, previous=None, addressee=None)
    return [e for e in found if e.layer == "preference" and e.subject == speaker]


# a stance on a pronoun, or on nothing, in a reply ("not me, hate it", "I actually like them",
# "我倒是挺喜欢的", "我受不了"): its thing is the one the line before takes a stance on
_PRONOUN_STANCE_EN = re.compile(
    # (the stance's own clause: at its head, or after I, "not me", and, but; not "looks like it")
    r"(?:^|[,;.!]\s*|\b(?:I|me|and|but|so|just|honestly|totally|really|actually|kinda)\s+)"
    r"(?P<v>love|like|hate|adore|enjoy|can't stand|cannot stand|loathe|detest)\s+(?P<p>it|them|that|those|em)\b"
    r"(?!\s+(?:when|whenever|if|that|because|how|but)\b)",  # ("I hate it when it rains": an event)
    re.I,
)
_BARE_STANCE_ZH = re.compile(
    # ("现在居然爱上了，yyds": a cry of praise after it closes nothing)
    r"(?P<v>喜欢上|爱上|迷上|喜欢|爱|讨厌|受不了|爱吃|爱喝|烦)(?P<tail>死了|的|了|啊|呀|哈)?[。！!~～]*"
    r"(?:[，,\s]*(?:yyds|YYDS|绝了|真香|太香了|哈+|嘿嘿)[。！!~～]*)?$"
)


def stance_without_thing(text: str) -> bool:
    """Whether ``text`` takes a stance on a pronoun or on nothing ("现在超爱", "love them now"): a
    cheap test before the line it goes on from is looked up."""
    read = simplified(text)
    return bool((_BARE_STANCE_ZH if _HAN.search(read) else _PRONOUN_STANCE_EN).search(read))


def taste_of_own_line_before(text: str, *, speaker: str, before: str, at: datetime) -> list[Evidence]:
    """A stance whose thing is unsaid or a pronoun, sent a moment after the speaker's own line that
    takes a stance on one thing, a thought typed over two messages ("我以前很讨厌香菜" / "现在居然
    爱上了", "I used to hate olives" / "love them now"): the stance on that thing."""
    said, prior = as_words(text, None), as_words(before, None)
    read, prev = simplified(said), simplified(prior)
    found = _taste_of_the_line_before(read, speaker, prev, at, bool(_HAN.search(read)), own=True)
    return _as_said(found, f"{read}\n{prev}", f"{said}\n{prior}", speaker)


def _taste_of_the_line_before(
    said: str, speaker: str, previous: str, at: datetime, han: bool, own: bool = False
) -> list[Evidence]:
    """A stance whose thing is a pronoun or unsaid, in reply to a line that takes a stance on one
    thing ("I love hiking" / "not me, hate it"; "香菜真的受不了" / "我倒是挺喜欢的"): the reply read
    with that thing in the pronoun's place. ``own``: the line before is the speaker's, whose stance
    must be the speaker's own (after "我姐以前很讨厌猫", "现在超爱" goes on about the sister)."""
    m = (_BARE_STANCE_ZH if han else _PRONOUN_STANCE_EN).search(said)
    if not m or said.rstrip().endswith(("?", "？")):
        return []
    before = [
        e
        for e in _extract(previous, speaker="_", at=at, previous=None, addressee=None)
        if e.layer == "preference"
    ]
    if not before and han:  # (a stance of before names the thing too: "我以前很讨厌香菜" / "现在居然爱上了")
        before = [
            e
            for e in _extract(
                re.sub(r"以前|原来|之前|过去|曾经", "", previous),
                speaker="_",
                at=at,
                previous=None,
                addressee=None,
            )
            if e.layer == "preference"
        ]
    if len({e.key for e in before}) != 1 or (own and any(e.subject != "_" for e in before)):
        return []
    thing = before[0].value
    if han:
        # ("现在讨厌死了": how much, after the thing put in, is left out)
        after = said[m.end("tail") :] if m.group("tail") == "死了" else said[m.end("v") :]
        statement = said[: m.end("v")] + thing + after
        statement = statement if statement.startswith("我") else "我" + statement
    else:
        statement = said[: m.start("p")] + thing + said[m.end("p") :]
        if not re.search(r"\b(?:I|I'm|I've|we)\b", said[: m.start("v")], re.I):
            # "not me, hate it": the stance's clause, its "I" dropped
            statement = "I " + statement[m.start("v") :]
    found = _extract(statement, speaker=speaker, at=at, previous=None, addressee=None)
    return [e for e in found if e.layer == "preference" and e.subject == speaker]


def _called_off_reply_en(said: str, speaker: str, previous: str) -> list[Evidence]:
    if not previous.rstrip().endswith("?") or not _CANT_NOW_EN.search(said) or said.rstrip().endswith("?"):
        return []
    m = _PLAN_ASKED_EN.search(previous)
    if not m:  # "Did you finish it?" - "I can't anymore": no plan was asked about
        return []
    return [Evidence("status", speaker, "", re.sub(r"^(?:to|for)\s+", "", m.group("w")), 0.5, "cancelled")]


# "周四还一起吃午饭吗？": a question whether a plan made before still holds (还 before the act)
_STILL_ON_ZH = re.compile(
    rf"^(?:{general.ZH_TIME}|(?:这|下|本)(?:周|星期|礼拜))*(?:咱们|我们|你)?(?:{general.ZH_TIME})*还(?!是)(?:要)?(?:一起|一块儿?)?"
    r"(?P<what>(?:去|来|吃|喝|看|打|玩|见|聚|约|跑|爬|逛)[\u4e00-\u9fffA-Za-z]{0,8}?)(?:吗|不|么|嘛|吧)?[？?]\s*$"
)
# "算了吧，改天", "下次吧", "不去了": the answer that drops it
_DROPPED_ZH = re.compile(
    r"^(?:算了|改天|下次|下回|不去了|不了|取消吧?|先不)|[，,](?:改天|下次|下回)(?:吧|再说|再约)?[。！!~～]*$"
)


def _called_off_reply_zh(said: str, speaker: str, previous: str, out: list[Evidence]) -> list[Evidence]:
    """ "算了吧，我感冒了，改天" to "周四还一起吃午饭吗？": the plan asked about is called off; no
    taste of it is refused."""
    m = _STILL_ON_ZH.match(previous.strip())
    if not (m and _DROPPED_ZH.search(said.strip())) or general.says_yes_zh(said):
        return out
    if any(e.layer in ("fact", "commitment") or (e.layer == "status" and e.kind == "done") for e in out):
        return out
    kept = [e for e in out if e.layer != "preference" and e.layer != "status"]
    return kept + [Evidence("status", speaker, "", m.group("what"), 0.5, "cancelled")]


# "我来！" to "谁这周末能帮我搬家啊": the speaker takes on what the question asks someone to do
_VOLUNTEER_ZH = re.compile(
    # (said twice in haste: "我去我去"; and why it suits after: "我来吧，反正有空")
    r"^(?:好啊?[，,]?\s*)?(?:(?:我来|我去|我可以|我能|我行|算我一个|包在我身上|交给我)(?:吧|呀|啊)?){1,2}[！!。~～\s]*"
    # (then when one will be there, in a clause of its own: "我来，早上九点到", "我去，下午就过去"; or
    # that it is on one's way: "我去我去，下班顺路")
    rf"(?:[，,]\s*(?:(?:{general.ZH_TIME})+(?:就|准时|一准)?(?:到|过去|过来|来|去)|(?:{general.ZH_TIME}|下班|放学|回家)?(?:正好|刚好)?顺路(?:的事)?|(?:我)?(?:反正|正好|刚好)?(?:有空|有车|没事|在附近))(?:哈|吧|啊)?[！!。~～\s]*)?$"
)
# the verb of a task asked for by "谁…？" that a volunteer says again ("谁带烤架？" - "我带",
# "那我带炭", "+1 我带点零食")
# (not 挂 / 修 / 装 / 贴 / 收, whose "谁…？" is banter or a skill: 谁挂科, 谁修仙, 谁装睡, 谁贴心)
_ASKED_VERB_ZH = "带拿买订做开接送找借煮烤洗搬印取寄交发"
_WHO_ASKED_ZH = re.compile(
    # a task asked for, not what someone knows or is ("谁知道答案？", "谁是组长？")
    # (who takes charge of it, or comes back for it: "谁负责带炭？", "国庆谁回来帮我搬柜子？")
    rf"谁(?!知道|是|在|认识|说|见过|有(?!空|时间))(?:{general.ZH_TIME})*(?:能|可以|有空|有时间|愿意|会|负责|"
    r"(?:回|过)?来|(?:回|过)?去)*(?:把(?=[\u4e00-\u9fffA-Za-z]{1,8}?[" + _ASKED_VERB_ZH + r"]))?"
    rf"(?:{general.ZH_TIME})*"
    r"(?P<what>[\u4e00-\u9fffA-Za-z]{2,12}?)(?:一下)?(?:啊|呀|吗|呢|吧)?[？?]?$"
)


_SAME_VERB_ZH = re.compile(
    r"^(?:\+1\s*)?(?:(?:好的?|好啊|好嘞|行|那|嗯|OK|ok|Ok)[，,\s]*)*我(?:也|就)?(?:来|去|负责|(?:回|过)去|(?:回|过)来)?(?P<verb>["
    + _ASKED_VERB_ZH
    + r"])"
    # (a thing of its own, not what follows the act: "我带不动", "我买过了", "我带孩子去不了", "我带的")
    # (a measure word, bare only before a thing: "我带点零食", "我带一包纸巾", not the 包 of "我带包子")
    r"(?:点|些|一[个瓶箱份袋盒包顶把]|[个瓶箱份袋盒](?=[\u4e00-\u9fff]))?(?P<obj>(?:(?![了过的不没去来出着得])[\u4e00-\u9fffA-Za-z]){0,6}?)(?:吧|哈|啊|呀|呗)?[！!。~～\s]*$"
)


def _one_verb_down(what: str) -> str:
    """A task without the 下 after its one-character verb, 一下 said short ("接下朵朵" -> "接朵朵")."""
    return _VERB_DOWN.sub(r"\1", what)


_VERB_DOWN = re.compile(r"^([\u4e00-\u9fff])下(?![午周个次班来去楼面雨])")


def _volunteered_zh(said: str, speaker: str, previous: str, at: datetime) -> list[Evidence]:
    m = _WHO_ASKED_ZH.search(previous.strip())
    if not m:
        return []
    due = due_date(general.normalise_zh(previous), at)
    what = m.group("what")
    same = _SAME_VERB_ZH.match(said.strip())
    if re.search(r"(?:上次|昨天|前天)[^，,？?]*的|[的了][？?]*$", previous.strip()):
        # "上次谁带的水果？", "谁把这个链接发群里了？": who did it, asked after the fact; no task to take on
        return []
    if same and what.startswith(same.group("verb")):
        # "谁带水果？" - "我带西瓜": the volunteer's own thing, or the one asked for when none is said
        what = same.group("verb") + same.group("obj") if same.group("obj") else what
    elif not _VOLUNTEER_ZH.match(said.strip()) and not (
        # "明早前谁把PPT发群里？" - "我发": the verb said again of the thing put before it with 把
        same and not same.group("obj") and same.group("verb") in what
    ):
        return []
    # (the asker's words kept whole, 一下 too: "接一下奶奶" is what was taken on; a 下 alone after a
    # one-character verb is its 一下 said short, "接下朵朵")
    return [Evidence("commitment", speaker, "", _one_verb_down(what), 0.5, "statement", due)]


# "周四能把会议纪要整理一下发我吗", "你可以帮我带个充电宝吗": what the speaker is asked to do
_REQUEST_ZH = re.compile(
    # (the time may be a deadline: "周五之前能帮我把报销单交了吗")
    rf"^(?:(?:{general.ZH_TIME})*(?:之前|以前|前|之内)?[，,]?\s*)(?:你|您)?(?:{general.ZH_TIME})*(?:能不能|可不可以|能|可以|方便)"
    r"(?:帮我|替我|给我)?(?P<what>(?![^，,]*(?:什么|哪|谁|怎么|几|多少))[\u4e00-\u9fffA-Za-z]{2,16}?)(?:一下)?(?:吗|么|不|嘛)?[？?]*$"
    # a favour asked as a soft imperative: "明天帮我取个快递呗", "帮我带杯咖啡吧"
    rf"|^(?:(?:{general.ZH_TIME})*[，,]?\s*)(?:你|您)?(?:{general.ZH_TIME})*(?:帮我|替我)"
    r"(?P<what2>(?![^，,]*(?:什么|哪|谁|怎么|几|多少))[\u4e00-\u9fffA-Za-z]{2,16}?)(?:一下)?(?:呗|吧|呀|哈|啊)[！!~～？?]*$"
)
# a task said to the one mentioned, as an order: "@张伟 你订下会议室", "@小刘 周三前把合同发给客户"
# (not a question, "@小刘 合同发了吗？")
# (not an order not to, a task called off, a complaint or a report of what is done: "@张伟 你先别订",
# "@张伟 会议室不用订了", "@张伟 你上次订的会议室太小了", "@张伟 会议室我已经订好了")
_TOLD_ZH = re.compile(
    rf"^(?:你|您)?(?:{general.ZH_TIME})*(?:之?前)?[，,]?(?:你|您)?(?:记得|帮忙|帮我)?"
    # (不 / 没 only as the order's no, not of a thing named: "把不用的椅子搬走" is an order)
    r"(?P<what>(?!.*(?:吗|(?<!错)别|不(?:用|要|必)?(?![用要]?的)|没有?(?![用人]的)|"
    + _ME_AS_OBJECT_ZH
    + r"我|已经|上次|太|了[。！!~～]*$))[\u4e00-\u9fffA-Za-z]{2,16}?)(?:一下|下)?(?:吧|哈|啊|呀)?[。！!~～]*$"
)
# what tells of a thing, not an order (a 的 / 在 / 是 / 由 / 得, a gift to the one told, one who comes)
_TOLD_OF_A_THING_ZH = re.compile(r"[的在是由得]|^[送给]你|师傅|到$")
# a meeting to hold with someone ("跟客户开个会"; not a notice of one, "下周开会")
_MEETING_ZH = re.compile(
    r"(?:跟|和|与)[\u4e00-\u9fffA-Za-z]{1,6}开(?:个|一下|下|一个)?会|^(?:组织|安排)(?:个|一下)?开?会"
)
# the yes: an acknowledgement, a pledge, or both ("没问题，交给我", "行", "包在我身上")
# a yes to a favour asked (and the chat's own: "收到", "好滴", "要得", "得嘞", "妥")
_YES_WORDS_ZH = r"(?:好啊?|好的|好嘞|好滴|行|可以|没问题|OK|ok|Ok|放心|收到|要得|得嘞|妥)"
_YES_TAKEN_ZH = re.compile(
    rf"^(?:{_YES_WORDS_ZH}[！!，,。~～\s]*)*"
    r"(?:交给我|包在我身上|我来|我去|我办|马上(?:去|办|弄)?|这就(?:去|办|弄)?)?(?:吧|呀|啊)?[！!。~～\s]*$"
    # the ask made light of after the yes ("行，顺手的事", "好，小事一桩"): taken on all the same
    rf"|^{_YES_WORDS_ZH}[！!，,。~～\s]*(?:就是|都是|也就是)?"
    r"(?:顺手的事儿?|顺路的事儿?|小事一桩|小事儿?|小意思|举手之劳|没事儿?|简单|不麻烦|应该的|分分钟的事儿?)"
    r"(?:而已|罢了)?(?:吧|啦|哈|呀)?[！!。~～\s]*$"
    # the yes, then the act said back as done for the asker: "行，给你带豆浆油条", "好的，帮你订"
    r"|^(?:好啊?|好的|好嘞|行|可以|没问题|OK|ok|Ok|放心)[！!，,。~～\s]+我?(?:给你|帮你|替你)"
    r"(?![^，,。]*(?:不|没|别))[\u4e00-\u9fffA-Za-z]{1,10}(?:吧|哈|呀)?[！!。~～\s]*$"
)


def _request_taken_zh(said: str, speaker: str, previous: str, at: datetime) -> list[Evidence]:
    m = _REQUEST_ZH.match(general.normalise_zh(previous).strip())
    if not (said.strip() and _YES_TAKEN_ZH.match(said.strip())):
        return []
    # (the names mentioned are read in Simplified, as ``previous`` is: "@張偉 你訂下…" - 張偉 "收到")
    told = _TOLD_ZH.match(as_words(previous)) if simplified(speaker) in mentioned(previous) else None
    if not (m or told):
        return []
    if told:
        # "@张伟 你订下明天下午的会议室" - "收到": a task said to the one mentioned, taken on by their yes
        # (its time, and the 下 of 一下 after a one-character verb: "订下明天下午的会议室" -> "订会议室")
        what = re.sub(rf"(?:{general.ZH_TIME})+(?:之?前)?的?", "", told.group("what"))
        what = _one_verb_down(what)
    else:
        what = m.group("what") or m.group("what2")
    # (an order says its act first, "把报价单发给客户", "订会议室"; "文件有问题", "周报写得很清楚" tell,
    # praise or complain, and a thing named by its use tells where it is, "发票在你桌上", "送餐的师傅在
    # 楼下"; "送你一张电影票" is a gift; "@李强 明天跟客户开个会": a meeting to hold is an act too)
    if told and not (
        _MEETING_ZH.search(what)
        or layer_rules_zh.begins_with_act(what)
        and (what.startswith("把") or not _TOLD_OF_A_THING_ZH.search(what))
    ):
        return []
    what = re.sub(r"^把", "", what).replace("一下", "")
    if not (layer_rules_zh.names_an_act(what) or told):
        return []  # "能不能小点声": a manner asked for, no act to take on
    return [
        Evidence(
            "commitment", speaker, "", what, 0.5, "statement", due_date(general.normalise_zh(previous), at)
        )
    ]


def _object_from_question(ev: Evidence, previous: str | None, han: bool) -> Evidence:
    """A promise whose verb stands alone ("我来订" to "谁去订一下会议室？") takes its object from
    the question it answers."""
    if han and previous and ev.layer == "status" and len(ev.value) == 1:
        # "考完了" to "驾照考了没？": the thing is the topic the question puts before that verb
        m = re.match(
            rf"^(?:你们?|那个|这个)?(?P<o>[\u4e00-\u9fffA-Za-z]{{2,6}}?)(?:你们?|都|已经)?{re.escape(ev.value)}",
            previous.strip(),
        )
        # (after a 的 the one character is the thing itself, "演唱会的票", not a verb: it stays)
        return dataclasses.replace(ev, value=m.group("o")) if m and not m.group("o").endswith("的") else ev
    pro = re.fullmatch(r"(?P<verb>[a-z]+)\s+(?:it|them|that|those|one)", ev.value) if not han else None
    if pro and previous and ev.layer == "commitment":
        # "who's bringing the speaker on saturday?" - "yes I'll bring it": the thing the question
        # names after the same verb
        stem = re.sub(r"e$", "", pro.group("verb"))
        m = re.search(
            rf"\b{re.escape(stem)}\w*\s+(?P<o>(?:(?:the|a|an|some|our|my|your)\s+)?[a-z][\w\-]*"
            r"(?:\s+(?!(?:on|for|by|to|at|tomorrow|tonight|this|next|in|please|later|today)\b)[a-z][\w\-]*){0,2})",
            previous,
            re.I,
        )
        if m and not re.match(r"(?:it|them|that|this|those|one|me|us|you)\b", m.group("o"), re.I):
            return dataclasses.replace(ev, value=f"{pro.group('verb')} {m.group('o').lower()}")
        return ev
    if not (han and previous and ev.layer == "commitment" and 1 <= len(ev.value) <= 2):
        return ev
    m = re.search(
        rf"{re.escape(ev.value)}(?:一下|下)?(?P<o>[\u4e00-\u9fffA-Za-z]{{1,8}}?)(?:吧|呢|吗|啊)?[？?]",
        previous,
    ) or re.search(  # (or asked with 把 before its verb: "明天十点前大家把周报交一下" - "我明天十点前交")
        rf"把(?P<o>[\u4e00-\u9fffA-Za-z]{{1,8}}?){re.escape(ev.value)}(?:一下|下)?(?:吧|呢|吗|啊|哈)?[？?。！!~～]*$",
        previous.strip(),
    )
    return dataclasses.replace(ev, value=ev.value + m.group("o")) if m else ev


# a task said not done ("still haven't sent it", "Not sent yet") or a plan said not called off
# ("I didn't cancel anything", "我没取消"): the negation of the verb that would close or cancel it.
# Only the first clause with content counts ("Done, wasn't hard" keeps its done).
_NOT_DONE_EN = re.compile(
    r"\b(?:haven't|hasn't|hadn't|didn't|did not|have not|has not|never|yet to)\b|^not\b|\bnot\b.*\byet\b",
    re.I,
)
_NOT_CANCELLED_EN = re.compile(
    r"\b(?:didn't|did not|haven't|have not|hasn't|has not|never|not)\s+(?:\w+\s+)?"
    r"(?:cancel|cancell?ed|canceled|call(?:ed)? (?:it |that |this |\w+ )?off|scrap|scrapped|postpone|postponed)\b",
    re.I,
)
_NOT_CANCELLED_ZH = re.compile(r"[没不](?:有)?(?:取消|改期|推迟|延期)")
_OPENER_EN = re.compile(r"^(?:no|nope|nah|sorry|well|ok|okay|yeah|yes|hmm|um|oh)$", re.I)


def _negated(said: str, kind: str, han: bool) -> bool:
    if han:
        return kind in ("cancelled", "postponed") and bool(_NOT_CANCELLED_ZH.search(said))
    clauses = [c for c in re.split(r"[,;]\s*", said.strip()) if c and not _OPENER_EN.match(c.strip(" .!"))]
    first = clauses[0] if clauses else said
    if kind == "done":
        return bool(_NOT_DONE_EN.search(first))
    return bool(_NOT_CANCELLED_EN.search(said))


def merge(found: list[Evidence], extra: list[Evidence]) -> list[Evidence]:
    """``found`` (the phrase rules') with each structural finding of ``extra`` that adds to it:
    a fact of a key ``found`` has not, a change where ``found`` says only a statement of the same
    value, a preference when ``found`` has none. A refusal of a named thing replaces a bare
    cancellation ("let's not do burgers" is no promise called off)."""
    out = list(found)
    for ev in extra:
        if ev.layer == "fact":
            same = [e for e in out if e.layer == "fact" and e.subject == ev.subject and e.key == ev.key]
            if ev.kind == "lift" and not any(_meet(e.value, ev.value) for e in same):
                out.append(ev)  # "橘猫去年走了，现在养了条金毛": one value ended beside another said
            elif not same:
                if ev.key in _NOT_TASTE:  # "I don't eat shellfish, I'm allergic": ruled out, no taste
                    out = [
                        e
                        for e in out
                        if not (
                            e.layer == "preference" and e.subject == ev.subject and _meet(e.value, ev.value)
                        )
                    ]
                out.append(ev)
            elif ev.kind == "change":
                for e in same:
                    if e.kind == "statement" and _meet(e.value, ev.value):
                        out[out.index(e)] = Evidence(e.layer, e.subject, e.key, e.value, e.score, "change")
        elif ev.layer == "preference" and ev.kind == "change":
            # the clause that says "now" read against the one before it: a change of mind, whose
            # sign wins over a phrase rule that read the older clause
            # ("打游戏" and "游戏" are one topic, said with its verb or without)
            same = [
                e
                for e in out
                if e.layer == "preference"
                and e.subject == ev.subject
                and (e.key == ev.key or _meet(e.value, ev.value))
            ]
            if same and all((e.score > 0.5) != (ev.score > 0.5) for e in same):
                out = [e for e in out if e not in same] + [ev]
            elif not any(e.layer == "preference" for e in found) and not any(
                e.key in _NOT_TASTE for e in out
            ):
                out.append(ev)
        elif ev.layer == "preference":
            # a restriction ("我不喝酒") is a fact, not a taste; the phrase rules' preference stands,
            # and a taste of another thing said beside it stands too ("I love tea, can't stand coffee")
            if (
                not any(e.key in _NOT_TASTE for e in out)
                and not any(
                    e.layer == "preference" and (e.key == ev.key or _meet(e.value, ev.value)) for e in found
                )
                and (
                    not any(e.layer == "preference" for e in found)
                    or (ev.kind == "statement" and not re.match(r"[那这它]", ev.value))
                )
            ):
                if ev.kind == "refusal":
                    out = [e for e in out if not (e.layer == "status" and e.kind == "cancelled")]
                out.append(ev)
    return out


# where a clause of a sentence ends, in either script
_CLAUSE_BREAK = re.compile(r"[,;，；]")
_POLITE = re.compile(r"谢|不好意思|抱歉|对不起|辛苦了|麻烦你了|\b(?:thanks|thank you|sorry|cheers)\b", re.I)
_NOT_TASTE = frozenset({"restriction", "diet", "allergy"})


def _meet(a: str, b: str) -> bool:
    a, b = a.casefold(), b.casefold()
    return a in b or b in a
