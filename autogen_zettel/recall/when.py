"""The time a query asks about, as periods, and the cards that fall in them: "what did Mel paint
in July 2023?" asks first about what was said, or said to have happened, in July 2023.

A period is ``(start, end)``, end exclusive. Relative words are first anchored against the
query's own time (:func:`~autogen_zettel.text.dates.anchor_dates`: "last year" asked in 2023 is
2022), then absolute dates are read: a day ("13 October 2023", "October 13, 2023",
"2023年10月13日"), a week or weekend ("week of 7 May 2023"), a month ("May 2023", "in June",
"2023年5月"), a year ("in 2022", "去年"), and days as chats write them ("21.01.2024",
"2024-01-19", "1/19/2024", "the 17th of January, 2024"). An ordering around a date ("the week
before August 3, 2023", "2023年8月3日之前那一周") adds the period it points at. A card fits when it
was made in a period or its text names a date in one (ingest anchors "yesterday" in cards the
same way).

Two more questions about time are read from the candidates alone: an ordering around an event
("the week after the charity race", :func:`boost_around_event`) and how long something has
lasted ("How long has Nate had his turtles?", :func:`boost_spans`).

>>> at = datetime(2023, 10, 20)
>>> [(s.date().isoformat(), e.date().isoformat()) for s, e in periods_in("What did Mel paint in July 2023?", at)]
[('2023-07-01', '2023-08-01')]
>>> [s.date().isoformat() for s, _ in periods_in("When did she go camping in June, and last year?", at)]
['2023-06-01', '2022-01-01']
>>> [(s.date().isoformat(), e.date().isoformat()) for s, e in periods_in("她2023年5月8日做了什么？", at)]
[('2023-05-08', '2023-05-09')]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime, timedelta

from autogen_zettel.base.cards import Card
from autogen_zettel.text.dates import NUMBER_PATTERN, NUMBER_WORDS, anchor_dates
from autogen_zettel.text.due import zh_int
from autogen_zettel.text.holidays import FIXED, FIXED_PATTERN
from autogen_zettel.text.lexical import tokens

__all__ = [
    "periods_in",
    "fits",
    "boost_dated",
    "ordered_event",
    "boost_around_event",
    "asks_how_long",
    "states_span",
    "boost_spans",
]

Period = tuple[datetime, datetime]

_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_MON = "|".join(_MONTHS)
_YEAR = r"(?:19|20)\d\d"
_ENGLISH = re.compile(
    rf"(?P<span>(?:week|weekend) of )?"
    rf"(?:\b(?P<d1>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<m1>{_MON}),? (?P<y1>{_YEAR})\b"
    rf"|\b(?P<m2>{_MON}) (?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,? (?P<y2>{_YEAR})\b"
    rf"|\b(?P<m3>{_MON}),? (?P<y3>{_YEAR})\b"
    rf"|\b(?:in|during|of|since|until|by) (?P<m4>{_MON})\b(?! \d)"
    rf"|(?<![\d:./-])\b(?P<y4>{_YEAR})\b(?![\d:/-]|\.\d)"
    # as written in chats and their exports: 19.01.2024 (day first), 2024-01-19 (also 2024.1.19
    # and 2024/1/19, as Chinese chats write it), 1/19/2024 (month first unless it cannot be)
    rf"|(?<![\d.])(?P<dd>\d{{1,2}})\.(?P<dm>\d{{1,2}})\.(?P<dy>{_YEAR})(?!\d)"
    rf"|(?<![\d./-])(?P<iy>{_YEAR})(?P<sep>[-./])(?P<im>\d{{1,2}})(?P=sep)(?P<id>\d{{1,2}})(?!\d)"
    rf"|(?<![\d/])(?P<sa>\d{{1,2}})/(?P<sb>\d{{1,2}})/(?P<sy>{_YEAR})(?!\d))",
    re.IGNORECASE,
)
_DIGIT = re.compile(r"\d")
_CHINESE = re.compile(
    r"(?:(?P<y>\d{4})年)?(?P<m>\d{1,2})月(?:(?P<d>\d{1,2})[日号])?|(?P<yo>\d{4})年|(?P<rel>去年|今年|前年|上个月|这个月|本月|昨天|前天|今天)"
)


def _month(year: int, month: int) -> Period:
    end = datetime(year + month // 12, month % 12 + 1, 1)
    return datetime(year, month, 1), end


def _day(year: int, month: int, day: int, span: str = "") -> Period | None:
    try:
        start = datetime(year, month, day)
    except ValueError:
        return None
    days = 7 if span.lower().startswith("week of") else 2 if span.lower().startswith("weekend") else 1
    return start, start + timedelta(days=days)


def _year(year: int) -> Period:
    return datetime(year, 1, 1), datetime(year + 1, 1, 1)


def _last(month: int, at: datetime) -> Period:
    """The month named without a year: the last one at or before ``at``."""
    return _month(at.year if month <= at.month else at.year - 1, month)


def _chinese(m: re.Match, at: datetime) -> Period | None:
    rel = m.group("rel")
    if rel:
        if rel in ("去年", "今年", "前年"):
            return _year(at.year - {"去年": 1, "今年": 0, "前年": 2}[rel])
        if rel in ("上个月", "这个月", "本月"):
            year, month = (at.year, at.month - 1) if rel == "上个月" else (at.year, at.month)
            return _month(year - (month == 0), month or 12)
        day = at - timedelta(days={"昨天": 1, "前天": 2, "今天": 0}[rel])
        return _day(day.year, day.month, day.day)
    if m.group("yo"):
        return _year(int(m.group("yo")))
    month = int(m.group("m"))
    if not 1 <= month <= 12:
        return None
    if m.group("y") is None:
        return _last(month, at)
    year = int(m.group("y"))
    return _day(year, month, int(m.group("d"))) if m.group("d") else _month(year, month)


def _english(m: re.Match, at: datetime) -> Period | None:
    g = m.groupdict()
    if g["dd"] or g["iy"] or g["sa"]:
        if g["dd"]:
            year, month, day = int(g["dy"]), int(g["dm"]), int(g["dd"])
        elif g["iy"]:
            year, month, day = int(g["iy"]), int(g["im"]), int(g["id"])
        else:
            a, b = int(g["sa"]), int(g["sb"])
            year, month, day = int(g["sy"]), *((b, a) if a > 12 else (a, b))
        return _day(year, month, day) if 1 <= month <= 12 else None
    month = next((g[k] for k in ("m1", "m2", "m3", "m4") if g[k]), None)
    number = _MONTHS.index(month.lower()) + 1 if month else 0
    if g["d1"] or g["d2"]:
        return _day(int(g["y1"] or g["y2"]), number, int(g["d1"] or g["d2"]), g["span"] or "")
    if g["m3"]:
        return _month(int(g["y3"]), number)
    if g["m4"]:
        if month.lower() == "may" and not re.search(r"\b(?:in|during) may\b", m.group(0), re.IGNORECASE):
            return None  # "by may" / "of may" is too often the verb
        return _last(number, at)
    return _year(int(g["y4"]))


_UNIT = {
    "day": timedelta(days=1),
    "week": timedelta(weeks=1),
    "month": timedelta(days=30),
    "year": timedelta(days=365),
}
_OFFSET = re.compile(
    rf"(?:(?P<n>{NUMBER_PATTERN}) (?P<unit>day|week|month|year)s?|the (?P<the>day|week|month)|(?:the |last )?(?P<we>weekend)"
    r"|(?P<plain>just|right|shortly|recently|the days?|a few days))?"
    r" ?(?P<dir>before|after|prior to|following|leading up to) (?:on |the )?$",
    re.IGNORECASE,
)


def _shift(before: str, period: Period) -> Period | None:
    """The period an ordering word before a date asks about: "the week before" it, "two weeks
    after" it, "the weekend before" it; a bare "before" / "after", the week next to it."""
    m = _OFFSET.search(before)
    if not m:
        return None
    back = m.group("dir").lower() in ("before", "prior to", "leading up to")
    if m.group("n"):
        n = m.group("n").lower()
        return _moved(
            period, back, m.group("unit").lower(), int(n) if n.isdigit() else NUMBER_WORDS.get(n, 1)
        )
    if m.group("we"):
        return _moved(period, back, "weekend")
    return _moved(period, back, (m.group("the") or "week").lower())


