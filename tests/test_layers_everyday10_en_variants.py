"""Variants of the round 10 English fixes (#40), written after each fix (not blind): two lines of
each structural class the fixes read, other words than the blind scenarios, read through facts(),
preferences() and commitments()."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    commitment_of as _one,
    current as _current,
    heard,
    preference_holding as _pref_of,
    preference_row as _pref,
)

# TUE is Tuesday 1 September 2026
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))
NEXT_TUE = date(2026, 9, 8)


# -- a liking of before turned by a comma clause that says "now" (its I dropped) ----------------


def test_v_used_to_hate_mushrooms_love_them_now(default_hub):
    mem = heard(default_hub, "e10v_p01", [(0, "Kim", "Used to hate mushrooms, love them these days.")])
    assert _pref(mem, "Kim", "mushrooms").value > 0.5


def test_v_used_to_love_techno_cant_stand_it_anymore(default_hub):
    mem = heard(default_hub, "e10v_p02", [(0, "Rob", "Used to love techno but can't stand it anymore.")])
    assert _pref(mem, "Rob", "techno").value < 0.5


# -- chat's "w" for "with", and a chat cry at the head of a stance ------------------------


def test_v_obsessed_w_pickleball(default_hub):
    mem = heard(default_hub, "e10v_p03", [(0, "Tia", "ooh obsessed w pickleball atm")])
    assert _pref_of(mem, "Tia", "pickleball").value > 0.5


def test_v_wow_hooked_on_wordle(default_hub):
    mem = heard(default_hub, "e10v_p04", [(0, "Abe", "wow, totally hooked on wordle rn")])
    assert _pref_of(mem, "Abe", "wordle").value > 0.5


# -- an employer's name ending before a time said of it ("so far", "at the moment") --------------


def test_v_a_job_at_ocado_so_far(default_hub):
    mem = heard(default_hub, "e10v_f01", [(0, "Ned", "Really enjoying my job at Ocado so far.")])
    assert _current(mem, "Ned", "employer") == ["Ocado"]


def test_v_working_for_unilever_at_the_moment(default_hub):
    mem = heard(default_hub, "e10v_f02", [(0, "Uma", "I work for Unilever at the moment.")])
    assert _current(mem, "Uma", "employer") == ["Unilever"]


# -- "Back in <town> now" with its "I'm" dropped ---------------------------------------------


def test_v_back_in_dundee_now(default_hub):
    mem = heard(
        default_hub,
        "e10v_f03",
        [
            (0, "Isla", "I live in Perth."),
            (90, "Isla", "Back in Dundee now after two years away."),
        ],
    )
    assert _current(mem, "Isla", "residence") == ["Dundee"]


def test_v_left_manchester_back_in_stockport(default_hub):
    mem = heard(
        default_hub,
        "e10v_f04",
        [(0, "Cal", "Left Manchester in March, back in Stockport now.")],
    )
    assert _current(mem, "Cal", "residence") == ["Stockport"]


# -- a day put right after a promise ("make that", "*day", "back to <day>", "I meant") ----------


def test_v_make_that_tuesday(default_hub):
    mem = heard(
        default_hub,
        "e10v_c01",
        [
            (0, "Orla", "I'll send the invoice on Monday."),
            (0, "Orla", "Sorry, make that Tuesday, Monday's a bank holiday."),
        ],
    )
    c = _one(mem, "Orla")
    assert (c.status, c.due) == ("open", NEXT_TUE)


def test_v_an_asterisk_friday(default_hub):
    mem = heard(
        default_hub,
        "e10v_c02",
        [
            (0, "Jas", "will collect the parcel tmrw"),
            (0, "Jas", "*friday"),
        ],
    )
    c = _one(mem, "Jas")
    assert (c.status, c.due) == ("open", FRI)


def test_v_i_meant_thursday(default_hub):
    mem = heard(
        default_hub,
        "e10v_c03",
        [
            (0, "Bram", "I'll bring the tent round on Saturday."),
            (0, "Bram", "Oops, I meant Thursday, I'm away at the weekend."),
        ],
    )
    c = _one(mem, "Bram")
    assert (c.status, c.due) == ("open", THU)


# -- a bare agreement with the line before ("same", "me too", "+1", "ditto") ---------------------


def test_v_ditto_to_an_allergy(default_hub):
    mem = heard(
        default_hub,
        "e10v_g01",
        [
            (0, "Rina", "Just so you know, I'm allergic to peanuts."),
            (0, "Oskar", "ditto"),
        ],
    )
    assert "peanut" in " ".join(_current(mem, "Oskar", "allergy"))


def test_v_me_too_to_a_like(default_hub):
    mem = heard(
        default_hub,
        "e10v_g02",
        [
            (0, "Hal", "I adore sea swimming."),
            (0, "Wren", "me too!! 🙌"),
        ],
    )
    assert _pref_of(mem, "Wren", "swimming").value > 0.5


def test_v_same_to_a_question_says_nothing(default_hub):
    mem = heard(
        default_hub,
        "e10v_g03",
        [
            (0, "Hal", "Does anyone here like sea swimming?"),
            (0, "Wren", "same"),
        ],
    )
    assert mem.preferences(subject="Wren") == []


# -- a thing allowed as fine, then another put above it; "X is my (real) passion / obsession" ----


def test_v_the_bus_is_fine_but_cycling_is_better(default_hub):
    mem = heard(default_hub, "e10v_p05", [(0, "Lev", "The bus is fine but cycling is way better.")])
    assert _pref(mem, "Lev", "cycling").value > 0.5


def test_v_pop_is_okay_but_folk_is_so_much_nicer(default_hub):
    mem = heard(default_hub, "e10v_p06", [(0, "Amy", "Pop is okay, I suppose, but folk is so much nicer.")])
    assert _pref(mem, "Amy", "folk").value > 0.5


def test_v_crosswords_are_my_new_obsession(default_hub):
    mem = heard(default_hub, "e10v_p07", [(0, "Gil", "Cryptic crosswords are my new obsession.")])
    assert _pref_of(mem, "Gil", "crosswords").value > 0.5


def test_v_baking_is_my_true_passion(default_hub):
    mem = heard(default_hub, "e10v_p08", [(0, "Noa", "Work pays the bills but baking is my true passion.")])
    assert _pref(mem, "Noa", "baking").value > 0.5


# -- an employer named with the time spent there, "for" dropped ("been at Amazon 2 weeks now") ---


def test_v_been_at_tesco_a_year_now(default_hub):
    mem = heard(
        default_hub,
        "e10v_f05",
        [
            (0, "Raj", "I work at Sainsbury's head office."),
            (60, "Raj", "left sainsburys, been at Tesco a year now"),
        ],
    )
    assert _current(mem, "Raj", "employer") == ["Tesco"]


def test_v_at_arup_three_months(default_hub):
    mem = heard(default_hub, "e10v_f06", [(0, "Sia", "I've been at Arup three months and I love it.")])
    assert _current(mem, "Sia", "employer") == ["Arup"]


# -- a task taken over by someone else, said by the verb "take over" ------------------------------


def test_v_my_sister_has_taken_over_the_school_run(default_hub):
    mem = heard(
        default_hub,
        "e10v_c04",
        [
            (0, "Lottie", "I'll do the school run on Friday."),
            (1, "Lottie", "My sister has taken over the school run from me."),
        ],
    )
    assert _one(mem, "Lottie").status == "cancelled"


def test_v_jo_will_take_over_the_rota(default_hub):
    mem = heard(
        default_hub,
        "e10v_c05",
        [
            (0, "Dom", "I'll sort out the cleaning rota."),
            (2, "Dom", "Jo's taking over the cleaning rota, I've got too much on."),
        ],
    )
    assert _one(mem, "Dom").status == "cancelled"


# -- a voice-to-text run-on parted into its first-person clauses ---------------------------------


def test_v_a_run_on_with_a_new_employer_and_a_promise(default_hub):
    mem = heard(
        default_hub,
        "e10v_m01",
        [
            (
                0,
                "Tamsin",
                "ok so basically I started at Ocado last month and honestly I love it there and "
                "I'll tell you all about it on Friday when I see you",
            )
        ],
    )
    assert _current(mem, "Tamsin", "employer") == ["Ocado"]
    c = _one(mem, "Tamsin")
    assert (c.status, c.due) == ("open", FRI)


def test_v_a_run_on_ending_in_a_promise(default_hub):
    mem = heard(
        default_hub,
        "e10v_m02",
        [
            (
                0,
                "Becca",
                "so I was at the shops earlier and I saw your mum and she says hi and also I'm "
                "gonna send you that recipe tonight",
            )
        ],
    )
    c = _one(mem, "Becca")
    assert c.status == "open" and "recipe" in c.what, c.what


# -- an employer's capitalised name ending like a role ("-er") is still an employer ---------------


def test_v_working_at_unilever(default_hub):
    mem = heard(default_hub, "e10v_f08", [(0, "Pim", "I'm working at Unilever.")])
    assert _current(mem, "Pim", "employer") == ["Unilever"]


def test_v_working_for_schneider_now(default_hub):
    mem = heard(
        default_hub,
        "e10v_f09",
        [
            (0, "Lou", "I work at Siemens."),
            (80, "Lou", "I'm working for Schneider now."),
        ],
    )
    assert _current(mem, "Lou", "employer") == ["Schneider"]
