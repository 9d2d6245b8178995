"""Variants of the fifteenth English round's fixes (#40), written after each fix: other words, the
same shape, so the fix is read as a shape and not as the scenario's line."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _one,
    heard,
    no_preference as _no_pref,
    preference_holding as _pref_of,
    preferences_holding as _prefs_of,
)

TUE, WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (1, 2, 3, 4, 5, 6, 7))

# one thing put above another by a verb of choosing or winning ("prefer A to B", "A beats B")


def test_v_prefer_vinyl_to_streaming(default_hub):
    mem = heard(default_hub, "e15env_01", [(0, "Ludo", "I definitely prefer cycling to driving, for me.")])
    assert _pref_of(mem, "Ludo", "cycling").value > 0.5
    assert all(p.value < 0.5 for p in _prefs_of(mem, "Ludo", "driving")), _all(mem)


def test_v_homemade_bread_beats_shop_bought(default_hub):
    mem = heard(default_hub, "e15env_02", [(0, "Marta", "fresh sourdough beats sliced white any day")])
    assert _pref_of(mem, "Marta", "sourdough").value > 0.5


# a refusal denied, with the occasion after the thing ("can never resist X when ...")


def test_v_cannot_resist_a_pastry_when(default_hub):
    mem = heard(
        default_hub,
        "e15env_03",
        [(0, "Nico", "I can't resist a custard tart whenever we go to Lisbon.")],
    )
    assert _pref_of(mem, "Nico", "custard tart").value > 0.5


def test_v_never_say_no_to_a_pint_after_work(default_hub):
    mem = heard(default_hub, "e15env_04", [(0, "Orla", "never say no to a cold cider after work")])
    assert _pref_of(mem, "Orla", "cider").value > 0.5


# a taste given up, told in the past with a degree word ("went right off X")


def test_v_went_right_off_gin(default_hub):
    mem = heard(default_hub, "e15env_05", [(0, "Pip", "went right off gin after that hen do")])
    assert _pref_of(mem, "Pip", "gin").value < 0.5


def test_v_i_went_right_off_crisps(default_hub):
    mem = heard(default_hub, "e15env_06", [(0, "Quinn", "I went right off crisps, too salty now.")])
    assert _pref_of(mem, "Quinn", "crisps").value < 0.5


# a dislike of before turned by what one does with the thing now ("used to hate X, now I <act> it")


def test_v_used_to_hate_coriander_now_i_grow_it(default_hub):
    mem = heard(
        default_hub,
        "e15env_07",
        [(0, "Rosalind", "I used to hate coriander, now I grow it on the windowsill.")],
    )
    assert _pref_of(mem, "Rosalind", "coriander").value > 0.5


def test_v_used_to_hate_yoga_these_days_i_do_it(default_hub):
    mem = heard(
        default_hub,
        "e15env_08",
        [(0, "Stellan", "used to hate yoga, these days I do it before work every day")],
    )
    assert _pref_of(mem, "Stellan", "yoga").value > 0.5


# a choice of two asked, answered by naming one of them first


def test_v_beer_or_wine_beer_please(default_hub):
    mem = heard(
        default_hub,
        "e15env_09",
        [
            (0, "e15env_09", "beer or wine with dinner?"),
            (0, "Tamsin", "beer please, wine gives me a headache"),
        ],
    )
    assert _pref_of(mem, "Tamsin", "beer").value > 0.5


def test_v_cinema_or_theatre_cinema_every_time(default_hub):
    mem = heard(
        default_hub,
        "e15env_10",
        [(0, "e15env_10", "cinema or bowling on Saturday?"), (0, "Ulric", "bowling! haven't been in ages")],
    )
    assert _pref_of(mem, "Ulric", "bowling").value > 0.5


def test_v_a_day_chosen_is_no_taste(default_hub):
    mem = heard(
        default_hub,
        "e15env_11",
        [(0, "e15env_11", "Thursday or Friday for the dentist?"), (0, "Vesna", "Friday, if that's ok")],
    )
    _no_pref(mem)


# thanks for a thing, to the one named, then how it turned out told in the past


def test_v_thanks_for_booking_the_cottage_it_was_perfect(default_hub):
    mem = heard(
        default_hub,
        "e15env_12",
        [
            (0, "Imogen", "I'll book the cottage for our weekend away."),
            (5, "e15env_12", "thanks for booking the cottage Imogen, it was perfect"),
        ],
    )
    assert _one(mem, "Imogen").status == "done"


def test_v_cheers_for_the_flowers_they_arrived(default_hub):
    mem = heard(
        default_hub,
        "e15env_14",
        [
            (0, "Kester", "I'll send flowers to your mum for her birthday."),
            (4, "e15env_14", "cheers for the flowers Kester, they arrived just in time"),
        ],
    )
    assert _one(mem, "Kester").status == "done"


# a thing received, its verb in Chinese inside the English line, then thanks to the one named


def test_v_mixed_scripts_got_the_keys(default_hub):
    mem = heard(
        default_hub,
        "e15env_15",
        [
            (0, "Lorna", "I'll post the spare keys to you tomorrow."),
            (2, "e15env_15", "拿到 the keys, thanks Lorna!"),
        ],
    )
    assert _one(mem, "Lorna").status == "done"


def test_v_mixed_scripts_got_the_money(default_hub):
    mem = heard(
        default_hub,
        "e15env_16",
        [
            (0, "Milo", "I'll transfer the money for the concert tickets on Friday."),
            (4, "e15env_16", "收到 the money, cheers Milo"),
        ],
    )
    assert _one(mem, "Milo").status == "done"


# a thing raised as a bare question, judged by a bare adjective after it


def test_v_the_new_burger_place_underwhelming(default_hub):
    mem = heard(
        default_hub,
        "e15env_17",
        [(0, "Nadia", "The new burger joint by the station? underwhelming, bit greasy.")],
    )
    assert _pref_of(mem, "Nadia", "burger").value < 0.5


def test_v_that_pottery_class_addictive(default_hub):
    mem = heard(
        default_hub,
        "e15env_18",
        [(0, "Oskar", "that pottery class? honestly addictive, going again Thursday")],
    )
    assert _pref_of(mem, "Oskar", "pottery").value > 0.5


def test_v_a_day_raised_then_busy_is_no_taste(default_hub):
    mem = heard(default_hub, "e15env_19", [(0, "Petra", "Tomorrow? busy, sorry")])
    _no_pref(mem)


# a thing tried, judged in a later clause by a pronoun pointing back to it


def test_v_tried_the_kombucha_it_was_disgusting(default_hub):
    mem = heard(
        default_hub,
        "e15env_20",
        [(0, "Quilla", "Tried the kombucha Sam raved about, honestly it was disgusting.")],
    )
    assert _pref_of(mem, "Quilla", "kombucha").value < 0.5


def test_v_watched_the_series_loved_it(default_hub):
    mem = heard(
        default_hub,
        "e15env_21",
        [(0, "Rafe", "finally watched the baking show you mentioned, loved it")],
    )
    assert _pref_of(mem, "Rafe", "baking show").value > 0.5


def test_v_gave_the_audiobook_two_chapters_not_for_me(default_hub):
    mem = heard(
        default_hub,
        "e15env_22",
        [(0, "Saskia", "gave the fantasy audiobook two chapters, just couldn't get into it")],
    )
    assert _pref_of(mem, "Saskia", "audiobook").value < 0.5


# a habit of one's own, praised by a noun phrase set after it


def test_v_a_walk_before_work_highlight_of_my_day(default_hub):
    mem = heard(
        default_hub,
        "e15env_23",
        [(0, "Tilda", "I take a slow walk by the canal before work, honestly the highlight of my day.")],
    )
    assert _pref_of(mem, "Tilda", "walk").value > 0.5


def test_v_a_sauna_on_fridays_best_bit_of_my_week(default_hub):
    mem = heard(
        default_hub,
        "e15env_24",
        [(0, "Umar", "On Fridays I have a sauna at the gym, best bit of my week")],
    )
    assert _pref_of(mem, "Umar", "sauna").value > 0.5


# the other side lets a task wait until a later time ("no rush with X, after <time> is fine")


def test_v_no_hurry_with_the_ladder_after_easter(default_hub):
    mem = heard(
        default_hub,
        "e15env_25",
        [
            (0, "Vaughn", "I'll bring your ladder back on Saturday."),
            (2, "e15env_25", "no hurry with the ladder, after Easter is fine"),
        ],
    )
    c = _one(mem, "Vaughn")
    assert c.status == "open" and (c.due is None or c.due > SAT), (c.status, c.due)


def test_v_no_rush_on_the_photos_next_month_works(default_hub):
    mem = heard(
        default_hub,
        "e15env_26",
        [
            (0, "Wren", "I'll send you the wedding photos this week."),
            (2, "e15env_26", "no rush on the photos Wren, next month works"),
        ],
    )
    c = _one(mem, "Wren")
    assert c.status == "open" and (c.due is None or c.due > SUN), (c.status, c.due)


# a choice "X over Y" closed by "for me", a frame in Chinese before it


def test_v_mixed_scripts_hiking_over_shopping(default_hub):
    mem = heard(default_hub, "e15env_27", [(0, "Xavi", "周末的话 hiking over shopping for me")])
    assert _pref_of(mem, "Xavi", "hiking").value > 0.5
    assert all(p.value < 0.5 for p in _prefs_of(mem, "Xavi", "shopping")), _all(mem)


def test_v_tea_over_coffee_for_me(default_hub):
    mem = heard(default_hub, "e15env_28", [(0, "Yusra", "green tea over coffee for me, always")])
    assert _pref_of(mem, "Yusra", "green tea").value > 0.5


# a thing found in its done state on coming back to it, by the one it was done for


def test_v_woke_up_to_the_lawn_mowed(default_hub):
    mem = heard(
        default_hub,
        "e15env_29",
        [
            (0, "Zeb", "I'll mow your lawn on Saturday morning before you're up."),
            (4, "e15env_29", "woke up to the lawn mowed, what a treat, ta Zeb"),
        ],
    )
    assert _one(mem, "Zeb").status == "done"


def test_v_got_back_to_the_fence_all_painted(default_hub):
    mem = heard(
        default_hub,
        "e15env_30",
        [
            (0, "Anouk", "I'll paint the fence while you're in Spain."),
            (9, "e15env_30", "got back to the fence all painted, you're amazing"),
        ],
    )
    assert _one(mem, "Anouk").status == "done"


def test_v_came_back_to_the_office_is_no_news(default_hub):
    mem = heard(
        default_hub,
        "e15env_31",
        [
            (0, "Bram", "I'll tidy the spare room before Mum visits."),
            (1, "e15env_31", "came back to the office late, long day"),
        ],
    )
    assert _one(mem, "Bram").status == "open"
