"""A fourth round of blind everyday scenarios (#40), English: each a few days of chat heard by one
tenant of the default hub and read only through facts(), preferences() and commitments().
The lines were written before any of them was run, unlike the earlier rounds' lines, and weighed
towards commitments whose state changes later: kept days later in other words, kept by someone
else on the speaker's behalf, called off by an "I can't make it" or by the other side, postponed,
made to a third person or in a reply to a request; habits, schedules, conditionals and offers
that promise nothing; changes of job, employer, home, school, diet and relationship; a fact asked
about and never stated; preferences refused by declining an offer, flipped, hedged, sarcastic,
mixed with Chinese, and a third person's likes and facts filed under that person."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    commitment_of as _one,
    current as _current,
    heard,
    no_promise as _no_promise,
    no_rows as _nothing,
    preference_row as _pref,
)

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Friday the 4th, Monday the 7th.
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))
NEXT_TUE = date(2026, 9, 8)


# -- commitments whose state changes ------------------------------------------------------------


def test_c_sure_in_reply_to_a_request_then_kept_in_other_words(default_hub):
    mem = heard(
        default_hub,
        "e4en_c01",
        [
            (0, "e4en_c01", "Can someone pick up the cake from the bakery on Friday?"),
            (0, "Hal", "sure, I'll grab it on my way home"),
            (3, "Hal", "Cake's on the kitchen table 🎂"),
        ],
    )
    assert _one(mem, "Hal").status == "done"


def test_c_kept_by_the_husband_on_her_behalf(default_hub):
    mem = heard(
        default_hub,
        "e4en_c02",
        [
            (0, "Ines", "I'll renew the car insurance before it runs out on the 15th."),
            (5, "Ines", "My husband sorted the insurance renewal for me, so that's off my list."),
        ],
    )
    assert _one(mem, "Ines").status == "done"


def test_c_cannot_make_it_after_all(default_hub):
    mem = heard(
        default_hub,
        "e4en_c03",
        [
            (0, "Jon", "I'll be at your housewarming on Saturday, wouldn't miss it."),
            (3, "Jon", "Gutted, I can't make it Saturday after all, work trip."),
        ],
    )
    assert _one(mem, "Jon").status == "cancelled"


def test_c_postponed_to_next_tuesday(default_hub):
    mem = heard(
        default_hub,
        "e4en_c04",
        [
            (0, "Kai", "I'll send over the signed contract on Thursday."),
            (2, "Kai", "Need to push the contract to next Tuesday, legal still has it."),
        ],
    )
    got = _one(mem, "Kai")
    assert (got.status, got.due) == ("open", NEXT_TUE)


def test_c_habits_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e4en_c05",
        [
            (0, "Lou", "I usually go swimming on Tuesdays and Thursdays."),
            (1, "Lou", "Every Sunday I call my mum, without fail."),
        ],
    )
    _no_promise(mem)


def test_c_a_promise_made_to_a_sister(default_hub):
    mem = heard(
        default_hub,
        "e4en_c06",
        [(0, "Meg", "I promised my sister I'd help her move house on Sunday.")],
    )
    got = _one(mem, "Meg")
    assert (got.status, got.due) == ("open", SUN)


def test_c_a_shelf_fixed_without_saying_fixed_the_shelf(default_hub):
    mem = heard(
        default_hub,
        "e4en_c07",
        [
            (0, "Nico", "I'll fix the wobbly shelf in the hallway this weekend."),
            (5, "Nico", "Finally got my drill out, the hallway's sorted, nothing wobbles now."),
        ],
    )
    assert _one(mem, "Nico").status == "done"


def test_c_a_formal_promise_kept_as_promised(default_hub):
    mem = heard(
        default_hub,
        "e4en_c08",
        [
            (0, "Ms Park", "I shall forward the minutes of today's meeting to all attendees by Friday."),
            (2, "Ms Park", "Please find the minutes attached, as promised."),
        ],
    )
    got = _one(mem, "Ms Park")
    assert (got.due, got.status) == (FRI, "done")


def test_c_a_reported_promise_dropped_by_illness(default_hub):
    mem = heard(
        default_hub,
        "e4en_c09",
        [
            (0, "Ora", "Pete said he'd pick the kids up from school on Wednesday."),
            (1, "Ora", "Pete's got the flu, so he won't be doing the school run."),
        ],
    )
    assert _one(mem, "Pete").status == "cancelled"
    assert [c for c in mem.commitments() if c.owner == "Ora"] == []


def test_c_conditionals_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e4en_c10",
        [
            (0, "Quinn", "If the weather's nice I might take the bike out on Sunday."),
            (0, "Quinn", "Should the train be late, I'd probably just get a taxi."),
        ],
    )
    _no_promise(mem)


def test_c_offers_not_taken_up_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e4en_c11",
        [
            (0, "Rin", "Would it help if I took the dog out tonight?"),
            (1, "Rin", "How about I cook on Friday for a change?"),
        ],
    )
    _no_promise(mem)


def test_c_a_run_on_errand_then_got_everything(default_hub):
    mem = heard(
        default_hub,
        "e4en_c12",
        [
            (0, "Sid", "leaving the gym now, will grab milk eggs n bread on the way back dont let me forget"),
            (0, "Sid", "got everything 🛒"),
        ],
    )
    assert _one(mem, "Sid").status == "done"


def test_c_two_people_one_keeps_one_backs_out(default_hub):
    mem = heard(
        default_hub,
        "e4en_c13",
        [
            (0, "Tia", "I'll do the slides for Monday's pitch."),
            (0, "Uwe", "Then I'll write the speaker notes."),
            (2, "Tia", "Slides are finished, uploaded to the shared drive."),
            (3, "Uwe", "Sorry Tia, I won't get to the speaker notes, I'm swamped."),
        ],
    )
    assert _one(mem, "Tia").status == "done"
    assert _one(mem, "Uwe").status == "cancelled"


def test_c_yes_i_will_bring_it_takes_the_request_s_day(default_hub):
    mem = heard(
        default_hub,
        "e4en_c14",
        [
            (0, "e4en_c14", "Could you bring your camping stove on Saturday?"),
            (0, "Vera", "yep no problem, I'll bring it along"),
        ],
    )
    got = _one(mem, "Vera")
    assert (got.status, got.due) == ("open", SAT)


def test_c_booked_says_it_is_done(default_hub):
    mem = heard(
        default_hub,
        "e4en_c15",
        [
            (0, "Wes", "I'll book the tickets for the museum tonight."),
            (1, "Wes", "Booked! We're in for the 10am slot."),
        ],
    )
    assert _one(mem, "Wes").status == "done"


def test_c_the_other_side_calls_the_lift_off(default_hub):
    mem = heard(
        default_hub,
        "e4en_c16",
        [
            (0, "Xan", "I'll drive you to the airport on Monday morning."),
            (3, "e4en_c16", "No need to drive me on Monday, I've booked a taxi."),
            (3, "Xan", "Ah ok, fair enough."),
        ],
    )
    assert _one(mem, "Xan").status == "cancelled"


def test_c_did_not_happen_is_not_done(default_hub):
    mem = heard(
        default_hub,
        "e4en_c17",
        [
            (0, "Yas", "gonna finish the tax return tonight, no excuses"),
            (1, "Yas", "didn't happen lol, maybe at the weekend 😅"),
        ],
    )
    assert _one(mem, "Yas").status == "open"


def test_c_a_bill_all_paid_up(default_hub):
    mem = heard(
        default_hub,
        "e4en_c18",
        [
            (0, "Zed", "I'll pay the electricity bill tomorrow."),
            (2, "Zed", "The electricity's all paid up now."),
        ],
    )
    assert _one(mem, "Zed").status == "done"


def test_c_a_promise_with_a_chinese_word_kept_by_talking(default_hub):
    mem = heard(
        default_hub,
        "e4en_c19",
        [
            (0, "Liang", "I'll call the 房东 about the broken heater tomorrow."),
            (1, "Liang", "Spoke to the landlord about the heater, that's sorted."),
        ],
    )
    assert _one(mem, "Liang").status == "done"


def test_c_count_me_in_then_bail(default_hub):
    mem = heard(
        default_hub,
        "e4en_c20",
        [
            (0, "Abe", "Count me in for five-a-side on Thursday."),
            (1, "Abe", "Gonna have to bail on Thursday, my ankle's still sore."),
        ],
    )
    assert _one(mem, "Abe").status == "cancelled"


def test_c_schedules_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e4en_c21",
        [
            (0, "Bea", "The bins go out on Wednesday nights."),
            (0, "Bea", "Our team standup is at nine every morning."),
        ],
    )
    _no_promise(mem)


def test_c_a_meeting_moved_moves_the_promise(default_hub):
    mem = heard(
        default_hub,
        "e4en_c22",
        [
            (0, "Cas", "I'll bring the projector to the meeting on Wednesday."),
            (1, "Cas", "Meeting's been moved to Friday, I'll bring the projector then."),
        ],
    )
    got = _one(mem, "Cas")
    assert (got.status, got.due) == ("open", FRI)


# -- facts --------------------------------------------------------------------------------------


def test_f_a_formal_job_then_a_new_one(default_hub):
    mem = heard(
        default_hub,
        "e4en_f01",
        [
            (0, "Dev", "I am employed as an accountant at a small firm in Leeds."),
            (60, "Dev", "As of this month I'm working as a data analyst."),
        ],
    )
    jobs = " ".join(_current(mem, "Dev", "job"))
    assert "analyst" in jobs and "accountant" not in jobs, jobs


def test_f_left_one_employer_been_at_another(default_hub):
    mem = heard(
        default_hub,
        "e4en_f02",
        [
            (0, "Eli", "I'm at Google, on the Maps team."),
            (80, "Eli", "Left Google in May, been at Spotify since June."),
        ],
    )
    assert _current(mem, "Eli", "employer") == ["Spotify"]


def test_f_a_new_address_in_another_town(default_hub):
    mem = heard(
        default_hub,
        "e4en_f03",
        [
            (0, "Fay", "we live in a little house in Brighton with a garden"),
            (50, "Fay", "new address is in Hove now, so much closer to the sea lol"),
        ],
    )
    assert _current(mem, "Fay", "residence") == ["Hove"]


def test_f_tied_the_knot(default_hub):
    mem = heard(
        default_hub,
        "e4en_f04",
        [
            (0, "Gia", "My fiancé and I are planning the wedding for spring."),
            (150, "Gia", "We tied the knot in April!"),
        ],
    )
    assert _current(mem, "Gia", "relationship") == ["married"]


def test_f_a_new_school(default_hub):
    mem = heard(
        default_hub,
        "e4en_f05",
        [
            (0, "Hugo", "I'm in year 10 at Kingsway Academy."),
            (200, "Hugo", "Started sixth form at Ridgeway College last week."),
        ],
    )
    assert _current(mem, "Hugo", "school") == ["Ridgeway College"]


def test_f_facts_asked_about_are_not_stated(default_hub):
    mem = heard(
        default_hub,
        "e4en_f06",
        [
            (0, "e4en_f06", "Are you still living in Madrid?"),
            (0, "Ivo", "Why, are you planning a visit? 😄"),
            (1, "e4en_f06", "Is your sister a vet?"),
        ],
    )
    assert mem.facts() == [], [(f.subject, f.key, f.value) for f in mem.facts()]


def test_f_a_brother_s_job_is_his(default_hub):
    mem = heard(default_hub, "e4en_f07", [(0, "Jade", "My brother Sam works as a firefighter in Cardiff.")])
    assert "firefighter" in " ".join(_current(mem, "Sam", "job"))
    assert _current(mem, "Jade", "job") == []


def test_f_a_kitten_named(default_hub):
    mem = heard(default_hub, "e4en_f08", [(0, "Kay", "Got a kitten on Saturday! Named her Pepper 🐱")])
    pets = " ".join(_current(mem, "Kay", "pet"))
    assert "kitten" in pets or "cat" in pets or "Pepper" in pets, pets


def test_f_a_formal_allergy(default_hub):
    mem = heard(
        default_hub,
        "e4en_f09",
        [(0, "Mr Lowe", "Please note that I have a severe allergy to shellfish.")],
    )
    assert _current(mem, "Mr Lowe", "allergy") == ["shellfish"]


def test_f_a_sarcastic_move_moves_nobody(default_hub):
    mem = heard(
        default_hub,
        "e4en_f10",
        [
            (0, "Lin", "I live in Porto."),
            (20, "Lin", "Yeah right, like I'd ever move to Lisbon with those rents 🙄"),
        ],
    )
    assert _current(mem, "Lin", "residence") == ["Porto"]


def test_f_vegetarian_then_pescatarian(default_hub):
    mem = heard(
        default_hub,
        "e4en_f11",
        [
            (0, "Nell", "I've been vegetarian for years."),
            (40, "Nell", "I started eating fish again, so pescatarian now I guess."),
        ],
    )
    assert _current(mem, "Nell", "diet") == ["pescatarian"]


def test_f_originally_from_one_place_living_in_another(default_hub):
    mem = heard(
        default_hub,
        "e4en_f12",
        [(0, "Pax", "I'm originally from Cork but I've been in Boston since 2015.")],
    )
    assert _current(mem, "Pax", "hometown") == ["Cork"]
    assert _current(mem, "Pax", "residence") == ["Boston"]


def test_f_an_employer_named_in_chinese(default_hub):
    mem = heard(default_hub, "e4en_f13", [(0, "Wu", "I work at 腾讯 as a product manager.")])
    assert _current(mem, "Wu", "employer") == ["腾讯"]


def test_f_a_sister_s_divorce_is_hers(default_hub):
    mem = heard(default_hub, "e4en_f14", [(0, "Ray", "My sister Ann just got divorced, poor thing.")])
    assert _current(mem, "Ann", "relationship") == ["divorced"]
    assert _current(mem, "Ray", "relationship") == []


# -- preferences --------------------------------------------------------------------------------


def test_p_olives_refused_with_disgust(default_hub):
    mem = heard(
        default_hub,
        "e4en_p01",
        [
            (0, "e4en_p01", "Want some of my olives?"),
            (0, "Ada", "God no, olives are vile."),
        ],
    )
    assert _pref(mem, "Ada", "olives").value < 0.5


def test_p_podcasts_flip_to_hooked(default_hub):
    mem = heard(
        default_hub,
        "e4en_p02",
        [
            (0, "Bo", "Not really into podcasts, I'd rather read."),
            (30, "Bo", "ok I'm officially hooked on podcasts now, listen on every commute"),
        ],
    )
    pods = _pref(mem, "Bo", "podcasts")
    assert pods.value > 0.5 and pods.trend > 0


def test_p_a_husband_s_obsession_is_his(default_hub):
    mem = heard(
        default_hub,
        "e4en_p03",
        [(0, "Cleo", "My husband Dan is obsessed with Formula 1, watches every race.")],
    )
    assert _pref(mem, "Dan", "Formula 1").value > 0.5
    assert mem.preferences(subject="Cleo", topic="Formula 1") == []


def test_p_karaoke_declined(default_hub):
    mem = heard(
        default_hub,
        "e4en_p04",
        [
            (0, "e4en_p04", "Fancy the karaoke night on Friday?"),
            (0, "Dom", "Karaoke? Not a chance, I'd rather stay home."),
        ],
    )
    assert _pref(mem, "Dom", "karaoke").value < 0.5


def test_p_a_ballet_ticket_taken_eagerly(default_hub):
    mem = heard(
        default_hub,
        "e4en_p05",
        [
            (0, "e4en_p05", "I've got a spare ticket for the ballet, want it?"),
            (0, "Eve", "Omg yes!! I adore the ballet"),
        ],
    )
    assert _pref(mem, "Eve", "ballet").value > 0.5


def test_p_sarcastic_favourite_is_no_liking(default_hub):
    mem = heard(
        default_hub,
        "e4en_p06",
        [(0, "Fin", "Oh great, another rom-com, my absolute favourite 🙄")],
    )
    assert all(p.value <= 0.5 for p in mem.preferences(subject="Fin")), [
        (p.topic, p.value) for p in mem.preferences()
    ]


def test_p_a_hedged_liking(default_hub):
    mem = heard(
        default_hub, "e4en_p07", [(0, "Fred", "I guess I kind of like board games, they're alright.")]
    )
    assert _pref(mem, "Fred", "board games").value > 0.5


def test_p_a_liking_mixed_with_chinese(default_hub):
    mem = heard(default_hub, "e4en_p08", [(0, "Hana", "lately really into 火锅, we go every week")])
    assert _pref(mem, "Hana", "火锅").value > 0.5


def test_p_used_to_love_now_nightmares(default_hub):
    mem = heard(
        default_hub,
        "e4en_p09",
        [(0, "Ike", "I used to love horror films but these days they just give me nightmares.")],
    )
    assert _pref(mem, "Ike", "horror films").value < 0.5


def test_p_a_dislike_with_typos(default_hub):
    mem = heard(default_hub, "e4en_p10", [(0, "Jo", "i realy dont like mushrooms tbh")])
    assert _pref(mem, "Jo", "mushrooms").value < 0.5


def test_p_a_group_answers_one_offer(default_hub):
    mem = heard(
        default_hub,
        "e4en_p11",
        [
            (0, "Kev", "Who's up for sushi tonight?"),
            (0, "Lil", "me!! love sushi"),
            (0, "Max", "pass, raw fish isn't for me"),
        ],
    )
    assert _pref(mem, "Lil", "sushi").value > 0.5
    maxs = mem.preferences(subject="Max")
    assert maxs and all(p.value < 0.5 for p in maxs), [(p.topic, p.value) for p in maxs]
    assert mem.preferences(subject="Kev") == []


@pytest.mark.xfail(
    strict=True,
    reason="find X <adjective>: only the adjective says the sign; no structure gives it and the layers are read without the embedder",
)
def test_p_a_formal_dislike(default_hub):
    mem = heard(
        default_hub,
        "e4en_p12",
        [(0, "Prof Hale", "I find open-plan offices rather distracting, I must say.")],
    )
    assert _pref(mem, "Prof Hale", "open-plan offices").value < 0.5


# -- nothing ------------------------------------------------------------------------------------


def test_n_texting_pleasantries(default_hub):
    mem = heard(
        default_hub,
        "e4en_n01",
        [
            (0, "Tess", "hiya x"),
            (0, "Tess", "thx babe"),
            (1, "Tess", "see u later 😘"),
            (3, "Tess", "happy friday!!"),
        ],
    )
    _nothing(mem)


def test_n_questions_about_plans(default_hub):
    mem = heard(
        default_hub,
        "e4en_n02",
        [
            (0, "Ugo", "Are you coming to the wedding?"),
            (0, "Ugo", "What time does the match start on Saturday?"),
            (1, "Ugo", "Did you ever get round to calling the bank?"),
        ],
    )
    _nothing(mem)


def test_n_daydreams(default_hub):
    mem = heard(
        default_hub,
        "e4en_n03",
        [
            (0, "Vic", "If I were rich I'd live in Monaco."),
            (0, "Vic", "Imagine having a pet tiger lol"),
        ],
    )
    _nothing(mem)


def test_n_complaints_about_the_world(default_hub):
    mem = heard(
        default_hub,
        "e4en_n04",
        [
            (0, "Wim", "The train was late again this morning."),
            (0, "Wim", "Traffic on the ring road was a nightmare."),
        ],
    )
    _nothing(mem)


# -- written after the fixes: other words in the shapes fixed, so the fixes are read as shapes ----


def test_v_an_appointment_moved_by_its_owner(default_hub):
    mem = heard(
        default_hub,
        "e4en_v01",
        [
            (0, "Ada", "I'll take Mum to the dentist appointment on Thursday."),
            (1, "Ada", "I'll have to move the dentist appointment to next Monday."),
        ],
    )
    got = _one(mem, "Ada")
    assert (got.status, got.due) == ("open", MON)


def test_v_signed_up_for_a_quiz_then_cannot_make_it(default_hub):
    mem = heard(
        default_hub,
        "e4en_v02",
        [
            (0, "Bex", "Count me in for the pub quiz on Friday."),
            (2, "Bex", "Can't make Friday after all, sorry!"),
        ],
    )
    assert _one(mem, "Bex").status == "cancelled"


def test_v_a_reported_attendance_dropped(default_hub):
    mem = heard(
        default_hub,
        "e4en_v03",
        [
            (0, "Cy", "Gemma said she'd come to the meeting on Monday."),
            (2, "Cy", "Gemma's got a cold, so she won't be coming to the meeting."),
        ],
    )
    assert _one(mem, "Gemma").status == "cancelled"


def test_v_a_parcel_left_on_the_doorstep(default_hub):
    mem = heard(
        default_hub,
        "e4en_v04",
        [
            (0, "e4en_v04", "Could you drop the parcel round tomorrow?"),
            (0, "Dee", "sure, I'll bring it over"),
            (1, "Dee", "Parcel's on the doorstep."),
        ],
    )
    assert _one(mem, "Dee").status == "done"
