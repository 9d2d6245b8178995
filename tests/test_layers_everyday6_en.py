"""A sixth round of blind everyday scenarios (#40), English: each a few days of chat heard by one
tenant of the default hub and read only through facts(), preferences() and commitments().
The lines were written and committed before any of them was run, unlike the earlier rounds'
lines (other verbs, other registers, other people), and weighed towards facts that change
(job, employer, home, relationship, school: said obliquely, in the past tense, reported by
someone else, a change undone), preferences (flips, refusals by declining an offer in other
words, an acceptance, a third person's likes, likes said through habits), commitments kept or
called off days later in other words, made to a third person or inside a longer message, and
lines that must give nothing."""

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


def test_c_a_texted_promise_buried_in_chatter(default_hub):
    mem = heard(
        default_hub,
        "e6en_c01",
        [
            (
                0,
                "Dee",
                "cant talk long, trains rammed lol. will send u the spreadsheet thurs promise. "
                "anyway hows ur mum doing",
            )
        ],
    )
    c = _one(mem, "Dee")
    assert (c.status, c.due) == ("open", THU)


def test_c_a_promise_said_to_a_friend_is_the_speaker_s(default_hub):
    mem = heard(
        default_hub,
        "e6en_c02",
        [(0, "Rowan", "I said to Karen I'd proofread her cover letter by Friday.")],
    )
    c = _one(mem, "Rowan")
    assert (c.status, c.due) == ("open", FRI)
    assert [c.owner for c in mem.commitments()] == ["Rowan"]


@pytest.mark.xfail(
    strict=True,
    reason="a result told in other words shares no word with the promise and the hub reads layers with no embedder, so nothing ties them",
)
def test_c_gutters_cleared_without_naming_them(default_hub):
    mem = heard(
        default_hub,
        "e6en_c03",
        [
            (0, "Bram", "I'll clear out the gutters on Saturday before the storm."),
            (
                5,
                "Bram",
                "Spent the whole morning up a ladder scooping out leaves, the rain runs off fine now.",
            ),
        ],
    )
    assert _one(mem, "Bram").status == "done"


def test_c_off_the_hook_for_the_cake(default_hub):
    mem = heard(
        default_hub,
        "e6en_c04",
        [
            (0, "Nadia", "I'll pick up the birthday cake from the bakery on Friday."),
            (2, "Nadia", "Jess has decided to bake one herself, so I'm off the hook for the cake."),
        ],
    )
    assert _one(mem, "Nadia").status == "cancelled"


def test_c_a_formal_undertaking_no_later_than_monday(default_hub):
    mem = heard(
        default_hub,
        "e6en_c05",
        [(0, "Mr Hale", "I will submit the expense claim to finance no later than Monday.")],
    )
    c = _one(mem, "Mr Hale")
    assert (c.status, c.due) == ("open", MON)


def test_c_a_flatmate_reckons_he_will_fix_it_then_does(default_hub):
    mem = heard(
        default_hub,
        "e6en_c06",
        [
            (0, "Tess", "My flatmate Oli reckons he'll fix the wifi router tomorrow."),
            (2, "Tess", "Oli got the wifi working again, finally!"),
        ],
    )
    c = _one(mem, "Oli")
    assert c.status == "done"
    assert [c.owner for c in mem.commitments()] == ["Oli"]


def test_c_can_do_to_a_request_for_chairs(default_hub):
    mem = heard(
        default_hub,
        "e6en_c07",
        [
            (0, "e6en_c07", "Could you bring the folding chairs to the barbecue on Sunday?"),
            (0, "Tia", "Yeah can do 👍"),
        ],
    )
    c = _one(mem, "Tia")
    assert (c.status, c.due) == ("open", SUN)


def test_c_an_eye_rolling_promise_with_a_typo(default_hub):
    mem = heard(default_hub, "e6en_c08", [(0, "Jax", "ok ok i'll ring the plumbr tomorow 🙄")])
    assert _one(mem, "Jax").status == "open"


