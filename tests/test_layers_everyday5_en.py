"""A fifth round of blind everyday scenarios (#40), English: each a few days of chat heard by one
tenant of the default hub and read only through facts(), preferences() and commitments().
The lines were written before any of them was run, unlike the earlier rounds' lines, and weighed
towards facts that change (said obliquely, in the past tense, reported by someone else, "the old
place", "my new place", a change undone), preferences (flips, refusals in other words, an
acceptance, a third person's likes, likes said through habits), commitments kept or called off
days later in other words, made to a third person or inside a longer message, and lines that must
give nothing (questions that sound like offers, greetings, hypotheticals, quotes of a film or a
song, jokes, someone else's promise asked about, "I'd love to but...")."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    commitment_of as _one,
    current as _current,
    heard,
    no_fact as _no_fact,
    no_promise as _no_promise,
    no_rows as _nothing,
    preference_row as _pref,
)

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Friday the 4th, Monday the 7th.
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))


# -- commitments --------------------------------------------------------------------------------


def test_c_a_promise_tucked_inside_a_long_message(default_hub):
    mem = heard(
        default_hub,
        "e5en_c01",
        [
            (
                0,
                "Rhys",
                "Long day, the boss was in a mood again and the printer jammed twice. "
                "Anyway, I'll drop the birthday card off at your mum's on Thursday. "
                "Going to crash now.",
            )
        ],
    )
    c = _one(mem, "Rhys")
    assert (c.status, c.due) == ("open", THU)


def test_c_agreed_to_cover_a_colleague_s_shift(default_hub):
    mem = heard(default_hub, "e5en_c02", [(0, "Noa", "I've agreed to cover Sam's shift on Saturday.")])
    c = _one(mem, "Noa")
    assert (c.status, c.due) == ("open", SAT)


def test_c_told_a_neighbour_i_would_mind_her_dog(default_hub):
    mem = heard(
        default_hub,
        "e5en_c03",
        [(0, "Ebo", "Told Mrs Patel I'd look after her dog on Sunday while she's at the wedding.")],
    )
    c = _one(mem, "Ebo")
    assert (c.status, c.due) == ("open", SUN)
    assert [c.owner for c in mem.commitments()] == ["Ebo"]


def test_c_kept_days_later_and_named_by_nothing(default_hub):
    mem = heard(
        default_hub,
        "e5en_c04",
        [
            (0, "Ruth", "I'll hang the new curtains in the spare room this weekend."),
            (5, "Ruth", "Finally got round to it, the spare room looks so much cosier now."),
        ],
    )
    assert _one(mem, "Ruth").status == "done"


def test_c_a_race_entry_pulled_out_of(default_hub):
    mem = heard(
        default_hub,
        "e5en_c05",
        [
            (0, "Abi", "I'm going to run the Bristol half marathon in October."),
            (9, "Abi", "Pulled out of the half, my hamstring's just not right."),
        ],
    )
    assert _one(mem, "Abi").status == "cancelled"


def test_c_a_neighbour_s_promise_reported_then_kept(default_hub):
    mem = heard(
        default_hub,
        "e5en_c06",
        [
            (0, "Ivo", "Dave from next door says he'll lend us his ladder on Saturday."),
            (4, "Ivo", "Dave brought the ladder round this morning, legend."),
        ],
    )
    c = _one(mem, "Dave")
    assert c.status == "done"
    assert [c.owner for c in mem.commitments()] == ["Dave"]


def test_c_of_course_to_a_favour_asked(default_hub):
    mem = heard(
        default_hub,
        "e5en_c07",
        [
            (0, "e5en_c07", "Could you water my tomatoes while I'm in Spain next week?"),
            (0, "Gwen", "Of course! Leave the key under the mat and I'll take care of them."),
        ],
    )
    assert _one(mem, "Gwen").status == "open"


def test_c_the_other_side_no_longer_needs_the_lift(default_hub):
    mem = heard(
        default_hub,
        "e5en_c08",
        [
            (0, "Olu", "I'll collect you from the station at six on Friday."),
            (2, "e5en_c08", "Don't worry about Friday, Jack's giving me a lift instead."),
            (2, "Olu", "Ah right, no bother."),
        ],
    )
    assert _one(mem, "Olu").status == "cancelled"


def test_c_a_quote_that_has_to_wait_till_monday(default_hub):
    mem = heard(
        default_hub,
        "e5en_c09",
        [
            (0, "Ms Reid", "I'll get the quote for the new windows to you on Wednesday."),
            (1, "Ms Reid", "The quote will have to wait till Monday, sorry, the supplier hasn't replied."),
        ],
    )
    c = _one(mem, "Ms Reid")
    assert (c.status, c.due) == ("open", MON)


def test_c_a_formal_arrangement_then_handed_back(default_hub):
    mem = heard(
        default_hub,
        "e5en_c10",
        [
            (0, "Mr Osei", "I will arrange for the keys to be returned to the letting agency on Thursday."),
            (2, "Mr Osei", "The keys were handed back to the agency this morning."),
        ],
    )
    assert _one(mem, "Mr Osei").status == "done"


def test_c_a_texted_promise_with_abbreviations(default_hub):
    mem = heard(default_hub, "e5en_c11", [(0, "Jaz", "gonna txt Mel abt the rent tmrw x")])
    c = _one(mem, "Jaz")
    assert (c.status, c.due) == ("open", WED)


def test_c_promised_grandad_then_his_radio_works(default_hub):
    mem = heard(
        default_hub,
        "e5en_c12",
        [
            (0, "Cai", "I promised Grandad I'd fix his old radio before his birthday."),
            (6, "Cai", "Grandad's radio is working again, he was chuffed to bits."),
        ],
    )
    assert _one(mem, "Cai").status == "done"


def test_c_a_party_split_between_two_and_one_ticks_off(default_hub):
    mem = heard(
        default_hub,
        "e5en_c13",
        [
            (0, "Pam", "I'll handle the booking for Saturday's party."),
            (0, "Lex", "And I'll get the balloons and the banner."),
            (3, "Lex", "Balloons and banner: sorted ✅"),
        ],
    )
    assert _one(mem, "Pam").status == "open"
    assert _one(mem, "Lex").status == "done"


# -- things that must give nothing --------------------------------------------------------------


def test_n_i_would_love_to_but_is_no_promise(default_hub):
    mem = heard(
        default_hub,
        "e5en_n01",
        [
            (0, "e5en_n01", "Can you help me move flat on Saturday?"),
            (0, "Tom", "I'd love to but I'm away that weekend, sorry mate."),
        ],
    )
    _no_promise(mem)


def test_n_questions_that_sound_like_offers(default_hub):
    mem = heard(
        default_hub,
        "e5en_n02",
        [
            (0, "Ros", "Shall we get a takeaway tonight?"),
            (0, "Ros", "Do you want me to book the table or will you?"),
            (1, "Ros", "Anyone fancy a walk up the hill tomorrow?"),
        ],
    )
    _no_promise(mem)


def test_n_greetings_and_wishes(default_hub):
    mem = heard(
        default_hub,
        "e5en_n03",
        [
            (0, "Bea", "Morning all ☕"),
            (0, "Bea", "Happy birthday Jen!! 🎉🎂"),
            (1, "Bea", "Cheers for yesterday, had a blast"),
            (2, "Bea", "Safe travels, text when you land"),
        ],
    )
    _nothing(mem)


def test_n_a_lottery_daydream(default_hub):
    mem = heard(
        default_hub,
        "e5en_n04",
        [
            (0, "Kit", "If I won the lottery I'd buy a boat and sail round Greece."),
            (0, "Kit", "In another life I'd have been a chef, honestly."),
        ],
    )
    _nothing(mem)


def test_n_a_film_line_and_a_song_are_quoted(default_hub):
    mem = heard(
        default_hub,
        "e5en_n05",
        [
            (0, "Dan", 'Like Arnie said, "I\'ll be back" 😂'),
            (1, "Dan", '"I will always love you" has been stuck in my head all day 🎶'),
        ],
    )
    _no_promise(mem)
    assert mem.preferences() == [], [(p.subject, p.topic, p.value) for p in mem.preferences()]


def test_n_a_joke_promise_when_pigs_fly(default_hub):
    mem = heard(
        default_hub,
        "e5en_n06",
        [(0, "Ned", "Yeah yeah, I'll tidy my room when pigs fly 😂")],
    )
    _no_promise(mem)


def test_n_someone_else_s_promise_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e5en_n07",
        [
            (0, "Uma", "Did Tom say he'd bring the tent on Friday?"),
            (0, "Uma", "Is Priya still doing the food or not?"),
        ],
    )
    _no_promise(mem)


def test_n_facts_asked_about_but_not_stated(default_hub):
    mem = heard(
        default_hub,
        "e5en_n08",
        [
            (0, "e5en_n08", "Is your new place in Hackney?"),
            (0, "Zoe", "Guess 😏"),
            (1, "e5en_n08", "Did you end up taking the job at Ocado?"),
            (1, "Zoe", "Long story, tell you tomorrow."),
        ],
    )
    _no_fact(mem)


def test_n_maybes_that_depend_on_something(default_hub):
    mem = heard(
        default_hub,
        "e5en_n09",
        [
            (0, "Ari", "If the bakery has any left I might pick up a cake."),
            (0, "Ari", "Depending on work I could maybe swing by on Sunday."),
        ],
    )
    _no_promise(mem)


def test_n_a_would_you_rather_game(default_hub):
    mem = heard(
        default_hub,
        "e5en_n10",
        [
            (0, "Lee", "Would you rather eat insects or go hungry for a day?"),
            (0, "Lee", "Which is worse, Mondays or dentists?"),
        ],
    )
    assert mem.preferences() == [], [(p.subject, p.topic, p.value) for p in mem.preferences()]


# -- facts that change --------------------------------------------------------------------------


def test_f_a_bus_driver_turned_locksmith(default_hub):
    mem = heard(
        default_hub,
        "e5en_f01",
        [
            (0, "Stan", "I'm a bus driver, early shifts mostly."),
            (60, "Stan", "Since I stopped driving buses I've been working as a locksmith."),
        ],
    )
    jobs = " ".join(_current(mem, "Stan", "job")).lower()
    assert "locksmith" in jobs and "bus driver" not in jobs, jobs


@pytest.mark.xfail(
    strict=True,
    reason="'moved over to <name>' cannot tell an employer from a town by its shape; key_meaning's prototypes would (tried: two employer prototypes separate it through e5), but the write path reads the layers without the embedder",
)
def test_f_a_move_of_employer_reported_by_a_friend(default_hub):
    mem = heard(
        default_hub,
        "e5en_f02",
        [
            (0, "Ali", "I work at Tesco, on the tills."),
            (40, "Bea", "Ali's moved over to Sainsbury's, did you hear?"),
        ],
    )
    assert _current(mem, "Ali", "employer") == ["Sainsbury's"]


def test_f_my_new_place_names_the_new_home(default_hub):
    mem = heard(
        default_hub,
        "e5en_f03",
        [
            (0, "Cam", "I live in Camden, above a chip shop."),
            (30, "Cam", "My new place in Walthamstow has a garden at last!"),
        ],
    )
    assert _current(mem, "Cam", "residence") == ["Walthamstow"]


@pytest.mark.xfail(strict=True, reason="'the old place in X ... Y is growing on me' gives no new residence")
def test_f_the_old_place_is_missed_the_new_town_grows(default_hub):
    mem = heard(
        default_hub,
        "e5en_f04",
        [
            (0, "Dot", "I live in Bath."),
            (25, "Dot", "Miss the old place in Bath sometimes, but Exeter is growing on me."),
        ],
    )
    assert _current(mem, "Dot", "residence") == ["Exeter"]


def test_f_a_move_undone(default_hub):
    mem = heard(
        default_hub,
        "e5en_f05",
        [
            (0, "Erik", "I live in Oslo."),
            (20, "Erik", "We moved to Bergen."),
            (80, "Erik", "Bergen didn't work out, we're back in Oslo now."),
        ],
    )
    assert _current(mem, "Erik", "residence") == ["Oslo"]


def test_f_popped_the_question(default_hub):
    mem = heard(
        default_hub,
        "e5en_f06",
        [
            (0, "Jon", "My girlfriend Lara and I are off to Rome next month."),
            (50, "Jon", "Popped the question in Rome and she said yes!! 💍"),
        ],
    )
    assert _current(mem, "Jon", "relationship") == ["engaged"]


def test_f_a_cousin_s_wedding_is_the_cousin_s(default_hub):
    mem = heard(
        default_hub,
        "e5en_f07",
        [(0, "Cat", "My cousin Joe got married in Vegas last weekend, nobody knew!")],
    )
    assert _current(mem, "Joe", "relationship") == ["married"]
    assert _current(mem, "Cat", "relationship") == []


def test_f_switched_to_another_university(default_hub):
    mem = heard(
        default_hub,
        "e5en_f08",
        [
            (0, "Fen", "I'm in my second year at Leeds Beckett University."),
            (120, "Fen", "I switched to the Open University so I can work part time."),
        ],
    )
    schools = " ".join(_current(mem, "Fen", "school"))
    assert "Open University" in schools and "Leeds" not in schools, schools


def test_f_quit_an_employer_with_nothing_new_yet(default_hub):
    mem = heard(
        default_hub,
        "e5en_f09",
        [
            (0, "Gus", "I'm a cashier at Lidl."),
            (30, "Gus", "Quit Lidl last week, taking a break before I look for something else."),
        ],
    )
    assert "Lidl" not in _current(mem, "Gus", "employer")


def test_f_a_move_said_with_chinese_city_names(default_hub):
    mem = heard(
        default_hub,
        "e5en_f10",
        [
            (0, "Hui", "I live in 北京 with my parents."),
            (40, "Hui", "Moved from 北京 to 深圳 last month, so much warmer here."),
        ],
    )
    assert _current(mem, "Hui", "residence") == ["深圳"]


def test_f_a_flatmate_s_new_trade_is_hers(default_hub):
    mem = heard(
        default_hub,
        "e5en_f11",
        [(0, "Ife", "My flatmate Zara left the army in March and she's a plumber now.")],
    )
    assert "plumber" in " ".join(_current(mem, "Zara", "job")).lower()
    assert _current(mem, "Ife", "job") == []


def test_f_sold_the_flat_bought_a_cottage(default_hub):
    mem = heard(
        default_hub,
        "e5en_f12",
        [
            (0, "Kay", "I live in Glasgow, West End."),
            (70, "Kay", "We sold the flat in Glasgow and bought a cottage on Skye, moving day was Friday."),
        ],
    )
    assert _current(mem, "Kay", "residence") == ["Skye"]


def test_f_an_ex_wife_means_no_longer_married(default_hub):
    mem = heard(
        default_hub,
        "e5en_f13",
        [
            (0, "Len", "I'm married, my wife Sue works nights."),
            (200, "Len", "Dropped the kids at my ex-wife's, then straight to the pub."),
        ],
    )
    assert "married" not in _current(mem, "Len", "relationship")


# -- preferences --------------------------------------------------------------------------------


def test_p_cycling_lost_its_charm(default_hub):
    mem = heard(
        default_hub,
        "e5en_p01",
        [
            (0, "Mo", "I'm mad about cycling, out on the bike every weekend."),
            (40, "Mo", "Sold the bike, cycling has lost its charm for me."),
        ],
    )
    cyc = _pref(mem, "Mo", "cycling")
    assert cyc.value < 0.5 and cyc.trend < 0


def test_p_an_offer_given_a_miss(default_hub):
    mem = heard(
        default_hub,
        "e5en_p02",
        [
            (0, "e5en_p02", "Shall I order you the lamb tagine?"),
            (0, "Kip", "I'll give that a miss, thanks."),
        ],
    )
    assert _pref(mem, "Kip", "lamb tagine").value < 0.5


def test_p_an_invitation_accepted(default_hub):
    mem = heard(
        default_hub,
        "e5en_p03",
        [
            (0, "e5en_p03", "Fancy coming to the climbing wall on Saturday?"),
            (0, "Lou", "Would love to, I've been dying to try climbing!"),
        ],
    )
    assert _pref(mem, "Lou", "climbing").value > 0.5


def test_p_a_son_who_will_not_touch_broccoli(default_hub):
    mem = heard(
        default_hub,
        "e5en_p04",
        [(0, "Nia", "My son Theo won't touch broccoli, pulls a face every time.")],
    )
    assert _pref(mem, "Theo", "broccoli").value < 0.5
    assert mem.preferences(subject="Nia", topic="broccoli") == []


def test_p_a_habit_that_says_a_liking(default_hub):
    mem = heard(
        default_hub,
        "e5en_p05",
        [(0, "Ossie", "I go to the farmers' market every Sunday, wouldn't miss it for anything.")],
    )
    assert _pref(mem, "Ossie", "farmers' market").value > 0.5


def test_p_cannot_start_the_day_without_espresso(default_hub):
    mem = heard(default_hub, "e5en_p06", [(0, "Pia", "Can't start the day without a double espresso ☕")])
    assert _pref(mem, "Pia", "espresso").value > 0.5


def test_p_oysters_won_over(default_hub):
    mem = heard(
        default_hub,
        "e5en_p07",
        [
            (0, "Quin", "Oysters? No thanks, never saw the appeal."),
            (45, "Quin", "ok don't laugh but oysters are my new favourite thing"),
        ],
    )
    oy = _pref(mem, "Quin", "oysters")
    assert oy.value > 0.5 and oy.trend > 0


def test_p_not_tempted_twice(default_hub):
    mem = heard(
        default_hub,
        "e5en_p08",
        [
            (0, "e5en_p08", "Want to try the new burger place on Friday?"),
            (0, "Meg", "Eh, burgers aren't really my thing."),
            (4, "e5en_p08", "The burger place has two-for-one this week?"),
            (4, "Meg", "Still not tempted 😅"),
        ],
    )
    assert _pref(mem, "Meg", "burgers").value < 0.5


def test_p_sarcastic_love_of_queues(default_hub):
    mem = heard(
        default_hub,
        "e5en_p09",
        [(0, "Ros", "Oh I just LOVE queuing at the post office for an hour 🙃")],
    )
    assert all(p.value <= 0.5 for p in mem.preferences(subject="Ros")), [
        (p.topic, p.value) for p in mem.preferences()
    ]


def test_p_a_friend_crazy_about_kpop(default_hub):
    mem = heard(
        default_hub,
        "e5en_p10",
        [
            (0, "Ola", "Priya's crazy about K-pop, she's seen BTS live three times."),
            (0, "Ola", "Not my cup of tea but fair play to her."),
        ],
    )
    assert _pref(mem, "Priya", "K-pop").value > 0.5


def test_p_a_formal_rather_than(default_hub):
    mem = heard(
        default_hub,
        "e5en_p11",
        [(0, "Dr Mensah", "I would much rather travel by train than fly, where possible.")],
    )
    assert _pref(mem, "Dr Mensah", "train").value > 0.5


def test_p_coriander_in_chinese_picked_out(default_hub):
    mem = heard(
        default_hub,
        "e5en_p12",
        [(0, "Yan", "Not a fan of 香菜 at all, I pick it out every time.")],
    )
    assert _pref(mem, "Yan", "香菜").value < 0.5


@pytest.mark.xfail(
    strict=True,
    reason="a kind given up ('stopped eating red meat, so not for me') lowers neither its members ('steak') nor files a restriction; it needs the layer model to carry a refused category to its topics",
)
def test_p_steak_refused_after_a_change_of_diet(default_hub):
    mem = heard(
        default_hub,
        "e5en_p13",
        [
            (0, "Ed", "Nothing beats a good steak."),
            (20, "e5en_p13", "Steakhouse on Friday?"),
            (20, "Ed", "I've actually stopped eating red meat, so not for me."),
        ],
    )
    assert _pref(mem, "Ed", "steak").value < 0.5
