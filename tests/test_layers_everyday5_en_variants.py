"""Variants of the shapes fixed after the fifth blind English round (#40), written AFTER the fixes
(not blind): other words in each fixed shape, two per fix, so the fixes are read as shapes and not
as the round's sentences. Read only through facts(), preferences() and commitments()."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of as _one, current as _current, heard, preference_row as _pref

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Friday the 4th, Monday the 7th.
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))


# -- homes named by their kind and town, a move from a town, a move undone --------------------------


def test_variants_a_home_by_its_kind_and_town(default_hub):
    mem = heard(
        default_hub,
        "e5v_f01",
        [
            (0, "Ana", "I live in Derby."),
            (20, "Ana", "Our new flat in Nottingham gets so much light!"),
            (0, "Bo", "I live in Perth."),
            (30, "Bo", "We bought a bungalow in Dundee, finally our own place."),
        ],
    )
    assert _current(mem, "Ana", "residence") == ["Nottingham"]
    assert _current(mem, "Bo", "residence") == ["Dundee"]


def test_variants_a_move_from_a_town_and_a_move_undone(default_hub):
    mem = heard(
        default_hub,
        "e5v_f02",
        [
            (0, "Cy", "I live in Leeds."),
            (25, "Cy", "Moved from Leeds to York in the summer."),
            (0, "Di", "I live in Cork."),
            (20, "Di", "We moved to Galway."),
            (70, "Di", "Galway was too wet, I'm back in Cork now."),
        ],
    )
    assert _current(mem, "Cy", "residence") == ["York"]
    assert _current(mem, "Di", "residence") == ["Cork"]


# -- judgements in a line's last clause, a charm lost, rather X than Y -----------------------------


def test_variants_a_judgement_after_an_opener_or_a_but(default_hub):
    mem = heard(
        default_hub,
        "e5v_p01",
        [
            (0, "Eve", "Hmm, musicals aren't really my thing."),
            (0, "Fox", "Sounds mad but sardines are my new favourite thing."),
        ],
    )
    assert _pref(mem, "Eve", "musicals").value < 0.5
    assert _pref(mem, "Fox", "sardines").value > 0.5


def test_variants_a_charm_lost_and_rather_than(default_hub):
    mem = heard(
        default_hub,
        "e5v_p02",
        [
            (0, "Gil", "I love golf, I play every week."),
            (40, "Gil", "Gave up my membership, golf has lost its appeal for me."),
            (0, "Hal", "I'd rather have tea than coffee, to be honest."),
        ],
    )
    golf = _pref(mem, "Gil", "golf")
    assert golf.value < 0.5 and golf.trend < 0
    assert _pref(mem, "Hal", "tea").value > 0.5


# -- a decline as "give it a miss", an invitation to come to a place accepted ----------------------


def test_variants_a_decline_and_an_acceptance_of_coming(default_hub):
    mem = heard(
        default_hub,
        "e5v_p03",
        [
            (0, "e5v_p03", "Shall I get you a slice of the cheesecake?"),
            (0, "Ivy", "I think I'll give it a miss, thanks."),
            (1, "e5v_p03", "Fancy coming to the jazz club on Friday?"),
            (1, "Jem", "Yes! I've been dying to go."),
        ],
    )
    assert _pref(mem, "Ivy", "cheesecake").value < 0.5
    assert _pref(mem, "Jem", "jazz club").value > 0.5


# -- a promise taken on told as done, a name told apart by where the person is from ----------------


def test_variants_agreed_volunteered_and_told_i_would(default_hub):
    mem = heard(
        default_hub,
        "e5v_c01",
        [
            (0, "Kai", "I've volunteered to run the cake stall on Saturday."),
            (0, "Lia", "Told Mum I'd ring her on Sunday."),
            (0, "Mo", "I told my landlord I'd pay the rent by Friday."),
        ],
    )
    assert (_one(mem, "Kai").status, _one(mem, "Kai").due) == ("open", SAT)
    assert (_one(mem, "Lia").status, _one(mem, "Lia").due) == ("open", SUN)
    assert (_one(mem, "Mo").status, _one(mem, "Mo").due) == ("open", FRI)


def test_variants_a_name_from_somewhere_reports_a_promise(default_hub):
    mem = heard(
        default_hub,
        "e5v_c02",
        [
            (0, "Ned", "Sue from work says she'll cover my shift on Friday."),
            (0, "Ned", "Tom from accounts said he'd send the invoice tomorrow."),
        ],
    )
    assert (_one(mem, "Sue").status, _one(mem, "Sue").due) == ("open", FRI)
    assert (_one(mem, "Tom").status, _one(mem, "Tom").due) == ("open", WED)


# -- a thing one won't touch, a thing one can't do without or never misses -------------------------


def test_variants_things_not_touched(default_hub):
    mem = heard(
        default_hub,
        "e5v_p04",
        [
            (0, "Olly", "My daughter Mia won't touch mushrooms, she picks them all out."),
            (0, "Pip", "I won't touch olives, never have."),
        ],
    )
    assert _pref(mem, "Mia", "mushrooms").value < 0.5
    assert _pref(mem, "Pip", "olives").value < 0.5


def test_variants_habits_that_say_a_liking(default_hub):
    mem = heard(
        default_hub,
        "e5v_p05",
        [
            (0, "Quin", "Can't get through the morning without a strong tea."),
            (0, "Rae", "I play five-a-side every Thursday, wouldn't miss it."),
        ],
    )
    assert _pref(mem, "Quin", "tea").value > 0.5
    assert _pref(mem, "Rae", "five-a-side").value > 0.5


# -- a task's result said as a passive, after a colon, or as a thing working again -----------------


def test_variants_results_that_close_a_promise(default_hub):
    mem = heard(
        default_hub,
        "e5v_c03",
        [
            (0, "Sam", "I'll return the drill to Ben on Friday."),
            (3, "Sam", "The drill was given back this morning."),
            (0, "Tia", "I'll sort the invitations for the party."),
            (2, "Tia", "Invitations: done ✅"),
            (0, "Uli", "I'll fix the washing machine this weekend."),
            (5, "Uli", "The washing machine is running again, no leaks."),
        ],
    )
    assert _one(mem, "Sam").status == "done"
    assert _one(mem, "Tia").status == "done"
    assert _one(mem, "Uli").status == "done"


def test_variants_a_task_that_has_to_wait(default_hub):
    mem = heard(
        default_hub,
        "e5v_c04",
        [
            (0, "Vin", "I'll send the invoice on Wednesday."),
            (1, "Vin", "The invoice will have to wait until Friday, the figures aren't in."),
            (0, "Wyn", "I'll post the parcel tomorrow."),
            (1, "Wyn", "The parcel can wait till Monday."),
        ],
    )
    assert (_one(mem, "Vin").status, _one(mem, "Vin").due) == ("open", FRI)
    assert (_one(mem, "Wyn").status, _one(mem, "Wyn").due) == ("open", MON)


# -- a proposal said yes to, an ex-spouse, a reported person's own "is" ----------------------------


def test_variants_engaged_and_no_longer_married(default_hub):
    mem = heard(
        default_hub,
        "e5v_f03",
        [
            (0, "Xia", "My boyfriend Leo and I went to Paris."),
            (30, "Xia", "Proposed to Leo on the beach last night and he said yes!"),
            (0, "Yves", "I'm married."),
            (200, "Yves", "My ex-husband has the kids this weekend."),
        ],
    )
    assert _current(mem, "Xia", "relationship") == ["engaged"]
    assert "married" not in _current(mem, "Yves", "relationship")


def test_variants_a_reported_person_s_is(default_hub):
    mem = heard(
        default_hub,
        "e5v_f04",
        [
            (0, "Zed", "My cousin Ana quit nursing and she's a teacher now."),
            (0, "Abe", "My brother Joe moved out last year and he's a chef now."),
        ],
    )
    assert "teacher" in " ".join(_current(mem, "Ana", "job")).lower()
    assert "chef" in " ".join(_current(mem, "Joe", "job")).lower()


# -- a thing asked bare and answered at once -------------------------------------------------------


def test_variants_a_thing_asked_bare_and_answered(default_hub):
    mem = heard(
        default_hub,
        "e5v_p06",
        [
            (0, "Bea", "Curry again? Nah."),
            (0, "Cal", "Karaoke? Yes please, I love it!"),
        ],
    )
    assert _pref(mem, "Bea", "curry").value < 0.5
    assert _pref(mem, "Cal", "karaoke").value > 0.5


# -- a plan released by the one it was for, by its day ----------------------------------------------


def test_variants_a_plan_released_by_its_day(default_hub):
    mem = heard(
        default_hub,
        "e5v_c05",
        [
            (0, "Dee", "I'll pick you up from the airport on Saturday."),
            (2, "e5v_c05", "Don't worry about Saturday, I'll grab a cab."),
        ],
    )
    assert _one(mem, "Dee").status == "cancelled"
    mem = heard(
        default_hub,
        "e5v_c06",
        [
            (0, "Em", "I'll walk the dog for you tomorrow."),
            (0, "e5v_c06", "Don't worry about tomorrow, my brother's home."),
        ],
    )
    assert _one(mem, "Em").status == "cancelled"


# -- news with a tag asking whether the hearer knew ------------------------------------------------


def test_variants_news_told_with_a_did_you_hear(default_hub):
    mem = heard(
        default_hub,
        "e5v_f05",
        [
            (0, "Gus", "I live in Hull."),
            (30, "Hope", "Gus has moved to Sheffield, did you hear?"),
            (0, "Ira", "My sister Kim got engaged, can you believe it?"),
        ],
    )
    assert _current(mem, "Gus", "residence") == ["Sheffield"]
    assert _current(mem, "Kim", "relationship") == ["engaged"]


# -- an act with no object said to happen now -------------------------------------------------------


def test_variants_acts_at_once_promise_nothing(default_hub):
    mem = heard(
        default_hub,
        "e5v_c07",
        [
            (0, "Jo", "I'm gonna log off now, speak tomorrow."),
            (0, "Kez", "Right, going to head out now."),
            (0, "Lu", "I'll send the photos now."),
        ],
    )
    assert [c.owner for c in mem.commitments()] == ["Lu"]


# -- a capitalised thing at a line's head judged as one's own taste (found while fixing) -----------


def test_variants_a_capitalised_thing_judged_as_my_thing(default_hub):
    mem = heard(
        default_hub,
        "e5v_p07",
        [
            (0, "Mae", "Football isn't really my thing."),
            (0, "Nik", "Sushi is my new favourite."),
        ],
    )
    assert _pref(mem, "Mae", "football").value < 0.5
    assert _pref(mem, "Nik", "sushi").value > 0.5


# -- the thing praised, not its praise ----------------------------------------------------------


def test_variants_nothing_beats_a_good_thing(default_hub):
    mem = heard(
        default_hub,
        "e5v_p08",
        [
            (0, "Ole", "You can't beat a proper Sunday roast."),
            (0, "Pat", "Nothing beats a really good curry on a Friday."),
        ],
    )
    assert [p.topic for p in mem.preferences(subject="Ole")] == ["sunday roast"]
    assert [p.topic for p in mem.preferences(subject="Pat")] == ["curry"]
