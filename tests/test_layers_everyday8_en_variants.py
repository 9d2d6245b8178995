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


def _pref_value(mem, subject, topic):
    rows = mem.preferences(subject=subject, topic=topic)
    assert rows, [(p.subject, p.topic, p.value) for p in mem.preferences()]
    return rows[0].value


# -- an animal at a clause's head is no person ----------------------------------------------------


def test_v_a_cat_s_allergy_is_nobody_s(default_hub):
    mem = heard(default_hub, "e8env_f01", [(0, "Jen", "My cat Mochi is allergic to fish, poor thing.")])
    assert mem.facts() == [] and mem.preferences() == []


def test_v_an_old_dog_s_dislike_is_nobody_s(default_hub):
    mem = heard(
        default_hub, "e8env_f02", [(0, "Ken", "Our old dog hates the vet, he shakes the whole way there.")]
    )
    assert mem.preferences() == []


# -- a grandparent by the family's word -----------------------------------------------------------


def test_v_my_nan_says_she_hates_rap(default_hub):
    mem = heard(default_hub, "e8env_p01", [(0, "Lola", "My nan says she can't stand rap music.")])
    assert _pref_value(mem, "Lola's nan", "rap music") < 0.5
    assert mem.preferences(subject="Lola") == []


def test_v_my_grandad_bert_loves_fishing(default_hub):
    mem = heard(
        default_hub, "e8env_p02", [(0, "Max", "My grandad Bert loves fishing, he's out every Sunday.")]
    )
    assert _pref_value(mem, "Bert", "fishing") > 0.5


# -- "not big on", "not keen on" after a chat opener ---------------------------------------------


def test_v_honestly_not_keen_on_musicals(default_hub):
    mem = heard(default_hub, "e8env_p03", [(0, "Nia", "honestly not keen on musicals, too much singing")])
    assert _pref_value(mem, "Nia", "musicals") < 0.5


def test_v_ngl_not_mad_on_football(default_hub):
    mem = heard(default_hub, "e8env_p04", [(0, "Oz", "ngl not mad on football")])
    assert _pref_value(mem, "Oz", "football") < 0.5


# -- a bare invitation turned down ---------------------------------------------------------------


def test_v_pub_quiz_asked_bare_then_nah(default_hub):
    mem = heard(
        default_hub,
        "e8env_p05",
        [(0, "e8env_p05", "Coming to the pub quiz tonight?"), (0, "Pam", "Nah.")],
    )
    assert _pref_value(mem, "Pam", "pub quiz") < 0.5


def test_v_bingo_you_in_then_sorry_no(default_hub):
    mem = heard(
        default_hub,
        "e8env_p06",
        [(0, "e8env_p06", "Bingo on Thursday, you in?"), (0, "Quin", "Sorry, no.")],
    )
    assert _pref_value(mem, "Quin", "bingo") < 0.5


def _now(mem, subject, key):
    return [f.value for f in mem.facts(subject=subject) if f.key == key]


# -- facts stated obliquely -----------------------------------------------------------------------


def test_v_first_month_at_arup_after_atkins(default_hub):
    mem = heard(
        default_hub,
        "e8env_f03",
        [
            (0, "Rae", "I work for Atkins."),
            (40, "Rae", "Survived my first month at Arup after leaving Atkins."),
        ],
    )
    assert _now(mem, "Rae", "employer") == ["Arup"]


def test_v_first_day_at_monzo(default_hub):
    mem = heard(default_hub, "e8env_f04", [(0, "Sol", "My first day at Monzo and I already love it.")])
    assert _now(mem, "Sol", "employer") == ["Monzo"]


def test_v_signed_the_tenancy_on_a_house(default_hub):
    mem = heard(
        default_hub,
        "e8env_f05",
        [(0, "Tam", "I live in Leeds."), (30, "Tam", "Signed the tenancy on a house in Derby last week.")],
    )
    assert _now(mem, "Tam", "residence") == ["Derby"]


def test_v_signed_the_lease_on_a_cottage(default_hub):
    mem = heard(default_hub, "e8env_f06", [(0, "Uli", "Signed the lease on a cottage in Kendal, we're in!")])
    assert _now(mem, "Uli", "residence") == ["Kendal"]


def test_v_a_daughter_at_school_then_another(default_hub):
    mem = heard(
        default_hub,
        "e8env_f07",
        [
            (0, "Val", "My daughter Ava is at Hillcrest Primary."),
            (200, "Val", "Ava's at Oak Lane Secondary now."),
        ],
    )
    schools = " ".join(_now(mem, "Ava", "school"))
    assert "Oak Lane" in schools and "Hillcrest" not in schools, schools


def test_v_my_house_in_didsbury(default_hub):
    mem = heard(default_hub, "e8env_f08", [(0, "Wyn", "My house in Didsbury is freezing in winter.")])
    assert _now(mem, "Wyn", "residence") == ["Didsbury"]


def test_v_our_place_in_margate(default_hub):
    mem = heard(default_hub, "e8env_f09", [(0, "Xan", "Our place in Margate is tiny but we love it.")])
    assert _now(mem, "Xan", "residence") == ["Margate"]


def test_v_popped_the_question_and_i_said_yes(default_hub):
    mem = heard(default_hub, "e8env_f10", [(0, "Yas", "Sam popped the question at dinner and I said yes!")])
    assert _now(mem, "Yas", "relationship") == ["engaged"]