def _moved(period: Period, back: bool, unit: str, count: int | None = None) -> Period:
    """The period ``count`` units before (``back``) or after ``period`` (the week around that day);
    without a count, the whole unit next to it ("the week before": the seven days up to it); a
    weekend, the Saturday and Sunday before or after it."""
    start, end = period
    if unit == "weekend":
        if back:
            saturday = start - timedelta(days=(start.weekday() - 5) % 7 or 7)
        else:
            saturday = end + timedelta(days=(5 - end.weekday()) % 7)
        return saturday, saturday + timedelta(days=2)
    step = _UNIT[unit]
    if count is None:
        return (start - step, start) if back else (end, end + step)
    centre = start - count * step if back else start + count * step
    half = step / 2 if step > _UNIT["day"] else timedelta(0)
    return centre - half, centre + half + _UNIT["day"]


def periods_in(text: str, at: datetime) -> list[Period]:
    """The periods ``text`` names, relative words read as of ``at``, in the order named (once each)."""
    return list(_periods(text, at))


@functools.lru_cache(maxsize=20_000)
def _periods(text: str, at: datetime) -> tuple[Period, ...]:
    # kept: recall asks about the same candidate cards query after query
    out: list[Period] = []
    anchored = anchor_dates(text, at)
    for m in _ENGLISH.finditer(anchored):
        period = _english(m, at)
        if period:
            out.append(period)
            shifted = _shift(anchored[: m.start()], period)
            if shifted:  # "the week before 3 August 2023": that week too (the day itself stays)
                out.append(shifted)
    for m in _CHINESE.finditer(text):
        period = _chinese(m, at)
        if period:
            out.append(period)
            shifted = _shift_zh(text[m.end() :], period)
            if shifted:  # "8月3日之前那一周": that week too
                out.append(shifted)
    for m in _HOLIDAY.finditer(text):
        period = _holiday(m, at)
        out.append(period)
        shifted = _shift(text[: m.start()], period)
        if shifted:  # "the week before Christmas"
            out.append(shifted)
    return tuple(dict.fromkeys(out))


