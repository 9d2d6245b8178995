"""Variants of the seventh English round's fixes (#40), written after the fixes (not blind): each
fix by structure must carry to two lines it was not made on."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of as _one, current as _current, heard, preference_row as _pref

# -- a person named only as an owner is whom a later he or she means -------------------------------


def test_v_an_owner_s_flight_then_she_drops_out(default_hub):
    mem = heard(
        default_hub,
        "e7en_v01",
        [
            (0, "Rob", "My neighbour Gail says she'll feed the cat on Saturday."),
            (2, "Rob", "Gail's flight got cancelled, so she won't be feeding the cat after all."),
        ],
    )
    assert _one(mem, "Gail").status == "cancelled"


def test_v_an_owner_s_van_then_he_drops_out(default_hub):
    mem = heard(
        default_hub,
        "e7en_v02",
        [
            (0, "Ed", "Omar says he'll bring the speakers on Friday."),
            (1, "Ed", "Omar's van is in the garage, so he won't be bringing the speakers after all."),
        ],
    )
    assert _one(mem, "Omar").status == "cancelled"


# -- a verb of leaving one employer for another ------------------------------------------------------


def test_v_a_colleague_poached(default_hub):
    mem = heard(
        default_hub,
        "e7en_v03",
        [
            (0, "Sam", "My colleague Jen works at KPMG."),
            (30, "Sam", "Jen got poached by Deloitte last week."),
        ],
    )
    assert _current(mem, "Jen", "employer") == ["Deloitte"]


def test_v_i_jumped_ship(default_hub):
    mem = heard(
        default_hub,
        "e7en_v04",
        [(0, "Lu", "I work at Barclays."), (60, "Lu", "I jumped ship to Monzo in the spring.")],
    )
    assert _current(mem, "Lu", "employer") == ["Monzo"]


# -- a new home by its keys, or by "now that I'm in" ---------------------------------------------------


def test_v_the_keys_to_a_flat(default_hub):
    mem = heard(
        default_hub,
        "e7en_v05",
        [(0, "Ty", "I live in Brighton."), (40, "Ty", "Got the keys to my flat in Hove today!")],
    )
    assert _current(mem, "Ty", "residence") == ["Hove"]


def test_v_now_that_we_are_in(default_hub):
    mem = heard(
        default_hub,
        "e7en_v06",
        [(0, "Al", "I live in Leicester."), (50, "Al", "Now that we're in Derby the commute is easy.")],
    )
    assert _current(mem, "Al", "residence") == ["Derby"]


# -- a couple counted in time ------------------------------------------------------------------------


def test_v_going_out_since_june(default_hub):
    mem = heard(default_hub, "e7en_v07", [(0, "Kat", "Jake and I have been going out since June.")])
    assert _current(mem, "Kat", "relationship") == ["dating"]


def test_v_seeing_each_other_and_a_night_out(default_hub):
    mem = heard(
        default_hub,
        "e7en_v08",
        [
            (0, "Ros", "I'm going out with Tom on Friday."),
            (0, "Mo", "We've been seeing each other for a few weeks."),
        ],
    )
    assert _current(mem, "Ros", "relationship") == []
    assert _current(mem, "Mo", "relationship") == ["dating"]


# -- a plan thrown over --------------------------------------------------------------------------------


def test_v_a_bake_sale_ditched(default_hub):
    mem = heard(
        default_hub,
        "e7en_v09",
        [
            (0, "Di", "I'm going to run the bake sale on Friday."),
            (2, "Di", "Ditched the bake sale, nobody signed up."),
        ],
    )
    assert _one(mem, "Di").status == "cancelled"


def test_v_not_bothering_with_the_shed(default_hub):
    mem = heard(
        default_hub,
        "e7en_v10",
        [
            (0, "Cy", "I'll repaint the shed on Saturday."),
            (3, "Cy", "Not bothering with the shed now, maybe next weekend."),
        ],
    )
    assert _one(mem, "Cy").status == "cancelled"


# -- a task done by its result ------------------------------------------------------------------------


def test_v_a_ladder_back_in_the_garage(default_hub):
    mem = heard(
        default_hub,
        "e7en_v11",
        [
            (0, "Jon", "I'll return your ladder on Sunday."),
            (5, "Jon", "Ladder's back in your garage 👍"),
        ],
    )
    assert _one(mem, "Jon").status == "done"


def test_v_books_back_with_you(default_hub):
    mem = heard(
        default_hub,
        "e7en_v12",
        [
            (0, "Liv", "I'll give back your books tomorrow."),
            (1, "Liv", "Your books are back with you, thanks for the loan."),
        ],
    )
    assert _one(mem, "Liv").status == "done"


def test_v_a_picnic_packed_in_the_car(default_hub):
    mem = heard(
        default_hub,
        "e7en_v13",
        [(0, "Ben", "I'll pack the picnic."), (1, "Ben", "Picnic's all packed in the car.")],
    )
    assert _one(mem, "Ben").status == "done"


def test_v_a_tenner_sent_with_an_apology(default_hub):
    mem = heard(
        default_hub,
        "e7en_v14",
        [
            (0, "Pat", "I'll pay you back the tenner tomorrow."),
            (3, "Pat", "Sent you the tenner, sorry for the wait."),
        ],
    )
    assert _one(mem, "Pat").status == "done"


def test_v_a_sum_in_pounds_transferred(default_hub):
    mem = heard(
        default_hub,
        "e7en_v15",
        [
            (0, "Vi", "I'll pay you the £25 for the tickets by Friday."),
            (2, "Vi", "Just transferred the £25."),
        ],
    )
    assert _one(mem, "Vi").status == "done"


# -- a decline said as giving the thing a swerve or a pass -------------------------------------------


def test_v_a_pudding_given_a_pass(default_hub):
    mem = heard(
        default_hub,
        "e7en_v16",
        [
            (0, "e7en_v16", "Shall I save you some trifle?"),
            (0, "Em", "I'll give it a pass, thanks."),
        ],
    )
    assert [c.owner for c in mem.commitments()] == []
    assert all(p.value < 0.5 for p in mem.preferences(subject="Em")) and mem.preferences(subject="Em")


def test_v_a_drink_given_a_swerve(default_hub):
    mem = heard(
        default_hub,
        "e7en_v17",
        [
            (0, "e7en_v17", "Fancy a gin and tonic?"),
            (0, "Gus", "Think I'll give that a swerve tonight."),
        ],
    )
    assert [c.owner for c in mem.commitments()] == []
    assert all(p.value < 0.5 for p in mem.preferences(subject="Gus")) and mem.preferences(subject="Gus")


# -- a refusal to eat, and a food named by what is in it ----------------------------------------------


def test_v_a_daughter_who_refuses_anything_with_onions(default_hub):
    mem = heard(
        default_hub,
        "e7en_v18",
        [(0, "Mo", "My daughter Ava refuses to eat anything with onions in it.")],
    )
    assert _pref(mem, "Ava", "onions").value < 0.5
    assert mem.preferences(subject="Mo", topic="onions") == []


def test_v_i_will_not_touch_olives_but_eat_late(default_hub):
    mem = heard(
        default_hub,
        "e7en_v19",
        [
            (0, "Jay", "I won't touch olives, never have."),
            (0, "Jay", "I won't eat until the kids are in bed."),
        ],
    )
    assert _pref(mem, "Jay", "olives").value < 0.5
    assert [p.topic for p in mem.preferences(subject="Jay")] == ["olives"]


# -- a plan said in the present progressive with its day ---------------------------------------------


def test_v_running_the_stall_on_saturday_then_ditched(default_hub):
    mem = heard(
        default_hub,
        "e7en_v20",
        [
            (0, "Kaz", "I'm running the tombola stall at the fete on Saturday."),
            (3, "Kaz", "Ditched the tombola stall, my back's gone."),
        ],
    )
    assert _one(mem, "Kaz").status == "cancelled"


def test_v_cooking_the_dinner_tomorrow_but_not_reading_now(default_hub):
    mem = heard(
        default_hub,
        "e7en_v21",
        [
            (0, "Rae", "I'm reading the book you lent me."),
            (0, "Rae", "I'm cooking the Sunday roast for everyone tomorrow."),
        ],
    )
    c = _one(mem, "Rae")
    assert c.status == "open" and c.due is not None


# -- a thing judged by its worth to the speaker ---------------------------------------------------------


def test_v_no_point_in_golf_then_pilates_changed_a_life(default_hub):
    mem = heard(
        default_hub,
        "e7en_v22",
        [
            (0, "Uma", "I don't see the point of golf."),
            (0, "Uma", "Pilates has changed my life, seriously."),
        ],
    )
    assert _pref(mem, "Uma", "golf").value < 0.5
    assert _pref(mem, "Uma", "pilates").value > 0.5


def test_v_no_point_arguing_about_it_is_no_taste(default_hub):
    mem = heard(
        default_hub,
        "e7en_v23",
        [
            (0, "Ike", "Never got the point of marathons."),
            (1, "Ike", "I don't see the point of arguing about it."),
        ],
    )
    assert _pref(mem, "Ike", "marathons").value < 0.5
    assert [p.topic for p in mem.preferences(subject="Ike")] == ["marathons"]


# -- an errand of taking a thing of three words somewhere -----------------------------------------------


def test_v_a_bed_frame_taken_back_to_the_shop(default_hub):
    mem = heard(
        default_hub,
        "e7en_v24",
        [(0, "Ned", "I'll take the spare bed frame back to Ikea tomorrow.")],
    )
    c = _one(mem, "Ned")
    assert (c.status, c.due) == ("open", date(2026, 9, 2))


def test_v_a_choice_taken_is_no_errand(default_hub):
    mem = heard(
        default_hub,
        "e7en_v25",
        [
            (0, "e7en_v25", "Which jumper do you want, the blue or the red?"),
            (0, "Zoe", "I'll take the big red one."),
        ],
    )
    assert mem.commitments() == []
