"""The message a reply answers, in a group chat where other lines come between.

"pizza tonight?" - "has anyone seen my keys" - "yesss pizza": the message said just before the
reply is another's aside, and the reply answers the offer before it. A short reply (a yes, a no,
a few words) that answers no offer or question said just before it is read with the latest of
the few messages before that which offers something, or else the latest of them that asks; any
other reply is read with the message said just before it, as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autogen_zettel.people import rules_en, rules_zh

__all__ = ["ECHO", "LOOK_BACK", "offers_a_thing", "replied_to"]

LOOK_BACK = 4  # messages by others a short reply may reach back over
# a group chat's echo of the line before, heading a line: "same!", "Same here tbh.", "me too",
# "ditto", "我也是", "俺也一样", "同", "+1" (alone, or before a clause of its own; "我也是护士" is a
# statement, not an echo)
ECHO = re.compile(
    # (a laugh may lead it: "lol same")
    r"^\s*(?:(?i:lol|haha+|omg|ha)[\s,!]+)?(?:(?i:same(?!\s+(?:time|place|day|thing|old|as|again|one|way|goes|size|here\s+as)\b)(?:\s+(?:here|for me|tbh|honestly|lol|fr))*|me\s+too|ditto|likewise)(?:\s+(?i:tbh|honestly|lol|haha))?"
    r"|我也是|我也一样|俺也一样|我也同款|同款|同上|同|[+＋]1|加一)"
    r"(?:[\s,，。.!！~～:;()\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F]+|$)"
    r"|^\s*[+＋]1(?=[\u4e00-\u9fff])"
)

_HAN = re.compile(r"[\u4e00-\u9fff]")
# a claim on a thing offered, which answers no other question ("me pls!!", "dibs", "我要")
_CLAIM = re.compile(r"^(?:me|mine|dibs|me too|always|i'?ll have it|我要|给我|我来一)(?![a-z])", re.I)


# what a bare Chinese question may name that is no thing offered ("真的吗？", "在吗？", "到家了吗？")
_NO_THING_ZH = re.compile(
    r"^(?:真的?|好的?|在|睡|到家|到了|对|是|行|可以|确定|认真|回来|醒|忙|累|饿|困|有空|方便)"
)


def offers_a_thing(text: str) -> bool:
    """Whether ``text`` offers a thing a reply may take or turn down ("Coffee?", "奶茶？", "要不要来一碗？";
    not "Ready?", "在吗？"; a one-character Chinese thing, "茶？", is left out with the asking words)."""
    if _HAN.search(text):
        offered = rules_zh.offer_topic(text)
        return len(offered) >= 2 and not _NO_THING_ZH.match(offered)
    return bool(rules_en.offer_topic(text))


def _short(reply: str) -> bool:
    han = len(_HAN.findall(reply))
    return han <= 12 if han else len(reply.split()) <= 6


def replied_to(reply: str, recent: Sequence[str]) -> str | None:
    """Which of ``recent`` (the messages by others before ``reply``, the latest first) it answers.

    >>> replied_to("yesss pizza", ["has anyone seen my keys", "pizza tonight?"])
    'pizza tonight?'
    >>> replied_to("yes it came this morning", ["did the parcel come?", "pizza tonight?"])
    'did the parcel come?'
    >>> replied_to("me pls!!", ["did the parcel come?", "anyone want the last slice?"])
    'anyone want the last slice?'
    >>> replied_to("I moved to Leeds last month with my sister", ["has anyone seen my keys", "pizza tonight?"])
    'has anyone seen my keys'
    >>> replied_to("yep will do", ["I'll sort the food", "can you grab the tickets?"])
    'can you grab the tickets?'
    """
    if not recent:
        return None
    # "我喜欢周杰伦" - "我也是" - "同上", "香菜真的受不了" - "我也是" - "我倒是挺喜欢的": an echo alone
    # answers nothing of its own; a reply after it answers the line it echoed
    said = [m for m in recent[:LOOK_BACK] if not ECHO.fullmatch(m.strip())]
    recent = said or recent
    latest = recent[0]
    if offers_a_thing(latest) or not _short(reply):
        return latest
    if latest.rstrip().endswith(("?", "？")) and not _CLAIM.match(reply.strip()):
        return latest  # ("did the parcel come?" - "yes": a yes may answer any question)
    # (or, where none offers, the latest question among them: "@Dan can you grab the tickets?" -
    # "I'll sort the food" - "@Priya yep will do")
    return next(
        (m for m in recent[1:LOOK_BACK] if offers_a_thing(m)),
        next((m for m in recent[1:LOOK_BACK] if m.rstrip().endswith(("?", "？"))), latest),
    )
