"""Variants of the fixes of the eleventh blind everyday round (#40), English: each fix's shape in
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
THU, FRI_WEEK, FORTNIGHT = date(2026, 9, 3), date(2026, 9, 11), date(2026, 9, 15)


def _said(hub, tenant, speaker, line):
    return heard(hub, tenant, [(0, speaker, line)])


def _taste(mem, subject, word):
    rows = _holding(mem, subject, word)
    assert rows, _all(mem)
    return rows[0].value


# -- dates ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "I'll have the keys back to you the day after tomorrow.",
        "Day after tomorrow I'll return the ladder, promise.",
    ],
)
def test_v_the_day_after_tomorrow_is_two_days_on(default_hub, line):
    c = _one(_said(default_hub, f"e11env_d1_{len(line)}", "Amir", line), "Amir")
    assert c.due == THU, c


@pytest.mark.parametrize(
    "line", ["I'll sort the spare bed out a week on Friday.", "I'll drop your tent back Friday week."]
)
def test_v_a_week_on_a_named_day(default_hub, line):
    c = _one(_said(default_hub, f"e11env_d2_{len(line)}", "Bram", line), "Bram")
    assert c.due == FRI_WEEK, c


@pytest.mark.parametrize(
    "line",
    [
        "I'll get the repair done in a fortnight.",
        "You'll get the eighty quid back in a fortnight, I'll transfer it.",
    ],
)
def test_v_in_a_fortnight(default_hub, line):
    c = _one(_said(default_hub, f"e11env_d3_{len(line)}", "Cass", line), "Cass")
    assert c.due == FORTNIGHT, c


# -- lines that give nothing ------------------------------------------------------------------


@pytest.mark.parametrize(
    "line", ["I wish I lived in Edinburgh, it's gorgeous.", "If only we worked at Lego, imagine the perks."]
)
def test_v_a_wish_in_the_unreal_past(default_hub, line):
    _no_fact(_said(default_hub, f"e11env_n1_{len(line)}", "Dora", line))


@pytest.mark.parametrize(
    "line",
    [
        "Heard Marcus moved to Madrid, not confirmed though.",
        "Apparently Jo's been poached by Spotify, take it with a pinch of salt.",
    ],
)
def test_v_news_the_line_disowns(default_hub, line):
    _no_fact(_said(default_hub, f"e11env_n2_{len(line)}", "Ezra", line))


@pytest.mark.parametrize(
    "previous,line",
    [
        ("Could you lend me your car on Saturday?", "Let me ask my wife first."),
        ("Can you cover my shift tomorrow?", "Hmm, let me look at my rota first."),
    ],
)
def test_v_a_step_put_before_an_answer(default_hub, previous, line):
    t = f"e11env_n3_{len(line)}"
    _no_promise(heard(default_hub, t, [(0, t, previous), (0, "Fitz", line)]))


@pytest.mark.parametrize(
    "line",
    [
        '"I\'ll be there for you" - the Friends theme is stuck in my head.',
        "'I'll fix it next week', my landlord says every month.",
    ],
)
def test_v_a_line_opening_on_a_quotation(default_hub, line):
    _no_promise(_said(default_hub, f"e11env_n4_{len(line)}", "Gwen", line))


# -- facts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line,town",
    [
        ("Our landlady in Norwich is putting the rent up again.", "Norwich"),
        ("My landlord in Cardiff never answers.", "Cardiff"),
    ],
)
def test_v_a_home_by_its_landlord(default_hub, line, town):
    mem = _said(default_hub, f"e11env_f1_{len(line)}", "Hana", line)
    assert _current(mem, "Hana", "residence") == [town]


@pytest.mark.parametrize(
    "line,diet",
    [
        ("As a vegan, I always end up eating chips at weddings.", "vegan"),
        ("Being pescatarian I mostly order the fish.", "pescatarian"),
    ],
)
def test_v_a_diet_as_one_s_capacity(default_hub, line, diet):
    mem = _said(default_hub, f"e11env_f2_{len(line)}", "Ivo", line)
    assert _current(mem, "Ivo", "diet") == [diet]
    assert _current(mem, "Ivo", "job") == []


@pytest.mark.parametrize(
    "line,what",
    [
        ("I've got a cat allergy so no sleepovers at yours.", "cat"),
        ("Can't come, my shellfish allergy flared up.", "shellfish"),
    ],
)
def test_v_an_allergy_named_before_the_noun(default_hub, line, what):
    mem = _said(default_hub, f"e11env_f3_{len(line)}", "Jude", line)
    assert what in " ".join(_current(mem, "Jude", "allergy"))
    assert _current(mem, "Jude", "pet") == []


@pytest.mark.parametrize(
    "line,org",
    [("Late for my shift at Asda again, ugh.", "Asda"), ("Swapped my shift at Costa for Sunday.", "Costa")],
)
def test_v_one_s_shift_at_an_employer(default_hub, line, org):
    mem = _said(default_hub, f"e11env_f4_{len(line)}", "Kai", line)
    assert _current(mem, "Kai", "employer") == [org]


@pytest.mark.parametrize(
    "line",
    [
        "It's our silver wedding anniversary next month!",
        "Forgot my wedding anniversary, in the doghouse now.",
    ],
)
def test_v_married_by_a_wedding_anniversary(default_hub, line):
    mem = _said(default_hub, f"e11env_f5_{len(line)}", "Lars", line)
    assert _current(mem, "Lars", "relationship") == ["married"]


@pytest.mark.parametrize(
    "line,job",
    [
        ("Can't find my chef's whites anywhere.", "chef"),
        ("My pilot's uniform is still in the wash.", "pilot"),
    ],
)
def test_v_a_trade_by_its_dress(default_hub, line, job):
    mem = _said(default_hub, f"e11env_f6_{len(line)}", "Mina", line)
    assert job in " ".join(_current(mem, "Mina", "job"))


# -- preferences ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line,dish",
    [
        ("Whenever we eat out I have the fish pie.", "fish pie"),
        ("I always order the katsu curry at Wagamama.", "katsu curry"),
    ],
)
def test_v_the_dish_ordered_every_time(default_hub, line, dish):
    mem = _said(default_hub, f"e11env_p1_{len(line)}", "Nico", line)
    assert _taste(mem, "Nico", dish) > 0.5


@pytest.mark.parametrize(
    "line,act",
    [
        ("I run five miles every Sunday, rain or shine.", "run"),
        ("I cycle twenty kilometres every morning without fail.", "cycl"),
    ],
)
def test_v_a_measured_act_kept_up(default_hub, line, act):
    mem = _said(default_hub, f"e11env_p2_{len(line)}", "Olga", line)
    assert _taste(mem, "Olga", act) > 0.5


@pytest.mark.parametrize(
    "line,thing",
    [
        ("I steer clear of escape rooms, too claustrophobic.", "escape room"),
        ("I always avoid theme parks at all costs.", "theme park"),
    ],
)
def test_v_a_thing_avoided(default_hub, line, thing):
    mem = _said(default_hub, f"e11env_p3_{len(line)}", "Pavel", line)
    assert _taste(mem, "Pavel", thing) < 0.5


@pytest.mark.parametrize(
    "line,thing",
    [
        ("I always ask them to hold the onions off my burger.", "onion"),
        ("I usually ask to leave the mayo out.", "mayo"),
    ],
)
def test_v_a_thing_kept_off_the_plate(default_hub, line, thing):
    mem = _said(default_hub, f"e11env_p4_{len(line)}", "Quin", line)
    assert _taste(mem, "Quin", thing) < 0.5


@pytest.mark.parametrize(
    "line,thing",
    [
        ("All I want for Christmas is a new set of oil paints.", "oil paint"),
        ("All I'm asking for this year is a copy of Elden Ring.", "elden ring"),
    ],
)
def test_v_a_present_wished_for(default_hub, line, thing):
    mem = _said(default_hub, f"e11env_p5_{len(line)}", "Rhea", line)
    assert _taste(mem, "Rhea", thing) > 0.5


# -- commitments' states ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "promise,later",
    [
        (
            "I'll clean the oven and the fridge on Saturday.",
            "Oven's done, the fridge will have to wait till Monday.",
        ),
        (
            "I'll write the report and the slides this week.",
            "Report is done; the slides will have to wait until next week.",
        ),
    ],
)
def test_v_one_part_done_and_one_put_off_is_still_owed(default_hub, promise, later):
    t = f"e11env_c1_{len(later)}"
    mem = heard(default_hub, t, [(0, "Sami", promise), (5, "Sami", later)])
    assert _one(mem, "Sami").status == "open"


@pytest.mark.parametrize(
    "promise,later",
    [
        ("I'll post the book back to you on Friday.", "The book arrived today, thanks Tariq!"),
        ("I'll send you the deposit tonight.", "Deposit's landed, cheers!"),
    ],
)
def test_v_a_thing_received_closes_another_s_promise(default_hub, promise, later):
    t = f"e11env_c2_{len(later)}"
    mem = heard(default_hub, t, [(0, "Tariq", promise), (3, t, later)])
    assert _one(mem, "Tariq").status == "done"


@pytest.mark.parametrize(
    "promise,later",
    [
        ("I'll fix the squeaky door on Sunday.", "The door works perfectly now, not a squeak."),
        ("I'll sort out the dodgy tap this weekend.", "So, the tap works like a dream now."),
    ],
)
def test_v_a_repair_told_by_the_thing_working(default_hub, promise, later):
    t = f"e11env_c3_{len(later)}"
    mem = heard(default_hub, t, [(0, "Uma", promise), (6, "Uma", later)])
    assert _one(mem, "Uma").status == "done"


@pytest.mark.parametrize(
    "promise,later",
    [
        ("I'll sit my driving theory test on Thursday.", "Got 48 in the driving theory test!"),
        ("I'll retake the French oral next week.", "Got a distinction in the French oral!!"),
    ],
)
def test_v_a_mark_got_is_the_test_sat(default_hub, promise, later):
    t = f"e11env_c4_{len(later)}"
    mem = heard(default_hub, t, [(0, "Vera", promise), (9, "Vera", later)])
    assert _one(mem, "Vera").status == "done"


@pytest.mark.parametrize(
    "promise,later",
    [
        ("I'll get the theatre tickets tomorrow.", "Theatre tickets are in my bag."),
        ("I'll pick up the spare keys on Friday.", "Spare keys are safely in my pocket."),
    ],
)
def test_v_a_thing_fetched_now_in_one_s_keeping(default_hub, promise, later):
    t = f"e11env_c5_{len(later)}"
    mem = heard(default_hub, t, [(0, "Wren", promise), (3, "Wren", later)])
    assert _one(mem, "Wren").status == "done"
