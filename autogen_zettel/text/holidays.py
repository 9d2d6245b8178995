"""Holidays named as days, English and Chinese: the ones on fixed days of the Gregorian
calendar (:data:`FIXED`, read by :mod:`autogen_zettel.recall.when` as periods), Easter (computed),
and the Chinese festivals that move with the lunar calendar or the solar terms (春节, 清明, 端午,
中秋), known only for the years of a small table: outside it they name no day, rather than a
guessed one.

:func:`next_holiday` is the day a holiday named in a text next falls on, from a given day on (a
promise "at Easter" made in September is for next spring's).

>>> from datetime import date
>>> [str(next_holiday(t, date(2026, 9, 1))) for t in ("at Easter", "清明我们去", "by Christmas", "中秋", "no day")]
['2027-03-28', '2027-04-05', '2026-12-25', '2026-09-25', 'None']
"""

from __future__ import annotations

import re
from datetime import date, timedelta

__all__ = ["FIXED", "FIXED_PATTERN", "HOLIDAY_WORDS", "ZH_FESTIVALS", "next_holiday"]

# holidays on fixed days of the Gregorian calendar (month, day, days long: a period starting on
# the eve where the eve is part of it). New Year's Eve runs into the small hours of the first of
# January, and "celebrating New Year" is the same night. Day 0 is Thanksgiving's fourth Thursday.
FIXED = {
    "new year": (12, 31, 2),
    "christmas eve": (12, 24, 1),
    "christmas": (12, 24, 3),
    "valentine": (2, 14, 1),
    "halloween": (10, 31, 1),
    "thanksgiving": (11, 0, 4),  # the fourth Thursday of November, and its long weekend
    "independence day": (7, 4, 1),
    "fourth of july": (7, 4, 1),
    "4th of july": (7, 4, 1),
    "元旦": (12, 31, 2),
    "跨年": (12, 31, 2),
    "圣诞": (12, 24, 3),
    "平安夜": (12, 24, 1),
    "情人节": (2, 14, 1),
    "万圣节": (10, 31, 1),
    "国庆": (10, 1, 7),
}
FIXED_PATTERN = re.compile(
    r"\b(?:new year'?s?(?: eve| day)?|nye|christmas eve|christmas|xmas|valentine'?s?(?: day)?|halloween|thanksgiving|"
    r"independence day|fourth of july|4th of july)\b(?:,? (?P<y>(?:19|20)\d\d))?"
    r"|(?:元旦|跨年|圣诞|平安夜|情人节|万圣节|国庆)",
    re.IGNORECASE,
)

# the festivals that move: (month, day) per year, for the years around now only
_MOVING = {
    "春节": {2025: (1, 29), 2026: (2, 17), 2027: (2, 6), 2028: (1, 26), 2029: (2, 13), 2030: (2, 3)},
    "清明": {2025: (4, 4), 2026: (4, 5), 2027: (4, 5), 2028: (4, 4), 2029: (4, 4), 2030: (4, 5)},
    "端午": {2025: (5, 31), 2026: (6, 19), 2027: (6, 9), 2028: (5, 28), 2029: (6, 16), 2030: (6, 5)},
    "中秋": {2025: (10, 6), 2026: (9, 25), 2027: (9, 15), 2028: (10, 3), 2029: (9, 22), 2030: (9, 12)},
}
_MOVING_NAMES = {
    "chinese new year": "春节",
    "lunar new year": "春节",
    "spring festival": "春节",
    "过年": "春节",
    "mid-autumn": "中秋",
    "mid autumn": "中秋",
    "dragon boat": "端午",
}
_DUE = re.compile(
    r"\b(?P<moving_en>chinese new year|lunar new year|spring festival|mid-?\s?autumn|dragon boat|easter)\b"
    r"|(?P<moving_zh>春节|过年|清明|端午|中秋)"
    rf"|(?P<fixed>{FIXED_PATTERN.pattern})",
    re.IGNORECASE,
)
# the Chinese festivals as a time word ("清明我们去看奶奶"), for rules that read when a plan is
ZH_FESTIVALS = r"(?:春节|清明|端午|中秋|国庆|元旦|圣诞|平安夜|情人节|万圣节)节?"
# every holiday name, for taking them out of what a promise says is to be done
HOLIDAY_WORDS = _DUE


def _easter(year: int) -> date:
    """Easter Sunday of ``year`` (the Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell + 90) // 451
    month = (h + ell - 7 * m + 114) // 31
    return date(year, month, (h + ell - 7 * m + 114) % 31 + 1)


def _fixed_day(said: str, year: int) -> date:
    """The day itself of a fixed holiday (Christmas Day, not the eve its period starts on; New
    Year's Day, not the night before, unless the eve is named)."""
    said = said.lower().replace("’", "'")
    key = "new year" if said.startswith("nye") else "christmas" if said.startswith("xmas") else None
    key = key or next(k for k in FIXED if said.startswith(k) or k in said)
    month, day, _ = FIXED[key]
    if not day:
        first = date(year, month, 1)
        return first + timedelta(days=(3 - first.weekday()) % 7 + 21)
    start = date(year, month, day)
    if key in ("christmas", "圣诞") or (
        key in ("new year", "元旦") and "eve" not in said and not said.startswith("nye")
    ):
        return start + timedelta(days=1)
    return start


def _day_in(m: re.Match, year: int) -> date | None:
    if m.group("fixed"):
        return _fixed_day(m.group("fixed"), year)
    said = (m.group("moving_en") or m.group("moving_zh")).lower()
    if said == "easter":
        return _easter(year)
    said = re.sub(r"mid-?\s?autumn", "mid-autumn", said)
    days = _MOVING.get(_MOVING_NAMES.get(said, said), {})
    return date(year, *days[year]) if year in days else None


# a holiday said as the time after it: "after Christmas", "after the New Year" (English: 节后 names
# no holiday of its own)
_AFTER = re.compile(r"\bafter\s+(?:the\s+)?$", re.I)
# the day after it: "the day after Christmas"
_DAY_AFTER = re.compile(r"\bday\s+after\s+(?:the\s+)?$", re.I)


def next_holiday(text: str, today: date) -> date | None:
    """The day the first holiday ``text`` names next falls on, from ``today`` on; None when it
    names none, or a moving one outside the years known."""
    for m in _DUE.finditer(text):
        before = text[: m.start()]
        if _AFTER.search(before) and not _DAY_AFTER.search(before):
            # "till after Christmas": some time after it, on no day of its own ("the day after
            # Christmas" is one)
            continue
        for year in (today.year - 1, today.year, today.year + 1):
            d = _day_in(m, year)
            if d is not None and d >= today:
                return d + timedelta(days=1) if _DAY_AFTER.search(before) else d
    return None
