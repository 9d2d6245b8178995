"""A tenth round of blind everyday scenarios (#40), English: each a few days of chat heard by one
tenant of the default hub and read only through facts(), preferences() and commitments(). The
lines were written and committed before any of them was run, unlike the earlier rounds' lines
(other verbs, other registers, other people), and weighed towards a long message that carries
two or three rows at once, corrections and retractions (a day struck out, a plan changed twice,
a fact put right), chat register (tmrw, gonna, no punctuation, emoji, voice-to-text run-ons),
group chat (a promise made for someone else, a task handed on, "same" and "+1"), facts that
change over sessions with the later one winning, preferences with degree and contrast, and
lines that must give nothing (a hypothetical, a question, a quote, a joke, a film character's
taste, a job in a dream, sarcasm, a promise refused or withheld, a game character)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    commitment_of as _one,
    current as _current,
    heard,
    no_fact as _no_fact,
    no_preference as _no_pref,
    no_promise as _no_promise,
    no_rows as _nothing,
    preference_holding as _pref_of,
    preference_row as _pref,
)

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Friday the 4th, Monday the 7th.
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))


# -- one message, several rows -------------------------------------------------------------------


def test_m_a_move_a_new_employer_and_a_promise(default_hub):
    mem = heard(
        default_hub,
        "e10en_m01",
        [
            (
                0,
                "Jonas",
                "Big month: I moved to Leeds, I started at Deloitte last week, and I'll send you "
                "photos of the flat tomorrow.",
            )
        ],
    )
    assert _current(mem, "Jonas", "residence") == ["Leeds"]
    assert _current(mem, "Jonas", "employer") == ["Deloitte"]
    c = _one(mem, "Jonas")
    assert (c.status, c.due) == ("open", WED)


def test_m_a_job_a_taste_and_a_call(default_hub):
    mem = heard(
        default_hub,
        "e10en_m02",
        [
            (
                0,
                "Priya",
                "I'm a nurse at St Thomas', I absolutely love Thai food, and I'll call you on "
                "Friday about the trip.",
            )
        ],
    )
    assert "nurse" in " ".join(_current(mem, "Priya", "job"))
    assert _pref_of(mem, "Priya", "Thai food").value > 0.5
    c = _one(mem, "Priya")
    assert (c.status, c.due) == ("open", FRI)


def test_m_a_break_up_and_a_dislike_in_one_breath(default_hub):
    mem = heard(
        default_hub,
        "e10en_m03",
        [
            (0, "Felix", "My girlfriend Ana and I have been together three years."),
            (
                30,
                "Felix",
                "quick update: Ana and I split up last week so I'm single again, and honestly "
                "I can't stand dating apps",
            ),
        ],
    )
    assert _current(mem, "Felix", "relationship") == ["single"]
    assert _pref_of(mem, "Felix", "dating apps").value < 0.5


def test_m_a_voice_note_with_a_booking_and_a_diet(default_hub):
    mem = heard(
        default_hub,
        "e10en_m04",
        [
            (
                0,
                "Imogen",
                "hey so I was thinking about it and yeah I'm gonna book the restaurant for "
                "Saturday and also I don't eat meat anymore I went vegetarian over the summer "
                "so maybe somewhere with options",
            )
        ],
    )
    c = _one(mem, "Imogen")
    assert (c.status, c.due) == ("open", SAT) and "restaurant" in c.what, c.what
    assert "vegetarian" in " ".join(_current(mem, "Imogen", "diet"))


def test_m_a_new_job_and_a_playlist_tonight(default_hub):
    mem = heard(
        default_hub,
        "e10en_m05",
        [(0, "Hannah", "Loving the new job at Spotify so far! I'll send you the playlist tonight.")],
    )
    assert _current(mem, "Hannah", "employer") == ["Spotify"]
    c = _one(mem, "Hannah")
    assert c.status == "open" and "playlist" in c.what, c.what


# -- corrections and retractions -----------------------------------------------------------------


def test_c_a_day_struck_out(default_hub):
    mem = heard(
        default_hub,
        "e10en_c01",
        [
            (0, "Marta", "I'll bring the projector to the office on Wednesday."),
            (0, "Marta", "actually scratch that, Thursday, I'm off on Wednesday"),
        ],
    )
    c = _one(mem, "Marta")
    assert (c.status, c.due) == ("open", THU)


def test_c_a_plan_changed_twice(default_hub):
    mem = heard(
        default_hub,
        "e10en_c02",
        [
            (0, "Niall", "I'll drop the spare keys round on Friday."),
            (1, "Niall", "Change of plan, I'll drop the keys on Saturday instead."),
            (2, "Niall", "Ugh sorry, back to Friday for the keys after all."),
        ],
    )
    c = _one(mem, "Niall")
    assert (c.status, c.due) == ("open", FRI)


def test_c_a_town_put_right(default_hub):
    mem = heard(
        default_hub,
        "e10en_c03",
        [
            (0, "Fiona", "I moved to Glasgow in May."),
            (0, "Fiona", "wait no, I moved to Edinburgh, Glasgow was my old place."),
        ],
    )
    assert _current(mem, "Fiona", "residence") == ["Edinburgh"]


def test_c_a_promise_taken_back(default_hub):
    mem = heard(
        default_hub,
        "e10en_c04",
        [
            (0, "Gareth", "I'll sort out your tax return this weekend."),
            (1, "Gareth", "Actually forget what I said about the tax return, my accountant's doing it."),
        ],
    )
    assert _one(mem, "Gareth").status == "cancelled"


def test_c_an_asterisk_correction(default_hub):
    mem = heard(
        default_hub,
        "e10en_c05",
        [
            (0, "Suki", "I'll ring the landlord tmrw about the boiler"),
            (0, "Suki", "*thursday not tmrw"),
        ],
    )
    c = _one(mem, "Suki")
    assert (c.status, c.due) == ("open", THU)


@pytest.mark.xfail(
    strict=True,
    reason="a taste's object put right ('Sorry, I meant anchovies') does not retract the row of the object it "
    "replaces, and a bare 'Olives are great.' gives no taste without an embedder",
)
def test_c_a_dislike_put_right(default_hub):
    mem = heard(
        default_hub,
        "e10en_c06",
        [
            (0, "Victor", "I hate olives."),
            (0, "Victor", "Sorry, I meant anchovies, I hate anchovies. Olives are great."),
        ],
    )
    assert _pref(mem, "Victor", "anchovies").value < 0.5
    assert _pref(mem, "Victor", "olives").value > 0.5


# -- chat register --------------------------------------------------------------------------------


def test_r_gonna_pick_up_the_dry_cleaning(default_hub):
    mem = heard(
        default_hub,
        "e10en_r01",
        [(0, "Dani", "gonna pick up ur dry cleaning tmrw np")],
    )
    c = _one(mem, "Dani")
    assert (c.status, c.due) == ("open", WED)


def test_r_obsessed_with_ramen_in_emoji(default_hub):
    mem = heard(
        default_hub,
        "e10en_r02",
        [(0, "Lu", "omg obsessed w ramen rn 🍜🍜🍜")],
    )
    assert _pref_of(mem, "Lu", "ramen").value > 0.5


def test_r_cant_tonight_will_tomorrow(default_hub):
    mem = heard(
        default_hub,
        "e10en_r03",
        [(0, "Kai", "cant do the dishes 2nite sry, will def do them tmrw tho")],
    )
    c = _one(mem, "Kai")
    assert (c.status, c.due) == ("open", WED)


def test_r_left_the_bank_for_amazon(default_hub):
    mem = heard(
        default_hub,
        "e10en_r04",
        [
            (0, "Zane", "I work at HSBC, in the mortgages team."),
            (45, "Zane", "finally left hsbc, been at Amazon 2 weeks now n its sooo much better"),
        ],
    )
    assert _current(mem, "Zane", "employer") == ["Amazon"]


def test_r_a_run_on_with_a_text_later(default_hub):
    mem = heard(
        default_hub,
        "e10en_r05",
        [
            (
                0,
                "Patrick",
                "okay so I'm at the station now the train's late again obviously and I'll text "
                "you when I get to the hotel",
            )
        ],
    )
    c = _one(mem, "Patrick")
    assert c.status == "open" and "text" in c.what, c.what


def test_r_done_in_three_letters(default_hub):
    mem = heard(
        default_hub,
        "e10en_r06",
        [
            (0, "Mags", "will post ur birthday card sat 👍"),
            (4, "Mags", "card posted ✅"),
        ],
    )
    assert _one(mem, "Mags").status == "done"


# -- group chat -----------------------------------------------------------------------------------


def test_g_a_promise_made_for_a_friend(default_hub):
    mem = heard(
        default_hub,
        "e10en_g01",
        [(0, "Chloe", "Don't worry, Sam will bring the speakers on Saturday, I already asked him.")],
    )
    c = _one(mem, "Sam")
    assert (c.status, c.due) == ("open", SAT)
    assert [c for c in mem.commitments() if c.owner == "Chloe"] == []


def test_g_a_task_handed_on(default_hub):
    mem = heard(
        default_hub,
        "e10en_g02",
        [
            (0, "Ruth", "I'll book the minibus for the trip."),
            (1, "Ruth", "Tariq's taking over the minibus booking, I'm swamped."),
            (1, "Tariq", "Yep, on it, I'll book it tonight."),
        ],
    )
    assert _one(mem, "Ruth").status != "open"
    assert _one(mem, "Tariq").status == "open"


def test_g_same_after_a_like(default_hub):
    mem = heard(
        default_hub,
        "e10en_g03",
        [
            (0, "Mo", "I love board game nights."),
            (0, "Ellie", "same!"),
        ],
    )
    assert _pref_of(mem, "Ellie", "board game").value > 0.5


def test_g_plus_one_after_a_diet(default_hub):
    mem = heard(
        default_hub,
        "e10en_g04",
        [
            (0, "Nadia", "For the menu: I'm vegetarian."),
            (0, "Leon", "+1"),
        ],
    )
    assert "vegetarian" in " ".join(_current(mem, "Leon", "diet"))


def test_g_me_to_a_call_for_help(default_hub):
    mem = heard(
        default_hub,
        "e10en_g05",
        [
            (0, "Josh", "Who can help me move the sofa on Sunday?"),
            (0, "Amara", "me! I'll be there at 10"),
        ],
    )
    c = _one(mem, "Amara")
    assert (c.status, c.due) == ("open", SUN)


def test_g_same_here_after_a_dislike(default_hub):
    mem = heard(
        default_hub,
        "e10en_g06",
        [
            (0, "Pete", "Can't stand horror films."),
            (0, "Gwen", "Same here tbh."),
        ],
    )
    assert _pref_of(mem, "Gwen", "horror films").value < 0.5


def test_g_a_chore_passed_to_a_flatmate(default_hub):
    mem = heard(
        default_hub,
        "e10en_g07",
        [
            (0, "Yara", "Ben, can you take the bins out on Thursday?"),
            (0, "Ben", "Can't, I'm away. Will can do it."),
            (0, "Will", "Sure, I'll do the bins Thursday."),
        ],
    )
    c = _one(mem, "Will")
    assert (c.status, c.due) == ("open", THU)
    assert [c for c in mem.commitments() if c.owner == "Ben"] == []


# -- facts that change over sessions --------------------------------------------------------------


def test_f_notice_handed_in_then_a_new_bank(default_hub):
    mem = heard(
        default_hub,
        "e10en_f01",
        [
            (0, "Anika", "I work at Barclays."),
            (60, "Anika", "Handed in my notice at Barclays, I start at Monzo next week."),
            (90, "Anika", "Monzo's been great so far, the team is lovely."),
        ],
    )
    assert _current(mem, "Anika", "employer") == ["Monzo"]


def test_f_a_partner_then_a_break_up(default_hub):
    mem = heard(
        default_hub,
        "e10en_f02",
        [
            (0, "Rhys", "My partner Jo and I just got a flat together."),
            (80, "Rhys", "Jo and I broke up, I'm on my own again."),
        ],
    )
    assert _current(mem, "Rhys", "relationship") == ["single"]


@pytest.mark.xfail(
    strict=True,
    reason="a town left then another weighed against it in the next clause ('moved out of Brighton ..., Lewes "
    "is so much quieter') is read by no rule (and the refiner can cut the two clauses into two cards)",
)
def test_f_out_of_brighton_into_lewes(default_hub):
    mem = heard(
        default_hub,
        "e10en_f03",
        [
            (0, "Ivy", "I live in Brighton."),
            (100, "Ivy", "We moved out of Brighton in the spring, Lewes is so much quieter."),
        ],
    )
    assert _current(mem, "Ivy", "residence") == ["Lewes"]


def test_f_a_barista_qualifies_as_an_accountant(default_hub):
    mem = heard(
        default_hub,
        "e10en_f04",
        [
            (0, "Ollie", "I'm a barista at a café on the high street."),
            (200, "Ollie", "Passed my last exam, I'm a qualified accountant now!"),
        ],
    )
    jobs = " ".join(_current(mem, "Ollie", "job"))
    assert "accountant" in jobs and "barista" not in jobs, jobs


def test_f_a_move_undone(default_hub):
    mem = heard(
        default_hub,
        "e10en_f05",
        [
            (0, "Bethan", "I live in Cardiff."),
            (40, "Bethan", "Moved to Swansea last weekend."),
            (200, "Bethan", "Back in Cardiff now, Swansea didn't work out."),
        ],
    )
    assert _current(mem, "Bethan", "residence") == ["Cardiff"]


# -- preferences with degree and contrast ---------------------------------------------------------


def test_p_used_to_love_sushi(default_hub):
    mem = heard(
        default_hub,
        "e10en_p01",
        [(0, "Bianca", "Used to love sushi, can't stand it now after that food poisoning.")],
    )
    assert _pref(mem, "Bianca", "sushi").value < 0.5


def test_p_coffee_is_fine_but_tea_is_better(default_hub):
    mem = heard(
        default_hub,
        "e10en_p02",
        [(0, "Theo", "Coffee's fine but tea is better.")],
    )
    tea = _pref(mem, "Theo", "tea").value
    assert tea > 0.5
    coffee = mem.preferences(subject="Theo", topic="coffee")
    assert all(p.value < tea for p in coffee), [(p.topic, p.value) for p in coffee]


def test_p_quite_like_jazz_adore_blues(default_hub):
    mem = heard(
        default_hub,
        "e10en_p03",
        [(0, "Nell", "I quite like jazz, but I adore the blues.")],
    )
    blues = _pref_of(mem, "Nell", "blues").value
    jazz = _pref(mem, "Nell", "jazz").value
    assert jazz > 0.5 and blues >= jazz, (jazz, blues)


def test_p_running_is_okay_swimming_is_a_passion(default_hub):
    mem = heard(
        default_hub,
        "e10en_p04",
        [(0, "Hugh", "Running is okay I guess, but swimming is my real passion.")],
    )
    assert _pref(mem, "Hugh", "swimming").value > 0.5


def test_p_not_a_huge_fan_of_musicals(default_hub):
    mem = heard(
        default_hub,
        "e10en_p05",
        [(0, "Esme", "I'm not a huge fan of musicals, to be honest.")],
    )
    assert _pref(mem, "Esme", "musicals").value < 0.5


def test_p_come_round_to_sprouts(default_hub):
    mem = heard(
        default_hub,
        "e10en_p06",
        [
            (0, "Arlo", "Brussels sprouts are vile."),
            (90, "Arlo", "Never thought I'd say it but I've come round to Brussels sprouts."),
        ],
    )
    assert _pref_of(mem, "Arlo", "sprouts").value > 0.5


# -- lines that give nothing ----------------------------------------------------------------------


def test_n_a_lottery_daydream(default_hub):
    mem = heard(
        default_hub,
        "e10en_n01",
        [(0, "Dev", "If I won the lottery I'd move to Lisbon and never work again.")],
    )
    _no_fact(mem)


def test_n_an_employer_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e10en_n02",
        [(0, "Kasia", "Do you still work at Google, or did you leave?")],
    )
    _nothing(mem)


def test_n_someone_else_s_promise_quoted(default_hub):
    mem = heard(
        default_hub,
        "e10en_n03",
        [(0, "Tess", "He literally texted me 'I'll pay you back Friday' lol as if")],
    )
    assert [c for c in mem.commitments() if c.owner == "Tess"] == []


def test_n_a_professional_napper(default_hub):
    mem = heard(
        default_hub,
        "e10en_n04",
        [(0, "Jamal", "I'm basically a professional napper at this point 😂")],
    )
    assert _current(mem, "Jamal", "job") == []


def test_n_a_film_character_s_taste(default_hub):
    mem = heard(
        default_hub,
        "e10en_n05",
        [(0, "Rosa", "In the film the main guy absolutely loves jazz, it's his whole personality.")],
    )
    _no_pref(mem)


def test_n_a_job_in_a_dream(default_hub):
    mem = heard(
        default_hub,
        "e10en_n06",
        [(0, "Kit", "Had the weirdest dream that I was a pilot for Emirates.")],
    )
    _no_fact(mem)


def test_n_sarcasm_about_traffic(default_hub):
    mem = heard(
        default_hub,
        "e10en_n07",
        [(0, "Flo", "Oh yeah, I just LOVE sitting in traffic for two hours 🙃")],
    )
    assert all(p.value <= 0.5 for p in mem.preferences()), [
        (p.subject, p.topic, p.value) for p in mem.preferences()
    ]


def test_n_a_shift_swap_refused(default_hub):
    mem = heard(
        default_hub,
        "e10en_n08",
        [
            (0, "e10en_n08", "Can you cover my shift on Saturday?"),
            (0, "Ahmed", "Sorry, no can do, I'm at a wedding all weekend."),
        ],
    )
    _no_promise(mem)


def test_n_help_that_would_be_given(default_hub):
    mem = heard(
        default_hub,
        "e10en_n09",
        [(0, "Corin", "I would help you move if I didn't have work all weekend.")],
    )
    _no_promise(mem)


def test_n_a_taste_asked_of_the_group(default_hub):
    mem = heard(
        default_hub,
        "e10en_n10",
        [(0, "Vik", "Do you guys like escape rooms? Thinking of booking one.")],
    )
    _no_pref(mem)


def test_n_maybe_to_karaoke(default_hub):
    mem = heard(
        default_hub,
        "e10en_n11",
        [
            (0, "Sol", "Who's up for karaoke on Friday?"),
            (0, "Abi", "Maybe, depends on work tbh"),
        ],
    )
    _no_promise(mem)


def test_n_a_promise_withheld(default_hub):
    mem = heard(
        default_hub,
        "e10en_n12",
        [
            (0, "e10en_n12", "Will you promise to call Mum this week?"),
            (0, "Greg", "I'm not promising anything, we'll see."),
        ],
    )
    _no_promise(mem)


def test_n_a_game_character_s_home(default_hub):
    mem = heard(
        default_hub,
        "e10en_n13",
        [(0, "Lars", "In our D&D campaign I play a dwarf blacksmith who lives in the mountains.")],
    )
    _no_fact(mem)


def test_n_a_move_only_mused_about(default_hub):
    mem = heard(
        default_hub,
        "e10en_n14",
        [(0, "Mira", "Thinking about maybe quitting and moving to Spain, who knows.")],
    )
    _no_fact(mem)


def test_n_a_rumoured_move_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e10en_n15",
        [(0, "Jude", "Is it true Maya moved to Berlin?")],
    )
    _no_fact(mem)
