"""Card quality: relative dates anchored to the message time (words kept), short confirmations kept."""

from __future__ import annotations

from datetime import datetime

import pytest

from autogen_zettel.text.dates import anchor_dates

MON = datetime(2023, 5, 8, 13, 56)  # a Monday
SAT = datetime(2023, 5, 13, 10, 0)


@pytest.mark.parametrize(
    "text, at, expected",
    [
        ("I ran a charity race yesterday.", MON, "I ran a charity race yesterday (7 May 2023)."),
        ("We met last night", MON, "We met last night (7 May 2023)"),
        ("The exam is tomorrow", SAT, "The exam is tomorrow (14 May 2023)"),
        ("I moved here last year", MON, "I moved here last year (2022)"),
        ("Next month I start a new job", MON, "Next month (June 2023) I start a new job"),
        ("last month", datetime(2023, 1, 5), "last month (December 2022)"),
        ("I went camping last week", MON, "I went camping last week (week of 1 May 2023)"),
        ("last weekend was fun", MON, "last weekend (weekend of 6 May 2023) was fun"),
        ("last weekend was fun", SAT, "last weekend (weekend of 6 May 2023) was fun"),
        ("I saw her last Friday", MON, "I saw her last Friday (5 May 2023)"),
        ("see you next Monday", MON, "see you next Monday (15 May 2023)"),
        ("two weeks ago", MON, "two weeks ago (week of 24 April 2023)"),
        ("I adopted her 3 years ago", MON, "I adopted her 3 years ago (2020)"),
        ("a few days ago", MON, "a few days ago (5 May 2023)"),
    ],
)
def test_relative_dates_are_anchored(text, at, expected):
    assert anchor_dates(text, at) == expected


def test_anchoring_twice_changes_nothing_and_plain_text_is_kept():
    once = anchor_dates("I painted it yesterday.", MON)
    assert anchor_dates(once, MON) == once
    assert anchor_dates("Painting is my favourite hobby.", MON) == "Painting is my favourite hobby."


def test_cards_carry_the_anchored_date(hub):
    mem = hub.tenant("mel")
    cards = mem.remember("I went to a pottery class yesterday and loved it.", speaker="Mel", at=MON)
    assert cards[0].content == "I went to a pottery class yesterday (7 May 2023) and loved it."
    assert mem.recall("pottery class 7 May", k=1, at=SAT)[0].card.id == cards[0].id


def test_a_short_confirmation_that_settles_something_is_kept_and_tied_to_the_proposal(hub):
    from autogen_zettel.cards.refine import refine_message

    assert refine_message("Great, see you soon!", speaker="Bo", message_id="x") == []
    assert refine_message("Nice, sounds good.", speaker="Bo", message_id="x") == []
    mem = hub.tenant("team")
    mem.remember(
        "Should we build the microservices with FastAPI or Flask?",
        speaker="Ann",
        message_id="q",
        session_id="s",
        at=MON,
    )
    cards = mem.remember(
        "Great, microservices with FastAPI it is.",
        speaker="Bo",
        message_id="a",
        session_id="s",
        reply_to="q",
        at=MON,
    )
    assert [c.content for c in cards] == ["Great, microservices with FastAPI it is."]
    kinds = {(link.dst, link.kind.value) for link in mem.links(cards[0].id)} | {
        (link.src, link.kind.value) for link in mem.links(cards[0].id)
    }
    proposal = mem.cards()[0]
    assert (proposal.id, "REPLY_TO") in kinds


def test_a_thing_asked_and_answered_too_short_for_a_card_keeps_its_answer():
    from autogen_zettel.cards.refine import refine_message

    def contents(text):
        return [c.content for c in refine_message(text, speaker="Bo", message_id="x")]

    # the answer ("That's dealt with.") was dropped as small talk and the card kept the bare question
    assert contents("The damp thing with the landlord? That's dealt with.") == [
        "The damp thing with the landlord? That's dealt with."
    ]
    assert contents("My visa renewal? All sorted!") == ["My visa renewal? All sorted!"]
    assert contents("The passport forms? It's done.") == ["The passport forms? It's done."]
    # thanks after a question answer nothing
    assert contents("Remember the quiz? Thanks!") == ["Remember the quiz?"]


def test_a_question_put_to_the_hearer_is_not_joined_to_an_answer_of_something_else():
    from autogen_zettel.cards.atoms import split_facts
    from autogen_zettel.cards.refine import refine_message

    # the review of the fourth session: "All done here" answers nothing asked of the car
    assert [
        c.content for c in refine_message("Is the car fixed? All done here.", speaker="Bo", message_id="x")
    ] == ["Is the car fixed?"]
    # news of the hearer is no praise: the two facts stay two
    assert split_facts("My sister lives in Leeds, you're a teacher Anna.") == [
        "My sister lives in Leeds",
        "you're a teacher Anna.",
    ]