def test_c_two_parents_one_drops_out(default_hub):
    mem = heard(
        default_hub,
        "e6en_c09",
        [
            (0, "Ana", "I'll do the school run on Thursday."),
            (0, "Rob", "Then I'll sort the packed lunches."),
            (2, "Ana", "Bad news, my car's in the garage so the school run is off for me."),
        ],
    )
    assert _one(mem, "Ana").status == "cancelled"
    assert _one(mem, "Rob").status == "open"


def test_c_the_hedge_trimmer_comes_back_later(default_hub):
    mem = heard(
        default_hub,
        "e6en_c10",
        [
            (0, "Iggy", "I'll return your hedge trimmer on Wednesday."),
            (1, "Iggy", "Hedge trimmer's coming back to you on Saturday instead, got held up at work."),
        ],
    )
    c = _one(mem, "Iggy")
    assert (c.status, c.due) == ("open", SAT)


def test_c_a_promise_with_a_chinese_word(default_hub):
    mem = heard(default_hub, "e6en_c11", [(0, "Wen", "I'll bring the 月饼 to the office on Friday.")])
    c = _one(mem, "Wen")
    assert (c.status, c.due) == ("open", FRI)


@pytest.mark.xfail(
    strict=True,
    reason="'Biscuit's got an appointment ...' is filed under Biscuit (a capitalised head read as a person), and 'arranged' is no done word",
)
def test_c_the_vet_booked_in_other_words(default_hub):
    mem = heard(
        default_hub,
        "e6en_c12",
        [
            (0, "Cleo", "I'll book the vet for Biscuit's jabs this week."),
            (2, "Cleo", "Biscuit's got an appointment Friday at 4, all arranged."),
        ],
    )
    assert _one(mem, "Cleo").status == "done"


@pytest.mark.xfail(
    strict=True,
    reason="a visit told in the past ('had tea at Nan's yesterday') shares no act with 'pop round to see her'; no meaning is read in the hub",
)
def test_c_a_promise_to_grandma_kept_by_a_visit(default_hub):
    mem = heard(
        default_hub,
        "e6en_c13",
        [
            (0, "Harry", "I told Nan I'd pop round to see her on Sunday."),
            (5, "Harry", "Had tea and biscuits at Nan's yesterday, she was in great form."),
        ],
    )
    assert _one(mem, "Harry").status == "done"


# -- nothing --------------------------------------------------------------------------------------


def test_n_offers_phrased_as_questions(default_hub):
    mem = heard(
        default_hub,
        "e6en_n01",
        [
            (0, "Ros", "Need a hand with the boxes on Saturday?"),
            (0, "Ros", "Any chance you'd want my spare ticket for Friday?"),
            (1, "Ros", "Want a lift to the airport or are you getting the train?"),
        ],
    )
    _no_promise(mem)


def test_n_greetings_and_goodnights(default_hub):
    mem = heard(
        default_hub,
        "e6en_n02",
        [
            (0, "Flo", "Evening folks 👋"),
            (0, "Flo", "Hope your week's treating you kindly"),
            (1, "Flo", "Sleep well x"),
            (2, "Flo", "Thanks again for the flowers, so thoughtful!"),
        ],
    )
    _nothing(mem)


def test_n_daydreams_of_another_life(default_hub):
    mem = heard(
        default_hub,
        "e6en_n03",
        [
            (0, "Seb", "If I had more time I'd learn the cello."),
            (0, "Seb", "Were I rich, I'd spend my winters in Lisbon."),
        ],
    )
    _no_promise(mem)
    _no_fact(mem)


def test_n_a_song_and_a_film_quoted(default_hub):
    mem = heard(
        default_hub,
        "e6en_n04",
        [
            (0, "Gaz", '"I would walk 500 miles" 🎤 karaoke last night was wild'),
            (1, "Gaz", '"We\'re gonna need a bigger boat" - my dad every single time we go fishing 😂'),
        ],
    )
    _no_promise(mem)


def test_n_a_promise_for_when_arsenal_win_the_league(default_hub):
    mem = heard(
        default_hub,
        "e6en_n05",
        [(0, "Mo", "Sure, I'll tidy my room the day Arsenal win the league 😂")],
    )
    _no_promise(mem)


def test_n_other_people_s_promises_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e6en_n06",
        [
            (0, "Kat", "Has Liam said when he'll bring the van back?"),
            (0, "Kat", "Wasn't Rosa meant to book the minibus for Sunday?"),
        ],
    )
    _no_promise(mem)


