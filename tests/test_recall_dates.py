"""Questions about time: the periods a query names (recall/when.py) raise the candidates made in
them, or naming a date in them, by ``recall.tuning.date_boost`` (recall/progressive.py)."""

from datetime import datetime

from autogen_zettel import HashEmbedder, MemoryHub
from autogen_zettel.base.cards import Card, CardKind
from autogen_zettel.base.config import MemoryConfig
from autogen_zettel.recall.when import (
    asks_how_long,
    boost_around_event,
    boost_dated,
    boost_spans,
    fits,
    ordered_event,
    periods_in,
    states_span,
)

AT = datetime(2023, 10, 20, 12)


def _days(text, at=AT):
    return [(s.date().isoformat(), e.date().isoformat()) for s, e in periods_in(text, at)]


def test_english_days_months_years_and_relative_words_become_periods():
    assert _days("What painting did Mel show on October 13, 2023?") == [("2023-10-13", "2023-10-14")]
    assert _days("What did Gina find on 1 February, 2023?") == [("2023-02-01", "2023-02-02")]
    assert _days("What setback did she face in October 2023?") == [("2023-10-01", "2023-11-01")]
    assert _days("When did Mel go camping in July?") == [("2023-07-01", "2023-08-01")]
    assert _days("When did Mel go camping in December?") == [("2022-12-01", "2023-01-01")]  # the last one
    assert _days("Where did they travel last year?") == [("2022-01-01", "2023-01-01")]
    assert _days("What did she do yesterday?") == [("2023-10-19", "2023-10-20")]
    assert _days("How many times did she go to the beach in 2023?") == [("2023-01-01", "2024-01-01")]


def test_dates_as_chats_and_their_exports_write_them():
    assert _days("Which recipe did Paola try on 21.01.2024?") == [("2024-01-21", "2024-01-22")]
    assert _days("What happened on the 17th of January, 2024?") == [("2024-01-17", "2024-01-18")]
    assert _days("And on 2024-01-19?") == [("2024-01-19", "2024-01-20")]
    assert _days("她2024.1.19做了什么？") == _days("2024/01/19那天呢？") == [("2024-01-19", "2024-01-20")]
    assert _days("It was in 2023. Then") == [("2023-01-01", "2024-01-01")]
    assert _days("on 1/19/2024") == _days("on 19/1/2024") == [("2024-01-19", "2024-01-20")]
    assert _days("on 3/4/2024") == [("2024-03-04", "2024-03-05")]  # month first when both could be
    assert _days("on 31.13.2024") == []  # no month 13


def test_an_ordering_before_a_date_adds_the_period_it_points_at_and_keeps_the_date():
    assert _days("What did John do the week before August 3, 2023?") == [
        ("2023-08-03", "2023-08-04"),
        ("2023-07-27", "2023-08-03"),
    ]
    assert _days("What did she do the day after 2024-01-19?")[1] == ("2024-01-20", "2024-01-21")
    # 10 April 2023 is a Monday: "last weekend before" it is the 8th and 9th, not the weekend
    # before the question was asked
    assert _days("What did Maria do last weekend before April 10, 2023?") == [
        ("2023-04-10", "2023-04-11"),
        ("2023-04-08", "2023-04-10"),
    ]
    two_weeks = periods_in("the puppy she got two weeks before August 11, 2023", AT)[1]
    assert two_weeks[0] < datetime(2023, 7, 28) < two_weeks[1] <= datetime(2023, 8, 2)
    assert _days("What happened recently before 5th of January 2024?")[1] == ("2023-12-29", "2024-01-05")
    assert _days("the weekend after 12 May 2023")[1] == ("2023-05-13", "2023-05-15")
    assert _days("I went there last weekend before the exam.") == []  # an event, not a date
    # the same in Chinese, where the ordering follows the date
    assert _days("2023年8月3日之前那一周他做了什么？") == _days("the week before 3 August 2023")
    assert _days("2023年4月10日前的周末呢？") == _days("the weekend before 10 April 2023")
    assert _days("2023年8月11日前两周") == _days("two weeks before 11 August 2023")
    assert _days("2024年1月19日后一天") == _days("the day after 19 January 2024")


