"""Relative dates are anchored in the speaker's own time zone (#42): the day of the message's
aware ``at`` where it was said, not its UTC date."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, Message, SimulatedClock
from autogen_zettel.base.messages import validate_message
from tests.conftest import T0

DENVER = timezone(timedelta(hours=-7))
AUCKLAND = timezone(timedelta(hours=12))


def _hub(tmp_path):
    return MemoryHub.open(tmp_path / "data", embedder=HashEmbedder(), clock=SimulatedClock(T0))


@pytest.mark.parametrize(
    ("text", "at", "due", "anchor"),
    [
        (
            "I'll send the draft tomorrow.",
            datetime(2024, 5, 1, 20, 0, tzinfo=DENVER),
            date(2024, 5, 2),
            "2 May",
        ),
        ("I'll call the bank today.", datetime(2024, 5, 1, 8, 0, tzinfo=AUCKLAND), date(2024, 5, 1), "1 May"),
        ("I'll call the bank today.", "2024-05-01T08:00:00+12:00", date(2024, 5, 1), "1 May"),
        (
            "I'll send the draft tomorrow.",
            datetime(2024, 5, 2, 3, 0),
            date(2024, 5, 3),
            "3 May",
        ),  # naive: UTC
    ],
)
def test_relative_dates_use_the_speakers_own_day(tmp_path, text, at, due, anchor):
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        cards = mem.remember(text, speaker="ann", message_id="m1", at=at)
        assert f"({anchor} 2024)" in cards[0].content
        rows = mem.commitments()
        assert [r.due for r in rows] == [due], rows


def test_weekday_words_use_the_speakers_own_day(tmp_path):
    # 23:30 on Thursday 2 May in Denver is Friday 3 May in UTC: "by Friday" is tomorrow, not today
    at = datetime(2024, 5, 2, 23, 30, tzinfo=DENVER)
    with _hub(tmp_path) as hub:
        mem = hub.tenant("ann")
        mem.remember_many([Message("I will send you the report by Friday.", "ann", "m1", "s1", at)])
        assert [r.due for r in mem.commitments()] == [date(2024, 5, 3)]


def test_the_stored_time_stays_utc():
    m = validate_message({"text": "hi", "speaker": "ann", "at": "2024-05-01T20:00-07:00"})
    assert m.at == datetime(2024, 5, 2, 3, 0) and m.extra["local_at"] == datetime(2024, 5, 1, 20, 0)


def test_the_hubs_time_zone_places_naive_and_clock_times(tmp_path):
    from autogen_zettel.base.config import config_from_dict

    cfg = config_from_dict({"hub": {"time_zone": "America/Denver"}})
    utc_0200 = datetime(2024, 5, 2, 2, 0)  # 1 May 20:00 in Denver (UTC-6 in May)
    with MemoryHub.open(
        tmp_path / "data", embedder=HashEmbedder(), clock=SimulatedClock(utc_0200), config=cfg
    ) as hub:
        mem = hub.tenant("ann")
        said = mem.remember("I'll send the draft tomorrow.", speaker="ann", message_id="m1")  # at: the clock
        assert "(2 May 2024)" in said[0].content
        assert [r.due for r in mem.commitments()] == [date(2024, 5, 2)]
        # an aware at still wins: its own offset
        later = mem.remember(
            "I'll call the bank today.", speaker="ann", at=datetime(2024, 5, 1, 8, 0, tzinfo=AUCKLAND)
        )
        assert "(1 May 2024)" in later[0].content


def test_an_unknown_time_zone_is_a_config_error():
    from autogen_zettel.base.config import config_from_dict
    from autogen_zettel.base.errors import ConfigError

    with pytest.raises(ConfigError, match=r"hub\.time_zone.*Europe/Lisbon"):
        config_from_dict({"hub": {"time_zone": "Mars/Olympus"}})
