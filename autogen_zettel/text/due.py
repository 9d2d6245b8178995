"""When a promise is due, as an absolute date anchored to the time it was made: the due-date
side of :mod:`autogen_zettel.text.dates` (which anchors what happened), for English and Chinese.

Weekday names ("by Thursday", "on Monday") mean the next such day after the message (the
same rule as "next Friday" in :func:`~autogen_zettel.text.dates.anchor_dates`); day-and-month
dates ("March 12", "20 March", "3月5日") the next such day from the message on; 下周X is the
day X of the next calendar week (下礼拜 is 下周); a time of day with no day named (下午三点,
晚上) is the day it is said. A date already anchored in brackets ("tomorrow (9 May
2023)", what a stored card says) is read as written.

>>> from datetime import datetime
>>> at = datetime(2026, 3, 4, 10, 0)  # a Wednesday
>>> [str(due_date(t, at)) for t in ("I'll send it by Thursday", "next Tuesday", "on March 12", "明天", "下周五",
...                                  "3月5日之前", "no date here",
...                                  "a week on Friday", "Friday week", "in a fortnight")]
['2026-03-05', '2026-03-10', '2026-03-12', '2026-03-05', '2026-03-13', '2026-03-05', 'None', '2026-03-13', '2026-03-13', '2026-03-18']

A day of next month or of this one names its month ("下个月3号" was read as next month's first):

>>> [str(due_date(t, datetime(2026, 12, 10))) for t in ("下个月3号还你", "本月25日前", "下个月底")]
['2027-01-03', '2026-12-25', '2027-01-31']
"""

from __future__ import annotations

import calendar
import re
from datetime import date, datetime, timedelta

from autogen_zettel.text.holidays import next_holiday

__all__ = [
    "DATE_WORDS",
    "DAY_OR_MONTH_EN",
    "MONTH_EN",
    "SPAN_EN",
    "ZH_DOT_DATE",
    "ZH_RIGHT_AWAY",
    "due_date",
    "hour_of_today_en",
    "only_a_week",
    "put_off_by",
    "put_off_span",
    "without_hour_en",
    "zh_int",
]

_DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
_MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
_MONTHS["sept"] = 9
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
#: an English month's name or abbreviation, as a group ("May", "sept", "December"); case as the caller's flags
MONTH_EN = rf"(?:{_MONTH})"
#: a weekday or a month by its name, in any case ("Friday", "March"): a time where a capitalised word
#: might be taken for someone's name ("booked the table for Friday", "the cafe Monday loves")
DAY_OR_MONTH_EN = rf"(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day|{_MONTH})\b"
# weekday abbreviations as people type them: "thurs", "weds", "fri" alone (no other word); "sat", "sun"
# only after on / by / this / next (a bare "sat" is a verb, "sun" a noun)
_DAY_ABBR = {
    "mon": 0,
    "tue": 1,
    "tues": 1,
    "wed": 2,
    "weds": 2,
    "thu": 3,
    "thur": 3,
    "thurs": 3,
    "fri": 4,
    "sat": 5,
    "sun": 6,
}
_ALONE_ABBR = "thurs|thur|tues|weds|fri"
_NUMS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "a couple of": 2,
    "a few": 3,
}
_NUM = r"\d{1,2}|a couple of|a few|an?|one|two|three|four|five|six|seven"
_ZH_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "日": 7,
    "天": 7,
    "末": 5,
    "八": 8,
    "九": 9,
    "十": 10,
}
_ZH_NUM = r"[0-9]{1,2}|[一二两三四五六七八九十]{1,3}"
# right away, the day it is said (not a thing soon to come of itself: 马上过年了, 马上就要下雨了, 马上就好)
ZH_RIGHT_AWAY = r"马上(?!就?(?:要|过年|到|好|下雨))|立刻|立马"
# a month and day written with a dot before a deadline word ("3.10前", "12.5之前"; not "3.5分")
ZH_DOT_DATE = r"(?<![\d.])(?:1[0-2]|0?[1-9])\.(?:3[01]|[12]\d|0?[1-9])(?![\d.])(?=前|之前|以前|截止|号|日)"

