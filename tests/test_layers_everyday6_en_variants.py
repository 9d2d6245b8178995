"""Variants of the round-6 English fixes (#40), written after each fix (not blind): each fix of
tests/test_layers_everyday6_en.py carries to two lines it was not made on, read only through
facts(), preferences() and commitments()."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import commitment_of as _one, current as _current, heard, preference_row as _pref

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Friday the 4th, Monday the 7th.
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))


def test_variants_a_degree_before_the_verb(default_hub):
    mem = heard(
        default_hub,
        "e6v_01",
        [(0, "Ada", "I rather like sea swimming."), (0, "Bo", "I quite enjoy crosswords on the train.")],
    )
    assert _pref(mem, "Ada", "sea swimming").value > 0.5
    assert _pref(mem, "Bo", "crosswords").value > 0.5


def test_variants_what_one_cannot_bear_or_abide(default_hub):
    mem = heard(
        default_hub,
        "e6v_02",
        [(0, "Cy", "My dad Ken can't abide reality TV."), (0, "Di", "I can't bear horror films.")],
    )
    assert _pref(mem, "Ken", "reality TV").value < 0.5
    assert _pref(mem, "Di", "horror films").value < 0.5


def test_variants_reside_and_living_now(default_hub):
    mem = heard(
        default_hub,
        "e6v_03",
        [
            (0, "Eve", "I reside in Bath."),
            (40, "Eve", "I now reside in Wells."),
            (0, "Fox", "I live in York."),
            (30, "Fox", "Still feels strange living in Leeds now."),
        ],
    )
    assert _current(mem, "Eve", "residence") == ["Wells"]
    assert _current(mem, "Fox", "residence") == ["Leeds"]


def test_variants_a_job_with_a_noun_before_its_head(default_hub):
    mem = heard(
        default_hub,
        "e6v_04",
        [
            (0, "Gil", "I'm a nurse."),
            (50, "Gil", "I'm a van driver now."),
            (0, "Hal", "I'm a dog walker."),
        ],
    )
    assert _current(mem, "Gil", "job") == ["van driver"]
    assert _current(mem, "Hal", "job") == ["dog walker"]


def test_variants_a_pledged_yes_to_a_request(default_hub):
    mem = heard(
        default_hub,
        "e6v_05",
        [
            (0, "e6v_05", "Could you feed the cat on Saturday?"),
            (0, "Ida", "ok ok, leave it with me"),
            (1, "e6v_05", "Can you pick up the dry cleaning on Friday?"),
            (1, "Jo", "Yep, you got it!"),
        ],
    )
    assert (_one(mem, "Ida").status, _one(mem, "Ida").due) == ("open", SAT)
    assert (_one(mem, "Jo").status, _one(mem, "Jo").due) == ("open", FRI)


def test_variants_a_promise_told_to_someone(default_hub):
    mem = heard(
        default_hub,
        "e6v_06",
        [
            (0, "Kai", "I mentioned to Dev that I'd cover his shift on Sunday."),
            (0, "Lu", "Said to Mum I'd ring her tomorrow."),
        ],
    )
    assert (_one(mem, "Kai").status, _one(mem, "Kai").due) == ("open", SUN)
    assert (_one(mem, "Lu").status, _one(mem, "Lu").due) == ("open", WED)


def test_variants_a_taste_with_praise_and_an_occasion(default_hub):
    mem = heard(
        default_hub,
        "e6v_07",
        [
            (0, "Mo", "Love a proper roast on a Sunday."),
            (0, "Ned", "I love a good thriller on a rainy evening."),
        ],
    )
    assert _pref(mem, "Mo", "roast").value > 0.5
    assert _pref(mem, "Ned", "thriller").value > 0.5


def test_variants_a_lower_case_message_of_several_sentences(default_hub):
    mem = heard(
        default_hub,
        "e6v_08",
        [
            (0, "Oli", "omg so tired. will ring the bank tomorrow dont let me forget"),
            (0, "Pam", "home now. will post the keys back on friday"),
        ],
    )
    assert (_one(mem, "Oli").status, _one(mem, "Oli").due) == ("open", WED)
    assert (_one(mem, "Pam").status, _one(mem, "Pam").due) == ("open", FRI)


def test_variants_a_pair_that_ended(default_hub):
    mem = heard(
        default_hub,
        "e6v_09",
        [
            (0, "Quin", "My boyfriend Dan and I are off to Wales."),
            (40, "Quin", "Me and Dan went our separate ways last month."),
            (0, "Rae", "My girlfriend Sam and I just got a flat together."),
            (60, "Rae", "Sam and I are no longer together."),
        ],
    )
    assert _current(mem, "Quin", "relationship") == ["single"]
    assert _current(mem, "Rae", "relationship") == ["single"]


def test_variants_an_offer_to_keep_or_heat_a_thing(default_hub):
    mem = heard(
        default_hub,
        "e6v_10",
        [
            (0, "e6v_10", "Shall I keep you some of the lasagne?"),
            (0, "Sid", "No thanks."),
            (1, "e6v_10", "Want me to heat up some soup for you?"),
            (1, "Tam", "Ooh yes please!"),
        ],
    )
    assert _pref(mem, "Sid", "lasagne").value < 0.5
    assert _pref(mem, "Tam", "soup").value > 0.5


def test_variants_a_school_by_its_head_noun(default_hub):
    mem = heard(
        default_hub,
        "e6v_11",
        [
            (0, "Uma", "My son Alfie goes to Greenfield Academy."),
            (0, "Vic", "I moved to Westfield College."),
        ],
    )
    assert _current(mem, "Alfie", "school") == ["Greenfield Academy"]
    assert _current(mem, "Vic", "school") == ["Westfield College"]
    assert _current(mem, "Vic", "residence") == []


def test_variants_released_by_someone_else(default_hub):
    mem = heard(
        default_hub,
        "e6v_12",
        [
            (0, "Wyn", "I'll cook dinner for everyone on Saturday."),
            (3, "Wyn", "Mum insisted on cooking, so I'm off the hook for dinner."),
            (0, "Xan", "I'll run the cake stall at the fete on Sunday."),
            (3, "Xan", "They found more volunteers, so I'm excused from the cake stall."),
        ],
    )
    assert _one(mem, "Wyn").status == "cancelled"
    assert _one(mem, "Xan").status == "cancelled"


def test_variants_a_plan_off_after_so(default_hub):
    mem = heard(
        default_hub,
        "e6v_13",
        [
            (0, "Yas", "I'll host the quiz on Friday."),
            (2, "Yas", "The pub's shut for repairs so the quiz is off."),
            (0, "Zed", "I'll lead the hike on Sunday."),
            (3, "Zed", "There's a storm warning so the hike is cancelled."),
        ],
    )
    assert _one(mem, "Yas").status == "cancelled"
    assert _one(mem, "Zed").status == "cancelled"


def test_variants_got_it_working(default_hub):
    mem = heard(
        default_hub,
        "e6v_14",
        [
            (0, "Abe", "I'll fix the printer tomorrow."),
            (1, "Abe", "Got the printer working again!"),
            (0, "Bea", "My brother Sam says he'll fix my bike on Saturday."),
            (4, "Bea", "Sam got the bike going again, legend."),
        ],
    )
    assert _one(mem, "Abe").status == "done"
    assert _one(mem, "Sam").status == "done"


def test_variants_coming_on_a_later_day_instead(default_hub):
    mem = heard(
        default_hub,
        "e6v_15",
        [
            (0, "Cat", "I'll drop the keys round on Thursday."),
            (1, "Cat", "The keys are coming to you on Saturday instead."),
            (0, "Dom", "I'll send the invoice on Wednesday."),
            (1, "Dom", "The invoice is going out on Friday instead, sorry."),
        ],
    )
    assert (_one(mem, "Cat").status, _one(mem, "Cat").due) == ("open", SAT)
    assert (_one(mem, "Dom").status, _one(mem, "Dom").due) == ("open", FRI)


def test_variants_a_place_left_and_the_next_from_a_day(default_hub):
    mem = heard(
        default_hub,
        "e6v_16",
        [
            (0, "Eli", "I work at Boots."),
            (30, "Eli", "Last day at Boots today, Superdrug from Monday!"),
            (0, "Fay", "I work at Aldi."),
            (30, "Fay", "Left Aldi last month, Lidl from Monday!"),
        ],
    )
    assert _current(mem, "Eli", "employer") == ["Superdrug"]
    assert _current(mem, "Fay", "employer") == ["Lidl"]


def test_variants_glued_to_and_never_been_into(default_hub):
    mem = heard(
        default_hub,
        "e6v_17",
        [
            (0, "Gus", "I've been glued to the snooker all week."),
            (0, "Hem", "Never been into golf, honestly."),
        ],
    )
    assert _pref(mem, "Gus", "snooker").value > 0.5
    assert _pref(mem, "Hem", "golf").value < 0.5


def test_variants_a_habit_kept_with_devotion(default_hub):
    mem = heard(
        default_hub,
        "e6v_18",
        [
            (0, "Ike", "I swim every morning without fail."),
            (0, "Jen", "Every Thursday I'm at the climbing wall, come rain or shine."),
        ],
    )
    assert _pref(mem, "Ike", "swimming").value > 0.5
    assert _pref(mem, "Jen", "climbing wall").value > 0.5


def test_variants_them_is_the_other_s_thing(default_hub):
    mem = heard(
        default_hub,
        "e6v_19",
        [
            (0, "Kim", "Sara adores horror films but I can't stand them."),
            (0, "Lex", "My brother Ian loves opera, I hate it."),
        ],
    )
    assert _pref(mem, "Sara", "horror films").value > 0.5
    assert _pref(mem, "Kim", "horror films").value < 0.5
    assert _pref(mem, "Ian", "opera").value > 0.5
    assert _pref(mem, "Lex", "opera").value < 0.5


def test_variants_a_laughed_off_promise_and_a_real_one(default_hub):
    mem = heard(
        default_hub,
        "e6v_20",
        [
            (0, "Mia", "Yeah right, I'll go running the day my cat learns to talk lol"),
            (0, "Nia", "I'll call you when I land lol"),
        ],
    )
    assert [c.owner for c in mem.commitments()] == ["Nia"]


def test_variants_a_bare_move_then_now_in(default_hub):
    mem = heard(
        default_hub,
        "e6v_21",
        [
            (0, "Pei", "I live in 南京."),
            (30, "Pei", "搬家了！Now living in 苏州, much quieter."),
            (0, "Quy", "I live in Derby."),
            (30, "Quy", "Finally moved! Now in Nottingham, near the castle."),
        ],
    )
    assert _current(mem, "Pei", "residence") == ["苏州"]
    assert _current(mem, "Quy", "residence") == ["Nottingham"]


def test_variants_a_venue_named_by_what_is_had_there(default_hub):
    mem = heard(
        default_hub,
        "e6v_22",
        [
            (0, "Rex", "I love coffee."),
            (20, "e6v_22", "Coffee shop after work?"),
            (20, "Rex", "Nah, I'll pass."),
            (0, "e6v_22", "Fancy the noodle bar tonight?"),
            (0, "Sol", "Ooh yes please!"),
        ],
    )
    coffee = _pref(mem, "Rex", "coffee")
    assert coffee.trend < 0 and coffee.evidence == 2
    assert _pref(mem, "Sol", "noodles").value > 0.5
