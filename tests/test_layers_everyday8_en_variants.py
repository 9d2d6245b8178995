"""Variants of the eighth English round's fixes (#40), written after each fix (not blind): two
sentences of each shape the fix reads, other words than the blind line's."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of as _one, heard

# TUE is Tuesday 1 September 2026
FRI, MON = date(2026, 9, 4), date(2026, 9, 7)


# -- a plan decided against (a verb of choosing not to) ------------------------------------------


def test_v_opted_out_of_the_book_club(default_hub):
    mem = heard(
        default_hub,
        "e8env_c01",
        [
            (0, "Ann", "I'll join the book club on Thursday."),
            (2, "Ann", "Opted out of the book club, too much reading for me."),
        ],
    )
    assert _one(mem, "Ann").status == "cancelled"


def test_v_decided_against_the_chess_tournament(default_hub):
    mem = heard(
        default_hub,
        "e8env_c02",
        [
            (0, "Bram", "I'm going to enter the chess tournament on Saturday."),
            (3, "Bram", "I've decided against the chess tournament this year."),
        ],
    )
    assert _one(mem, "Bram").status == "cancelled"


# -- a message taken back in the formal register -------------------------------------------------


def test_v_ignore_my_previous_email_about_the_minutes(default_hub):
    mem = heard(
        default_hub,
        "e8env_c03",
        [
            (0, "Ms Park", "I will send the minutes to the board by Monday."),
            (1, "Ms Park", "Kindly ignore my previous email about the minutes."),
        ],
    )
    assert _one(mem, "Ms Park").status == "cancelled"


def test_v_disregard_my_last_note_regarding_the_room(default_hub):
    mem = heard(
        default_hub,
        "e8env_c04",
        [
            (0, "Mr Dunn", "I shall reserve the conference room for Tuesday."),
            (1, "Mr Dunn", "Please disregard my last note regarding the conference room."),
        ],
    )
    assert _one(mem, "Mr Dunn").status == "cancelled"


# -- more time asked for ------------------------------------------------------------------------


def test_v_the_draft_needs_until_friday(default_hub):
    mem = heard(
        default_hub,
        "e8env_c05",
        [
            (0, "Cleo", "I'll send you the draft by Wednesday."),
            (1, "Cleo", "The draft is running a bit behind, I'll need until Friday."),
        ],
    )
    c = _one(mem, "Cleo")
    assert (c.status, c.due) == ("open", FRI)


def test_v_give_me_till_monday_for_the_bike(default_hub):
    mem = heard(
        default_hub,
        "e8env_c06",
        [
            (0, "Dex", "I'll fix your bike on Saturday."),
            (3, "Dex", "Sorry mate, give me till Monday for the bike."),
        ],
    )
    c = _one(mem, "Dex")
    assert (c.status, c.due) == ("open", MON)


# -- a promise kept, said as such ----------------------------------------------------------------


def test_v_frank_kept_his_promise(default_hub):
    mem = heard(
        default_hub,
        "e8env_c07",
        [
            (0, "Eve", "My dad Frank said he'd paint the shed this weekend."),
            (6, "Eve", "Frank kept his promise, the shed looks brand new."),
        ],
    )
    assert _one(mem, "Frank").status == "done"


def test_v_tom_was_true_to_his_word(default_hub):
    mem = heard(
        default_hub,
        "e8env_c08",
        [
            (0, "Gil", "Tom said he'll bring the tent on Friday."),
            (4, "Gil", "Tom was true to his word, as always."),
        ],
    )
    assert _one(mem, "Tom").status == "done"


# -- a task another takes over "instead" ---------------------------------------------------------


def test_v_a_sister_drives_mum_instead(default_hub):
    mem = heard(
        default_hub,
        "e8env_c09",
        [
            (0, "Hal", "I'll drive Mum to the hospital on Monday."),
            (2, "Hal", "My sister is driving Mum to the hospital instead."),
        ],
    )
    assert _one(mem, "Hal").status == "cancelled"


def test_v_priya_brings_the_salad_instead(default_hub):
    mem = heard(
        default_hub,
        "e8env_c10",
        [
            (0, "Ian", "I'll bring the salad to the barbecue."),
            (1, "Ian", "Priya will bring the salad instead."),
        ],
    )
    assert _one(mem, "Ian").status == "cancelled"