# an anchored date in brackets, "(9 May 2023)"; compiled once (the pattern holds every month name)
_BRACKET = re.compile(rf"\((\d{{1,2}} (?:{_MONTH}) \d{{4}})\)", re.IGNORECASE)
_EN = re.compile(
    rf"\b(?:(?P<bracket>\d{{1,2}} (?:{_MONTH}) \d{{4}})"
    rf"|(?P<md_m>{_MONTH})\.? (?P<md_d>\d{{1,2}})(?:st|nd|rd|th)?\b"
    rf"|(?:the )?(?P<dm_d>\d{{1,2}})(?:st|nd|rd|th)?(?: of)? (?P<dm_m>{_MONTH})\b"
    rf"|(?P<simple>today|tonight|this (?:morning|afternoon|evening)|(?:the )?day after tomorrow|tomorrow|"
    # (the end of a working day named: "by end of day tomorrow", "eod tomorrow" is tomorrow's)
    rf"(?:(?:the )?end of (?:the )?day|eod|close of business)(?: tomorrow)?)"
    # a few minutes or hours from now: the day it is said ("I'll ring you back in 10 mins")
    rf"|in (?:about |around )?(?P<soon>\d{{1,3}}|{_NUM}|ten|twenty|thirty|fifteen) (?:min|minute|hour|hr|sec)s?\b"
    rf"|(?P<week>(?:next|this) week(?:end)?|the weekend|(?:the )?end of (?:the|this|next) (?:week|month))"
    # "a week on Friday", "a week from Friday", "Friday week": the named day a week after its next one
    rf"|a week (?:on|from) (?P<wk_on>{'|'.join(_DAYS)})|(?P<day_wk>{'|'.join(_DAYS)}) week(?!end)"
    # a weekday with its day of the month: "Thursday the 10th", "by Fri 14th" (the day of the month decides)
    # (and its month when named: "on Monday the 2nd of November")
    rf"|(?:(?:next|this|on|by|until|before|coming) )?(?P<wd_of>{'|'.join(_DAYS)}|{'|'.join(_DAY_ABBR)}),? "
    rf"(?:the (?P<wd_n>\d{{1,2}})(?:st|nd|rd|th)?|(?P<wd_nth>\d{{1,2}})(?:st|nd|rd|th))(?:(?: of)? (?P<wd_m>{_MONTH}))?"
    rf"|(?P<rel>next|this|on|by|until|before|coming) (?P<day>{'|'.join(_DAYS)}|{'|'.join(_DAY_ABBR)})"
    rf"|(?P<bare>{'|'.join(_DAYS)}|{_ALONE_ABBR})"
    # "in a fortnight": a count of fortnights is one of fourteen days
    rf"|in (?P<n>{_NUM}) (?P<unit>day|week|month|fortnight)s?"
    rf"|(?P<nth>the \d{{1,2}}(?:st|nd|rd|th))"
    rf")\b",
    re.IGNORECASE,
)
_ZH = re.compile(
    # (a year named before it: "推迟到明年3月10号" is next year's, though this year's is still ahead)
    rf"(?P<md>(?P<yr>今年|明年|后年)?(?P<m>{_ZH_NUM})月(?P<d>{_ZH_NUM})[日号])"
    # a month and day written with a dot before a deadline word (ZH_DOT_DATE)
    rf"|(?P<dot>{ZH_DOT_DATE})"
    rf"|(?P<simple>大后天|后天|明天|明早|明晚|今天|今晚|今早|今天下午|今天晚上|{ZH_RIGHT_AWAY})"
    # "这周内把简历发你", "下周之内": owed within the week, by its (working) end, as "by the end of this week"
    rf"|(?P<weekin>(?P<win>下个?|这个?|本)(?:周|星期|礼拜)(?:之内|以内|内))"
    rf"|(?P<wk>(?P<pre>下下|下个?|这个?|本)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天末]))"
    # "下个月3号", "本月25日": a day of next month or of this one
    rf"|(?P<mday>(?P<which>下个?|这个?|本)月(?P<md_d>{_ZH_NUM})[日号])"
    rf"|(?P<month>月底|月末|下个?月底?)"
    rf"|(?P<later>(?P<n>{_ZH_NUM})(?P<unit>天|周|个星期|星期|个月)[以之]?后)"
    rf"|(?P<nextweek>下周|下个?星期|下个?礼拜)"
    rf"|(?P<day>(?P<dd>{_ZH_NUM})[号日])"
    # a time of day with no day named ("下午三点去接孩子", "晚上七点"): the day it is said
    rf"|(?P<tod>(?:上午|中午|下午(?!茶)|傍晚|晚上|今早|下班|(?:回家|到家)(?=(?:以后|之后|后)?就)|(?:[0-9]{{1,2}}|十[一二]?|[两三四五六七八九])点(?![儿心子点]))"
    rf"(?!.*(?:明天|后天|明早|明晚|周|星期|礼拜|月|号)))"
)