# the holidays on fixed days of the Gregorian calendar; the lunar ones (春节, 中秋, 除夕) move
# from year to year and are not read as periods.
_HOLIDAYS = FIXED
_HOLIDAY = FIXED_PATTERN


def _holiday(m: re.Match, at: datetime) -> Period:
    """The holiday's days: of the year named, or else its nearest occurrence to ``at`` (a
    question asked in January about New Year's Eve means the one just past; "gifts for
    Christmas" said on 20 December the one to come)."""
    said = m.group(0).lower().replace("’", "'")
    if said.startswith("nye"):
        key = "new year"
    elif said.startswith("xmas"):
        key = "christmas"
    else:
        key = next(k for k in _HOLIDAYS if said.startswith(k) or k in said)
    month, day, days = _HOLIDAYS[key]

    def on(year: int) -> datetime:
        if day:
            return datetime(year, month, day)
        first = datetime(year, month, 1)  # the fourth Thursday
        return first + timedelta(days=(3 - first.weekday()) % 7 + 21)

    if m.group("y"):  # "Christmas 2023": its own year (New Year 2024: the night before it began)
        start = on(int(m.group("y")) - (key == "new year" and not said.endswith("eve")))
    else:
        start = min(
            (on(y) for y in (at.year - 1, at.year, at.year + 1)),
            key=lambda d: abs(d - at.replace(tzinfo=None)),
        )
    return start, start + timedelta(days=days)


