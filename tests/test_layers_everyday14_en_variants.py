"""Variants of the fourteenth English round's fixes (#40), written after each fix: other words, the
same shape, so the fix is read as a shape and not as the scenario's line."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _one,
    current as _current,
    heard,
    no_promise as _no_promise,
)

TUE, WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (1, 2, 3, 4, 5, 6, 7))


def _facts_of(mem, subject):
    return [(f.key, f.value) for f in mem.facts(subject=subject)]


# a friend by the everyday word for one ("my mate Raj"): the friend's facts are not the speaker's


def test_v_a_pal_at_lloyds_is_hers(default_hub):
    mem = heard(
        default_hub, "e14env_01", [(0, "Bryony", "my pal Gemma works at Lloyds and gets free travel")]
    )
    assert _facts_of(mem, "Bryony") == [], _all(mem)


def test_v_a_buddy_in_madrid_is_his(default_hub):
    mem = heard(default_hub, "e14env_02", [(0, "Cormac", "my buddy Carlos lives in Madrid, lucky sod")])
    assert _facts_of(mem, "Cormac") == [], _all(mem)


# a trade by its initials, and a grade taught written as an ordinal


def test_v_a_cpa_in_tax_season(default_hub):
    mem = heard(default_hub, "e14env_03", [(0, "Dwayne", "I'm a CPA so tax season is brutal")])
    assert _current(mem, "Dwayne", "job") == ["CPA"], _all(mem)


def test_v_a_gp_lowercase_chat(default_hub):
    mem = heard(default_hub, "e14env_04", [(0, "Imogen", "im a GP btw, so ask away")])
    assert _current(mem, "Imogen", "job") == ["GP"], _all(mem)


def test_v_a_fifth_grade_teacher(default_hub):
    mem = heard(default_hub, "e14env_05", [(0, "Kayla", "I'm a 5th grade teacher in Texas, send coffee")])
    assert "teacher" in " ".join(_current(mem, "Kayla", "job")), _all(mem)


def test_v_a_first_grade_teacher_and_glitter(default_hub):
    mem = heard(
        default_hub, "e14env_06", [(0, "Logan", "I'm a 1st grade teacher so glitter gets everywhere")]
    )
    assert "1st grade teacher" in _current(mem, "Logan", "job"), _all(mem)


# a home made somewhere: "settled in" a town


def test_v_settled_in_bristol_after_renting(default_hub):
    mem = heard(
        default_hub, "e14env_07", [(0, "Ned", "we finally settled in Bristol after years of renting around")]
    )
    assert _current(mem, "Ned", "residence") == ["Bristol"], _all(mem)


def test_v_from_cork_settled_in_galway(default_hub):
    mem = heard(default_hub, "e14env_08", [(0, "Aoife", "from Cork originally but settled in Galway now")])
    assert _current(mem, "Aoife", "residence") == ["Galway"], _all(mem)


# a thing sent, told under way ("on its way", "in the post")


def test_v_the_book_on_its_way(default_hub):
    mem = heard(
        default_hub,
        "e14env_09",
        [
            (0, "Rosalind", "I'll post you that book on Thursday."),
            (2, "Rosalind", "The book's on its way, should be with you Saturday."),
        ],
    )
    assert _one(mem, "Rosalind").status == "done"


def test_v_the_cheque_in_the_post(default_hub):
    mem = heard(
        default_hub,
        "e14env_10",
        [
            (0, "Barnaby", "I'll send the deposit cheque tomorrow."),
            (2, "Barnaby", "cheque's in the post, honest"),
        ],
    )
    assert _one(mem, "Barnaby").status == "done"


# a thing handed over, told by who holds it now


def test_v_priya_has_the_tickets_now(default_hub):
    mem = heard(
        default_hub,
        "e14env_11",
        [
            (0, "Owain", "I'll get the concert tickets to Priya by Friday."),
            (2, "Owain", "Priya has the tickets now, all good."),
        ],
    )
    assert _one(mem, "Owain").status == "done"


def test_v_mum_has_the_spare_key_now(default_hub):
    mem = heard(
        default_hub,
        "e14env_12",
        [
            (0, "Tilly", "I'll drop the spare key at Mum's tomorrow."),
            (1, "Tilly", "Mum has the spare key now."),
        ],
    )
    assert _one(mem, "Tilly").status == "done"


# an act in the past with "like I said" after it


def test_v_walked_the_dog_like_i_said(default_hub):
    mem = heard(
        default_hub,
        "e14env_13",
        [
            (0, "Hamish", "I'll walk the dog at lunchtime tomorrow."),
            (1, "Hamish", "Walked the dog at lunch like I said, he's shattered."),
        ],
    )
    assert _one(mem, "Hamish").status == "done"


def test_v_fed_the_cat_as_i_said(default_hub):
    mem = heard(
        default_hub,
        "e14env_14",
        [
            (0, "Petra", "I'll feed the cat at 6 tonight."),
            (0, "Petra", "Fed the cat at 6 as I said, she's asleep on the sofa."),
        ],
    )
    assert _one(mem, "Petra").status == "done"


# called off by the weather


def test_v_the_barbecue_got_rained_off(default_hub):
    mem = heard(
        default_hub,
        "e14env_15",
        [
            (0, "Jethro", "I'll bring the burgers for the barbecue on Saturday."),
            (4, "Jethro", "the barbecue got rained off, garden's a lake"),
        ],
    )
    assert _one(mem, "Jethro").status == "cancelled"


def test_v_cricket_rained_off(default_hub):
    mem = heard(
        default_hub,
        "e14env_16",
        [
            (0, "Alfred", "I'll do the teas for the cricket on Saturday."),
            (4, "Alfred", "Cricket's rained off, so no teas needed."),
        ],
    )
    assert _one(mem, "Alfred").status == "cancelled"


# set aside "on hold" until something else is done


def test_v_bathroom_on_hold_till_the_tiler(default_hub):
    mem = heard(
        default_hub,
        "e14env_17",
        [
            (0, "Lorcan", "I'll grout your bathroom on Saturday."),
            (2, "Lorcan", "Bathroom's on hold till the tiler's free, sorry."),
        ],
    )
    c = _one(mem, "Lorcan")
    assert c.status == "open" and (c.due is None or c.due > SAT), (c.status, c.due)


def test_v_the_shed_on_hold_until_spring(default_hub):
    mem = heard(
        default_hub,
        "e14env_18",
        [
            (0, "Verity", "I'll paint the shed on Sunday."),
            (3, "Verity", "The shed is on hold until spring now."),
        ],
    )
    c = _one(mem, "Verity")
    assert c.status == "open" and (c.due is None or c.due > SUN), (c.status, c.due)


# a plan denied "after all"


def test_v_no_picnic_after_all(default_hub):
    mem = heard(
        default_hub,
        "e14env_19",
        [
            (0, "Maeve", "I'll take the kids on a picnic on Saturday."),
            (3, "Maeve", "No picnic after all, it's chucking it down."),
        ],
    )
    assert _one(mem, "Maeve").status == "cancelled"


def test_v_no_bonfire_after_all(default_hub):
    mem = heard(
        default_hub,
        "e14env_20",
        [
            (0, "Cedric", "I'll light the bonfire at the allotment on Friday."),
            (2, "Cedric", "no bonfire after all, the council banned them"),
        ],
    )
    assert _one(mem, "Cedric").status == "cancelled"


# a yes to "did you ...?", bare or with when it was done


def test_v_did_you_book_the_vet_yes_first_thing(default_hub):
    mem = heard(
        default_hub,
        "e14env_21",
        [
            (0, "Gwenda", "I'll book the vet for the dog this week."),
            (3, "e14env_21", "did you book the vet?"),
            (3, "Gwenda", "yes, first thing"),
        ],
    )
    assert _one(mem, "Gwenda").status == "done"


def test_v_have_u_posted_the_form_yep(default_hub):
    mem = heard(
        default_hub,
        "e14env_22",
        [
            (0, "Ricky", "I'll post the passport form tomorrow."),
            (2, "e14env_22", "have u posted the form yet?"),
            (2, "Ricky", "yep"),
        ],
    )
    assert _one(mem, "Ricky").status == "done"


def test_v_a_yes_to_a_taste_closes_nothing(default_hub):
    mem = heard(
        default_hub,
        "e14env_23",
        [
            (0, "Sindy", "I'll return your drill on Friday."),
            (1, "e14env_23", "did you like the film?"),
            (1, "Sindy", "yeah"),
        ],
    )
    assert _one(mem, "Sindy").status == "open"


# a person taken on an outing, a grandparent too


def test_v_nan_to_the_garden_centre(default_hub):
    mem = heard(default_hub, "e14env_24", [(0, "Keira", "I'll take Nan to the garden centre on Saturday.")])
    c = _one(mem, "Keira")
    assert (c.status, c.due) == ("open", SAT), c


def test_v_a_tour_of_the_campus(default_hub):
    mem = heard(default_hub, "e14env_25", [(0, "Umar", "I'll take you on a tour of the campus tomorrow.")])
    c = _one(mem, "Umar")
    assert (c.status, c.due) == ("open", WED), c


# an English clause around a two-character Chinese name is English


def test_v_emailed_a_colleague_named_in_chinese(default_hub):
    mem = heard(
        default_hub,
        "e14env_26",
        [
            (0, "Quentin", "I'll email 陈静 the contract tomorrow."),
            (1, "Quentin", "Emailed 陈静, all sorted."),
        ],
    )
    assert _one(mem, "Quentin").status == "done"


def test_v_messaged_a_friend_named_in_chinese(default_hub):
    mem = heard(
        default_hub,
        "e14env_27",
        [
            (0, "Harriet", "I'll call 李明 about the flat tonight."),
            (1, "Harriet", "Messaged 李明 today, he's keen."),
        ],
    )
    assert _one(mem, "Harriet").status == "done"


# a verb of the mind is no promise


def test_v_believe_that_when_i_see_it(default_hub):
    mem = heard(
        default_hub, "e14env_28", [(0, "Mags", "Trains on time all week? I'll believe that when I see it.")]
    )
    _no_promise(mem)


def test_v_believe_it_when_pigs_fly(default_hub):
    mem = heard(
        default_hub, "e14env_29", [(0, "Dennis", "he says he'll pay me back, I'll believe it when pigs fly")]
    )
    assert [c for c in mem.commitments() if c.owner == "Dennis"] == [], _all(mem)


# a thing got, named by whose it is, then thanks to whoever sent it


def test_v_got_dr_khans_email_cheers(default_hub):
    mem = heard(
        default_hub,
        "e14env_30",
        [
            (0, "Mo", "I'll send you Dr Khan's email address today."),
            (0, "e14env_30", "got Dr Khan's email, cheers Mo"),
        ],
    )
    assert _one(mem, "Mo").status == "done"


def test_v_got_jos_recipe_thanks(default_hub):
    mem = heard(
        default_hub,
        "e14env_31",
        [
            (0, "Amira", "I'll get you Jo's brownie recipe tomorrow."),
            (1, "e14env_31", "got Jo's recipe, thanks Amira!"),
        ],
    )
    assert _one(mem, "Amira").status == "done"


# an intolerance of a food, kept as its allergy is


def test_v_gluten_intolerant_so_pasta_is_out(default_hub):
    mem = heard(default_hub, "e14env_32", [(0, "Flo", "I'm gluten intolerant so pasta's out for me")])
    assert _current(mem, "Flo", "allergy") == ["gluten"], _all(mem)


def test_v_wheat_intolerant_lowercase(default_hub):
    mem = heard(default_hub, "e14env_33", [(0, "Arun", "no naan for me thanks, im wheat intolerant")])
    assert _current(mem, "Arun", "allergy") == ["wheat"], _all(mem)


# a plan asked to be done at a later time "instead"


def test_v_the_catch_up_next_tuesday_instead(default_hub):
    mem = heard(
        default_hub,
        "e14env_34",
        [
            (0, "Ingrid", "I'll do our catch-up call on Thursday."),
            (1, "Ingrid", "could we have the catch-up next Tuesday instead?"),
        ],
    )
    c = _one(mem, "Ingrid")
    assert c.status == "open" and (c.due is None or c.due > THU), (c.status, c.due)


def test_v_the_pub_quiz_the_week_after_instead(default_hub):
    mem = heard(
        default_hub,
        "e14env_35",
        [
            (0, "Bertie", "I'll come to the pub quiz on Friday."),
            (2, "Bertie", "Can we do the pub quiz the week after instead? Skint."),
        ],
    )
    c = _one(mem, "Bertie")
    assert c.status == "open" and (c.due is None or c.due > FRI), (c.status, c.due)


# a field of work by its department's name


def test_v_i_work_in_marketing_lowercase(default_hub):
    mem = heard(default_hub, "e14env_36", [(0, "Tasha", "i work in marketing so i know all the tricks lol")])
    assert _current(mem, "Tasha", "job") == ["marketing"], _all(mem)


def test_v_i_work_in_hr_heard_it_all(default_hub):
    mem = heard(
        default_hub, "e14env_37", [(0, "Graham", "I work in HR, so yes, I've heard every excuse going")]
    )
    assert _current(mem, "Graham", "job") == ["HR"], _all(mem)


# a thing at the head of the line, then another clause, then praise for the one named


def test_v_the_cleaner_has_been_place_sparkling(default_hub):
    mem = heard(
        default_hub,
        "e14env_38",
        [
            (0, "Jo", "I'll get a cleaner in before your party on Saturday."),
            (3, "e14env_38", "The cleaner's been, place is sparkling, you're a star Jo"),
        ],
    )
    assert _one(mem, "Jo").status == "done"


def test_v_the_locksmith_has_been_new_lock_in(default_hub):
    mem = heard(
        default_hub,
        "e14env_39",
        [
            (0, "Rafferty", "I'll sort a locksmith for your back door tomorrow."),
            (2, "e14env_39", "The locksmith's been, new lock's in, thanks Rafferty!"),
        ],
    )
    assert _one(mem, "Rafferty").status == "done"