_HOUR_OF = re.compile(r"(?:the )?end of (?:the )?day|eod|close of business", re.IGNORECASE)

# words that only say when: what a promise's "what" leaves out
DATE_WORDS = re.compile(
    rf"\b(?:by|on|until|before|no later than|at the latest)?\s*(?:{_EN.pattern[2:-2]})\b(?:\s*\([^)]*\))?",
    re.IGNORECASE,
)


def zh_int(text: str) -> int | None:
    """A number written in Arabic or Chinese digits ('十二', '3'), or None."""
    if text.isdigit():
        return int(text)
    if text == "十":
        return 10
    if text.startswith("十"):
        return 10 + _ZH_DIGITS.get(text[1:], 0)
    if "十" in text:
        tens, _, ones = text.partition("十")
        return _ZH_DIGITS.get(tens, 0) * 10 + (_ZH_DIGITS.get(ones, 0) if ones else 0)
    return _ZH_DIGITS.get(text)


def _next_weekday(today: date, target: int) -> date:
    return today + timedelta(days=(target - today.weekday()) % 7 or 7)


def _day_month(today: date, month: int, day: int) -> date | None:
    """The next ``day`` of ``month`` from ``today`` on (this year's, or next year's once past)."""
    for year in (today.year, today.year + 1):
        try:
            d = date(year, month, day)
        except ValueError:
            return None
        if d >= today:
            return d
    return None


def _month_end(today: date, ahead: int = 0) -> date:
    y, m = today.year + (today.month - 1 + ahead) // 12, (today.month - 1 + ahead) % 12 + 1
    return date(y, m, calendar.monthrange(y, m)[1])


def _add_months(today: date, n: int) -> date:
    y, m = today.year + (today.month - 1 + n) // 12, (today.month - 1 + n) % 12 + 1
    return date(y, m, min(today.day, calendar.monthrange(y, m)[1]))


def _count_en(word: str) -> int:
    """A count written in digits or words ("3", "two", "a couple of"); 1 for "a" / "an"."""
    return int(word) if word.isdigit() else _NUMS.get(word.lower(), 1)


def _later(d: date, n: int, unit: str) -> date:
    """``d`` moved on by ``n`` of ``unit``, in either language's word for it: days (天), weeks
    (周, 星期, 礼拜), fortnights, months (个月: the same day of the month, or its last)."""
    unit = unit.lower()
    if unit == "month" or "月" in unit:
        return _add_months(d, n)
    weeks = unit in ("week", "fortnight") or any(w in unit for w in ("周", "星期", "礼拜"))
    return d + timedelta(days=n * (14 if unit == "fortnight" else 7 if weeks else 1))


