"""The time a query asks about, as periods, and the cards that fall in them: "what did Mel paint
in July 2023?" asks first about what was said, or said to have happened, in July 2023.

A period is ``(start, end)``, end exclusive. Relative words are first anchored against the
query's own time (:func:`~autogen_zettel.text.dates.anchor_dates`: "last year" asked in 2023 is
2022), then absolute dates are read: a day ("13 October 2023", "October 13, 2023",
"2023年10月13日"), a week or weekend ("week of 7 May 2023"), a month ("May 2023", "in June",
"2023年5月"), a year ("in 2022", "去年"). A card fits when it was made in a period or its text
names a date in one (ingest anchors "yesterday" in cards the same way).

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
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

from autogen_zettel.base.cards import Card
from autogen_zettel.text.dates import anchor_dates

__all__ = ["periods_in", "fits", "boost_dated"]

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
    rf"(?:\b(?P<d1>\d{{1,2}})(?:st|nd|rd|th)? (?P<m1>{_MON}),? (?P<y1>{_YEAR})\b"
    rf"|\b(?P<m2>{_MON}) (?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,? (?P<y2>{_YEAR})\b"
    rf"|\b(?P<m3>{_MON}),? (?P<y3>{_YEAR})\b"
    rf"|\b(?:in|during|of|since|until|by) (?P<m4>{_MON})\b(?! \d)"
    rf"|(?<![\d:-])\b(?P<y4>{_YEAR})\b(?![\d:-]))",
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


def periods_in(text: str, at: datetime) -> list[Period]:
    """The periods ``text`` names, relative words read as of ``at``, in the order named (once each)."""
    return list(_periods(text, at))


@functools.lru_cache(maxsize=20_000)
def _periods(text: str, at: datetime) -> tuple[Period, ...]:
    # kept: recall asks about the same candidate cards query after query
    out: list[Period] = []
    for m in _ENGLISH.finditer(anchor_dates(text, at)):
        g = m.groupdict()
        month = next((g[k] for k in ("m1", "m2", "m3", "m4") if g[k]), None)
        number = _MONTHS.index(month.lower()) + 1 if month else 0
        if g["d1"] or g["d2"]:
            period = _day(int(g["y1"] or g["y2"]), number, int(g["d1"] or g["d2"]), g["span"] or "")
        elif g["m3"]:
            period = _month(int(g["y3"]), number)
        elif g["m4"]:
            if month.lower() == "may" and not re.search(r"\b(?:in|during) may\b", m.group(0), re.IGNORECASE):
                continue  # "by may" / "of may" is too often the verb
            period = _last(number, at)
        else:
            period = _year(int(g["y4"]))
        if period:
            out.append(period)
    out.extend(p for p in (_chinese(m, at) for m in _CHINESE.finditer(text)) if p)
    return tuple(dict.fromkeys(out))


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
    out = [(i, s * (1 + boost) if i in cards and fits(cards[i], periods) else s) for i, s in immediate]
    return sorted(out, key=lambda kv: (-kv[1], kv[0]))
