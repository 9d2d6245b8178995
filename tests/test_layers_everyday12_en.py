"""A twelfth round of blind everyday scenarios (#40), English: each a few days of chat heard by one
tenant of the default hub and read only through facts(), preferences() and commitments(). The
lines were written and committed before any of them was run, unlike the earlier rounds' lines
(other verbs, other registers, other people), and weighed towards task states told in everyday
words on a later day: done told by its result or a side remark (a car back from the garage, a
cake loved, a letter sent off, "all sorted", "that's dealt with"), postponed ("after the
holidays", "bumped to next month", "can we push it"), called off ("scrap that", "not happening
anymore", "forget the barbecue"), partly done, still not done, and the news told by the other
person (a thank-you for a lift, plants found thriving); promises in texting style (ill, 2moro,
u, thurs, "will do" to a request); facts told in passing, lowercase, with typos or by
implication (a bus from one's place, a husband cooking, a dog to walk, marking for one's pupils);
and lines that must give nothing (a question, a wish, a job long over, sarcasm, a song quote, a
place only visited, hyperbole, a promise asked about or withheld, a joke job)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _one,
    current as _current,
    heard,
    no_fact as _no_fact,
    no_promise as _no_promise,
    no_rows as _nothing,
    preferences_holding as _holding,
)

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Thursday the 3rd, Friday the 4th.
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))
NEXT_MONTH = date(2026, 10, 1)


# -- task states: done, told by a result or a side remark -------------------------------------


def test_t_a_car_back_from_the_garage(default_hub):
    mem = heard(
        default_hub,
        "e12en_t01",
        [
            (0, "Bronwen", "I'll take your car in for its MOT on Thursday."),
            (4, "Bronwen", "Your car's back from the garage, passed with no advisories."),
        ],
    )
    assert _one(mem, "Bronwen").status == "done"


def test_t_a_cake_she_loved(default_hub):
    mem = heard(
        default_hub,
        "e12en_t02",
        [
            (0, "Tilly", "I'll bake Gran's birthday cake on Saturday."),
            (6, "Tilly", "Gran loved the cake, she had three slices!"),
        ],
    )
    assert _one(mem, "Tilly").status == "done"


def test_t_a_contract_sent_off(default_hub):
    mem = heard(
        default_hub,
        "e12en_t03",
        [
            (0, "Magnus", "I'll post the signed contract back to you tomorrow."),
            (1, "Magnus", "Sent it off this morning, recorded delivery."),
        ],
    )
    assert _one(mem, "Magnus").status == "done"


def test_t_a_refund_all_sorted(default_hub):
    mem = heard(
        default_hub,
        "e12en_t04",
        [
            (0, "Priti", "I'll sort out the council tax refund this week."),
            (3, "Priti", "Council tax refund is all sorted now."),
        ],
    )
    assert _one(mem, "Priti").status == "done"


def test_t_the_damp_dealt_with(default_hub):
    mem = heard(
        default_hub,
        "e12en_t05",
        [
            (0, "Eamon", "I'll have a word with the landlord about the damp."),
            (2, "Eamon", "The damp thing with the landlord? That's dealt with."),
        ],
    )
    assert _one(mem, "Eamon").status == "done"


# -- task states: postponed --------------------------------------------------------------------


def test_t_the_loft_after_the_holidays(default_hub):
    mem = heard(
        default_hub,
        "e12en_t06",
        [
            (0, "Rhiannon", "I'll clear out the loft on Saturday."),
            (3, "Rhiannon", "We'll do the loft after the holidays instead."),
        ],
    )
    c = _one(mem, "Rhiannon")
    assert c.status == "open" and (c.due is None or c.due > SAT), (c.status, c.due)


def test_t_a_quiz_night_bumped_to_next_month(default_hub):
    mem = heard(
        default_hub,
        "e12en_t07",
        [
            (0, "Keiran", "I'll run the quiz night on Friday."),
            (2, "Keiran", "Quiz night's been bumped to next month."),
        ],
    )
    c = _one(mem, "Keiran")
    assert c.status == "open" and (c.due is None or c.due >= NEXT_MONTH), (c.status, c.due)


def test_t_can_we_push_the_cv(default_hub):
    mem = heard(
        default_hub,
        "e12en_t08",
        [
            (0, "Solveig", "I'll come round and help with your CV on Thursday."),
            (1, "Solveig", "Can we push the CV thing to Monday? Work's mad."),
        ],
    )
    c = _one(mem, "Solveig")
    assert (c.status, c.due) == ("open", MON)


# -- task states: called off -------------------------------------------------------------------


def test_t_scrap_that_table(default_hub):
    mem = heard(
        default_hub,
        "e12en_t09",
        [
            (0, "Dougie", "I'll book a table at the Thai place for Friday."),
            (0, "Dougie", "Actually scrap that, the Thai place is shut for a refurb."),
        ],
    )
    assert _one(mem, "Dougie").status == "cancelled"


def test_t_a_leaving_do_not_happening_anymore(default_hub):
    mem = heard(
        default_hub,
        "e12en_t10",
        [
            (0, "Ffion", "I'll organise a leaving do for Raj next Friday."),
            (2, "Ffion", "Raj's leaving do isn't happening anymore, he's staying after all."),
        ],
    )
    assert _one(mem, "Ffion").status == "cancelled"


def test_t_forget_the_barbecue(default_hub):
    mem = heard(
        default_hub,
        "e12en_t11",
        [
            (0, "Ollie", "I'll host a barbecue on Sunday for everyone."),
            (3, "Ollie", "Forget the barbecue, it's meant to pour all weekend."),
        ],
    )
    assert _one(mem, "Ollie").status == "cancelled"


# -- task states: partly done and not done yet -------------------------------------------------


def test_t_gutters_done_windows_not(default_hub):
    mem = heard(
        default_hub,
        "e12en_t12",
        [
            (0, "Imogen", "I'll clean the gutters and the windows on Saturday."),
            (4, "Imogen", "Gutters done, ran out of daylight for the windows."),
        ],
    )
    assert _one(mem, "Imogen").status == "open"


def test_t_not_got_round_to_the_table_leg(default_hub):
    mem = heard(
        default_hub,
        "e12en_t13",
        [
            (0, "Harvey", "I'll fix the wobbly table leg this week."),
            (6, "Harvey", "Haven't got round to the table leg yet, sorry."),
        ],
    )
    assert _one(mem, "Harvey").status == "open"


# -- task states: the news told by the other person --------------------------------------------


def test_t_thanks_for_the_lift(default_hub):
    mem = heard(
        default_hub,
        "e12en_t14",
        [
            (0, "Lorcan", "I'll give you a lift to the station tomorrow morning."),
            (2, "e12en_t14", "Thanks for the lift yesterday, Lorcan!"),
        ],
    )
    assert _one(mem, "Lorcan").status == "done"


def test_t_plants_found_thriving(default_hub):
    mem = heard(
        default_hub,
        "e12en_t15",
        [
            (0, "Marisol", "I'll water your plants while you're away next week."),
            (9, "e12en_t15", "Back home and the plants are all thriving, you're a star Marisol."),
        ],
    )
    assert _one(mem, "Marisol").status == "done"


# -- commitments in texting style --------------------------------------------------------------


def test_c_milk_on_the_way_home(default_hub):
    mem = heard(default_hub, "e12en_c01", [(0, "Jodie", "ill grab milk on the way home x")])
    assert _one(mem, "Jodie").status == "open"


def test_c_pics_2moro(default_hub):
    mem = heard(default_hub, "e12en_c02", [(0, "Zac", "k will send u the pics 2moro")])
    c = _one(mem, "Zac")
    assert (c.status, c.due) == ("open", WED)


def test_c_bringing_the_wine(default_hub):
    mem = heard(default_hub, "e12en_c03", [(0, "Nina", "cu at 7, ill bring the wine 🍷")])
    assert _one(mem, "Nina").status == "open"


def test_c_ringing_mum_sat(default_hub):
    mem = heard(default_hub, "e12en_c04", [(0, "Reece", "defo gonna ring mum sat, promise")])
    c = _one(mem, "Reece")
    assert (c.status, c.due) == ("open", SAT)


def test_c_covering_a_shift_fri(default_hub):
    mem = heard(default_hub, "e12en_c05", [(0, "Amira", "np ill cover ur shift fri")])
    c = _one(mem, "Amira")
    assert (c.status, c.due) == ("open", FRI)


def test_c_will_do_to_a_school_pickup(default_hub):
    mem = heard(
        default_hub,
        "e12en_c06",
        [
            (0, "e12en_c06", "Can you pick the kids up from school tomorrow?"),
            (0, "Conor", "will do 👍"),
        ],
    )
    c = _one(mem, "Conor")
    assert (c.status, c.due) == ("open", WED)


def test_c_leave_it_with_me_tickets_by_thurs(default_hub):
    mem = heard(default_hub, "e12en_c07", [(0, "Bea", "leave it w me, ill sort the tickets by thurs")])
    c = _one(mem, "Bea")
    assert (c.status, c.due) == ("open", THU)


def test_c_calling_back_in_five(default_hub):
    mem = heard(default_hub, "e12en_c08", [(0, "Milo", "promise i'll call u back in 5")])
    assert _one(mem, "Milo").status == "open"


# -- facts told in passing, lowercase, with typos or by implication ----------------------------


def test_f_a_plumber_lowercase(default_hub):
    mem = heard(default_hub, "e12en_f01", [(0, "Gaz", "im a plumber so weekends are for callouts lol")])
    assert "plumber" in " ".join(_current(mem, "Gaz", "job"))


def test_f_six_years_at_sainsburys(default_hub):
    mem = heard(
        default_hub,
        "e12en_f02",
        [(0, "Lou", "been at sainsburys 6 yrs now, might be time for a change")],
    )
    assert "sainsbury" in " ".join(_current(mem, "Lou", "employer")).casefold()


def test_f_a_home_shown_by_the_bus_from_one_s_place(default_hub):
    mem = heard(
        default_hub,
        "e12en_f03",
        [(0, "Ayo", "Sorry I'm late, the bus from my place in Croydon took forever again.")],
    )
    assert _current(mem, "Ayo", "residence") == ["Croydon"]


@pytest.mark.xfail(
    strict=True,
    reason="a spouse named in passing ('My husband's cooking tonight') gives no relationship row: the labelled sets file none for 'My wife adores gardening', a convention to settle before a reading",
)
def test_f_married_shown_by_a_husband_cooking(default_hub):
    mem = heard(
        default_hub,
        "e12en_f04",
        [(0, "Delyth", "My husband's cooking tonight so I'm safe from takeaway for once.")],
    )
    assert _current(mem, "Delyth", "relationship") == ["married"]


def test_f_a_second_year_at_manchester_uni(default_hub):
    mem = heard(
        default_hub,
        "e12en_f05",
        [(0, "Kwame", "Second year at Manchester uni is way harder than first year.")],
    )
    assert "Manchester" in " ".join(_current(mem, "Kwame", "school"))


def test_f_a_dog_to_walk_before_the_rain(default_hub):
    mem = heard(
        default_hub,
        "e12en_f06",
        [(0, "Holly", "have to dash, need to walk my dog before it rains")],
    )
    assert "dog" in " ".join(_current(mem, "Holly", "pet"))


def test_f_a_shellfish_allergy_texted(default_hub):
    mem = heard(default_hub, "e12en_f07", [(0, "Rob", "cant have the prawns, shellfish allergy 🙄")])
    assert "shellfish" in " ".join(_current(mem, "Rob", "allergy"))


def test_f_vegan_so_just_chips(default_hub):
    mem = heard(default_hub, "e12en_f08", [(0, "Saoirse", "i'm vegan so i'll just have chips")])
    assert "vegan" in " ".join(_current(mem, "Saoirse", "diet"))


@pytest.mark.xfail(
    strict=True,
    reason="the clause that looks ahead ('my Year 9 pupils will be thrilled') is dropped whole, with the class by its year that tells the job; the clause before it ('Marked thirty essays') says no trade",
)
def test_f_a_teacher_shown_by_marking(default_hub):
    mem = heard(
        default_hub,
        "e12en_f09",
        [(0, "Gwen", "Marked thirty essays tonight, my Year 9 pupils will be thrilled.")],
    )
    assert "teacher" in " ".join(_current(mem, "Gwen", "job"))


def test_f_an_employer_in_passing(default_hub):
    mem = heard(
        default_hub,
        "e12en_f10",
        [(0, "Hugo", "Our team at Barclays is moving floors on Monday, total chaos.")],
    )
    assert _current(mem, "Hugo", "employer") == ["Barclays"]


def test_f_keys_to_a_new_place(default_hub):
    mem = heard(
        default_hub,
        "e12en_f11",
        [
            (0, "Cerys", "I live in Cardiff, just off City Road."),
            (20, "Cerys", "finally got the keys to our new place in Swansea!!"),
        ],
    )
    assert _current(mem, "Cerys", "residence") == ["Swansea"]


def test_f_engaged_shown_by_saving_for_the_wedding(default_hub):
    mem = heard(
        default_hub,
        "e12en_f12",
        [(0, "Ravi", "me and my fiancé are saving every penny for the wedding")],
    )
    assert _current(mem, "Ravi", "relationship") == ["engaged"]


def test_f_coeliac_so_no_pasta(default_hub):
    mem = heard(default_hub, "e12en_f13", [(0, "Isla", "I'm coeliac so no pasta for me thanks")])
    held = " ".join(
        _current(mem, "Isla", "diet")
        + _current(mem, "Isla", "allergy")
        + _current(mem, "Isla", "restriction")
    ).casefold()
    assert "coeliac" in held or "gluten" in held, _all(mem)


# -- lines that must give nothing -------------------------------------------------------------


def test_n_a_question_about_a_job(default_hub):
    mem = heard(default_hub, "e12en_n01", [(0, "Wren", "Do you still work at the hospital?")])
    _nothing(mem)


def test_n_a_dog_one_day(default_hub):
    mem = heard(
        default_hub,
        "e12en_n02",
        [(0, "Tobias", "Would love a dog one day but the flat's way too small.")],
    )
    _no_fact(mem)


def test_n_a_lift_only_if_the_day_is_free(default_hub):
    mem = heard(
        default_hub,
        "e12en_n03",
        [(0, "Efe", "If I get the day off I might be able to help you move.")],
    )
    _no_promise(mem)


def test_n_a_postman_long_ago(default_hub):
    mem = heard(
        default_hub,
        "e12en_n04",
        [(0, "Stan", "I was a postman for ten years before my back went.")],
    )
    assert _current(mem, "Stan", "job") == []


def test_n_queuing_loved_sarcastically(default_hub):
    mem = heard(
        default_hub,
        "e12en_n05",
        [(0, "Mags", "Oh yes, I just LOVE queuing at the post office for an hour.")],
    )
    assert all(p.value <= 0.5 for p in _holding(mem, "Mags", "queu")), _all(mem)
    _no_fact(mem)
    _no_promise(mem)


def test_n_a_song_sung_at_karaoke(default_hub):
    mem = heard(
        default_hub,
        "e12en_n06",
        [(0, "Dee", "'I will always love you' - belted it out at karaoke last night")],
    )
    _no_promise(mem)
    _no_fact(mem)


def test_n_a_greeting_and_the_weather(default_hub):
    mem = heard(default_hub, "e12en_n07", [(0, "Bryn", "Morning all! Grim weather today eh")])
    _nothing(mem)


def test_n_a_promise_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e12en_n08",
        [(0, "Lena", "Are you going to make it to Sam's on Saturday?")],
    )
    _nothing(mem)


def test_n_a_weekend_away(default_hub):
    mem = heard(
        default_hub,
        "e12en_n09",
        [(0, "Jem", "Just back from a long weekend in Edinburgh, my legs are dead.")],
    )
    _no_fact(mem)


def test_n_living_at_the_gym(default_hub):
    mem = heard(default_hub, "e12en_n10", [(0, "Tash", "I basically live at the gym these days.")])
    _no_fact(mem)


def test_n_a_professional_napper(default_hub):
    mem = heard(default_hub, "e12en_n11", [(0, "Cormac", "I'm a professional napper on Sundays 😴")])
    assert _current(mem, "Cormac", "job") == []


def test_n_a_promise_withheld(default_hub):
    mem = heard(
        default_hub,
        "e12en_n12",
        [(0, "Uma", "I can't promise I'll be there on Friday, depends on work.")],
    )
    _no_promise(mem)
