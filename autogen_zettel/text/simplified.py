"""Chinese as the rules read it (Simplified characters, Mandarin words), and what is found given back as written.

The person layers' Chinese rules are written in Simplified characters; a line from Taiwan or Hong
Kong ("我離開台積電了，現在在聯發科", "我姐說她週五把錢還我") says the same in other characters.
:func:`simplified` turns such a line character for character into Simplified (OpenCC's ``t2s``
table; the text keeps its length, so a span found in the reading is the same span of the line as
written), and :func:`as_written` gives a value found in the reading back in the writer's own
characters ("联发科" -> "聯發科"). A line with kana is Japanese and is left as it is.

The words of the regions that differ from Mandarin's and are typed in chat are read as Mandarin's
too, each by a word of the same length (so a span still maps back): Cantonese 钟意 (like), 听日
(tomorrow), 琴日 (yesterday), 佢 (he, she), 咗 (the 了 of a thing done), 攞 (fetch), 食 after a word
of liking or wanting (eat), 话 before he or she (says), 而家 (now), 唔 (not), 嘅 (的), 嘅系 (的是), 喺
(at), 嚟 (come), 返工 (go to work), 老豆 and 爹地 (dad), 中意 (like), a closing 喇; the northern 俺
(I), 爹 (dad), 明个 / 明个儿 / 今个 (tomorrow, today), 莫得 (have not); Shanghainese 侬 (you), 欢喜
before what one likes to do and a closing 伐 of a question ("侬欢喜吃甜的伐？"); 阿妈 / 阿爸 / 阿哥 /
阿姐 / 阿爹 after an owner. Each is guarded against the Mandarin words it is part of (听日语, 老豆腐,
说明个人, 然而家里, 要返工, 食言).

OpenCC (Apache-2.0) was chosen over a hand-kept table: its ``t2s`` dictionaries cover the
characters and phrases people type, it converts a line in a few microseconds, and it ships as a
wheel with its data (no download).

>>> simplified("我離開台積電了，現在在聯發科")
'我离开台积电了，现在在联发科'
>>> as_written("联发科", simplified("我離開台積電了，現在在聯發科"), "我離開台積電了，現在在聯發科")
'聯發科'
>>> simplified("我好鍾意食壽司"), simplified("俺爹今年七十了")
('我好喜欢吃寿司', '我爸今年七十了')
>>> simplified("東京に行きます"), simplified("I moved to Leeds")
('東京に行きます', 'I moved to Leeds')
"""

from __future__ import annotations

import functools
import re

from autogen_zettel.text.script import HAN

__all__ = ["as_written", "simplified"]

_KANA = re.compile(r"[\u3040-\u30ff]")
# a regional word -> Mandarin's, of the same length (read after the characters are Simplified)
_MANDARIN = (
    (re.compile(r"钟意"), "喜欢"),
    # (each guarded against the Mandarin it is part of: 中意两国, 听日语歌, 钢琴日常, 说明个人, 然而家里,
    # 老豆腐, 这话他, 要返工, 食言)
    (re.compile(r"中意(?![两国大合方外资])"), "喜欢"),
    (re.compile(r"听日(?![语本文记])"), "明天"),
    (re.compile(r"(?<![钢提风竖口古])琴日"), "昨天"),
    (re.compile(r"佢"), "他"),
    # (a move's 咗 before where to, as Mandarin puts its 了 after: "搬咗去荃灣住" is 搬去了)
    (re.compile(r"(?<=[搬嫁])咗([去到])"), r"\1了"),
    (re.compile(r"(?<=[\u4e00-\u9fff])咗"), "了"),
    (re.compile(r"攞"), "拿"),
    (re.compile(r"(?<=[欢爱想去要])食(?![堂物品材谱欲量客言])"), "吃"),  # 钟意食寿司: likes to eat
    (re.compile(r"(?<![电说讲对笑的废实这那句番些好坏真闲])话(?=[他她])"), "说"),  # 阿May话佢…: says
    (re.compile(r"(?<=[\u4e00-\u9fff])喇(?=[！!。~～\s]*$)"), "啦"),
    # (Taiwan's 囉 / 啰 closing an act done as 了 does: "報告寄出去囉")
    (re.compile(r"(?<=[去来好完掉])[囉啰](?=[！!。~～\s]*$)"), "了"),
    (re.compile(r"俺"), "我"),
    (re.compile(r"(?<![阿老])爹(?!地)"), "爸"),
    (re.compile(r"侬"), "你"),
    (re.compile(r"欢喜(?=[吃喝看听玩打做去])"), "喜欢"),
    (re.compile(r"(?<=[\u4e00-\u9fff])伐(?=[？?]+\s*$)"), "吗"),  # 侬欢喜吃甜的伐？
    # (明个儿 as the 明儿个 the Mandarin reading knows, of its length; 明个 as 明天)
    (re.compile(r"明个儿"), "明儿个"),
    (re.compile(r"今个儿"), "今儿个"),
    (re.compile(r"(?<![说证表发聪透声])明个(?![人别体例])"), "明天"),
    (re.compile(r"(?<![如至而])今个(?![人别体])"), "今天"),
    (re.compile(r"(?<!然)而家(?![里人长庭属具])"), "现在"),
    (re.compile(r"唔(?!该)(?=[\u4e00-\u9fff])"), "不"),
    (re.compile(r"嘅系"), "的是"),
    (re.compile(r"嘅"), "的"),
    (re.compile(r"喺"), "在"),
    (re.compile(r"嚟"), "来"),
    (re.compile(r"(?<![要需得再去重来])返工"), "上班"),
    (re.compile(r"老豆(?![腐浆芽角子])"), "爸爸"),
    (re.compile(r"爹地"), "爸爸"),
    (
        re.compile(r"(?<=[我你他她])阿[妈爸哥姐爹]"),
        lambda m: {"妈": "妈妈", "爸": "爸爸", "哥": "哥哥", "姐": "姐姐", "爹": "爸爸"}[m.group()[1]],
    ),
    (re.compile(r"莫得"), "没有"),
    # (Cantonese kin: 家姐 an elder sister, 细佬 a younger brother; not 大家姐妹们, 回家姐姐, 我家姐姐,
    # 我家姐夫, 家姐弟三个)
    (re.compile(r"(?<![大回到老管专])家姐(?![姐妹夫弟])"), "姐姐"),
    (re.compile(r"细佬"), "弟弟"),
)


@functools.cache
def _converter():
    import opencc  # (its dictionaries load once, in a few milliseconds)

    return opencc.OpenCC("t2s")


def simplified(text: str) -> str:
    """``text`` with its Traditional characters as Simplified ones and its regional words as
    Mandarin's, of the same length (a line with no Han character, or with kana, as it is)."""
    if not HAN.search(text) or _KANA.search(text):
        return text
    out = _converter().convert(text)
    if len(out) != len(text):  # (a phrase of the table of another length: character by character)
        out = "".join(c if not HAN.match(c) or len(s := _converter().convert(c)) != 1 else s for c in text)
    for pattern, word in _MANDARIN:
        out = pattern.sub(word, out)
    return out


def as_written(value: str, read: str, written: str) -> str:
    """``value``, found in ``read`` (the :func:`simplified` reading of ``written``), in the
    characters of ``written``; as it is when the two are one text or ``read`` does not hold it."""
    if read == written or not value:
        return value
    at = read.find(value)
    return written[at : at + len(value)] if at >= 0 else value