def test_how_long_questions_and_the_texts_that_say_a_span():
    assert asks_how_long("For how long has Nate had his turtles?")
    assert asks_how_long("她在上海住了多久？")
    assert not asks_how_long("When did Nate get his turtles?")
    assert not asks_how_long("How long did it take for Jon to open his studio?")
    for said in (
        "I've had them for 3 years now!",
        "I have been playing for many many years.",
        "I typically hold it for 30-60 seconds.",
        "Ever since college I've painted.",
        "我在上海住了五年了。",
    ):
        assert states_span(said), said
    for said in ("I got two turtles at the fair.", "3 turtles!", "See you in a few."):
        assert not states_span(said), said
    cards = {
        "fair": _card("fair", "Nate got turtles at the fair.", AT),
        "span": _card("span", "Had them for 3 years now.", AT),
    }
    ranked = [("fair", 0.9), ("span", 0.6)]
    assert [i for i, _ in boost_spans(ranked, cards, "How long has Nate had turtles?", 1.0)] == [
        "span",
        "fair",
    ]
    assert boost_spans(ranked, cards, "When did Nate get turtles?", 1.0) == ranked
    assert boost_spans(ranked, cards, "How long has Nate had turtles?", 0.0) == ranked


def test_words_that_only_look_like_dates_are_not_periods():
    assert _days("I may go to the lake") == []
    assert _days("She ran 2023 metres at 10:30") == [("2023-01-01", "2024-01-01")]  # a year-like number
    assert _days("The bus at 10:2023 left") == []  # a clock or id, not a year
    assert _days("What does Mel paint?") == []


def test_chinese_dates_and_relative_words_become_periods():
    assert _days("她2023年5月8日做了什么？") == [("2023-05-08", "2023-05-09")]
    assert _days("他2023年7月去了哪里？") == [("2023-07-01", "2023-08-01")]
    assert _days("去年他们去了哪里？") == [("2022-01-01", "2023-01-01")]
    assert _days("上个月呢？") == [("2023-09-01", "2023-10-01")]
    assert _days("他12月去了哪里？") == [("2022-12-01", "2023-01-01")]


def _card(cid, text, at):
    return Card(cid, text, CardKind.FACT, "Mel", at, (cid,))


def test_a_card_fits_by_when_it_was_made_or_by_the_date_it_names():
    july = periods_in("in July 2023", AT)
    assert fits(_card("a", "We painted a sunset.", datetime(2023, 7, 14)), july)
    # said in August about last month: ingest anchored it as "last month (July 2023)"
    assert fits(_card("b", "We went camping last month (July 2023).", datetime(2023, 8, 2)), july)
    assert not fits(_card("c", "We painted a lake.", datetime(2023, 8, 2)), july)


def test_boost_dated_raises_only_fitting_candidates_and_is_off_at_zero():
    cards = {
        "june": _card("june", "x", datetime(2023, 6, 3)),
        "july": _card("july", "y", datetime(2023, 7, 3)),
    }
    ranked = [("june", 0.9), ("july", 0.8)]
    july = periods_in("in July 2023", AT)
    assert [i for i, _ in boost_dated(ranked, cards, july, 0.25)] == ["july", "june"]
    assert boost_dated(ranked, cards, july, 0.0) == ranked
    assert boost_dated(ranked, cards, [], 0.5) == ranked


def _recall(query, date_boost):
    cfg = MemoryConfig()
    tuning = cfg.recall.tuning.model_copy(
        update={"date_boost": date_boost, "hops": 0, "importance_weight": 0.0}
    )
    cfg = cfg.model_copy(update={"recall": cfg.recall.model_copy(update={"tuning": tuning})})
    with MemoryHub.open(memory=True, embedder=HashEmbedder(), config=cfg) as hub:
        mem = hub.tenant("t")
        mem.remember_many(
            [
                {
                    "text": "Mel and the kids painted a big sunset painting together.",
                    "speaker": "Mel",
                    "message_id": "june",
                    "session_id": "s1",
                    "at": datetime(2023, 6, 10, 10),
                },
                {
                    "text": "Mel and the kids painted a lake.",
                    "speaker": "Mel",
                    "message_id": "july",
                    "session_id": "s2",
                    "at": datetime(2023, 7, 12, 10),
                },
                {
                    "text": "The weather was cold and rainy all week.",
                    "speaker": "Ann",
                    "message_id": "rain",
                    "session_id": "s2",
                    "at": datetime(2023, 7, 12, 11),
                },
            ]
        )
        return [h.card.source_ids[0] for h in mem.recall(query, k=2, at=AT)]


