"""A fourteenth round of blind everyday scenarios (#40), English: each a few days of chat heard by
one tenant of the default hub and read only through facts(), preferences() and commitments(). The
lines were written and committed before any of them was run, unlike the earlier rounds' lines
(other verbs, other registers, other people), and weighed towards task states whose news is told by
what happened next rather than by a state word (kids picked up "like I said", a parcel on its way,
someone else holding the keys, "booked! table for 4"), news given in a reply to a question ("yep,
this morning"), a job half done, a promise kept by another person, and plans called off by
circumstance (a match rained off, a ferry not running, a show sold out); facts in passing inside
longer lines in British, American and Indian English (a GP, the missus, IT at an MNC, a flat in
Leeds, year 11, "working in Infosys") and facts told as a correction; commitments in other
registers (formal email tone, "I'll have it to you by", "consider it done", "leave it with me");
lines that mix scripts; and lines that must give nothing (a rhetorical "I'll believe it when I see
it", a song lyric, a habit, the plans of others, a son's university, an order to a waiter)."""

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
    no_rows as _nothing,
)

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Thursday the 3rd, Friday the 4th.
TUE, WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (1, 2, 3, 4, 5, 6, 7))


def _facts_of(mem, subject):
    """Every current fact of ``subject`` as (key, value)."""
    return [(f.key, f.value) for f in mem.facts(subject=subject)]


# -- task states: done, told by what happened next ---------------------------------------------


def test_t_kids_picked_up_like_i_said(default_hub):
    mem = heard(
        default_hub,
        "e14en_t01",
        [
            (0, "Morag", "I'll pick the kids up from school on Thursday, you go to your meeting."),
            (2, "Morag", "Picked the kids up at 3 like I said, they're having their tea now."),
        ],
    )
    assert _one(mem, "Morag").status == "done"


def test_t_the_parcel_is_on_its_way(default_hub):
    mem = heard(
        default_hub,
        "e14en_t02",
        [
            (0, "Fergus", "I'll post your birthday parcel tomorrow."),
            (2, "Fergus", "The parcel's on its way to you, should land by Monday."),
        ],
    )
    assert _one(mem, "Fergus").status == "done"


def test_t_tom_has_the_keys_now(default_hub):
    mem = heard(
        default_hub,
        "e14en_t03",
        [
            (0, "Leonie", "I'll get the spare keys to Tom before he moves in on Friday."),
            (2, "Leonie", "Tom has the keys now, he's already put his bike in the hall."),
        ],
    )
    assert _one(mem, "Leonie").status == "done"


def test_t_booked_a_table_for_four(default_hub):
    mem = heard(
        default_hub,
        "e14en_t04",
        [
            (0, "Anwen", "I'll book somewhere nice for Saturday night."),
            (1, "Anwen", "booked! table for 4 at 8, the Italian on the corner"),
        ],
    )
    assert _one(mem, "Anwen").status == "done"


# -- task states: the news in a reply to a question ---------------------------------------------


def test_t_did_you_ring_the_bank_yep_this_morning(default_hub):
    mem = heard(
        default_hub,
        "e14en_t05",
        [
            (0, "Ivo", "I'll ring the bank about the direct debit tomorrow."),
            (2, "e14en_t05", "did you ring the bank?"),
            (2, "Ivo", "yep, this morning"),
        ],
    )
    assert _one(mem, "Ivo").status == "done"


def test_t_the_plumber_has_been_told_by_the_other(default_hub):
    mem = heard(
        default_hub,
        "e14en_t06",
        [
            (0, "Gavin", "I'll get a plumber out to look at your boiler tomorrow."),
            (2, "e14en_t06", "The plumber's been, hot water's back on, you're a star Gavin."),
        ],
    )
    assert _one(mem, "Gavin").status == "done"


def test_t_a_number_received_by_the_other(default_hub):
    mem = heard(
        default_hub,
        "e14en_t07",
        [
            (0, "Sunita", "I'll text you Mrs Patel's number tonight."),
            (1, "e14en_t07", "got Mrs Patel's number, ta Sunita"),
        ],
    )
    assert _one(mem, "Sunita").status == "done"