def test_n_would_have_loved_to_but(default_hub):
    mem = heard(
        default_hub,
        "e6en_n07",
        [
            (0, "e6en_n07", "Fancy helping out at the bake sale on Saturday?"),
            (0, "Pip", "Would've loved to, but I'm working all weekend 😩"),
        ],
    )
    _no_promise(mem)


def test_n_facts_asked_and_dodged(default_hub):
    mem = heard(
        default_hub,
        "e6en_n08",
        [
            (0, "e6en_n08", "Are you still with Emma?"),
            (0, "Lou", "Ha, wouldn't you like to know."),
            (1, "e6en_n08", "Did you end up moving to Leeds?"),
            (1, "Lou", "Ask me again next month."),
            (2, "e6en_n08", "Which school is your little one at now?"),
        ],
    )
    _no_fact(mem)


def test_n_a_lift_that_would_be_given_if(default_hub):
    mem = heard(
        default_hub,
        "e6en_n09",
        [
            (0, "Viv", "I'd give you a lift if my car wasn't in the garage."),
            (0, "Viv", "I'll come along if I finish early, but don't count on me."),
        ],
    )
    _no_promise(mem)


def test_n_sarcastic_love_of_the_motorway(default_hub):
    mem = heard(
        default_hub,
        "e6en_n10",
        [(0, "Cal", "Oh yeah, I just LOVE being stuck on the M25 for three hours 🙃")],
    )
    assert all(p.value <= 0.5 for p in mem.preferences(subject="Cal")), [
        (p.topic, p.value) for p in mem.preferences()
    ]
    _no_promise(mem)


# -- facts --------------------------------------------------------------------------------------


def test_f_a_chef_who_hung_up_his_apron(default_hub):
    mem = heard(
        default_hub,
        "e6en_f01",
        [
            (0, "Pete", "I'm a chef at a hotel in Bath."),
            (60, "Pete", "Hung up my apron for good, I'm a taxi driver now."),
        ],
    )
    jobs = " ".join(_current(mem, "Pete", "job")).lower()
    assert "taxi" in jobs and "chef" not in jobs, jobs


@pytest.mark.xfail(
    strict=True,
    reason="'she's with Nestlé now' has the shape of 'she's with Sarah now' (a partner); the clause 'left Unilever' is split off",
)
def test_f_a_new_employer_told_by_a_colleague(default_hub):
    mem = heard(
        default_hub,
        "e6en_f02",
        [
            (0, "Priya", "I work for Unilever in marketing."),
            (50, "Tom", "Priya's left Unilever, she's with Nestlé now."),
        ],
    )
    assert _current(mem, "Priya", "employer") == ["Nestlé"]


def test_f_back_at_the_old_place_to_pick_up_post(default_hub):
    mem = heard(
        default_hub,
        "e6en_f03",
        [
            (0, "Gwen", "I live in Reading."),
            (
                30,
                "Gwen",
                "Popped back to the old place in Reading for the post, feels weird living in Oxford now.",
            ),
        ],
    )
    assert _current(mem, "Gwen", "residence") == ["Oxford"]


def test_f_a_new_employer_undone(default_hub):
    mem = heard(
        default_hub,
        "e6en_f04",
        [
            (0, "Lyn", "I work at Boots, on the pharmacy counter."),
            (30, "Lyn", "Started at Superdrug on Monday."),
            (70, "Lyn", "Superdrug wasn't for me, Boots took me back."),
        ],
    )
    assert _current(mem, "Lyn", "employer") == ["Boots"]


def test_f_single_then_seeing_someone(default_hub):
    mem = heard(
        default_hub,
        "e6en_f05",
        [
            (0, "Ezra", "I'm single, and happy that way."),
            (40, "Ezra", "Been seeing someone since the summer, it's going really well 😊"),
        ],
    )
    assert _current(mem, "Ezra", "relationship") == ["dating"]


def test_f_a_wedding_called_off(default_hub):
    mem = heard(
        default_hub,
        "e6en_f06",
        [
            (0, "Jodie", "I'm engaged to Marco, wedding's next June."),
            (90, "Jodie", "Marco and I called off the wedding, we're not together anymore."),
        ],
    )
    assert "engaged" not in _current(mem, "Jodie", "relationship")


