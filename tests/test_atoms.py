"""Atomic facts and who "you" is: the heuristic refiner's card boundaries and the addressee
named beside "you" (the original words kept)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autogen_zettel import HashEmbedder, MemoryHub, Message
from autogen_zettel.cards.atoms import (
    addressee_of,
    depends,
    embed_text,
    name_addressee,
    name_speaker,
    split_facts,
)
from autogen_zettel.cards.refine import refine_message
from autogen_zettel.memory.tenant import tenant_parts

T0 = datetime(2024, 5, 6, 10)  # a Monday


def contents(text: str, **kw) -> list[str]:
    return [d.content for d in refine_message(text, speaker="Ana", message_id="m1", **kw)]


def test_a_compound_decision_becomes_one_card_per_fact():
    assert contents(
        "we chose FastAPI for the microservices and Postgres for storage, Ana owns the migration by Friday"
    ) == [
        "we chose FastAPI for the microservices",
        "we chose Postgres for storage",
        "Ana owns the migration by Friday",
    ]


@pytest.mark.parametrize(
    "sentence, facts",
    [
        (
            "My sister lives in Boston and I live in Lisbon.",
            ["My sister lives in Boston", "I live in Lisbon."],
        ),
        (
            "Caroline is going to a conference in July, Melanie starts her pottery class next week.",
            ["Caroline is going to a conference in July", "Melanie starts her pottery class next week."],
        ),
        # a clause that points back, or has no subject of its own, stays where it is
        (
            "I went to a support group yesterday and it was so powerful.",
            ["I went to a support group yesterday and it was so powerful."],
        ),
        (
            "We took the kids camping last weekend, they loved the lake.",
            ["We took the kids camping last weekend, they loved the lake."],
        ),
        (
            "I bought apples, pears and bananas for the party.",
            ["I bought apples, pears and bananas for the party."],
        ),
        ("Hey Mel, good to see you!", ["Hey Mel, good to see you!"]),
        (
            "I love painting, my kids love it too, and we go to the park on Sundays.",
            ["I love painting, my kids love it too", "we go to the park on Sundays."],
        ),
        # a verdict on the hearer closing the sentence is for what was told before it
        (
            "Back home and the plants are all thriving, you're a star Marisol.",
            ["Back home and the plants are all thriving, you're a star Marisol."],
        ),
        (
            "The cat was fed every day and I watered the tomatoes, you're an angel!",
            ["The cat was fed every day and I watered the tomatoes, you're an angel!"],
        ),
        (
            "I moved to Leeds last year, you're a nurse in York right?",
            ["I moved to Leeds last year", "you're a nurse in York right?"],
        ),
        # other scripts keep their sentences whole
        (
            "Ich wohne in Köln und meine Schwester wohnt in Bonn.",
            ["Ich wohne in Köln und meine Schwester wohnt in Bonn."],
        ),
    ],
)
def test_split_facts(sentence, facts):
    assert split_facts(sentence) == facts


def test_whole_sentences_stay_together_and_what_points_back_stays_attached():
    # one card per sentence cost 3.4 points of held-out R@10 on LoCoMo (2.1 cards per turn):
    # whole sentences keep the old grouping, one card per 60 words
    assert contents("Hi! I adopted a puppy named Oscar last week. I love long walks.") == [
        "I adopted a puppy named Oscar last week. I love long walks."
    ]
    assert contents(
        "We moved to Lisbon and Ana took the job at the port, it was a big step. Then we bought a boat."
    ) == ["We moved to Lisbon", "Ana took the job at the port, it was a big step. Then we bought a boat."]
    assert depends("That was fun.") and depends("She loved it.") and not depends("Ana was there.")


def test_more_facts_than_cards_are_merged_in_order():
    text = "I live in Lisbon, my sister lives in Porto, Bo plays the cello, and we run on Sundays."
    cards = contents(text, max_cards=3)
    assert cards == ["I live in Lisbon", "my sister lives in Porto", "Bo plays the cello; we run on Sundays."]


@pytest.mark.parametrize(
    "sentence",
    [
        "By the way, I've been trying out cooking recipes.",  # no subject before the comma
        "Taking your advice, I'm sprucing up my business plan.",
        "It took a bit of time but I wanted to make the place cozy.",
        "Glad it all worked out and you had a good time at the park!",
    ],
)
def test_no_split_after_an_opening_phrase(sentence):
    assert split_facts(sentence) == [sentence]


def test_the_old_grouping_is_kept_behind_atomic_false():
    text = "We chose FastAPI for the API and Postgres for storage, Ana owns the migration."
    assert contents(text, atomic=False) == [text]


def test_a_short_confirmation_that_settles_something_stays_a_card():
    assert contents("Great, microservices with FastAPI it is.") == [
        "Great, microservices with FastAPI it is."
    ]
    assert contents("OK, let's go with Postgres.") == ["OK, let's go with Postgres."]
    assert contents("Thanks, see you!") == []


def test_addressee_is_named_then_replied_to_then_the_other_of_two():
    assert addressee_of("Bo, can you take notes?", speaker="Ana", participants=["Ana", "Bo", "Cy"]) == "Bo"
    assert addressee_of("@cy can you?", speaker="Ana", participants=["Ana", "Bo", "Cy"]) == "Cy"
    assert (
        addressee_of("Can you take notes?", speaker="Ana", participants=["Ana", "Bo", "Cy"], previous="Cy")
        == "Cy"
    )
    assert addressee_of("Can you take notes?", speaker="Ana", participants=["Ana", "Bo"]) == "Bo"
    # a group chat with no name and no reply: unsure, so nothing is claimed
    assert addressee_of("Can you take notes?", speaker="Ana", participants=["Ana", "Bo", "Cy"]) is None
    assert addressee_of("Can you?", speaker="Ana", participants=["Ana"], previous="Ana") is None


def test_name_addressee_keeps_the_words_and_skips_generic_you():
    assert name_addressee("Did you finish your thesis?", "Bo") == "Did you (Bo) finish your thesis?"
    assert name_addressee("Thank you! Your cake was great.", "Bo") == "Thank you! Your (Bo) cake was great."
    assert name_addressee("You know, it rained.", "Bo") == "You know, it rained."
    assert name_addressee("Bo, did you go?", "Bo") == "Bo, did you go?"  # already named
    assert name_addressee("Did you (Bo) go?", "Bo") == "Did you (Bo) go?"
    assert name_addressee("Did you go?", None) == "Did you go?"


def test_cards_of_a_two_person_chat_say_who_you_is_and_explain_their_source():
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ana")
        mem.remember_many(
            [
                Message("I defended my thesis on coral reefs yesterday!", "Bo", "m1", "s1", T0),
                Message(
                    "Congrats! Did you celebrate with your family?",
                    "Ana",
                    "m2",
                    "s1",
                    T0 + timedelta(minutes=1),
                    reply_to="m1",
                ),
            ]
        )
        cards = {c.source_ids[0]: c for c in mem.cards()}
        assert cards["m1"].content == "I defended my thesis on coral reefs yesterday (5 May 2024)!"
        assert cards["m1"].speaker == "Bo"  # "I" is the speaker: recorded, and embedded as "Bo: ..."
        assert cards["m2"].content.endswith("Did you (Bo) celebrate with your family?")
        hits = mem.recall("Did Bo celebrate with family?", k=1, at=T0 + timedelta(days=1))
        assert hits[0].card.source_ids == ("m2",)


def test_a_reply_captured_on_its_own_names_the_speaker_of_the_stored_message_it_answers():
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ana")
        mem.remember_many([Message("I start the new job at the harbour on Monday.", "Cy", "m1", "s1", T0)])
        mem.remember_many(
            [
                Message(
                    "Are you nervous about the new job?",
                    "Ana",
                    "m2",
                    "s1",
                    T0 + timedelta(minutes=1),
                    reply_to="m1",
                )
            ]
        )
        card = next(c for c in mem.cards() if c.source_ids == ("m2",))
        assert card.content == "Are you (Cy) nervous about the new job?"


def test_the_index_sees_who_i_is_and_the_card_keeps_the_words():
    assert name_speaker("I moved to Porto with my sister.", "Ann") == "I (Ann) moved to Porto with my sister."
    assert name_speaker("Yes, I'm in.", "Ann") == "Yes, I'm (Ann) in."
    assert name_speaker("Ann here: I moved.", "Ann") == "Ann here: I moved."  # named already
    assert name_speaker("Ich wohne in Köln.", "Ann") == "Ich wohne in Köln."
    assert embed_text("Ann", "I love figs.") == "Ann: I (Ann) love figs."
    with MemoryHub.open(memory=True, embedder=HashEmbedder()) as hub:
        mem = hub.tenant("ann")
        mem.remember_many([Message("I don't eat coriander.", "Ann", "m1", "s1", T0)])
        card = mem.cards()[0]
        assert card.content == "I don't eat coriander."  # claims read the first person
        assert [(c["topic"], c["polarity"]) for c in tenant_parts(mem).db.claims.of([card.id])] == [
            ("coriander", -1)
        ]
