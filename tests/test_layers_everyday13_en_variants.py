"""Variants of the fixes of the thirteenth blind everyday round (#40), English: each fix's shape in
other words, written after the fix (two each), so a fix is a reading and not one line's patch."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _one,
    current as _current,
    heard,
)

# TUE is Tuesday 1 September 2026
TUE, WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (1, 2, 3, 4, 5, 6, 7))


def _said(hub, tenant, speaker, line):
    return heard(hub, tenant, [(0, speaker, line)])


# -- chat's one-letter words, in a promise and in the request a yes answers --------------------


def test_v_lemme_n_u_in_a_promise(default_hub):
    c = _one(_said(default_hub, "e13env_c1a", "Jo", "lemme look n get back to u tmrw"), "Jo")
    assert (c.status, c.due) == ("open", WED), c


@pytest.mark.parametrize(
    "asked,yes,due",
    [
        ("can u grab ur mum's parcel fri?", "yep on it", FRI),
        ("could u water ur nan's plants thurs?", "sure, will do x", THU),
    ],
)
def test_v_a_yes_to_a_request_in_chat_spelling(default_hub, asked, yes, due):
    t = f"e13env_c1_{len(asked)}"
    mem = heard(default_hub, t, [(0, t, asked), (0, "Ros", yes)])
    c = _one(mem, "Ros")
    assert (c.status, c.due) == ("open", due), c


# -- an employer before the verb its working is the subject of ---------------------------------


@pytest.mark.parametrize(
    "line,employer",
    [
        ("honestly working at Lidl is not bad, the hours suit me", "Lidl"),
        ("the worst bit of working for Ryanair is the 4am starts ngl", "Ryanair"),
    ],
)
def test_v_working_somewhere_as_a_subject(default_hub, line, employer):
    mem = _said(default_hub, f"e13env_f1_{len(line)}", "Pat", line)
    assert _current(mem, "Pat", "employer") == [employer], _all(mem)


def test_v_working_somewhere_that_was(default_hub):
    mem = _said(default_hub, "e13env_f1c", "Pat", "working at Boots was awful tbh")
    assert _current(mem, "Pat", "employer") == [], _all(mem)


# -- veggie, a nurse not a vampire, years driving buses ----------------------------------------


@pytest.mark.parametrize(
    "line", ["been veggie for years now", "Being veggie, I always end up with the halloumi"]
)
def test_v_veggie_is_vegetarian(default_hub, line):
    mem = _said(default_hub, f"e13env_f2_{len(line)}", "Vi", line)
    assert _current(mem, "Vi", "diet") == ["vegetarian"], _all(mem)


@pytest.mark.parametrize(
    "line,job",
    [("im a teacher not a babysitter lol", "teacher"), ("I'm a chef not a magician", "chef")],
)
def test_v_a_job_then_what_one_is_not(default_hub, line, job):
    mem = _said(default_hub, f"e13env_f3_{len(line)}", "Al", line)
    assert _current(mem, "Al", "job") == [job], _all(mem)


@pytest.mark.parametrize(
    "line,job",
    [
        ("6 years driving taxis and i still get lost lol", "taxi driver"),
        ("been driving trucks since i was 21", "truck driver"),
    ],
)
def test_v_years_spent_driving(default_hub, line, job):
    mem = _said(default_hub, f"e13env_f4_{len(line)}", "Mo", line)
    assert _current(mem, "Mo", "job") == [job], _all(mem)


def test_v_years_spent_driving_before_something_ended_them(default_hub):
    mem = _said(default_hub, "e13env_f4c", "Mo", "10 years driving vans before I retired")
    assert _current(mem, "Mo", "job") == [], _all(mem)


# -- a thing found well or got, then thanks to the one named -----------------------------------


@pytest.mark.parametrize(
    "promise,news",
    [
        ("I'll post your parcel tomorrow.", "Got the parcel, cheers Dom!"),
        ("I'll walk your dog on Friday while you're at work.", "dog's knackered and happy, ta Dom x"),
    ],
)
def test_v_thanks_after_the_thing_got_or_found_well(default_hub, promise, news):
    t = f"e13env_t1_{len(news)}"
    mem = heard(default_hub, t, [(0, "Dom", promise), (4, t, news)])
    assert _one(mem, "Dom").status == "done"


def test_v_thanks_after_something_else_closes_nothing(default_hub):
    mem = heard(
        default_hub,
        "e13env_t1c",
        [(0, "Dom", "I'll fix your bike on Friday."), (1, "e13env_t1c", "Weather's awful, cheers Dom")],
    )
    assert _one(mem, "Dom").status == "open"


# -- the rest still in a state of its own: partly done -----------------------------------------


@pytest.mark.parametrize(
    "news",
    [
        "Kitchen's spotless, bathroom's still a state though.",
        "Kitchen done, the bathroom still untouched lol",
    ],
)
def test_v_the_rest_still_untouched(default_hub, news):
    t = f"e13env_t2_{len(news)}"
    mem = heard(
        default_hub,
        t,
        [(0, "Lu", "I'll clean the kitchen and the bathroom on Saturday."), (5, "Lu", news)],
    )
    assert _one(mem, "Lu").status == "open"


# -- a plan left till later, and moved by the one it was promised to ---------------------------


def test_v_leaving_a_plan_till_later(default_hub):
    mem = heard(
        default_hub,
        "e13env_t3a",
        [
            (0, "Bram", "I'll tile the bathroom on Friday."),
            (1, "Bram", "gonna leave the bathroom till next week, no grout left"),
        ],
    )
    c = _one(mem, "Bram")
    assert c.status == "open" and (c.due is None or c.due > FRI), c


def test_v_a_plan_moved_by_the_one_it_was_promised_to(default_hub):
    mem = heard(
        default_hub,
        "e13env_t3b",
        [
            (0, "Noor", "I'll help you paint the hallway on Saturday."),
            (2, "e13env_t3b", "Noor, let's leave the hallway till Sunday"),
        ],
    )
    c = _one(mem, "Noor")
    assert (c.status, c.due) == ("open", SUN), c


# -- a plan put off by a pro-form, and to the same weekday a week on ---------------------------


@pytest.mark.parametrize(
    "lines",
    [
        [(3, "Kit", "about the car boot sale"), (3, "Kit", "gonna push it back a week, van's in the garage")],
        [(3, "Kit", "the car boot sale thing"), (3, "Kit", "pushed it back two weeks, sorry")],
    ],
)
def test_v_put_off_by_a_pro_form_for_the_thing_named_before(default_hub, lines):
    t = f"e13env_t4_{len(lines[1][2])}"
    mem = heard(default_hub, t, [(0, "Kit", "I'll run a stall at the car boot sale on Sunday."), *lines])
    c = _one(mem, "Kit")
    assert c.status == "open" and c.due is not None and c.due >= date(2026, 9, 13), c


@pytest.mark.parametrize(
    "promise,news,due",
    [
        (
            "I'll host the quiz at mine on Friday.",
            "Quiz night's moving to the Friday after, too many away",
            date(2026, 9, 11),
        ),
        (
            "I'll run the choir practice on Wednesday.",
            "we've moved choir practice to the Wednesday after",
            date(2026, 9, 9),
        ),
    ],
)
def test_v_moved_to_the_same_weekday_after(default_hub, promise, news, due):
    t = f"e13env_t5_{len(promise)}"
    mem = heard(default_hub, t, [(0, "Eli", promise), (1, "Eli", news)])
    c = _one(mem, "Eli")
    assert (c.status, c.due) == ("open", due), c


# -- one's own animal doing something ----------------------------------------------------------


@pytest.mark.parametrize(
    "line,pet",
    [
        ("ugh, our puppy chewed my new trainers", "puppy"),
        ("late again, my dog stole my sock and ran off with it lol", "dog"),
    ],
)
def test_v_one_s_own_animal_doing_something(default_hub, line, pet):
    mem = _said(default_hub, f"e13env_f5_{len(line)}", "Kai", line)
    assert _current(mem, "Kai", "pet") == [pet], _all(mem)


def test_v_someone_else_s_animal_or_its_death_gives_no_pet(default_hub):
    mem = heard(
        default_hub,
        "e13env_f5c",
        [(0, "Kai", "my sister's dog barked all night"), (1, "Kai", "my old cat died last spring")],
    )
    assert _current(mem, "Kai", "pet") == [], _all(mem)


# -- a task done told by its thing working again, or by papers landing -------------------------


@pytest.mark.parametrize(
    "promise,news",
    [
        ("I'll fix your laptop this week.", "Your laptop's usable again, new battery in"),
        ("I'll sort the boiler out tomorrow.", "boiler's working again, toasty in here"),
    ],
)
def test_v_a_thing_working_again(default_hub, promise, news):
    t = f"e13env_t6_{len(news)}"
    mem = heard(default_hub, t, [(0, "Gus", promise), (2, "Gus", news)])
    assert _one(mem, "Gus").status == "done"


@pytest.mark.parametrize(
    "promise,news",
    [
        ("I'll renew the passport applications this month.", "New passport forms just arrived, all good"),
        ("I'll order the replacement bank cards today.", "The replacement bank cards have landed"),
    ],
)
def test_v_a_thing_of_three_words_landing(default_hub, promise, news):
    t = f"e13env_t7_{len(news)}"
    mem = heard(default_hub, t, [(0, "Gus", promise), (3, "Gus", news)])
    assert _one(mem, "Gus").status == "done"


# -- an allergen of two words, and "this" allergy ----------------------------------------------


@pytest.mark.parametrize(
    "line,allergen",
    [
        ("no pesto for me, my tree nut allergy says no", "tree nut"),
        ("sneezing my head off, this dust mite allergy is the worst", "dust mite"),
    ],
)
def test_v_an_allergen_of_two_words(default_hub, line, allergen):
    mem = _said(default_hub, f"e13env_f6_{len(line)}", "Bo", line)
    assert _current(mem, "Bo", "allergy") == [allergen], _all(mem)


def test_v_this_allergy_of_someone_else(default_hub):
    mem = _said(default_hub, "e13env_f6c", "Bo", "this peanut allergy of his is scary tbh")
    assert _current(mem, "Bo", "allergy") == [], _all(mem)


# -- a plan left till later by who owes it, said with gonna ------------------------------------


def test_v_gonna_leave_the_thing_till_later(default_hub):
    mem = heard(
        default_hub,
        "e13env_t8",
        [
            (0, "Wyn", "I'll repaint the shed on Saturday."),
            (1, "Wyn", "gonna leave the shed till Sunday, too windy"),
        ],
    )
    c = _one(mem, "Wyn")
    assert (c.status, c.due) == ("open", SUN), c


# -- noticed beside the round: a driver's plural in -ies, another's job at an employer ---------


@pytest.mark.parametrize(
    "line,job",
    [("I drive lorries for a living", "lorry driver"), ("been driving lorries since 2015", "lorry driver")],
)
def test_v_a_driver_of_lorries(default_hub, line, job):
    mem = _said(default_hub, f"e13env_f7_{len(line)}", "Cy", line)
    assert _current(mem, "Cy", "job") == [job], _all(mem)


@pytest.mark.parametrize(
    "line", ["His job at Google sounds boring tbh", "your new job at Aviva sounds great!"]
)
def test_v_another_s_job_at_an_employer(default_hub, line):
    mem = _said(default_hub, f"e13env_f8_{len(line)}", "Cy", line)
    assert _current(mem, "Cy", "employer") == [], _all(mem)
