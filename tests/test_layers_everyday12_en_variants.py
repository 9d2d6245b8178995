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
    no_fact as _no_fact,
    no_promise as _no_promise,
    preferences_holding as _holding,
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