def _en(m: re.Match, today: date) -> date | None:
    g = m.groupdict()
    if g["bracket"]:
        try:
            return datetime.strptime(g["bracket"].title(), "%d %B %Y").date()
        except ValueError:
            return None
    if g["md_m"]:
        return _day_month(today, _MONTHS[g["md_m"].lower()], int(g["md_d"]))
    if g["dm_m"]:
        return _day_month(today, _MONTHS[g["dm_m"].lower()], int(g["dm_d"]))
    if g["simple"]:
        s = g["simple"].lower()
        # "the day after tomorrow", not "this afternoon"
        return today + timedelta(days=2 if "day after" in s else 1 if s.endswith("tomorrow") else 0)
    if g["soon"]:
        return today
    if g["week"]:
        w = g["week"].lower()
        monday = today - timedelta(days=today.weekday())
        if "month" in w:
            return _month_end(today, 1 if "next" in w else 0)
        nxt = 7 if w.startswith("next") or ("next" in w) else 0
        if "end" in w and "weekend" not in w:
            return monday + timedelta(days=4 + nxt)  # the end of a (working) week: its Friday
        if "weekend" in w:
            saturday = monday + timedelta(days=5 + nxt)
            return saturday if saturday >= today else saturday + timedelta(days=7)
        return monday + timedelta(days=7)  # "next week": its Monday
    if g["wk_on"] or g["day_wk"]:
        return _next_weekday(today, _DAYS.index((g["wk_on"] or g["day_wk"]).lower())) + timedelta(days=7)
    if g["day"] or g["bare"]:
        name = (g["day"] or g["bare"]).lower()
        target = _DAYS.index(name) if name in _DAYS else _DAY_ABBR[name]
        if (g["rel"] or "").lower() == "this":
            d = today - timedelta(days=today.weekday()) + timedelta(days=target)
            return d if d >= today else d + timedelta(days=7)
        return _next_weekday(today, target)
    if g["n"]:
        return _later(today, _count_en(g["n"]), g["unit"])
    if g["wd_m"]:
        return _day_month(today, _MONTHS[g["wd_m"].lower()], int(g["wd_n"] or g["wd_nth"]))
    if g["nth"] or g["wd_of"]:
        day = int(re.sub(r"\D", "", g["nth"] or g["wd_n"] or g["wd_nth"]))
        d = _day_month(today, today.month, day) if day >= today.day else None
        # (a day already past this month is next month's, from its first: "by the 1st" on 4 March is
        # 1 April, not a year on)
        first = (today.replace(day=1) + timedelta(days=32)).replace(day=1)
        d = d or _day_month(first, first.month, day)
        if g["wd_of"] and d:
            # (the weekday names which month: "Friday the 9th" is the next 9th that falls on a Friday)
            name = g["wd_of"].lower()
            weekday = _DAYS.index(name) if name in _DAYS else _DAY_ABBR[name]
            # (none within a year, "Friday 31st" in a year with no such day: the day of the month alone)
            later = (_add_months(d, n) for n in range(12))
            d = next((x for x in later if x.day == day and x.weekday() == weekday), d)
        return d
    return None