# -- task states: partly done, still owed, kept by another -------------------------------------


def test_t_did_the_first_half_of_the_marking(default_hub):
    mem = heard(
        default_hub,
        "e14en_t08",
        [
            (0, "Crispin", "I'll mark the year 9 essays this weekend."),
            (5, "Crispin", "Did the first half, the rest are still sitting in my bag."),
        ],
    )
    assert _one(mem, "Crispin").status == "open"


def test_t_the_drill_still_in_the_hallway(default_hub):
    mem = heard(
        default_hub,
        "e14en_t09",
        [
            (0, "Noor", "I'll give your drill back this week."),
            (6, "Noor", "Your drill's still sitting in my hallway, sorry, I keep forgetting."),
        ],
    )
    assert _one(mem, "Noor").status == "open"


def test_t_grandad_taken_by_someone_else(default_hub):
    mem = heard(
        default_hub,
        "e14en_t10",
        [
            (0, "Nadia", "I'll take Grandad to his hearing appointment on Wednesday."),
            (2, "Nadia", "Callum ended up taking Grandad to his appointment, so that's done."),
        ],
    )
    assert _one(mem, "Nadia").status == "done"


# -- task states: called off by circumstance ---------------------------------------------------


def test_t_the_match_got_rained_off(default_hub):
    mem = heard(
        default_hub,
        "e14en_t11",
        [
            (0, "Dougie", "I'll bring the oranges for the under-10s match on Saturday."),
            (4, "Dougie", "the match got rained off, pitch is a swamp"),
        ],
    )
    assert _one(mem, "Dougie").status == "cancelled"


def test_t_the_ferry_is_not_running(default_hub):
    mem = heard(
        default_hub,
        "e14en_t12",
        [
            (0, "Eilidh", "I'll take you on the boat trip to the island on Friday."),
            (2, "Eilidh", "No boat trip after all, the ferry isn't running this week, strike."),
        ],
    )
    assert _one(mem, "Eilidh").status == "cancelled"


@pytest.mark.xfail(
    strict=True,
    reason="a plan called off because what it needed ran out ('comedy night sold out before I got there so that's that'): 'sold out' is read as no cancelling verb, and 'that's that' as no dropping of a plan",
)
def test_t_the_comedy_night_sold_out(default_hub):
    mem = heard(
        default_hub,
        "e14en_t13",
        [
            (0, "Rhodri", "I'll get us tickets for the comedy night on Friday."),
            (1, "Rhodri", "comedy night sold out before I got there so that's that, sorry"),
        ],
    )
    assert _one(mem, "Rhodri").status == "cancelled"


# -- task states: put off ------------------------------------------------------------------------


def test_t_sunday_lunch_the_week_after(default_hub):
    mem = heard(
        default_hub,
        "e14en_t14",
        [
            (0, "Philippa", "I'll come to yours for Sunday lunch."),
            (3, "Philippa", "Can we do Sunday lunch the week after instead? I'm full of cold."),
        ],
    )
    c = _one(mem, "Philippa")
    assert c.status == "open" and (c.due is None or c.due > SUN), (c.status, c.due)


def test_t_the_kitchen_on_hold_till_the_plasterer(default_hub):
    mem = heard(
        default_hub,
        "e14en_t15",
        [
            (0, "Jarrod", "I'll paint your kitchen on Saturday."),
            (2, "Jarrod", "Kitchen's on hold till the plasterer's been, probably next month now."),
        ],
    )
    c = _one(mem, "Jarrod")
    assert c.status == "open" and (c.due is None or c.due > SAT), (c.status, c.due)


# -- facts in passing, British, American and Indian English ------------------------------------


