"""Variants of the round 9 English fixes (#40), written after each fix (not blind): two lines of
each structural class the fixes read, other words than the blind scenarios, read through facts(),
preferences() and commitments()."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of as _one, current as _current, heard, preference_row as _pref

# TUE is Tuesday 1 September 2026
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))


# -- a promise reported as made to someone else (the verbs of giving one's word) ---------------


def test_v_a_pledge_to_a_committee(default_hub):
    mem = heard(
        default_hub, "e9v_c01", [(0, "Oona", "I pledged to the committee that I'd chair Monday's meeting.")]
    )
    c = _one(mem, "Oona")
    assert (c.status, c.due) == ("open", MON)


def test_v_a_third_person_assures_a_tutor(default_hub):
    mem = heard(
        default_hub,
        "e9v_c02",
        [(0, "Ravi", "Nadia assured her tutor she would hand in the essay on Thursday.")],
    )
    assert _one(mem, "Nadia").due == THU
    assert [c for c in mem.commitments() if c.owner == "Ravi"] == []


# -- "you'll have it from me", and "by then" pointing back at the request ------------------------


def test_v_the_invoice_from_us_on_monday(default_hub):
    mem = heard(default_hub, "e9v_c03", [(0, "Ms Lund", "You'll get the invoice from us on Monday.")])
    c = _one(mem, "Ms Lund")
    assert (c.status, c.due) == ("open", MON)


def test_v_chairs_by_then(default_hub):
    mem = heard(
        default_hub,
        "e9v_c04",
        [
            (0, "e9v_c04", "Could you bring the folding chairs by Saturday?"),
            (0, "Bill", "Of course, you'll have them by then."),
        ],
    )
    c = _one(mem, "Bill")
    assert (c.status, c.due) == ("open", SAT)


# -- a task handed over "now", and more time asked with the day to expect it --------------------


def test_v_a_flatmate_walks_the_dog_now(default_hub):
    mem = heard(
        default_hub,
        "e9v_c05",
        [
            (0, "Jo", "I'll walk the dog on Sunday."),
            (2, "Jo", "My flatmate's walking the dog on Sunday now, I'm away."),
        ],
    )
    assert _one(mem, "Jo").status == "cancelled"


def test_v_more_days_for_the_photos(default_hub):
    mem = heard(
        default_hub,
        "e9v_c06",
        [
            (0, "Pim", "I'll send the photos on Wednesday."),
            (1, "Pim", "Need a couple more days with the photos, expect them Friday."),
        ],
    )
    c = _one(mem, "Pim")
    assert (c.status, c.due) == ("open", FRI)


# -- facts --------------------------------------------------------------------------------------


def test_v_a_town_then_the_pronoun_i(default_hub):
    mem = heard(default_hub, "e9v_f01", [(0, "Hal", "Now that we're living in Derby I cycle to work.")])
    assert _current(mem, "Hal", "residence") == ["Derby"]


def test_v_employed_by_and_hired_by(default_hub):
    mem = heard(default_hub, "e9v_f02", [(0, "Una", "I'm currently employed by Tesco as a buyer.")])
    assert _current(mem, "Una", "employer") == ["Tesco"]
    mem = heard(default_hub, "e9v_f03", [(0, "Vic", "I was hired by Arup last month.")])
    assert _current(mem, "Vic", "employer") == ["Arup"]


def test_v_a_student_job_long_ago(default_hub):
    mem = heard(default_hub, "e9v_f04", [(0, "Wyn", "When I was a student I had a weekend job at Boots.")])
    assert _current(mem, "Wyn", "employer") == []


def test_v_a_diet_with_the_i_dropped(default_hub):
    mem = heard(default_hub, "e9v_f05", [(0, "Xan", "Been vegetarian for ten years now.")])
    assert "vegetarian" in " ".join(_current(mem, "Xan", "diet"))


def test_v_a_fiance_named(default_hub):
    mem = heard(default_hub, "e9v_f06", [(0, "Yara", "My fiancé Dan is a chef.")])
    assert _current(mem, "Yara", "relationship") == ["engaged"]
    assert "chef" in " ".join(_current(mem, "Dan", "job"))


def test_v_a_commute_from_a_town(default_hub):
    mem = heard(default_hub, "e9v_f07", [(0, "Zed", "My commute from Slough takes over an hour.")])
    assert _current(mem, "Zed", "residence") == ["Slough"]


def test_v_someone_else_has_moved(default_hub):
    mem = heard(default_hub, "e9v_f08", [(0, "Ann", "Apparently the old caretaker has moved to Wales.")])
    assert _current(mem, "Ann", "residence") == []


# -- preferences --------------------------------------------------------------------------------


def test_v_a_son_goes_crazy_for_trains(default_hub):
    mem = heard(default_hub, "e9v_p01", [(0, "Bee", "My son Leo goes crazy for trains.")])
    assert _pref(mem, "Leo", "trains").value > 0.5


def test_v_a_show_on_repeat(default_hub):
    mem = heard(default_hub, "e9v_p02", [(0, "Cy", "I could watch Friends on repeat.")])
    assert _pref(mem, "Cy", "Friends").value > 0.5


def test_v_obsessed_with_the_i_dropped(default_hub):
    mem = heard(default_hub, "e9v_p03", [(0, "Di", "Completely obsessed with Wordle lately.")])
    assert _pref(mem, "Di", "Wordle").value > 0.5


def test_v_no_interest_said_and_answered(default_hub):
    mem = heard(default_hub, "e9v_p04", [(0, "Eve", "I have no interest in cricket.")])
    assert _pref(mem, "Eve", "cricket").value < 0.5
    mem = heard(
        default_hub,
        "e9v_p05",
        [(0, "e9v_p05", "Fancy the darts tonight?"), (0, "Fox", "Not interested, thanks.")],
    )
    assert _pref(mem, "Fox", "darts").value < 0.5


def test_v_seats_for_the_opera_lost_on_me(default_hub):
    mem = heard(
        default_hub,
        "e9v_p06",
        [(0, "e9v_p06", "Shall I book seats for the opera?"), (0, "Gil", "Opera's lost on me, I'm afraid.")],
    )
    assert _pref(mem, "Gil", "opera").value < 0.5


# -- chat spelling (a time typed as a number, "wil", a tag of assurance) and "not happening" -----


def test_v_a_texted_promise_for_today(default_hub):
    mem = heard(default_hub, "e9v_c07", [(0, "Kez", "wil ring the garage 2day honest")])
    c = _one(mem, "Kez")
    assert (c.status, c.due) == ("open", date(2026, 9, 1))


def test_v_a_barbecue_not_happening(default_hub):
    mem = heard(
        default_hub,
        "e9v_c08",
        [
            (0, "Lars", "I'll host the barbecue on Saturday."),
            (3, "Lars", "The barbecue's not happening, sorry all."),
        ],
    )
    assert _one(mem, "Lars").status == "cancelled"


# -- a university named by its own name in a line about one's study -----------------------------


def test_v_a_dissertation_at_a_named_university(default_hub):
    mem = heard(
        default_hub, "e9v_f09", [(0, "Mo", "Handed in my dissertation at the University of Sussex today!")]
    )
    assert "Sussex" in " ".join(_current(mem, "Mo", "school"))


def test_v_now_at_a_university_after_college(default_hub):
    mem = heard(
        default_hub,
        "e9v_f10",
        [
            (0, "Nia", "I'm doing my BTEC at Kendal College."),
            (300, "Nia", "I'm at Lancaster University now, first year of a history degree."),
        ],
    )
    schools = " ".join(_current(mem, "Nia", "school"))
    assert "Lancaster" in schools and "Kendal" not in schools, schools
