"""Emoji and chat stickers read as the words they stand for.

Chat apps put pictures where words go: "✅ done", "👍 rang them", "照片传好了[OK]", "收到[强]",
a bare "👍" or "👌" under an offer or a request. The layer rules read words, so a picture or a
sticker heading a line, and a sticker, a tick or a thumb closing it, is tone to drop ("✅ done" is
"done"; a face is kept at either edge, and any other closing emoji, which the rules read as tone
themselves), and a line of approval marks alone is a yes in
the language of the message it answers ("👍" under "Fancy the cinema tonight?" is "ok", under
"周四前能把会议纪要发我吗" is "好的"). A heart heading English words is the verb it draws ("❤️ that
place" is "love that place"). WeChat's stickers are written as a short word in square brackets
("[OK]", "[强]", "[微笑]"). A mention heading a line ("@Priya yes I'll bring it") says whom it is
for and is dropped.
"""

from __future__ import annotations

import re

from autogen_zettel.text.script import HAN

__all__ = ["as_words", "mentioned"]

_PICTURE = r"[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2190-\u21FF\uFE0F\u200d]"
# a WeChat sticker: a short word in square brackets ("[OK]", "[强]", "[Thumbs up]"), not a date
# anchor or a citation ("[1]")
# (an attachment's placeholder, "[图片]", "[Photo]", is what was sent, and stays)
_STICKER = (
    r"\[(?!(?i:图片|照片|视频|语音|文件|链接|位置|photo|image|video|voice|file|link|location|sticker)\])"
    r"(?:[A-Za-z][A-Za-z ]{0,11}|[\u4e00-\u9fff]{1,4})\]"
)
# (faces are kept: a rolled eye or a laugh says how the words are meant, "🙄 sure, I'll do it")
_FACE = r"[\U0001F600-\U0001F64F\U0001F910-\U0001F92F\U0001F970-\U0001F97A]"
_HEAD = re.compile(rf"^\s*(?:(?:(?!{_FACE}){_PICTURE}|{_STICKER})\s*)+")
# (at the end only a sticker or a tick: a closing emoji is read by the rules as tone)
_TAIL = re.compile(
    r"(?:\s*(?:"
    + _STICKER
    + r"|[\u2705\u2714\u2611\U0001F44D\U0001F44C][\U0001F3FB-\U0001F3FF\uFE0F]*))+\s*$"
)
# the marks that say yes: a thumb, an OK hand, a tick, WeChat's [OK] / [强] / [好的] / [握手]
_YES = re.compile(
    r"^\s*(?:(?:[\U0001F44D\U0001F44C\u2705\u2714\u2611\U0001F197\U0001F646]|\[(?i:ok|thumbs ?up|强|好的|握手)\])"
    r"[\U0001F3FB-\U0001F3FF\uFE0F]*\s*)+$"
)
# a mention heading a line in a group chat ("@Priya yes I'll bring it", "@阿美 那我带炭"; WeChat
# puts a narrow space after it): whom the line is for, not words of it
# (only a mention set off by a space or a stop: "@阿峰我不吃香菜" cannot tell where the name ends)
_MENTION = re.compile(r"@([^\s@,，:：]{1,24})")
_MENTION_HEAD = re.compile(r"^\s*(?:@[^\s@,，:：]{1,24}[\s\u2005,，:：]+)+(?=\S)")
# a short quote heading a reply, with no speaker named in it ("「PPT」 已发"; not "「杨帆：…」")
# (a thing quoted, then word of it done: not a line quoted back, "「我周五还钱」 呵呵", "「明天发你」 好的")
_QUOTE_HEAD = re.compile(
    r"^\s*「(?P<q>[^」：:我你他她]{1,12})」\s*(?=已|done|sent|搞定|好了|发了|交了|寄了|✅)", re.I
)
# a heart (or a face of love) heading English words: the verb "love"
_LOVE_HEAD = re.compile(r"^\s*(?:[\u2764\U0001F496\U0001F497\U0001F60D\U0001F970][\uFE0F]?\s*)+(?=[A-Za-z])")


def as_words(text: str, previous: str | None = None) -> str:
    """``text`` with the marks at its edges read as words or dropped.

    >>> as_words("✅ done"), as_words("照片传好了[OK]"), as_words("👍 rang them")
    ('done', '照片传好了', 'rang them')
    >>> as_words("👍", "Fancy the cinema tonight?"), as_words("👌", "周四前能把会议纪要发我吗")
    ('ok', '好的')
    >>> as_words("❤️ that place"), as_words("🎉🎉"), as_words("see [1] above"), as_words("[图片] 看")
    ('love that place', '🎉🎉', 'see [1] above', '[图片] 看')
    >>> as_words("@Priya yes I'll bring it"), as_words("@阿美 那我带炭"), as_words("mail me @ 5")
    ("yes I'll bring it", '那我带炭', 'mail me @ 5')
    """
    text = _MENTION_HEAD.sub("", text)
    # ("「PPT」 已发": a quoted word heading a reply is what the reply is about)
    text = _QUOTE_HEAD.sub(r"\g<q> ", text)
    if _YES.match(text):
        return "好的" if previous and HAN.search(previous) else "ok"
    words = _LOVE_HEAD.sub("love ", text)
    words = _TAIL.sub("", _HEAD.sub("", words))
    # (a line of marks alone that say no yes is left as it is: nothing in it for the rules)
    return words if words.strip() else text


def mentioned(text: str) -> tuple[str, ...]:
    """The names a line's heading mentions are of, in order ("@张伟 你订下会议室" -> ("张伟",)).

    >>> mentioned("@张伟 你订下会议室"), mentioned("@Tom @Sam drinks?"), mentioned("mail me @ 5")
    (('张伟',), ('Tom', 'Sam'), ())
    """
    head = _MENTION_HEAD.match(text)
    return tuple(_MENTION.findall(head.group(0))) if head else ()
