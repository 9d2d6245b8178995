"""A fifteenth round of blind everyday scenarios (#40), English: each a few days of chat heard by
one tenant of the default hub and read only through facts(), preferences() and commitments(). The
lines were written and committed before any of them was run, unlike the earlier rounds' lines
(other verbs, other registers, other people), and weighed towards tastes told indirectly: a
choice between two things ("rather walk than drive", "X over Y any day", "X beats Y"), a thing
named in one clause and judged in a later one ("the new ramen bar? overrated"), a named person's
reported taste ("Priya says she can't stand olives"), an offer in a question taken or turned
down in the reply ("red or white?" / "white, always"), tastes by habit or by what one cannot
resist, a taste that went off in the past ("went off", "not anymore"); then promises and task
states told in the other person's reply (a favour asked and taken on, a thank-you for a job
done, a "no rush" that postpones, a "don't bother" that calls off); lines that mix scripts; and
lines that must give nothing (irony, praise of a person, a taste asked about, a hypothetical,
a taste of a film character, a shop's offer read aloud)."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import (
    all_rows as _all,
    commitment_of as _one,
    heard,
    no_preference as _no_pref,
    no_promise as _no_promise,
    no_rows as _nothing,
    preference_holding as _pref_of,
    preferences_holding as _prefs_of,
)

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Thursday the 3rd, Friday the 4th.
TUE, WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (1, 2, 3, 4, 5, 6, 7))


# -- tastes: a choice between two things ----------------------------------------------------------


def test_p_rather_walk_than_take_the_bus(default_hub):
    mem = heard(
        default_hub,
        "e15en_p01",
        [(0, "Ottilie", "I'd rather walk than take the bus, honestly, even in the rain.")],
    )
    assert _pref_of(mem, "Ottilie", "walk").value > 0.5
    assert all(p.value < 0.5 for p in _prefs_of(mem, "Ottilie", "bus")), _all(mem)


def test_p_cats_over_dogs_any_day(default_hub):
    mem = heard(
        default_hub,
        "e15en_p02",
        [(0, "Barnaby", "cats over dogs any day tbh")],
    )
    assert _pref_of(mem, "Barnaby", "cats").value > 0.5
    assert all(p.value < 0.5 for p in _prefs_of(mem, "Barnaby", "dogs")), _all(mem)


def test_p_a_good_paperback_beats_a_kindle(default_hub):
    mem = heard(
        default_hub,
        "e15en_p03",
        [(0, "Rhiannon", "A proper paperback beats a Kindle every time for me.")],
    )
    assert _pref_of(mem, "Rhiannon", "paperback").value > 0.5


def test_p_prefer_the_mountains_to_the_beach(default_hub):
    mem = heard(
        default_hub,
        "e15en_p04",
        [(0, "Lachlan", "For holidays I much prefer the mountains to the beach.")],
    )
    assert _pref_of(mem, "Lachlan", "mountains").value > 0.5
    assert all(p.value < 0.5 for p in _prefs_of(mem, "Lachlan", "beach")), _all(mem)


# -- tastes: a thing named in one clause and judged in a later one --------------------------------


def test_p_the_new_ramen_bar_overrated(default_hub):
    mem = heard(
        default_hub,
        "e15en_p05",
        [(0, "Sorcha", "That new ramen bar on King St? honestly overrated, wouldn't go back.")],
    )
    assert _pref_of(mem, "Sorcha", "ramen").value < 0.5


def test_p_tried_the_oat_milk_it_was_gorgeous(default_hub):
    mem = heard(
        default_hub,
        "e15en_p06",
        [(0, "Idris", "Finally tried the oat milk you recommended, and wow, it's gorgeous in coffee.")],
    )
    assert _pref_of(mem, "Idris", "oat milk").value > 0.5


def test_p_a_podcast_one_could_not_get_into(default_hub):
    mem = heard(
        default_hub,
        "e15en_p07",
        [(0, "Marisol", "Gave that true crime podcast three episodes, just couldn't get into it.")],
    )
    assert _pref_of(mem, "Marisol", "podcast").value < 0.5


# -- tastes: a named person's reported taste --------------------------------------------------------


def test_p_priya_says_she_cannot_stand_olives(default_hub):
    mem = heard(
        default_hub,
        "e15en_p08",
        [(0, "Wendell", "Priya says she can't stand olives, so leave them off her pizza.")],
    )
    assert _pref_of(mem, "Priya", "olives").value < 0.5
    assert _prefs_of(mem, "Wendell", "olives") == [], _all(mem)


def test_p_jonah_is_obsessed_with_formula_one(default_hub):
    mem = heard(
        default_hub,
        "e15en_p09",
        [(0, "Cosima", "Jonah is obsessed with Formula 1, he's up at 5am for every race.")],
    )
    assert _pref_of(mem, "Jonah", "Formula 1").value > 0.5
    assert _prefs_of(mem, "Cosima", "Formula 1") == [], _all(mem)


# -- tastes: an offer in a question, taken or turned down in the reply -----------------------------


def test_p_red_or_white_white_always(default_hub):
    mem = heard(
        default_hub,
        "e15en_p10",
        [
            (0, "e15en_p10", "red or white for you tonight?"),
            (0, "Hamish", "white, always"),
        ],
    )
    assert _pref_of(mem, "Hamish", "white").value > 0.5


def test_p_fancy_a_curry_not_for_me(default_hub):
    mem = heard(
        default_hub,
        "e15en_p11",
        [
            (0, "e15en_p11", "Fancy a curry after work?"),
            (0, "Delphine", "Not for me thanks, too spicy for my stomach."),
        ],
    )
    assert _pref_of(mem, "Delphine", "curry").value < 0.5


def test_p_sushi_or_pizza_pizza_obviously(default_hub):
    mem = heard(
        default_hub,
        "e15en_p12",
        [
            (0, "e15en_p12", "sushi or pizza for the kids' party?"),
            (0, "Tobias", "pizza obviously, I'd never pick sushi"),
        ],
    )
    assert _pref_of(mem, "Tobias", "pizza").value > 0.5


# -- tastes: by habit, or by what one cannot resist -------------------------------------------------


def test_p_cannot_walk_past_a_bakery(default_hub):
    mem = heard(
        default_hub,
        "e15en_p13",
        [(0, "Imelda", "I can never resist a cinnamon bun when I walk past the bakery.")],
    )
    assert _pref_of(mem, "Imelda", "cinnamon bun").value > 0.5


def test_p_every_sunday_a_long_swim(default_hub):
    mem = heard(
        default_hub,
        "e15en_p14",
        [(0, "Caspar", "Every Sunday without fail I go for a long swim in the lido, best part of my week.")],
    )
    assert _pref_of(mem, "Caspar", "swim").value > 0.5


# -- tastes: a taste that went off in the past -----------------------------------------------------


def test_p_went_off_energy_drinks(default_hub):
    mem = heard(
        default_hub,
        "e15en_p15",
        [
            (0, "Griff", "Energy drinks keep me going through the night shifts, love them."),
            (60, "Griff", "Went right off energy drinks, the taste makes me feel sick now."),
        ],
    )
    assert _pref_of(mem, "Griff", "energy drinks").value < 0.5


def test_p_used_to_hate_mushrooms_now_in_everything(default_hub):
    mem = heard(
        default_hub,
        "e15en_p16",
        [(0, "Perpetua", "I used to hate mushrooms, now I put them in everything.")],
    )
    assert _pref_of(mem, "Perpetua", "mushrooms").value > 0.5


# -- tastes in mixed scripts ----------------------------------------------------------------------


def test_p_mixed_scripts_dim_sum_over_brunch(default_hub):
    mem = heard(
        default_hub,
        "e15en_p17",
        [(0, "Winnie", "weekend 还是 dim sum over brunch for me, 每次都这样")],
    )
    assert _pref_of(mem, "Winnie", "dim sum").value > 0.5


def test_p_mixed_scripts_cannot_stand_durian(default_hub):
    mem = heard(
        default_hub,
        "e15en_p18",
        [(0, "Kelvin", "honestly can't stand 榴莲, the smell alone 受不了")],
    )
    assert _pref_of(mem, "Kelvin", "榴莲").value < 0.5


# -- promises and task states told in the other person's reply -------------------------------------


def test_c_a_favour_asked_and_taken_on(default_hub):
    mem = heard(
        default_hub,
        "e15en_c01",
        [
            (0, "e15en_c01", "any chance you could feed the cat while we're in Crete next week?"),
            (0, "Ambrose", "course, leave a key with Jan and I'll pop in every evening"),
        ],
    )
    assert _one(mem, "Ambrose").status == "open"


def test_c_thanks_for_sorting_the_tickets(default_hub):
    mem = heard(
        default_hub,
        "e15en_c02",
        [
            (0, "Philippa", "I'll sort the train tickets for the wedding this week."),
            (3, "e15en_c02", "thanks for sorting the tickets Philippa, they came through fine"),
        ],
    )
    assert _one(mem, "Philippa").status == "done"


def test_c_no_rush_after_half_term(default_hub):
    mem = heard(
        default_hub,
        "e15en_c03",
        [
            (0, "Rupert", "I'll come and fix the gate on Saturday."),
            (2, "e15en_c03", "no rush with the gate Rupert, after half term is fine"),
            (2, "Rupert", "great, after half term it is then"),
        ],
    )
    c = _one(mem, "Rupert")
    assert c.status == "open" and (c.due is None or c.due > SAT), (c.status, c.due)


def test_c_do_not_bother_with_the_salad(default_hub):
    mem = heard(
        default_hub,
        "e15en_c04",
        [
            (0, "Henrietta", "I'll bring a big salad to the barbecue on Sunday."),
            (3, "e15en_c04", "don't bother with the salad Hen, we've got loads, just bring yourself"),
            (3, "Henrietta", "ok no salad then!"),
        ],
    )
    assert _one(mem, "Henrietta").status == "cancelled"


def test_c_the_other_found_the_shelves_up(default_hub):
    mem = heard(
        default_hub,
        "e15en_c05",
        [
            (0, "Ezra", "I'll put your shelves up while you're at work tomorrow."),
            (1, "e15en_c05", "came home to the shelves up, they look amazing Ezra!"),
        ],
    )
    assert _one(mem, "Ezra").status == "done"


def test_c_did_you_get_the_form_signed_only_half(default_hub):
    mem = heard(
        default_hub,
        "e15en_c06",
        [
            (0, "Beatrix", "I'll get both consent forms signed by Friday."),
            (3, "e15en_c06", "did you get the forms signed?"),
            (3, "Beatrix", "one of them, still chasing the other"),
        ],
    )
    assert _one(mem, "Beatrix").status == "open"


def test_c_a_request_answered_in_texting(default_hub):
    mem = heard(
        default_hub,
        "e15en_c07",
        [
            (0, "e15en_c07", "can u grab milk on the way home"),
            (0, "Fabian", "yep will do x"),
        ],
    )
    assert _one(mem, "Fabian").status == "open"


def test_c_mixed_scripts_promise_then_done(default_hub):
    mem = heard(
        default_hub,
        "e15en_c08",
        [
            (0, "Jasmine", "I'll transfer the rent to you tomorrow, 放心"),
            (1, "e15en_c08", "收到 the rent, thanks Jasmine!"),
        ],
    )
    assert _one(mem, "Jasmine").status == "done"


# -- lines that must give nothing ---------------------------------------------------------------


def test_n_irony_about_mondays(default_hub):
    mem = heard(
        default_hub,
        "e15en_n01",
        [(0, "Quentin", "Ah yes, my favourite thing in the world, a 7am Monday meeting. Brilliant.")],
    )
    assert all(p.value <= 0.5 for p in mem.preferences()), _all(mem)


def test_n_praise_of_a_colleague(default_hub):
    mem = heard(
        default_hub,
        "e15en_n02",
        [(0, "Araminta", "Honestly Dev is brilliant, I love working with him.")],
    )
    assert _prefs_of(mem, "Araminta", "Dev") == [], _all(mem)
    _no_promise(mem)


def test_n_a_taste_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e15en_n03",
        [(0, "Leopold", "Do you prefer tea or coffee in the morning?")],
    )
    _nothing(mem)


def test_n_a_hypothetical_choice(default_hub):
    mem = heard(
        default_hub,
        "e15en_n04",
        [(0, "Seraphina", "If I had to choose I suppose I'd pick the train, but I've never done either.")],
    )
    _no_pref(mem)


def test_n_a_film_character_s_choice(default_hub):
    mem = heard(
        default_hub,
        "e15en_n05",
        [(0, "Thaddeus", "In the book the detective would rather starve than eat fast food, cracks me up.")],
    )
    assert _prefs_of(mem, "Thaddeus", "fast food") == [], _all(mem)


def test_n_a_shop_offer_read_aloud(default_hub):
    mem = heard(
        default_hub,
        "e15en_n06",
        [(0, "Eunice", "the sign says buy one get one free on all ice cream this weekend")],
    )
    _nothing(mem)