def _zh(m: re.Match, today: date) -> date | None:
    g = m.groupdict()
    if g["dot"]:
        month, day = g["dot"].split(".")
        return _day_month(today, int(month), int(day))
    if g["md"]:
        month, day = zh_int(g["m"]), zh_int(g["d"])
        if not (month and day):
            return None
        if g["yr"]:
            try:
                return date(today.year + ("今明后".index(g["yr"][0])), month, day)
            except ValueError:
                return None
        return _day_month(today, month, day)
    if g["simple"]:
        s = g["simple"]
        return today + timedelta(
            days=3 if s == "大后天" else 2 if s == "后天" else 1 if s.startswith("明") else 0
        )
    if g["wk"]:
        pre, wd = g["pre"] or "", g["wd"]
        target = 5 if wd == "末" else _ZH_DIGITS[wd] - 1
        monday = today - timedelta(days=today.weekday())
        if pre.startswith("下下"):
            return monday + timedelta(days=14 + target)
        if pre.startswith("下"):
            return monday + timedelta(days=7 + target)
        d = monday + timedelta(days=target)
        return d if d >= today else d + timedelta(days=7)
    if g["mday"]:
        day = zh_int(g["md_d"])
        first = _month_end(today) + timedelta(days=1) if g["which"].startswith("下") else today.replace(day=1)
        return _day_month(first, first.month, day) if day and day <= 31 else None
    if g["month"]:
        return (
            _month_end(today, 1 if g["month"].startswith("下") else 0)
            if "底" in g["month"] or "末" in g["month"]
            else _month_end(today) + timedelta(days=1)
        )
    if g["later"]:
        return _later(today, zh_int(g["n"]) or 1, g["unit"])
    if g["tod"]:
        return today
    if g["weekin"]:
        friday = today - timedelta(days=today.weekday()) + timedelta(days=4)
        if g["win"].startswith("下"):
            return friday + timedelta(days=7)
        return friday if friday >= today else friday + timedelta(days=2)  # (said at the weekend: its Sunday)
    if g["nextweek"]:
        return today - timedelta(days=today.weekday()) + timedelta(days=7)
    if g["day"]:
        day = zh_int(g["dd"])
        if not day or day > 31:
            return None
        if day >= today.day:
            d = _day_month(today, today.month, day)
            if d:
                return d
        nxt = _month_end(today) + timedelta(days=1)
        return _day_month(nxt, nxt.month, day)
    return None


def only_a_week(text: str) -> bool:
    """Whether the only time ``text`` names is a week with no day of it ("next week", "this week",
    "下周", "下礼拜"): :func:`due_date` gives that week's Monday, which is when the week begins, not
    a day anyone promised ("I'll get the keys cut at some point next week" is owed within the week).
    A day, a weekend or a week's end said with it is a day named ("next week, Tuesday probably",
    "by the end of next week").

    >>> [only_a_week(t) for t in ("I'll fix the shelf next week", "下周我抽空把车送去保养", "next weekend",
    ...                           "next week on Tuesday", "by the end of next week", "下周三", "no time",
    ...                           "by next week", "next week at the latest", "下周前")]
    [True, True, False, False, False, False, False, False, False, False]
    """
    found = [m for m in _EN.finditer(text) if not m.group("soon")] + list(_ZH.finditer(text))
    return (
        bool(found)
        and all(
            (
                m.re is _EN
                and (m.group("week") or "").lower() in ("next week", "this week")
                # (a deadline by the week to come is its start: "by next week", "next week at the latest")
                and not (
                    m.group("week").lower() == "next week"
                    and (
                        re.search(r"\b(?:by|before|until|till)\s+$", text[: m.start()], re.I)
                        or re.match(r"\s+at the latest\b", text[m.end() :], re.I)
                    )
                )
            )
            # (下周前 is a deadline; 下周前后, "around next week", is not)
            or (
                m.re is _ZH
                and bool(m.group("nextweek"))
                and not re.match(r"(?:之|以)?前(?!后)", text[m.end() :])
            )
            for m in found
        )
    )