def test_f_a_gp_who_sees_the_kids_at_weekends(default_hub):
    mem = heard(
        default_hub,
        "e14en_f01",
        [(0, "Alasdair", "I'm a GP so weekends are the only time I see the kids properly")],
    )
    assert "GP" in " ".join(_current(mem, "Alasdair", "job")), _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="a spouse named in passing by the word for one ('my missus has got me doing parkrun') is not read as married: the labelled sets do not count 'My wife adores gardening' as a relationship fact, so the word alone implying marriage was tried and taken back",
)
def test_f_the_missus_and_parkrun(default_hub):
    mem = heard(
        default_hub,
        "e14en_f02",
        [(0, "Gaz", "my missus has got me doing parkrun every saturday now, send help")],
    )
    assert _current(mem, "Gaz", "relationship") == ["married"], _all(mem)


def test_f_it_at_an_mnc(default_hub):
    mem = heard(
        default_hub,
        "e14en_f03",
        [(0, "Pranav", "I work in IT at an MNC, the commute to Whitefield is a killer yaar")],
    )
    assert "IT" in " ".join(_current(mem, "Pranav", "job")), _all(mem)


def test_f_our_flat_in_leeds_has_no_heating(default_hub):
    mem = heard(
        default_hub,
        "e14en_f04",
        [(0, "Kirsty", "our flat in Leeds has no heating again and the landlord's ignoring me")],
    )
    assert _current(mem, "Kirsty", "residence") == ["Leeds"], _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="a school year said of oneself ('I'm in year 11') has no key: school is read as an institution's name, and a year group names none",
)
def test_f_year_11_and_mocks(default_hub):
    mem = heard(
        default_hub, "e14en_f05", [(0, "Ellie", "I'm in year 11 so it's mocks season, no life till xmas")]
    )
    assert "11" in " ".join(_current(mem, "Ellie", "school")), _all(mem)


def test_f_a_pharmacist_not_a_nurse(default_hub):
    mem = heard(
        default_hub,
        "e14en_f06",
        [
            (0, "e14en_f06", "how are the night shifts on the ward going?"),
            (0, "Ruth", "no, I'm a pharmacist, not a nurse! no wards for me"),
        ],
    )
    assert _current(mem, "Ruth", "job") == ["pharmacist"], _all(mem)


def test_f_superdrug_not_boots_put_right(default_hub):
    mem = heard(
        default_hub,
        "e14en_f07",
        [
            (0, "Hana", "I work at Boots, been there three years"),
            (0, "Hana", "sorry, I meant Superdrug not Boots, long day"),
        ],
    )
    assert _current(mem, "Hana", "employer") == ["Superdrug"], _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="Indian English 'working ... in Infosys': a firm after 'in' cannot be told from a town without a list of names, so it is read as a residence (a wrong row) and no employer",
)
def test_f_working_in_infosys_since_2019(default_hub):
    mem = heard(
        default_hub,
        "e14en_f08",
        [(0, "Deepak", "I am working as a software engineer in Infosys since 2019 only")],
    )
    assert _current(mem, "Deepak", "employer") == ["Infosys"], _all(mem)


def test_f_an_msc_at_edinburgh(default_hub):
    mem = heard(
        default_hub,
        "e14en_f09",
        [(0, "Siobhan", "doing my MSc at Edinburgh and the dissertation is eating me alive")],
    )
    assert "Edinburgh" in " ".join(_current(mem, "Siobhan", "school")), _all(mem)


def test_f_a_second_grade_teacher_in_ohio(default_hub):
    mem = heard(
        default_hub,
        "e14en_f10",
        [(0, "Brittany", "I'm a 2nd grade teacher in Ohio so summers off, baby!")],
    )
    assert "teacher" in " ".join(_current(mem, "Brittany", "job")), _all(mem)


@pytest.mark.xfail(
    strict=True,
    reason="an animal named by its breed, let out ('have to let my greyhound out, she's a rescue'): the pet reading knows kinds (dog, cat ...) and the verbs walk / feed / groom, not a breed nor 'let ... out'; 'she's a rescue' after it is no 'rescue greyhound'",
)
def test_f_a_rescue_greyhound_to_let_out(default_hub):
    mem = heard(
        default_hub,
        "e14en_f11",
        [
            (
                0,
                "Maisie",
                "can't stay late, have to let my greyhound out, she's a rescue and hates being alone",
            )
        ],
    )
    assert "greyhound" in " ".join(_current(mem, "Maisie", "pet")), _all(mem)


