"""Variants of the fixes of the twelfth blind everyday round (#40), English: each fix's shape in
other words, written after the fix (two each), so a fix is a reading and not one line's patch."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _one,
    current as _current,
    heard,
    no_promise as _no_promise,
)

# TUE is Tuesday 1 September 2026
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))


def _said(hub, tenant, speaker, line):
    return heard(hub, tenant, [(0, speaker, line)])


# -- promises in texting style ----------------------------------------------------------------


@pytest.mark.parametrize(
    "line,due",
    [("will drop ur charger round thurs", THU), ("gonna take the bins out sun, promise", SUN)],
)
def test_v_a_weekday_s_short_name_closing_a_promise(default_hub, line, due):
    c = _one(_said(default_hub, f"e12env_c1_{len(line)}", "Jax", line), "Jax")
    assert (c.status, c.due) == ("open", due), c


@pytest.mark.parametrize(
    "line,due",
    [
        ("I'm definitely going to fix your bike on Friday.", FRI),
        ("deffo gonna return the drill tomorrow", WED),
    ],
)
def test_v_an_assurance_before_going_to(default_hub, line, due):
    c = _one(_said(default_hub, f"e12env_c2_{len(line)}", "Pru", line), "Pru")
    assert (c.status, c.due) == ("open", due), c


@pytest.mark.parametrize(
    "line", ["kk will book the taxi for tomorrow", "k, will pick up the parcel tomorrow"]
)
def test_v_chat_k_heading_a_promise(default_hub, line):
    c = _one(_said(default_hub, f"e12env_c3_{len(line)}", "Vic", line), "Vic")
    assert (c.status, c.due) == ("open", WED), c


# -- task states ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "news",
    [
        "Hmm, scratch that, the van's been booked by someone else.",
        "Oh forget it, turns out they don't deliver on Sundays.",
    ],
)
def test_v_a_cancelling_cue_on_a_pro_form_names_no_thing(default_hub, news):
    mem = heard(
        default_hub,
        f"e12env_t1_{len(news)}",
        [(0, "Nico", "I'll hire a van for the move on Saturday."), (0, "Nico", news)],
    )
    assert _one(mem, "Nico").status == "cancelled"


@pytest.mark.parametrize(
    "news",
    [
        "The pub crawl isn't happening after all, half the group dropped out.",
        "Sorry, the Sunday pub crawl is not happening anymore.",
    ],
)
def test_v_a_plan_not_happening_anymore(default_hub, news):
    mem = heard(
        default_hub,
        f"e12env_t2_{len(news)}",
        [
            (0, "Yara", "I'll organise the pub crawl for Sunday."),
            (2, "Yara", news),
        ],
    )
    assert _one(mem, "Yara").status == "cancelled"


@pytest.mark.parametrize(
    "news",
    [
        "Bathroom's cleaned, ran out of time for the kitchen.",
        "Sent the invites, didn't get round to the seating plan.",
    ],
)
def test_v_partly_done_the_rest_stopped_short(default_hub, news):
    mem = heard(
        default_hub,
        f"e12env_t3_{len(news)}",
        [
            (0, "Odile", "I'll sort the invites, the seating plan, the bathroom and the kitchen this week."),
            (3, "Odile", news),
        ],
    )
    assert _one(mem, "Odile").status == "open"


@pytest.mark.parametrize(
    "thanks",
    [
        "Cheers Idris for fixing the tap on Saturday",
        "Thank you so much for the curry last night, Idris!",
    ],
)
def test_v_thanks_for_a_thing_at_a_time_gone_by(default_hub, thanks):
    tenant = f"e12env_t4_{len(thanks)}"
    mem = heard(
        default_hub,
        tenant,
        [
            (0, "Idris", "I'll fix your dripping tap and bring round a curry on Friday."),
            (5, tenant, thanks),
        ],
    )
    assert _one(mem, "Idris").status == "done"


@pytest.mark.parametrize(
    "news",
    [
        "The garden party has been moved to next summer.",
        "Sorry, the photo album got pushed back to next month.",
    ],
)
def test_v_put_off_to_a_later_time_that_names_no_day(default_hub, news):
    mem = heard(
        default_hub,
        f"e12env_t5_{len(news)}",
        [(0, "Hal", "I'll put together the photo album for the garden party on Friday."), (2, "Hal", news)],
    )
    c = _one(mem, "Hal")
    assert (c.status, c.due) == ("open", None), c


@pytest.mark.parametrize(
    "news,due",
    [
        ("We'll do the spare room next weekend instead.", date(2026, 9, 12)),
        ("I'll just sort the spare room on Monday instead", MON),
    ],
)
def test_v_do_standing_for_the_act_with_instead(default_hub, news, due):
    mem = heard(
        default_hub,
        f"e12env_t6_{len(news)}",
        [(0, "Ros", "I'll declutter the spare room on Thursday."), (2, "Ros", news)],
    )
    c = _one(mem, "Ros")
    assert (c.status, c.due) == ("open", due), c


@pytest.mark.parametrize(
    "ask",
    [
        "Could we move the bike service to Saturday? Swamped today.",
        "hey can I push your bike service till Friday?",
    ],
)
def test_v_a_move_asked_for_by_who_owes_it(default_hub, ask):
    mem = heard(
        default_hub,
        f"e12env_t7_{len(ask)}",
        [(0, "Fitz", "I'll service your bike tomorrow."), (1, "Fitz", ask)],
    )
    c = _one(mem, "Fitz")
    assert c.status == "open" and c.due in (SAT, FRI), c


# -- facts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line,job",
    [
        ("I'm an electrician so I get called out at all hours.", "electrician"),
        ("im a paramedic so nights are normal for me", "paramedic"),
    ],
)
def test_v_a_trade_then_a_clause_of_what_follows(default_hub, line, job):
    mem = _said(default_hub, f"e12env_f1_{len(line)}", "Deb", line)
    assert job in " ".join(_current(mem, "Deb", "job")), _all(mem)


@pytest.mark.parametrize(
    "line",
    [
        "Parents' evening tonight, my Year 11 class are a lively bunch.",
        "Spent the afternoon on reports for my year 4 pupils.",
    ],
)
def test_v_a_teacher_by_one_s_class_and_its_year(default_hub, line):
    mem = _said(default_hub, f"e12env_f2_{len(line)}", "Lyn", line)
    assert "teacher" in " ".join(_current(mem, "Lyn", "job")), _all(mem)


@pytest.mark.parametrize(
    "line,employer",
    [
        ("My office at Unilever has the best canteen.", "Unilever"),
        ("Whole team at Ocado got pizza for hitting target.", None),
        ("Our department at Rolls-Royce is hiring again.", "Rolls-Royce"),
    ],
)
def test_v_one_s_own_unit_at_an_organisation(default_hub, line, employer):
    mem = _said(default_hub, f"e12env_f3_{len(line)}", "Tam", line)
    assert _current(mem, "Tam", "employer") == ([employer] if employer else []), _all(mem)


@pytest.mark.parametrize(
    "line,pet",
    [("Running late, had to feed my cats first.", "cat"), ("off to walk our puppy in the park", "puppy")],
)
def test_v_an_animal_cared_for_as_one_s_own(default_hub, line, pet):
    mem = _said(default_hub, f"e12env_f4_{len(line)}", "Ash", line)
    assert pet in " ".join(_current(mem, "Ash", "pet")), _all(mem)


@pytest.mark.parametrize(
    "line,allergen",
    [
        ("Can't eat the satay, peanut allergy sadly.", "peanut"),
        ("don't have any of the cheese board - dairy allergy", "dairy"),
    ],
)
def test_v_an_allergy_said_bare_after_what_one_cannot_have(default_hub, line, allergen):
    mem = _said(default_hub, f"e12env_f5_{len(line)}", "Kez", line)
    assert allergen in " ".join(_current(mem, "Kez", "allergy")), _all(mem)


@pytest.mark.parametrize(
    "line", ["Being coeliac, bread is off the menu for me.", "I'm celiac so I bring my own pasta."]
)
def test_v_coeliac_is_a_diet(default_hub, line):
    mem = _said(default_hub, f"e12env_f6_{len(line)}", "Moe", line)
    held = " ".join(_current(mem, "Moe", "diet")).casefold()
    assert "coeliac" in held or "celiac" in held, _all(mem)


# -- lines that give nothing ------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Oh yes, I just love sitting in traffic on the M25.",
        "Brilliant, I just love being on hold for forty minutes.",
    ],
)
def test_v_irony_opened_by_yes_or_brilliant(default_hub, line):
    mem = _said(default_hub, f"e12env_n1_{len(line)}", "Cat", line)
    assert all(p.value <= 0.5 for p in mem.preferences()), _all(mem)


@pytest.mark.parametrize(
    "line",
    [
        "No promises I'll make it to the quiz on Thursday.",
        "Can't guarantee I'll get the report done by Monday.",
    ],
)
def test_v_a_promise_withheld(default_hub, line):
    _no_promise(_said(default_hub, f"e12env_n2_{len(line)}", "Jo", line))


# -- task states told by a result -------------------------------------------------------------


@pytest.mark.parametrize(
    "promise,news",
    [
        ("I'll take your bike in for a service on Thursday.", "Your bike's back from the shop, good as new."),
        ("I'll take the laptop in for repair tomorrow.", "The laptop is back from the menders."),
    ],
)
def test_v_taken_in_then_back_from_where_it_was_seen_to(default_hub, promise, news):
    mem = heard(default_hub, f"e12env_t8_{len(news)}", [(0, "Gil", promise), (4, "Gil", news)])
    assert _one(mem, "Gil").status == "done"


@pytest.mark.parametrize(
    "promise,news",
    [
        ("I'll make a banner for Dad's retirement do.", "Dad absolutely loved the banner!"),
        ("I'll knit hats for the twins.", "The twins adored the hats, wore them all day."),
    ],
)
def test_v_a_thing_made_told_by_the_delight_of_whoever_had_it(default_hub, promise, news):
    mem = heard(default_hub, f"e12env_t9_{len(news)}", [(0, "Nell", promise), (6, "Nell", news)])
    assert _one(mem, "Nell").status == "done"


@pytest.mark.parametrize(
    "news",
    ["The shelves look amazing, thanks Ben!", "Your shelves are perfect, cheers Ben."],
)
def test_v_a_thing_in_good_shape_then_thanks_to_the_one_named(default_hub, news):
    tenant = f"e12env_t10_{len(news)}"
    mem = heard(
        default_hub,
        tenant,
        [(0, "Ben", "I'll put up your shelves on Saturday."), (5, tenant, news)],
    )
    assert _one(mem, "Ben").status == "done"


# -- a task named as a question the speaker answers at once, too short for a card of its own -------


def test_v_the_gutter_thing_that_is_sorted(default_hub):
    mem = heard(
        default_hub,
        "e12env_q1",
        [
            (0, "Orla", "I'll get someone round to look at the gutters."),
            (2, "Orla", "The gutter thing? That's sorted."),
        ],
    )
    assert _one(mem, "Orla").status == "done"


def test_v_the_car_tax_all_done(default_hub):
    mem = heard(
        default_hub,
        "e12env_q2",
        [
            (0, "Dev", "I'll renew the car tax this week."),
            (3, "Dev", "Car tax? All done!"),
        ],
    )
    assert _one(mem, "Dev").status == "done"


# -- a task found done on one's return, and the hearer praised for it in the same sentence ---------


def test_v_cat_fed_youre_an_angel(default_hub):
    mem = heard(
        default_hub,
        "e12env_p1",
        [
            (0, "Hana", "I'll feed your cat while you're in Spain."),
            (8, "e12env_p1", "Back from Spain and the cat looks well fed, you're an angel Hana!"),
        ],
    )
    assert _one(mem, "Hana").status == "done"


def test_v_post_collected_youre_a_legend(default_hub):
    mem = heard(
        default_hub,
        "e12env_p2",
        [
            (0, "Ravi", "I'll collect your post while you're away."),
            (6, "e12env_p2", "Home at last and all the post is on the table, you're a legend Ravi."),
        ],
    )
    assert _one(mem, "Ravi").status == "done"