# an hour of a day not named, in English ("at 3", "at 7pm", "around 4", "at noon", "after work",
# "after lunch", "in 5", "right now"): the day it is said, as the Chinese time of day is
# ("下午三点去接孩子"); a noun after it makes it a count, a street or a thing ("at 3 sessions a week",
# "at 10 Downing Street", "the after school club")
_CLOCK_EN = r"(?:[1-9]|1[0-2])(?:[:.][0-5]\d)?\s*(?:am|pm|ish|o'clock)?"
# what may follow an hour: its clause's end, a day, a word closing a chat line, or a word of purpose,
# place or company ("at 3 to drop off the keys", "at 6 for dinner"), not a noun it counts
_CLOSES_EN = r"then|today|tonight|tomorrow|and|so|ok|okay|lol|tho|though|if|when|x+"
_GOES_ON_EN = r"to|from|with|on|about|per|before|in|at|ish|or|this|next"
_HOUR_EN = re.compile(
    rf"\s*\b(?:(?:at|by)\s+(?:half\s+(?:past\s+)?)?{_CLOCK_EN}"
    # (not "for an hour", a setting: "set the oven at 6 for an hour")
    rf"(?=\s*(?:$|[,.!;?~)]|\b(?:{_CLOSES_EN}|{_GOES_ON_EN}|for(?!\s+(?:an?|\d+)\s+(?:hours?|mins?|minutes?)))\b))"
    # (around / about a number closing its clause or before an act, a subject, a thing brought or a
    # minute to the hour: "around 4", "around 3 to confirm", "about 4 with the cake", "about 10 to 6";
    # not a count, "about 12 for the bake sale", "about 10 to the party", "about 6 with me")
    rf"|(?:around|about)\s+{_CLOCK_EN}"
    r"(?=\s*(?:$|[,.!;?~)]|\b(?:then|today|tonight|tomorrow|and|so|ok|okay|lol|or|ish|about)\b"
    r"|\bto\s+(?!(?:the|my|our|a|an|his|her|their|your)\b)|\bwith\s+(?!(?:me|us|him|her|them)\b)))"
    r"|(?:(?:at|by|around)\s+(?:noon|midday|lunch(?:time)?|teatime|dinnertime)"
    r"|after\s+(?:work|lunch|school|class|dinner|tea|the\s+gym|my\s+shift)"
    r"|(?<!from\s)(?:right\s+)?now(?!\s+(?:on|that)\b)|right\s+away|straight\s+away"
    r"|in\s+(?:a\s+sec|a\s+min|a\s+minute|a\s+jiffy|5|10|15|20|30))"
    rf"(?=\s*(?:$|[,.!;?~)]|\b(?:{_CLOSES_EN}|{_GOES_ON_EN}|for)\b)))",
    re.IGNORECASE,
)
# a habit ("every night", "from now on") or a day gone by ("at 3 o'clock yesterday") in the hour's
# clause, or a habit as the sentence's opener ("From now on, I'll go to bed at 11"): no hour of today,
# and the hour is part of what is promised (not "I swim daily, I'll ring you at 4", "we did the rest
# 2 days ago" in a clause of its own)
_HABIT_EN = re.compile(
    r"\b(?:every|each|daily|nightly|from\s+now|(?:a|per)\s+(?:day|night|week|month))\b", re.I
)
_HABIT_OPENER_EN = re.compile(
    r"^\s*(?:from\s+now\s+on|(?:every|each)\s+\w+(?:\s+\w+)?|daily|nightly)\s*[,;]", re.I
)
_GONE_EN = re.compile(r"\b(?:yesterday|last\s+night|ago)\b", re.I)
# a count of what is done before "in 30" makes it a target ("swim 20 lengths in 30", "5k in 30"; not
# "finish the 2 reports in 20")
_TARGET_EN = re.compile(
    r"(?<!the\s)\b\d+\s*(?:k|km|miles?|laps?|lengths?|reps?|pages?|push-?ups?|sit-?ups?|squats?|words?|chapters?)\b",
    re.I,
)


def _clause_of(text: str, m: re.Match) -> tuple[int, int]:
    """Where the clause of ``text`` that holds the match ``m`` starts and ends (between commas,
    semicolons or "but")."""
    start, end = 0, len(text)
    for sep in re.finditer(r"[,;]|\bbut\b", text):
        if sep.end() <= m.start():
            start = sep.end()
        elif sep.start() >= m.end():
            end = sep.start()
            break
    return start, end