def test_f_lactose_intolerant_skips_the_cheesecake(default_hub):
    mem = heard(
        default_hub,
        "e14en_f12",
        [(0, "Oisin", "I'll skip the cheesecake thanks, I'm lactose intolerant")],
    )
    values = _current(mem, "Oisin", "allergy") + _current(mem, "Oisin", "diet")
    assert "lactose" in " ".join(values).casefold(), _all(mem)


def test_f_turned_forty_and_the_knees_know_it(default_hub):
    mem = heard(default_hub, "e14en_f13", [(0, "Clive", "turned 40 last week and my knees know it")])
    assert _current(mem, "Clive", "age") == ["40"], _all(mem)


def test_f_from_pune_settled_in_hyderabad(default_hub):
    mem = heard(
        default_hub,
        "e14en_f14",
        [(0, "Anjali", "Originally from Pune but settled in Hyderabad now after marriage")],
    )
    assert _current(mem, "Anjali", "residence") == ["Hyderabad"], _all(mem)


# -- commitments in other registers ----------------------------------------------------------


def test_c_i_will_ensure_the_report_reaches_you(default_hub):
    mem = heard(
        default_hub,
        "e14en_c01",
        [(0, "Mr Okafor", "I will ensure the report reaches you by Monday.")],
    )
    c = _one(mem, "Mr Okafor")
    assert (c.status, c.due) == ("open", MON), c


def test_c_the_quote_to_you_by_thursday(default_hub):
    mem = heard(default_hub, "e14en_c02", [(0, "Benji", "I'll have the quote to you by Thursday.")])
    c = _one(mem, "Benji")
    assert (c.status, c.due) == ("open", THU), c


def test_c_consider_it_done(default_hub):
    mem = heard(
        default_hub,
        "e14en_c03",
        [
            (0, "e14en_c03", "Can you chase the supplier about the late delivery?"),
            (0, "Harriet", "Consider it done."),
        ],
    )
    assert _one(mem, "Harriet").status == "open"


def test_c_leave_it_with_me_till_friday(default_hub):
    mem = heard(
        default_hub,
        "e14en_c04",
        [
            (0, "e14en_c04", "Could you look into why the invoice bounced?"),
            (0, "Kwame", "Leave it with me, I'll get back to you by Friday."),
        ],
    )
    c = _one(mem, "Kwame")
    assert (c.status, c.due) == ("open", FRI), c


def test_c_the_signed_contract_by_close_of_business(default_hub):
    mem = heard(
        default_hub,
        "e14en_c05",
        [
            (
                0,
                "Ms Lindqvist",
                "Please rest assured that I shall forward the signed contract by close of business tomorrow.",
            )
        ],
    )
    c = _one(mem, "Ms Lindqvist")
    assert (c.status, c.due) == ("open", WED), c


def test_c_figures_over_first_thing(default_hub):
    mem = heard(
        default_hub, "e14en_c06", [(0, "Toby", "I'll get those figures over to you first thing tomorrow.")]
    )
    c = _one(mem, "Toby")
    assert (c.status, c.due) == ("open", WED), c


def test_c_my_answer_by_end_of_day(default_hub):
    mem = heard(default_hub, "e14en_c07", [(0, "Ravi", "You'll have my answer by the end of the day.")])
    c = _one(mem, "Ravi")
    assert (c.status, c.due) == ("open", TUE), c


def test_c_will_do_the_rota_before_the_weekend(default_hub):
    mem = heard(
        default_hub,
        "e14en_c08",
        [
            (0, "e14en_c08", "can someone sort the rota?"),
            (0, "Greta", "will do, I'll sort the rota before the weekend"),
        ],
    )
    c = _one(mem, "Greta")
    assert c.status == "open" and c.due in (FRI, SAT), c


# -- mixed scripts ---------------------------------------------------------------------------