def test_recall_puts_the_card_of_the_named_month_first_only_with_the_boost():
    query = "What did Mel and the kids paint together in July 2023?"
    assert _recall(query, 0.0)[0] == "june"  # more words in common
    assert _recall(query, 1.0)[0] == "july"
    assert (
        _recall("What did Mel and the kids paint together?", 1.0)[0] == "june"
    )  # no period named: no change


def test_a_dated_query_at_a_timezone_aware_time_compares_with_the_cards_naive_utc_times():
    from datetime import timezone

    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("t")
        mem.remember(
            "We painted a lake in July.", speaker="Mel", message_id="m1", at=datetime(2023, 7, 12, 10)
        )
        hits = mem.recall(
            "What did Mel paint in July 2023?", k=1, at=datetime(2023, 10, 20, tzinfo=timezone.utc)
        )
        assert [h.card.source_ids[0] for h in hits] == ["m1"]


def test_an_ordering_around_an_event_raises_the_period_after_the_day_it_was_told():
    assert ordered_event("Where did Mel go the week after the charity race?") == (
        "the week after ",
        "the charity race",
    )
    assert ordered_event("What did Mel do two days before her recital?") == (
        "two days before ",
        "her recital",
    )
    assert ordered_event("What did Mel do after the race?") is None  # no span: too loose to place
    assert ordered_event("What did Mel do the week after 3 May 2023?") is None  # a date: periods_in
    race = _card("race", "Mel ran the charity race for the shelter.", datetime(2023, 5, 6, 15))
    lake = _card("lake", "We camped at the lake.", datetime(2023, 5, 9, 10))
    hills = _card("hills", "We went camping with the kids in the hills.", datetime(2023, 5, 25, 10))
    cards = {c.id: c for c in (race, lake, hills)}
    ranked = [("hills", 0.9), ("race", 0.8), ("lake", 0.5)]
    question = "Where did Mel go camping the week after the charity race?"
    assert [i for i, _ in boost_around_event(ranked, cards, question, 1.0)] == ["lake", "hills", "race"]
    before = "Where did Mel go camping the week before the charity race?"
    assert boost_around_event(ranked, cards, before, 1.0) == ranked  # nothing told that week
    assert boost_around_event(ranked, cards, question, 0.0) == ranked
    # no candidate tells of the event: nothing to place the week by
    assert boost_around_event(ranked, cards, "Where did Mel go the week after the wedding?", 1.0) == ranked


def test_holidays_on_fixed_days_are_their_nearest_occurrence_or_the_year_named():
    asked = datetime(2024, 1, 30)
    assert _days("What plans did Kevin have on New Year's Eve?", asked) == [("2023-12-31", "2024-01-02")]
    assert _days("元旦去哪了？", asked) == [("2023-12-31", "2024-01-02")]
    # "gifts for Christmas" said on 20 December: the one to come
    assert _days("gifts for her coworkers for Christmas", datetime(2023, 12, 20)) == [
        ("2023-12-24", "2023-12-27")
    ]
    assert _days("What did they eat at Thanksgiving?", datetime(2023, 12, 5)) == [
        ("2023-11-23", "2023-11-27")
    ]
    assert ("2022-11-24", "2022-11-28") in _days("Thanksgiving 2022", asked)
    assert _days("the week before Christmas", datetime(2023, 12, 28))[1] == ("2023-12-17", "2023-12-24")
    assert _days("Did they go to the Christmas market?", datetime(2023, 7, 1)) == [
        ("2023-12-24", "2023-12-27")
    ]