def test_f_a_daughter_moves_up_to_another_school(default_hub):
    mem = heard(
        default_hub,
        "e6en_f07",
        [
            (0, "Sian", "My daughter Lily goes to Hillside Primary."),
            (100, "Sian", "Lily's moved up to Oakwood High now, she's so grown up."),
        ],
    )
    schools = " ".join(_current(mem, "Lily", "school"))
    assert "Oakwood" in schools and "Hillside" not in schools, schools
    assert _current(mem, "Sian", "school") == []


def test_f_a_formal_change_of_address(default_hub):
    mem = heard(
        default_hub,
        "e6en_f08",
        [
            (0, "Mrs Ward", "I reside in Manchester."),
            (60, "Mrs Ward", "Please note that my address has changed; I now reside in Stockport."),
        ],
    )
    assert _current(mem, "Mrs Ward", "residence") == ["Stockport"]


def test_f_last_day_at_one_firm_the_next_from_monday(default_hub):
    mem = heard(
        default_hub,
        "e6en_f09",
        [
            (0, "Osh", "I've been at Accenture for six years now."),
            (40, "Osh", "Last day at Accenture today, Capgemini from Monday!"),
        ],
    )
    employers = _current(mem, "Osh", "employer")
    assert "Capgemini" in employers and "Accenture" not in employers, employers


def test_f_a_move_said_half_in_chinese(default_hub):
    mem = heard(
        default_hub,
        "e6en_f10",
        [
            (0, "Ling", "I live in 广州."),
            (40, "Ling", "搬家了! Now in 杭州, right near the West Lake."),
        ],
    )
    assert _current(mem, "Ling", "residence") == ["杭州"]


def test_f_a_wedding_reported_by_a_friend(default_hub):
    mem = heard(
        default_hub,
        "e6en_f11",
        [
            (0, "Mia", "I'm dating a guy from work, early days."),
            (60, "Jo", "Mia got married in Cyprus, tiny ceremony, just the two of them."),
        ],
    )
    assert _current(mem, "Mia", "relationship") == ["married"]


def test_f_a_texted_move(default_hub):
    mem = heard(
        default_hub,
        "e6en_f12",
        [
            (0, "Kyle", "i live in Coventry atm"),
            (30, "Kyle", "moved to Leicester last wk, flats tiny lol"),
        ],
    )
    assert _current(mem, "Kyle", "residence") == ["Leicester"]


def test_f_a_wife_s_job_is_hers(default_hub):
    mem = heard(default_hub, "e6en_f13", [(0, "Dan", "My wife Jen's a midwife at the Royal Infirmary.")])
    assert "midwife" in " ".join(_current(mem, "Jen", "job")).lower()
    assert _current(mem, "Dan", "job") == []


def test_f_used_to_do_the_post_round(default_hub):
    mem = heard(
        default_hub,
        "e6en_f14",
        [
            (0, "Ray", "I'm a postman."),
            (50, "Ray", "Used to do the post round, now I'm a gardener for the council."),
        ],
    )
    jobs = " ".join(_current(mem, "Ray", "job")).lower()
    assert "gardener" in jobs and "postman" not in jobs, jobs


def test_f_thinking_of_moving_moves_nobody(default_hub):
    mem = heard(
        default_hub,
        "e6en_f15",
        [
            (0, "Bryn", "I live in Cardiff."),
            (10, "Bryn", "Thinking of moving to Spain once the kids leave home."),
        ],
    )
    assert _current(mem, "Bryn", "residence") == ["Cardiff"]


# -- preferences --------------------------------------------------------------------------------


def test_p_cricket_won_over(default_hub):
    mem = heard(
        default_hub,
        "e6en_p01",
        [
            (0, "Alf", "Never been a fan of cricket, it's so slow."),
            (40, "Alf", "Can't believe I'm saying this but I've been glued to the cricket all summer."),
        ],
    )
    cr = _pref(mem, "Alf", "cricket")
    assert cr.value > 0.5 and cr.trend > 0