def test_m_our_flat_in_shenzhen_written_in_chinese(default_hub):
    mem = heard(default_hub, "e14en_m01", [(0, "Lydia", "our flat in 深圳 is tiny but the view is mad")])
    assert _current(mem, "Lydia", "residence") == ["深圳"], _all(mem)


def test_m_slides_to_a_colleague_named_in_chinese(default_hub):
    mem = heard(default_hub, "e14en_m02", [(0, "Hugo", "I'll send 小李 the slides by Friday.")])
    c = _one(mem, "Hugo")
    assert (c.status, c.due) == ("open", FRI), c


def test_m_spoke_to_a_landlord_named_in_chinese(default_hub):
    mem = heard(
        default_hub,
        "e14en_m03",
        [
            (0, "Zara", "I'll ring 张伟 about the sublet on Thursday."),
            (3, "Zara", "Spoke to 张伟, he's happy for you to take the room from October."),
        ],
    )
    assert _one(mem, "Zara").status == "done"


# -- lines that must give nothing -------------------------------------------------------------


def test_n_ill_believe_it_when_i_see_it(default_hub):
    mem = heard(
        default_hub,
        "e14en_n01",
        [(0, "Bernie", "Council says the pothole will be fixed by Friday. I'll believe it when I see it.")],
    )
    _no_promise(mem)


def test_n_a_song_lyric(default_hub):
    mem = heard(
        default_hub, "e14en_n02", [(0, "Dolly", "and I will always love you ooh, what a voice she had")]
    )
    _no_promise(mem)


def test_n_ringing_mum_on_sundays_is_a_habit(default_hub):
    mem = heard(default_hub, "e14en_n03", [(0, "Tamsin", "I always ring mum on sundays, it's our thing")])
    _no_promise(mem)


def test_n_a_friend_planning_to_move(default_hub):
    mem = heard(
        default_hub,
        "e14en_n04",
        [(0, "Cerys", "Sophie's planning to move to Bristol next year, she's sick of London")],
    )
    assert _facts_of(mem, "Cerys") == [], _all(mem)
    _no_promise(mem)


def test_n_my_lad_started_uni(default_hub):
    mem = heard(default_hub, "e14en_n05", [(0, "Keith", "my lad started uni last week, house is so quiet")])
    assert _facts_of(mem, "Keith") == [], _all(mem)
    _no_promise(mem)


def test_n_if_i_ever_become_a_dentist(default_hub):
    mem = heard(
        default_hub, "e14en_n06", [(0, "Femi", "if I ever become a dentist remind me to floss more lol")]
    )
    _no_fact(mem)


def test_n_still_at_barclays_asked(default_hub):
    mem = heard(
        default_hub, "e14en_n07", [(0, "Colm", "are you still at Barclays or did you finally jump ship?")]
    )
    _nothing(mem)


def test_n_a_postman_before_the_back_went(default_hub):
    mem = heard(
        default_hub,
        "e14en_n08",
        [(0, "Stan", "I was a postman for twenty years before my back went")],
    )
    assert _current(mem, "Stan", "job") == [], _all(mem)
    _no_promise(mem)


def test_n_a_mate_at_google(default_hub):
    mem = heard(
        default_hub,
        "e14en_n09",
        [(0, "Vikram", "my mate Raj works at Google and still moans about his salary")],
    )
    assert _facts_of(mem, "Vikram") == [], _all(mem)
    _no_promise(mem)


def test_n_ordering_the_fish(default_hub):
    mem = heard(
        default_hub,
        "e14en_n10",
        [
            (0, "e14en_n10", "what can I get you?"),
            (0, "Wendy", "I'll have the fish, please, and a lemonade"),
        ],
    )
    _no_promise(mem)


def test_n_walk_to_leeds_rather_than_ring(default_hub):
    mem = heard(
        default_hub,
        "e14en_n11",
        [(0, "Harold", "I'd sooner walk to Leeds than ring customer services again")],
    )
    _no_fact(mem)
    _no_promise(mem)
