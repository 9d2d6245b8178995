"""A value said wrong and put right a moment later.

"sorry I mean Thursday not Friday", "sorry, Bristol, not Bath", "*Spotify lol autocorrect",
"说错了，是周四不是周五", "不对，是网易不是腾讯", "不对，是人大，老记错": the line that puts it right
names the right value and often the wrong one, but not what it is a value of.

- A day put right moves a promise to that day, as "can we make it Thursday" does: the one due the
  day the line names as wrong ("Thursday not Friday"; found as a fact's key is, below, and none
  moved when none was due then), the thing it names ("gonna be Thursday for the contract
  instead"), or else the promise spoken of last.
- Any other value puts a fact right: an evidence of kind :data:`CORRECTION` whose ``counterparty``
  holds the wrong value when the line names it. Its key is that of the speaker's fact said a short
  while before (:data:`WINDOW`) with that value, or, when the line names none, of one spelled much
  as the right one; it is found where the evidence rows are written (:func:`resolved`), where what
  was said before is known. A correction that finds no such fact says nothing. What the line says
  after the correction is read as any line is.

A day sent on its own a moment after a promise said with none ("ill do the slides" / "by fri",
"PPT我来做" / "周五前"), as a thought typed over several short messages is, is that promise's day: a
correction of the promise due no day (:data:`NO_DAY`) said by the speaker within :data:`BURST`.

A person put right ("wait no, it's Ryan who's sending it", "不对，要搬家的是小王") is not read here
("No, Sarah not Tom" is a fact's correction that finds no fact named Tom, and says nothing).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date, datetime, timedelta, timezone
from difflib import SequenceMatcher

from autogen_zettel.people.evidence import Evidence
from autogen_zettel.people.general import DAY_WORD_EN, ZH_TIME
from autogen_zettel.people.model import commitment_words
from autogen_zettel.text.due import DATE_WORDS, due_date
from autogen_zettel.text.script import HAN

__all__ = ["BURST", "CORRECTION", "DAY_WINDOW", "NO_DAY", "WINDOW", "correction", "resolved"]

CORRECTION = "correction"  # the kind of a correction (of a fact or of a promise's day), until resolved
WINDOW = timedelta(days=1)  # how long after a fact a bare "sorry, I mean X" may still put it right
# how long after a promise its day may be put right by naming the day it had ("说错了，例会是周二不是周一")
DAY_WINDOW = timedelta(days=30)
# how soon after a promise with no day a day sent on its own is still its day ("ill do the slides" / "by fri")
BURST = timedelta(minutes=15)
NO_DAY = "none"  # the wrong day of a day sent on its own: the promise said with none

# a line that is only a day, with the words that go with one ("by fri", "first thing tomorrow pls",
# "周五前", "明天哈")
_DAY_ALONE_EN = re.compile(
    r"^(?:(?:ok|okay|so|and|erm|um|uh|hopefully|probably|prob|prolly|latest|at the latest|pls|please|x+|lol|then|"
    r"first thing|ish|promise|defo|definitely|no later than|end of play|at)\b[\s,.!]*)*"
    r"(?P<day>.+?)"
    r"(?:[\s,.!]+(?:ok|okay|hopefully|probably|latest|at the latest|pls|please|x+|lol|then|promise|ish)\b)*"
    r"[\s,.!~\U0001F300-\U0001FAFF]*$",
    re.I,
)

_SORRY_EN = r"(?:sorry|sry|soz|oops|whoops|wait|no|nope|correction|my bad|typo|ugh)"
# what may be put right in English: a name (capitalised) or a day
# (the day words general.day_put_right_en reads "I meant Thursday" by, and a date)
_DAY_EN = rf"(?:{DAY_WORD_EN}|today|the\s+\d{{1,2}}(?:st|nd|rd|th)\b)"
# (a name, not a pronoun or an article at a clause's head: "No I'm not going", "Sorry, The ...")
_VALUE_EN = (
    rf"(?:{_DAY_EN}|(?!(?:I|I'm|I've|I'll|I'd|We|You|He|She|They|It|It's|That|This|The|A|An|My)\b)"
    r"(?-i:[A-Z][\w'&\-]*)(?:\s+(?-i:[A-Z][\w'&\-]*)){0,3})"
)
_CORRECTED_EN = re.compile(
    # "sorry I mean Thursday not Friday", "sorry, Bristol, not Bath - moved last year"
    rf"^(?:{_SORRY_EN}[,!.:]*\s+)+(?:I\s+mean[t]?(?:\s+to\s+say)?[,:]?\s+)?(?:it's\s+|it\s+is\s+)?(?P<x>{_VALUE_EN})"
    r"\s*,?\s+(?:not|instead of|rather than)\s+(?P<y>[\w'&\-]+(?:\s+[\w'&\-]+){0,3}?)"
    r"\s*(?:$|[,;.!\u2014\u2013-]|\s+(?:lol|haha|sorry|oops|my bad)\b)"
    # "sorry, I meant Thursday": the right one alone
    rf"|^(?:{_SORRY_EN}[,!.:]*\s+)*I\s+mean[t]?(?:\s+to\s+say)?[,:]?\s+(?P<x2>{_VALUE_EN})\s*(?:$|[,;.!]|\s+(?:lol|haha|sorry|oops)\b)"
    # "*Spotify lol autocorrect": the word typed again after an asterisk
    r"|^\*(?P<x3>(?-i:[A-Z])[\w'&\-]*(?:\s+(?-i:[A-Z])[\w'&\-]*){0,2})\*?\s*(?:$|[,;.!]|\s+(?:lol|haha|sorry|autocorrect|typo|oops)\b)"
    # "gonna be Thursday for the contract instead, sorry": a day said instead
    rf"|^(?:(?:so|ok|okay|sorry|actually)[,!.]*\s+)*(?:it's|it'll be|it will be|gonna be|going to be|(?:can we\s+|let's\s+)?make it)\s+"
    rf"(?P<x4>{_DAY_EN})\s+(?:for\s+(?:the\s+|my\s+|your\s+)?(?P<thing>[\w'\- ]{{1,30}}?)\s+)?instead\b",
    re.I,
)
_CORRECTED_ZH = re.compile(
    r"^(?:(?:说错了|不对|口误|打错了|更正一下|纠正一下|搞错了|记错了|不好意思|抱歉|sorry)[，,！!。~～\s]*)+"
    # (what it is of may stand before 是, "例会是周二不是周一"; not the one who does it, "要搬家的是小王")
    # (not said of another, "不对，他是上海人", nor a saying, "不对，我是说明天")
    # (nor a time said to be something: "抱歉，明天是周末")
    rf"(?:是|(?!(?:{ZH_TIME})+是)(?P<head>(?:(?![是我你他她])[\u4e00-\u9fffA-Za-z]){{1,6}}?)(?<!的)是)"
    # (a value, not a person, "是小李", a way, "是这样", or a reason, "是刚才信号不好")
    r"(?![小老阿][\u4e00-\u9fff](?:[，,。！!~～\s]|$)|说|这|那|刚|真|因为|我)"
    r"(?P<x>(?:(?![我你他她它的了吗呢吧啊去来])[\u4e00-\u9fffA-Za-z0-9]){1,10}?)"
    r"(?:[，,]?\s*(?:而)?不是(?P<y>[\u4e00-\u9fffA-Za-z0-9]{1,10}?))?(?P<rest>[，,。！!~～\s].*)?$"
)


def correction(
    text: str, speaker: str, at: datetime, previous: str | None = None
) -> tuple[list[Evidence], str]:
    """What a line that puts a value right says, and the rest of the line after it: a postponement
    to the day it names, or a correction (of kind :data:`CORRECTION`, ``counterparty`` the wrong
    value) of a fact, or of the day of a promise when the wrong day is named, or a day alone (the day
    of the promise said with none); nothing for any other line, and for an answer to someone's
    question that is more than a day (``previous``: "聚餐是今天吗？" - "不好意思，是明天").

    >>> from datetime import datetime
    >>> TUE = datetime(2026, 9, 1)
    >>> [(e.kind, str(e.due), e.counterparty) for e in correction("sorry I mean Thursday not Friday", "Sophie", TUE)[0]]
    [('correction', '2026-09-03', '2026-09-04')]
    >>> found, rest = correction("不对，是网易不是腾讯，我下周一入职", "小何", TUE)
    >>> [(e.kind, e.value, e.counterparty) for e in found], rest
    ([('correction', '网易', '腾讯')], '我下周一入职')
    >>> correction("No I'm not going", "Sam", TUE), correction("不好意思，是三点不是四点", "Sam", TUE)
    (([], ''), ([], ''))
    """
    line = text.strip()
    alone = _day_alone(line, at)
    if alone:  # "by fri" after "ill do the slides" (or after "when can I have it?"): its day
        return [Evidence("status", speaker, "", "", 0.5, CORRECTION, alone, counterparty=NO_DAY)], ""
    if previous and previous.rstrip().endswith(("?", "？")):
        return [], ""
    thing = ""
    m = _CORRECTED_ZH.match(line)
    if m:
        right, wrong = m.group("x"), m.group("y")
        day = re.fullmatch(f"(?:{ZH_TIME})+", right)
        rest = m.group("rest") or ""
    else:
        m = _CORRECTED_EN.match(line)
        if not m:
            return [], ""
        right = m.group("x") or m.group("x2") or m.group("x3") or m.group("x4")
        wrong = m.group("y")
        day = re.fullmatch(_DAY_EN, right, re.I)
        if day and (m.group("x2") or m.group("x3")):
            return [], ""  # "I meant Thursday", "*Thursday": general.day_put_right_en reads them
        thing = m.group("thing") or ""
        rest = line[m.end() :]
    rest = rest.strip(" ，,。.！!~～;；—–-")
    if day:
        due = due_date(right, at)
        was = due_date(wrong, at) if wrong else None
        if not due or was == due:
            return [], ""  # (an hour put right, "是三点不是四点", is no day's)
        if was and due == at.date() < was:
            due += timedelta(days=7)  # "周二不是周一" said on a Tuesday: the Tuesday after that Monday
        if was:  # "Thursday not Friday": the promise due that Friday, found where rows are written
            return [
                Evidence("status", speaker, "", thing, 0.5, CORRECTION, due, counterparty=was.isoformat())
            ], rest
        # ("gonna be Thursday for the contract instead": the promise of the contract; else the last)
        return [Evidence("status", speaker, "", thing, 0.5, "postponed", due)], rest
    return [Evidence("fact", speaker, "", right, 0.5, CORRECTION, counterparty=wrong or None)], rest


def _day_alone(line: str, at: datetime) -> date | None:
    """The day ``line`` says when it says nothing else ("by fri", "first thing tomorrow", "周五前")."""
    m = _DAY_ALONE_EN.match(line)
    if m and DATE_WORDS.fullmatch(m.group("day").strip()):
        return due_date(m.group("day"), at)
    if re.fullmatch(rf"(?:{ZH_TIME})+(?:前|之前|以前|之内|以内|内)?[吧哈啊呀~～！!。，, ]*", line):
        return due_date(line, at)
    return None


def _naive(stamp: str) -> datetime:
    """A row's time as a naive UTC datetime (rows may carry an offset or none)."""
    t = datetime.fromisoformat(stamp)
    return t.astimezone(timezone.utc).replace(tzinfo=None) if t.tzinfo else t