def test_p_sick_of_swimming_after_a_habit(default_hub):
    mem = heard(
        default_hub,
        "e6en_p02",
        [
            (0, "Bex", "I'm in the pool swimming every morning before work."),
            (50, "Bex", "Honestly I'm sick of swimming, haven't been in months."),
        ],
    )
    assert _pref(mem, "Bex", "swimming").value < 0.5


def test_p_carrot_cake_declined(default_hub):
    mem = heard(
        default_hub,
        "e6en_p03",
        [
            (0, "e6en_p03", "Shall I save you a slice of the carrot cake?"),
            (0, "Hew", "I'm alright, thanks, carrot cake's never really done it for me."),
        ],
    )
    assert _pref(mem, "Hew", "carrot cake").value < 0.5


def test_p_a_green_tea_gladly_accepted(default_hub):
    mem = heard(
        default_hub,
        "e6en_p04",
        [
            (0, "e6en_p04", "Want me to make you a green tea?"),
            (0, "Ines", "Ooh go on then, I'd love one."),
        ],
    )
    assert _pref(mem, "Ines", "green tea").value > 0.5


def test_p_a_husband_obsessed_with_fishing(default_hub):
    mem = heard(
        default_hub,
        "e6en_p05",
        [(0, "Asha", "My husband Raj is obsessed with fishing, he's at the lake every weekend.")],
    )
    assert _pref(mem, "Raj", "fishing").value > 0.5
    assert mem.preferences(subject="Asha", topic="fishing") == []


def test_p_a_mum_who_cannot_bear_garlic(default_hub):
    mem = heard(
        default_hub,
        "e6en_p06",
        [(0, "Tom", "My mum Helen can't bear garlic, she picks it out of everything.")],
    )
    assert _pref(mem, "Helen", "garlic").value < 0.5
    assert mem.preferences(subject="Tom", topic="garlic") == []


def test_p_parkrun_rain_or_shine(default_hub):
    mem = heard(
        default_hub,
        "e6en_p07",
        [(0, "Nat", "Every Saturday morning I'm at parkrun, rain or shine.")],
    )
    assert _pref(mem, "Nat", "parkrun").value > 0.5


def test_p_horror_films_turned_down_twice(default_hub):
    mem = heard(
        default_hub,
        "e6en_p08",
        [
            (0, "e6en_p08", "Shall we watch the new horror film tonight?"),
            (0, "Kim", "Pass, horror films give me nightmares."),
            (4, "e6en_p08", "There's a horror marathon at the cinema on Friday?"),
            (4, "Kim", "Definitely not 😬"),
        ],
    )
    assert _pref(mem, "Kim", "horror films").value < 0.5


def test_p_a_formal_confession_about_opera(default_hub):
    mem = heard(default_hub, "e6en_p09", [(0, "Dr Lowe", "I find opera rather tedious, I must confess.")])
    assert _pref(mem, "Dr Lowe", "opera").value < 0.5


def test_p_a_hedged_liking_for_podcasts(default_hub):
    mem = heard(
        default_hub,
        "e6en_p10",
        [(0, "Uri", "I suppose I quite like podcasts, they pass the time on the commute.")],
    )
    assert _pref(mem, "Uri", "podcasts").value > 0.5


def test_p_two_tastes_in_one_line(default_hub):
    mem = heard(
        default_hub,
        "e6en_p11",
        [(0, "Ana", "Tom loves board games but I find them boring.")],
    )
    assert _pref(mem, "Tom", "board games").value > 0.5
    assert _pref(mem, "Ana", "board games").value < 0.5


def test_p_hotpot_every_day_half_in_chinese(default_hub):
    mem = heard(default_hub, "e6en_p12", [(0, "Yu", "Honestly I could eat 火锅 every day.")])
    assert _pref(mem, "Yu", "火锅").value > 0.5


def test_p_a_liking_that_flips_to_a_no_to_an_offer(default_hub):
    mem = heard(
        default_hub,
        "e6en_p13",
        [
            (0, "Oz", "Love a good curry on a Friday night."),
            (30, "e6en_p13", "Curry house on Friday as usual?"),
            (30, "Oz", "Think I'll skip it, I've gone right off spicy stuff."),
        ],
    )
    cu = _pref(mem, "Oz", "curry")
    assert cu.value < 0.7 and cu.trend < 0