def test_v_texted_cashier_then_junior_designer(default_hub):
    mem = heard(
        default_hub,
        "e8env_f11",
        [(0, "Zed", "im a cashier rn"), (60, "Zed", "quit the shop lol, junior designer now 🎨")],
    )
    jobs = " ".join(_now(mem, "Zed", "job"))
    assert "designer" in jobs and "cashier" not in jobs, jobs


# -- a bare yes to a request, and a thing set up -------------------------------------------------


def test_v_of_course_to_the_dry_cleaning(default_hub):
    mem = heard(
        default_hub,
        "e8env_c11",
        [(0, "e8env_c11", "Could you pick up the dry cleaning on Friday?"), (0, "Ada", "Of course!")],
    )
    c = _one(mem, "Ada")
    assert (c.status, c.due) == ("open", FRI)


def test_v_absolutely_to_the_fish_then_fed(default_hub):
    mem = heard(
        default_hub,
        "e8env_c12",
        [
            (0, "e8env_c12", "Will you set up the fish tank while I'm away?"),
            (0, "Bea", "Absolutely."),
            (3, "Bea", "Fish tank's set up and bubbling away."),
        ],
    )
    assert _one(mem, "Bea").status == "done"


def test_v_the_printer_hooked_up(default_hub):
    mem = heard(
        default_hub,
        "e8env_c13",
        [
            (0, "Cy", "I'll connect the new printer tomorrow."),
            (1, "Cy", "Printer's hooked up and working."),
        ],
    )
    assert _one(mem, "Cy").status == "done"


# -- a call made, told by the talk it was -------------------------------------------------------


def test_v_got_hold_of_the_landlord(default_hub):
    mem = heard(
        default_hub,
        "e8env_c14",
        [
            (0, "Dan", "I'll ring the landlord about the boiler tomorrow."),
            (1, "Dan", "Finally got hold of the landlord, he's sending someone Friday."),
        ],
    )
    assert _one(mem, "Dan").status == "done"


def test_v_talked_to_the_school(default_hub):
    mem = heard(
        default_hub,
        "e8env_c15",
        [
            (0, "Effie", "I'll phone the school about the trip on Monday."),
            (6, "Effie", "I talked to the school, it's all fine."),
        ],
    )
    assert _one(mem, "Effie").status == "done"


# -- a taste worn out ----------------------------------------------------------------------------


def test_v_netflix_has_got_samey(default_hub):
    mem = heard(
        default_hub,
        "e8env_p07",
        [(0, "Fern", "I love Netflix."), (30, "Fern", "Netflix has got so samey, I barely open it now.")],
    )
    assert _pref_value(mem, "Fern", "Netflix") < 0.5


def test_v_crosswords_have_become_tedious(default_hub):
    mem = heard(
        default_hub,
        "e8env_p08",
        [(0, "Gus", "Crosswords have become a bit tedious for me lately.")],
    )
    assert _pref_value(mem, "Gus", "crosswords") < 0.5


# -- another's relative in a later clause -------------------------------------------------------


def test_v_his_wife_hates_golf(default_hub):
    mem = heard(default_hub, "e8env_p09", [(0, "Hat", "Tom loves golf, and his wife hates it.")])
    assert _pref_value(mem, "Tom", "golf") > 0.5
    assert _pref_value(mem, "Tom's wife", "golf") < 0.5
    assert mem.preferences(subject="Hat") == []


def test_v_her_husband_works_at_shell(default_hub):
    mem = heard(
        default_hub, "e8env_f12", [(0, "Ivo", "My boss Jo is lovely, her husband Rav works at Shell.")]
    )
    assert _now(mem, "Rav", "employer") == ["Shell"]
    assert _now(mem, "Ivo", "employer") == []


# -- the guards of the fixes above -----------------------------------------------------------------


def test_v_of_course_to_a_skill_asked_takes_nothing_on(default_hub):
    mem = heard(
        default_hub,
        "e8env_n01",
        [
            (0, "e8env_n01", "Can you swim?"),
            (0, "Jon", "Of course!"),
            (0, "e8env_n01", "Can you speak French?"),
            (0, "Jon", "Sure."),
        ],
    )
    assert mem.commitments() == []


def test_v_my_dog_and_i_moved_is_the_speaker_s_move(default_hub):
    mem = heard(default_hub, "e8env_n02", [(0, "Kim", "My dog and I moved to Leeds last month.")])
    assert _now(mem, "Kim", "residence") == ["Leeds"]


# -- a day given up for another "instead" ---------------------------------------------------------


def test_v_cant_make_monday_how_about_wednesday_instead(default_hub):
    mem = heard(
        default_hub,
        "e8env_c16",
        [
            (0, "Lea", "ill drop the keys round on monday"),
            (0, "Lea", "Can't make Monday after all, how about Wednesday instead?"),
        ],
    )
    c = _one(mem, "Lea")
    assert (c.status, c.due) == ("open", date(2026, 9, 2))


def test_v_cant_do_thursday_friday_instead(default_hub):
    mem = heard(
        default_hub,
        "e8env_c17",
        [
            (0, "Moe", "yeah ill bring ur charger back on Thursday"),
            (1, "Moe", "sorry can't do Thursday, Friday instead for the charger"),
        ],
    )
    c = _one(mem, "Moe")
    assert (c.status, c.due) == ("open", FRI)