def _spelled_alike(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` typed again right: Latin words of four letters or more, much alike
    ("Shopify" / "Spotify"; not "Tokyo" / "OK"), or Chinese names of a shared character ("北大" / "人大")."""
    a, b = a.casefold(), b.casefold()
    if HAN.search(a + b):
        return bool(set(a) & set(b)) and SequenceMatcher(None, a, b).ratio() >= 0.5
    return min(len(a), len(b)) >= 4 and SequenceMatcher(None, a, b).ratio() >= 0.7


def resolved(row: dict, earlier: Iterable[dict]) -> dict | None:
    """``row`` (an evidence row of kind :data:`CORRECTION`) as what it puts right among
    ``earlier`` (the same subject's evidence rows of facts, for a fact's correction, or of
    commitments, for a day's), or None when it puts nothing right:

    - a fact: the change of the latest of the speaker's facts in :data:`WINDOW` before it whose
      value is, or has as a word, the one named wrong, or, when none is named, of the latest of
      them spelled much as the right one ("Shopify" put right as "*Spotify"; not a home "Bath");
    - a day: the postponement of the latest promise in :data:`DAY_WINDOW` before it due the day named
      wrong ("Thursday not Friday" moves the Friday promise, not the latest one);
    - a day alone (wrong :data:`NO_DAY`): the postponement to it of the latest promise in
      :data:`BURST` before it that has no day ("ill do the slides" / "by fri")."""
    at = _naive(row["at"])
    wrong = (row.get("counterparty") or "").casefold()
    alone = wrong == NO_DAY
    window = WINDOW if row["layer"] == "fact" else BURST if alone else DAY_WINDOW
    if alone:
        wrong = ""  # (the promise due no day)
    found = None
    for r in earlier:
        when = _naive(r["at"])
        if r["kind"] in ("lift", CORRECTION) or not (at - window <= when <= at):
            continue
        value = (r["value"] or "").casefold()
        if row["layer"] == "status":
            if r["layer"] != "commitment" or (r["due"] or "") != wrong:
                continue
        elif not r["key"] or r["layer"] != "fact":
            continue
        elif (
            wrong
            and value != wrong
            and wrong not in value.split()
            and not (HAN.search(wrong) and wrong in value)
        ):
            continue
        elif not wrong and not _spelled_alike(value, row["value"]):
            continue
        if found is None or when >= _naive(found["at"]):
            found = r
    if found is None:
        return None
    if row["layer"] == "status":
        # (a day alone: the promise found, by its words; one whose words are only a pronoun and a
        # verb, "get it to you", by none - the speaker's latest promise takes it, as a bare "moved
        # to Friday" does)
        value = row["value"] or found["value"]
        value = "" if alone and not commitment_words(value) else value
        return {**row, "value": value, "kind": "postponed", "counterparty": None}
    return {**row, "key": found["key"], "kind": "change", "counterparty": None}
