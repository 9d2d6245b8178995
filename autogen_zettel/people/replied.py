"""The message a reply answers, in a group chat where other lines come between.

"pizza tonight?" - "has anyone seen my keys" - "yesss pizza": the message said just before the
reply is another's aside, and the reply answers the offer before it. A short reply (a yes, a no,
a few words) that answers no offer or question said just before it is read with the latest of
the few messages before that which offers something; any other reply is read with the message
said just before it, as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from autogen_zettel.people import rules_en, rules_zh

__all__ = ["answered_message"]

LOOK_BACK = 4  # messages by others a short reply may reach back over
_HAN = re.compile(r"[\u4e00-\u9fff]")
# a claim on a thing offered, which answers no other question ("me pls!!", "dibs", "我要")
_CLAIM = re.compile(r"^(?:me|mine|dibs|me too|always|i'?ll have it|我要|给我|我来一)(?![a-z])", re.I)


def _offers(text: str) -> bool:
    rules = rules_zh if _HAN.search(text) else rules_en
    return bool(rules.offer_topic(text))


def _short(reply: str) -> bool:
    han = len(_HAN.findall(reply))
    return han <= 12 if han else len(reply.split()) <= 6


def answered_message(reply: str, recent: Sequence[str]) -> str | None:
    """Which of ``recent`` (the messages by others before ``reply``, the latest first) it answers.

    >>> answered_message("yesss pizza", ["has anyone seen my keys", "pizza tonight?"])
    'pizza tonight?'
    >>> answered_message("yes it came this morning", ["did the parcel come?", "pizza tonight?"])
    'did the parcel come?'
    >>> answered_message("me pls!!", ["did the parcel come?", "anyone want the last slice?"])
    'anyone want the last slice?'
    >>> answered_message("I moved to Leeds last month with my sister", ["keys?", "pizza tonight?"])
    'keys?'
    """
    if not recent:
        return None
    latest = recent[0]
    if _offers(latest) or not _short(reply):
        return latest
    if latest.rstrip().endswith(("?", "？")) and not _CLAIM.match(reply.strip()):
        return latest  # ("did the parcel come?" - "yes": a yes may answer any question)
    return next((m for m in recent[1:LOOK_BACK] if _offers(m)), latest)