def _hour_en(text: str) -> re.Match | None:
    """The hour of a day ``text`` names for an act, or None: a habit or a day gone by makes it
    none, and so does a count of what is done before "in 30" ("swim 20 lengths in 30": a target)."""
    hour = _HOUR_EN.search(text)
    if hour is None or _HABIT_OPENER_EN.match(text):
        return None
    start, end = _clause_of(text, hour)
    clause = text[start:end]
    if (
        _HABIT_EN.search(clause)
        or _GONE_EN.search(clause)
        # (its clause up to the hour)
        or (hour.group().strip().lower().startswith("in ") and _TARGET_EN.search(text[start : hour.start()]))
    ):
        return None
    return hour


def hour_of_today_en(text: str, at: datetime) -> date | None:
    """The day an English line's hour with no day falls on: the day it is said ("I'll pick Lily
    up from school at 3", "gonna hit the gym after work", "I'll call you in 5"), or None when the
    line names a day or week of its own, a habit or a day gone by, or no such hour ("in a bit" and
    "later" name no hour).

    >>> [hour_of_today_en(t, datetime(2026, 3, 4, 10)) for t in ("I'll order the pizza at 7",
    ...  "I'll do it after lunch", "I'll pick it up at 3 tomorrow", "I'll text you in a bit",
    ...  "I'll be there in 10 minutes", "we're meeting at 5 on Friday", "I'll pay you back at 5%")]
    [datetime.date(2026, 3, 4), datetime.date(2026, 3, 4), None, None, None, None, None]
    >>> [hour_of_today_en(t, datetime(2026, 3, 4, 10)) for t in ("I'll stay at 3 sessions a week",
    ...  "I'll go to bed at 11 every night", "I'll meet you at 10 Downing Street", "I'll run 5k in 30",
    ...  "now that I think of it I'll call Mum", "I'll call you back at 3 o'clock yesterday",
    ...  "I'll make about 12 for the bake sale", "I'll swim 20 lengths in 30", "Every day, I'll walk the dog at 7")]
    [None, None, None, None, None, None, None, None, None]
    """
    if _hour_en(text) is None or _EN.search(text) or _ZH.search(text):
        return None
    return at.date()


# a time with no day or hour at all ("in a bit", "at some point", "later", "in May"): owed, but on no day
_VAGUE_EN = (
    rf"\s*\b(?:in\s+a\s+(?:bit|while)|at\s+some\s+point|later(?:\s+on)?|sometime|asap|soon"
    rf"|in\s+(?:early\s+|mid[- ]|late\s+)?(?:{_MONTH}))\b"
)


def without_hour_en(what: str, said: str = "") -> str:
    """``what`` with an hour of the day, or a time with no day, said at its end left out ("pick
    lily up from school at 3" -> "pick lily up from school", "text omar the address in a bit" ->
    "text omar the address"): when, not what. Where ``said`` names no hour of a day (a habit, "I'll
    stop eating after dinner from now on", or a target, "swim 20 lengths in 30") it stays."""
    what = re.sub(rf"(?:{_VAGUE_EN})\s*$", "", what, flags=re.IGNORECASE).strip() or what
    if said and _hour_en(said) is None:
        return what
    return re.sub(rf"(?:{_HOUR_EN.pattern})\s*$", "", what, flags=re.IGNORECASE).strip() or what


# a day said as the owner of a thing ("today's meeting", "today (1 September 2026)'s meeting")
_OWNER_DAY = re.compile(r"\)?(?:\s*\([^)]*\))?['’]s\s+[a-z]")