_ZH_OFFSET = re.compile(
    r"^(?:的)?(?:之|以)?(?P<dir>前|后)(?:的)?(?:那)?(?P<n>\d{1,2}|[一两二三四五六七八九十]?)(?:个)?"
    r"(?P<unit>天|周末|周|星期|礼拜|月)"
)
_ZH_UNIT = {"天": "day", "周": "week", "星期": "week", "礼拜": "week", "月": "month"}


def _shift_zh(after: str, period: Period) -> Period | None:
    """The Chinese ordering after a date, as :func:`_shift` reads the English one before it:
    "8月3日之前那一周", "5月10日前的周末", "3号后两天"."""
    m = _ZH_OFFSET.match(after)
    if not m:
        return None
    back = m.group("dir") == "前"
    if m.group("unit") == "周末":
        return _moved(period, back, "weekend")
    count = zh_int(m.group("n")) if m.group("n") else None
    return _moved(period, back, _ZH_UNIT[m.group("unit")], None if count == 1 else count)


def fits(card: Card, periods: Sequence[Period]) -> bool:
    """Whether ``card`` was made in one of ``periods`` or its text names a date in one."""
    if any(start <= card.created_at < end for start, end in periods):
        return True
    if not _DIGIT.search(card.content):
        return False  # the dates ingest anchored all carry a year: no digit, no date to read
    return any(
        s < end and start < e for s, e in _periods(card.content, card.created_at) for start, end in periods
    )


def boost_dated(
    immediate: Sequence[tuple[str, float]], cards: Mapping[str, Card], periods: Sequence[Period], boost: float
) -> list[tuple[str, float]]:
    """Raise by ``boost`` (a share) the hits whose card :func:`fits` ``periods``; re-sorted, best
    first. Only the candidates are looked at, never the whole tenant.

    >>> from autogen_zettel.base.cards import CardKind
    >>> card = lambda i, day: Card(i, i, CardKind.FACT, "Ada", datetime(2023, 5, day), (i,))
    >>> cards = {"early": card("early", 2), "late": card("late", 28)}
    >>> boost_dated([("early", 0.9), ("late", 0.8)], cards, periods_in("the week of 27 May 2023", datetime(2023, 6, 1)), 0.25)
    [('late', 1.0), ('early', 0.9)]
    """
    if boost <= 0 or not periods:
        return list(immediate)
    return _raised(immediate, lambda i: i in cards and fits(cards[i], periods), boost)


def _raised(
    immediate: Sequence[tuple[str, float]], chosen: Callable[[str], bool], boost: float
) -> list[tuple[str, float]]:
    """``immediate`` with the hits ``chosen`` picks raised by ``boost`` (a share), best first."""
    out = [(i, s * (1 + boost) if chosen(i) else s) for i, s in immediate]
    return sorted(out, key=lambda kv: (-kv[1], kv[0]))


_COUNT = (
    rf"(?:\d+(?:[-–]\d+)?|{NUMBER_PATTERN}|eleven|twelve|fifteen|twenty|thirty|several|many(?: many)?|some)"
)
_UNITS = r"(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?)"
_HOW_LONG = re.compile(
    # "how long did it take her to ...?" asks for the span between two events, which no one turn says
    r"\bhow long\b(?!.*\btake\b)|\bhow many (?:years|months|weeks|days|hours|minutes)\b(?!.*\b(?:take|passed|between)\b)"
    r"|多久|多长时间|几年了|几个月了|多少年",
    re.IGNORECASE,
)
_SPAN = re.compile(
    rf"\b(?:for|over|almost|nearly|about|around|past|last) (?:the (?:past|last) )?{_COUNT} {_UNITS}\b"
    rf"|\b{_COUNT} {_UNITS} (?:now|already|ago|straight|long|in a row)\b"
    r"|\b(?:ever since|since (?:I was|we were|he was|she was|they were|high school|college|childhood|"
    rf"(?:19|20)\d\d|last|{_MON}))\b"
    r"|\b(?:all my life|my whole life|for ages|for (?:many )?years|for months|for a while now|for a long time)\b"
    rf"|\b{_UNITS}-long\b"
    r"|[\d一二两三四五六七八九十几半]+(?:年|个月|个星期|周|天|小时)(?:了|多了|之久)|从小",
    re.IGNORECASE,
)


