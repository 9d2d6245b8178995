"""Relative dates made absolute: "yesterday" said on 8 May 2023 is 7 May 2023, and a card
recalled a month later must say so. The original words stay; the date follows in brackets.

>>> from datetime import datetime
>>> at = datetime(2023, 5, 8, 13, 56)  # a Monday
>>> anchor_dates("I went to a support group yesterday and start pottery next month.", at)
'I went to a support group yesterday (7 May 2023) and start pottery next month (June 2023).'
>>> anchor_dates("Back the day after tomorrow, as I said the day before yesterday.", at)
'Back the day after tomorrow (10 May 2023), as I said the day before yesterday (6 May 2023).'
>>> anchor_dates("We moved here 3 years ago, last Friday was our party.", at)
'We moved here 3 years ago (2020), last Friday (5 May 2023) was our party.'
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

__all__ = ["anchor_dates", "without_anchors", "NUMBER_WORDS", "NUMBER_PATTERN"]

NUMBER_WORDS = {  # the counts chat writes as words
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "a couple of": 2,
    "a few": 3,
}
_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
NUMBER_PATTERN = r"(?:\d{1,2}|a couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
_PATTERN = re.compile(
    # "the day after tomorrow" is two days on, not tomorrow with "the day after" before it
    rf"\b(?:(?P<simple>(?:the )?day (?:after tomorrow|before yesterday)|yesterday|today|tonight|tomorrow|last night)"
    rf"|(?P<rel>last|next|this) (?P<unit>week|weekend|month|year|{'|'.join(_DAYS)})"
    rf"|(?P<n>{NUMBER_PATTERN}) (?P<ago_unit>day|week|month|year)s? ago)\b(?! \()"
    r"(?! (?:before|after|prior to|following) )",  # "last weekend before 10 April": that date's, not ours
    re.IGNORECASE,
)


def _day(d: datetime) -> str:
    return f"{d.day} {d:%B %Y}"


def _month(year: int, month: int) -> str:
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    return f"{datetime(year, month, 1):%B %Y}"


def _resolve(m: re.Match, at: datetime) -> str | None:
    simple = (m.group("simple") or "").lower()
    if simple:
        if simple.endswith(("after tomorrow", "before yesterday")):
            shift = 2 if simple.endswith("tomorrow") else -2
        else:
            shift = {"yesterday": -1, "last night": -1, "today": 0, "tonight": 0, "tomorrow": 1}[simple]
        return _day(at + timedelta(days=shift))
    if m.group("rel"):
        rel, unit = m.group("rel").lower(), m.group("unit").lower()
        step = {"last": -1, "next": 1, "this": 0}[rel]
        if unit == "year":
            return str(at.year + step)
        if unit == "month":
            return _month(at.year, at.month + step)
        monday = at - timedelta(days=at.weekday())
        if unit == "week":
            return f"week of {_day(monday + timedelta(weeks=step))}"
        if unit == "weekend":
            saturday = (
                monday + timedelta(days=5) + timedelta(weeks=step if at.weekday() >= 5 or step > 0 else step)
            )
            return f"weekend of {_day(saturday)}"
        target = _DAYS.index(unit)
        if rel == "last":
            back = (at.weekday() - target) % 7 or 7
            return _day(at - timedelta(days=back))
        if rel == "next":
            ahead = (target - at.weekday()) % 7 or 7
            return _day(at + timedelta(days=ahead))
        return _day(monday + timedelta(days=target))
    n = m.group("n").lower()
    count = int(n) if n.isdigit() else NUMBER_WORDS.get(n)
    if not count:
        return None
    unit = m.group("ago_unit").lower()
    if unit == "day":
        return _day(at - timedelta(days=count))
    if unit == "week":
        return f"week of {_day(at - timedelta(weeks=count) - timedelta(days=at.weekday()))}"
    if unit == "month":
        return _month(at.year, at.month - count)
    return str(at.year - count)


# what anchor_dates adds after a relative date, in the forms _day and _month write and the week's and
# weekend's: " (1 September 2026)", " (week of 24 August 2026)", " (September 2026)", " (2025)"
_ANCHOR = re.compile(
    r" \((?:(?:week|weekend) of )?(?:\d{1,2} )?(?:(?:January|February|March|April|May|June|July|August|September|"
    r"October|November|December) )?\d{4}\)"
)


def without_anchors(text: str) -> str:
    """``text`` with the dates :func:`anchor_dates` added taken out again: the words as said.

    >>> without_anchors("started at Sainsbury's today (1 September 2026), new job!")
    "started at Sainsbury's today, new job!"
    """
    return _ANCHOR.sub("", text)


def anchor_dates(text: str, at: datetime) -> str:
    """``text`` with each English relative date followed by the absolute date it meant at ``at``
    (its original words kept); text already anchored (a bracket follows) is left alone."""

    def sub(m: re.Match) -> str:
        resolved = _resolve(m, at)
        return f"{m.group(0)} ({resolved})" if resolved else m.group(0)

    return _PATTERN.sub(sub, text)