def due_date(text: str, at: datetime) -> date | None:
    """The first date ``text`` names for something to be done, anchored at ``at``; None when it
    names none. An anchored bracket ("(9 May 2023)") wins over the words before it, and a day and
    month over a weekday or a time of day said with it ("on Friday 13 March" is the 13th)."""
    today = at.date()
    owner_day = None  # "today's meeting", "Monday's pitch": a day that names a thing, not when
    bracket = _BRACKET.search(text)
    if bracket:
        try:
            anchored = datetime.strptime(bracket.group(1).title(), "%d %B %Y").date()
        except ValueError:
            anchored = None
        if anchored is not None and not _OWNER_DAY.match(text[bracket.end() :]):
            return anchored
        owner_day = anchored
    found_en = list(_EN.finditer(text))
    if any(m.group("md_m") or m.group("dm_m") for m in found_en):
        # a calendar date wins over a weekday or a time of day said with it: "by close of business
        # on Friday 13 March" (not over "tomorrow": "tomorrow, the deadline is March 20")
        found_en = [
            m for m in found_en if not (m.group("bare") or m.group("day") or _HOUR_OF.match(m.group()))
        ]
    if any(not m.group("soon") for m in found_en):
        # a day named beats "in 2 hours" said with it ("do the loop in 2 hours on Saturday": a time taken)
        found_en = [m for m in found_en if not m.group("soon")]
    for m in found_en:
        found = _en(m, today)
        if found is not None and _OWNER_DAY.match(text[m.end() :]):
            owner_day = owner_day or found
        elif found is not None:
            return found
    if owner_day is not None:
        return owner_day
    for m in _ZH.finditer(text):
        found = _zh(m, today)
        if found is not None:
            return found
    return next_holiday(text, today)  # "at Easter", "清明", "by Christmas": the next one


# a count of days, weeks or months ("a week", "two days", "a couple of months", "a fortnight")
SPAN_EN = rf"(?:{_NUM})\s+(?:day|week|month|fortnight)s?\b"
# a span something is put off by, after the act of putting off ("pushed it back a week", "delayed by
# two days", "moved the call back 3 days"; "推迟一周", "往后推了两天", "延期一个月"): not a day of its own
# (not a length of time: "moving house for a month", "拖了三天", "晚了两天")
_SPAN_EN = re.compile(
    rf"\b(?:push|pushed|pushing|put|putting|move|moved|moving|bump|bumped|delay|delayed|postpone|postponed|postponing|"
    rf"shift|shifted|kick|kicked)\b(?:\s+(?!(?:to|till|until|on)\b)[\w']+){{0,4}}?\s+(?:back|by|another)\s+(?:(?:about|around|roughly|another|an extra)\s+)?"
    rf"(?P<n>{_NUM})\s+(?P<unit>day|week|month|fortnight)s?\b(?!\s+(?:ago|before|early))"
    # (or to the same weekday after the one it had, a week on: "Book club's moving to the Thursday after")
    rf"|\b(?:push|pushed|pushing|move|moved|moving|bump|bumped|shift|shifted)\b[^,;.!?]*?\bto\s+the\s+"
    rf"(?:mon|tues|wednes|thurs|fri|satur|sun)day\s+after\b(?!\s+(?:next|that|this|the|my|our|\w+day)\b)"
    # (or asked for "the week after instead": "Can we do Sunday lunch the week after instead?", a week on)
    rf"|\bthe\s+(?:week|weekend)\s+after\s+instead\b",
    re.IGNORECASE,
)
_SPAN_ZH = re.compile(
    rf"(?:推迟|延期|延后|顺延|往后推|推后|往后挪|挪后|推)了?(?P<n>{_ZH_NUM})(?P<unit>天|周|个星期|星期|个礼拜|礼拜|个月)"
)


def put_off_span(text: str) -> str:
    """The words that put something off by a span ("pushed it back a week", "推迟一周"), or ""."""
    m = _SPAN_EN.search(text) or _SPAN_ZH.search(text)
    return m.group(0) if m else ""


def put_off_by(span: str, due: date) -> date | None:
    """``due`` moved on by the span :func:`put_off_span` found ("back a week": seven days later; a
    month, the same day of the next month), or None when ``span`` names none."""
    m = _SPAN_EN.search(span)
    if m and not m.group("n"):
        return _later(due, 1, "week")  # "to the Thursday after": a week on
    n = _count_en(m.group("n")) if m else None
    if not m:
        m = _SPAN_ZH.search(span)
        n = zh_int(m.group("n")) if m else None
    return _later(due, n, m.group("unit")) if m and n else None