def asks_how_long(question: str) -> bool:
    """Whether ``question`` asks for a span of time: "How long has Nate had his turtles?"

    >>> asks_how_long("How long has Nate had his turtles?"), asks_how_long("你学钢琴多久了？"), asks_how_long("When did Nate get turtles?")
    (True, True, False)
    """
    return bool(_HOW_LONG.search(question))


def states_span(text: str) -> bool:
    """Whether ``text`` says how long something has lasted or how long ago it began: "I've had
    them for 3 years now", "ever since college", "我学了五年了". About one chat turn in 40 does.

    >>> states_span("I've had them for 3 years now and they bring me tons of joy!"), states_span("我学钢琴学了五年了。")
    (True, True)
    >>> states_span("I got two turtles at the fair.")
    False
    """
    return bool(_SPAN.search(text))


def boost_spans(
    immediate: Sequence[tuple[str, float]], cards: Mapping[str, Card], question: str, boost: float
) -> list[tuple[str, float]]:
    """For a question that :func:`asks_how_long`, raise by ``boost`` (a share) the hits whose card
    :func:`states_span`; re-sorted, best first. Other questions pass through unchanged."""
    if boost <= 0 or not asks_how_long(question):
        return list(immediate)
    return _raised(immediate, lambda i: i in cards and states_span(cards[i].content), boost)


_AROUND_EVENT = re.compile(
    rf"\b(?P<order>(?:{NUMBER_PATTERN}) (?:day|week|month)s?|the (?:day|week|weekend|month)) "
    r"(?P<dir>before|after|following|prior to) (?P<event>[^?.!,;:]+)",
    re.IGNORECASE,
)


def ordered_event(question: str) -> tuple[str, str] | None:
    """The ordering and the event a question places its answer around, when the event is not a
    date: ("the week after", "the charity race") for "What did Mel do the week after the
    charity race?". A date there is read by :func:`periods_in` instead.

    >>> ordered_event("What did Mel do the week after the charity race?")
    ('the week after ', 'the charity race')
    >>> ordered_event("What did John do the week before August 3, 2023?") is None
    True
    """
    m = _AROUND_EVENT.search(question)
    if not m or re.match(
        rf"(?:the )?(?:\d|(?:{_MON})\b|(?:last|next|this) )", m.group("event"), re.IGNORECASE
    ):
        return None
    return question[m.start() : m.start("event")], m.group("event").strip()


def boost_around_event(
    immediate: Sequence[tuple[str, float]], cards: Mapping[str, Card], question: str, boost: float
) -> list[tuple[str, float]]:
    """For "what did Mel do the week after the charity race?": the best candidate that tells of
    the event (most of its words, the higher one on a tie) anchors it on the day it was told, and
    the candidates of the period the ordering points at ("the week after": the seven days after
    that day) are raised by ``boost`` (a share), the anchor itself not. Re-sorted, best first;
    a question without such an ordering, or whose event no candidate tells, passes unchanged."""
    found = ordered_event(question) if boost > 0 else None
    if not found:
        return list(immediate)
    order, event = found
    words = set(tokens(event))
    best, cover = None, 0.0
    for i, _ in immediate:
        if i in cards and words:
            share = len(words & set(tokens(cards[i].content))) / len(words)
            if share > cover:
                best, cover = i, share
    if best is None or cover < 0.5:
        return list(immediate)
    told = cards[best].created_at
    day = datetime(told.year, told.month, told.day, tzinfo=told.tzinfo)
    period = _shift(order, (day, day + _UNIT["day"]))
    if period is None:
        return list(immediate)
    return _raised(immediate, lambda i: i != best and i in cards and fits(cards[i], [period]), boost)
