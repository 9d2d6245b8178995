"""Shapes the seventeenth labelled set's tune folds (0-2) showed unread (#40), each with variants
written after the fix. Folds 3-4 of that set are never read."""

from __future__ import annotations

from datetime import date, datetime

from autogen_zettel.people.extract import extract_layers
from autogen_zettel.text.due import due_date

AT = datetime(2026, 11, 4, 16, 40)  # a Wednesday


def _rows(text: str, layer: str, speaker: str = "Ann", previous: str | None = None):
    return [
        (e.key, e.value, e.score, e.kind)
        for e in extract_layers(text, speaker=speaker, at=AT, previous=previous)
        if e.layer == layer
    ]


def test_the_end_of_a_day_named_and_a_few_minutes_from_now_are_due_dates():
    assert due_date("I'll send round the minutes by end of day tomorrow", AT) == date(2026, 11, 5)
    assert due_date("eod tomorrow pls", AT) == date(2026, 11, 5)
    assert due_date("by close of business tomorrow", AT) == date(2026, 11, 5)
    assert due_date("by eod", AT) == date(2026, 11, 4)
    assert due_date("I'll ring you back in 10 mins", AT) == date(2026, 11, 4)
    assert due_date("back in an hour, will sort it then", AT) == date(2026, 11, 4)
    assert due_date("in two days", AT) == date(2026, 11, 6)  # a span of days stays one


def test_an_intolerance_is_the_same_restriction_as_an_allergy():
    facts = lambda t: [(k, v) for k, v, _, _ in _rows(t, "fact")]  # noqa: E731
    assert facts("lol I'm lactose intolerant fam, that cheesecake would end me") == [("allergy", "lactose")]
    assert facts("im gluten-intolerant so no pasta for me") == [("allergy", "gluten")]
    assert facts("I'm intolerant to wheat") == [("allergy", "wheat")]
    assert facts("I'm intolerant to people who chew loudly") == []


def test_a_change_of_taste_told_in_the_past_went_off():
    prefs = lambda t: [(v, s, k) for _, v, s, k in _rows(t, "preference")]  # noqa: E731
    assert prefs("went off running completely after the marathon, my knees said no") == [
        ("running", 0.1, "change")
    ]
    assert prefs("I kinda went off sushi tbh") == [("sushi", 0.1, "change")]
    for line in ("went off to uni last year", "the alarm went off at 6", "I went off on one at him"):
        assert prefs(line) == [], line


def _facts(text: str, speaker: str = "Ann"):
    return [
        (e.subject, e.key, e.value) for e in extract_layers(text, speaker=speaker, at=AT) if e.layer == "fact"
    ]


def test_a_third_person_by_our_name_or_doing_a_course_is_filed_under_them():
    assert _facts("Kev's doing a PhD at Edinburgh so he's basically never free", "Sian") == [
        ("Kev", "school", "Edinburgh")
    ]
    assert _facts("Priya is doing a masters in Leeds") == [("Priya", "school", "Leeds")]
    assert _facts("btw our Lucy got into Durham!! starts in October", "Wendy") == [
        ("Lucy", "school", "Durham")
    ]
    assert _facts("our Tom has moved to Leeds") == [("Tom", "residence", "Leeds")]
    assert _facts("Kev's doing my head in") == []


def test_a_new_address_in_full_names_its_town():
    assert _facts("we've moved!! new address is 14 Alder Road, Bristol, come over whenever") == [
        ("Ann", "residence", "Bristol")
    ]
    assert _facts("new address is Flat 3, 22 Kings Road, Brighton") == [("Ann", "residence", "Brighton")]


def test_an_animal_by_its_breed_or_named_beside_its_name_is_a_pet():
    assert _facts("Biscuit (our new beagle) has already eaten a shoe and half a sofa cushion") == [
        ("Ann", "pet", "beagle")
    ]
    assert _facts("Biscuit, our beagle, ate a shoe") == [("Ann", "pet", "beagle")]
    assert _facts("we adopted two guinea pigs") == [("Ann", "pet", "guinea pig")]
    assert _facts("our new spaniel stole my sandwich") == [("Ann", "pet", "spaniel")]
    assert not [f for f in _facts("I got a lab job") if f[1] == "pet"]
    assert _facts("my dog died") == []


def _states(text: str, speaker: str = "Anna"):
    return [
        (e.subject, e.kind, e.value)
        for e in extract_layers(text, speaker=speaker, at=AT)
        if e.layer == "status"
    ]


def test_the_rest_left_for_later_or_a_task_not_begun_until_later_is_put_off():
    assert _states(
        "got through about half the marking last night, the rest will have to wait till the weekend tbh"
    ) == [("Anna", "postponed", "marking")]
    assert _states("did some of the ironing, the rest will have to wait till tomorrow") == [
        ("Anna", "postponed", "ironing")
    ]
    assert _states(
        "Dev won't start on the kitchen till March now, some supplier delay apparently", "Fiona"
    ) == [("Dev", "postponed", "kitchen")]
    assert _states("I can't get to the gutters until next week") == [("Anna", "postponed", "gutters")]
    assert _states("The quote will have to wait till Monday") == [("Anna", "postponed", "quote")]
