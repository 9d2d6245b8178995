"""Lines of the kind long real chats are full of that state no fact and no taste (#40). Read over
every turn of the LoCoMo and REALTALK dev chats, two facts in three the layers found were of this
kind: "work with" someone filed as an employer, a trip as a move, a hobby class as a job, "kept you
engaged" as an engagement, "enjoy yourself" as a taste. The lines here are written for the test in
the same shapes; each is checked beside one that does state the fact, so a fix cannot just drop
the key."""

from __future__ import annotations

from datetime import datetime

import pytest

from autogen_zettel.people.extract import extract_layers

AT = datetime(2026, 9, 1, 10, 0)


def _facts(text):
    return [(e.key, e.value) for e in extract_layers(text, speaker="Ben", at=AT) if e.layer == "fact"]


def _topics(text):
    return [e.value for e in extract_layers(text, speaker="Ben", at=AT) if e.layer == "preference"]


@pytest.mark.parametrize(
    "line",
    [
        "It's been amazing to work with such kind people.",
        "Post on social media and work with creators to reach more folks.",
        "These cookies work for everyone's diets.",
        "I'm thinking of working with refugees someday.",
    ],
)
def test_working_with_people_or_for_a_purpose_names_no_employer(line):
    assert [k for k, _ in _facts(line) if k == "employer"] == []


def test_an_organisation_one_works_for_or_with_is_still_the_employer():
    assert ("employer", "Google") in _facts("I work for Google.")
    assert ("employer", "BBC") in _facts("I left the bank, I work for the BBC now.")
    assert ("employer", "city council") in _facts("I work for the city council.")


def test_a_trip_is_no_move_and_the_way_home_is():
    assert _facts("I went to Porto, a lovely old city by the sea.") == []
    assert _facts("I went back home to Cork after college.") == [("residence", "Cork")]


def test_a_class_or_a_hobby_is_no_job_and_a_business_is():
    assert _facts("I started a weekend pottery class with a friend.") == []
    assert _facts("I think I'm an expert climber now.") == []
    assert _facts("Lately I've been reading up on nursing as a career.") == []
    assert _facts("It's lovely how you've grown as a painter.") == []
    assert ("job", "online shoe store") in _facts("I opened an online shoe store last spring.")
    assert ("job", "bakery") in _facts("Now I run a small bakery downtown.")


def test_losing_a_job_at_a_place_ends_it_and_does_not_restate_it():
    assert ("employer", "none") in _facts("I lost my job at the car parts company last week.")
    assert ("employer", "car parts company") not in _facts(
        "I lost my job at the car parts company last week."
    )


def test_married_and_engaged_are_said_of_the_speaker_not_of_anything():
    assert _facts("That game had a great story that kept you engaged.") == []
    assert _facts("There are the single ones and the married ones.") == []
    assert _facts("My boyfriend and I had a small, beautiful wedding ceremony on Saturday.") == [
        ("relationship", "married")
    ]
    assert _facts("Just engaged!!") == [("relationship", "engaged")]


def test_someone_elses_post_and_a_gerund_after_started_are_not_the_speakers():
    assert _facts("Cool to hear about your cousin's time as an engineer at Siemens.") == []
    assert _facts("I recently started Rewatching the whole series.") == []
    assert ("employer", "Siemens") in _facts("I'm an engineer at Siemens.")


@pytest.mark.parametrize(
    "line",
    ["Enjoy yourself!", "I love it here.", "I love getting lost in a good story.", "I love being immersed."],
)
def test_a_stance_on_a_person_a_place_word_or_a_state_is_no_taste(line):
    assert _topics(line) == []


def test_a_taste_runs_on_into_no_conjunction_or_adverb():
    assert _topics("I love his gadgets and that dry humour.") == ["gadgets"]
    assert _topics("I think sushi is overrated.") == ["sushi"]


@pytest.mark.parametrize(
    ("phrase", "topic"),
    [
        ("actually ravioli", "ravioli"),
        ("about competitive games", "competitive games"),
        ("google every time i", "google"),
        ("and they go all", ""),
        ("might be thinking of", ""),
        ("have ice", ""),
        ("down", ""),
        ("that dry humour", "dry humour"),
    ],
)
def test_a_topic_is_the_thing_without_the_words_chat_wraps_it_in(phrase, topic):
    from autogen_zettel.people.topics import clean_topic

    assert clean_topic(phrase) == topic


def test_a_role_told_of_as_past_is_no_job_now():
    assert _facts("Back when I worked as a waiter, I hated weekends.") == []
    assert _facts("I worked as a waiter for years.") == []
    assert _facts("I've worked as a nurse since 2019.") == [("job", "nurse")]
