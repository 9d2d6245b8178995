"""An eighth round of blind everyday scenarios (#40), English: each a few days of chat heard by
one tenant of the default hub and read only through facts(), preferences() and commitments().
The lines were written and committed before any of them was run, unlike the earlier rounds'
lines (other verbs, other registers, other people), and weighed towards lines that must give no
row although they look like one (a film character's like, a liking given up, a liking asked
about, a hypothetical, a pet, an object, a title inside a quote, a place visited, a compliment),
commitments whose state changes later in other words (done, dropped, pushed back, handed to
someone else; texting and formal), facts that change or are stated obliquely, and preferences
(flips, refusals by declining an offer, a third person's likes filed under that person)."""

from __future__ import annotations

from datetime import date

import pytest

from tests.layer_sets import (
    commitment_of as _one,
    current as _current,
    heard,
    no_fact as _no_fact,
    no_preference as _no_preference,
    no_promise as _no_promise,
    no_rows as _nothing,
    preference_row as _pref,
)

# TUE is Tuesday 1 September 2026: Wednesday is the 2nd, Friday the 4th, Monday the 7th.
WED, THU, FRI, SAT, SUN, MON = (date(2026, 9, d) for d in (2, 3, 4, 5, 6, 7))


# -- commitments --------------------------------------------------------------------------------


def test_c_a_formal_agenda_that_went_out(default_hub):
    mem = heard(
        default_hub,
        "e8en_c01",
        [
            (0, "Ms Okafor", "I will circulate the revised agenda to the committee by Thursday."),
            (2, "Ms Okafor", "The revised agenda went out to all members this afternoon."),
        ],
    )
    assert _one(mem, "Ms Okafor").status == "done"


@pytest.mark.xfail(
    strict=True,
    reason="a completion naming the thing by another noun ('Picked up a big bag') does not close 'grab the dog food'",
)
def test_c_dog_food_texted_then_picked_up(default_hub):
    mem = heard(
        default_hub,
        "e8en_c02",
        [
            (0, "Bo", "ill grab the dog food after work 👍"),
            (0, "Bo", "Picked up a big bag on the way back, it's in the cupboard."),
        ],
    )
    assert _one(mem, "Bo").status == "done"


def test_c_grandma_s_airport_run_handed_to_a_brother(default_hub):
    mem = heard(
        default_hub,
        "e8en_c03",
        [
            (0, "Cass", "I'll pick Grandma up from the airport on Friday."),
            (2, "Cass", "Change of plan, my brother is collecting Grandma instead."),
        ],
    )
    assert _one(mem, "Cass").status == "cancelled"


def test_c_an_invoice_pushed_back_to_monday(default_hub):
    mem = heard(
        default_hub,
        "e8en_c04",
        [
            (0, "Tariq", "I'll have the invoice to you by Wednesday."),
            (1, "Tariq", "Invoice is running late, give me until Monday."),
        ],
    )
    c = _one(mem, "Tariq")
    assert (c.status, c.due) == ("open", MON)


def test_c_sworn_to_a_sister(default_hub):
    mem = heard(
        default_hub,
        "e8en_c05",
        [(0, "Hana", "Swore to my sister I'd help her move the piano on Saturday.")],
    )
    c = _one(mem, "Hana")
    assert (c.status, c.due) == ("open", SAT)


def test_c_a_pottery_class_decided_against(default_hub):
    mem = heard(
        default_hub,
        "e8en_c06",
        [
            (0, "Wes", "I'm going to sign up for the pottery class on Monday."),
            (3, "Wes", "Decided against the pottery class in the end, far too pricey."),
        ],
    )
    assert _one(mem, "Wes").status == "cancelled"


def test_c_a_neighbour_kept_her_word_about_the_cat(default_hub):
    mem = heard(
        default_hub,
        "e8en_c07",
        [
            (0, "Rob", "My neighbour Gwen said she'd feed the cat while we're in Crete."),
            (8, "Rob", "Gwen kept her word, the cat has been fed every single day."),
        ],
    )
    assert _one(mem, "Gwen").status == "done"
    assert [c for c in mem.commitments() if c.owner == "Rob"] == []


def test_c_a_formal_lease_delivery_withdrawn(default_hub):
    mem = heard(
        default_hub,
        "e8en_c08",
        [
            (0, "Mr Hale", "I shall deliver the signed lease to your office on Friday."),
            (
                2,
                "Mr Hale",
                "Please disregard my earlier message regarding the lease; the landlord has withdrawn.",
            ),
        ],
    )
    assert _one(mem, "Mr Hale").status == "cancelled"


def test_c_a_projector_agreed_to_then_set_up(default_hub):
    mem = heard(
        default_hub,
        "e8en_c09",
        [
            (0, "e8en_c09", "Can you bring the projector to Thursday's meeting?"),
            (0, "Pia", "Sure thing."),
            (2, "Pia", "Projector's set up in room 4, all plugged in."),
        ],
    )
    assert _one(mem, "Pia").status == "done"


@pytest.mark.xfail(
    strict=True,
    reason="'sat instead' (a chat abbreviation that is also a word) gives no day, so the promise keeps Friday",
)
def test_c_a_run_on_text_then_moved_to_saturday(default_hub):
    mem = heard(
        default_hub,
        "e8en_c10",
        [
            (
                0,
                "Jo",
                "omg so tired today work was mad and the bus was late again "
                "but yeah ill return ur book on fri",
            ),
            (2, "Jo", "sorry cant do fri after all, sat instead for the book?"),
        ],
    )
    c = _one(mem, "Jo")
    assert (c.status, c.due) == ("open", SAT)


def test_c_two_organisers_one_has_booked(default_hub):
    mem = heard(
        default_hub,
        "e8en_c11",
        [
            (0, "Kai", "I'll book the minibus for the trip on Saturday."),
            (0, "Lou", "And I'll print the maps."),
            (3, "Kai", "Minibus sorted, the confirmation's in my inbox."),
        ],
    )
    assert _one(mem, "Kai").status == "done"
    assert _one(mem, "Lou").status == "open"


def test_c_a_mixed_language_call_to_the_bank(default_hub):
    mem = heard(
        default_hub,
        "e8en_c12",
        [
            (0, "Lin", "明天 I'll call the bank about my card."),
            (1, "Lin", "Spoke to the bank, new card's in the post."),
        ],
    )
    assert _one(mem, "Lin").status == "done"


def test_c_a_speech_at_a_leaving_do_that_never_happens(default_hub):
    mem = heard(
        default_hub,
        "e8en_c13",
        [
            (0, "Vic", "I'll give a short speech at Jo's leaving do on Friday."),
            (2, "Vic", "Jo's leaving do has been called off, she's staying after all!"),
        ],
    )
    assert _one(mem, "Vic").status == "cancelled"


def test_c_a_car_insurance_renewal_paid(default_hub):
    mem = heard(
        default_hub,
        "e8en_c14",
        [
            (0, "Abe", "I need to renew the car insurance before Friday, I'll do it tomorrow."),
            (1, "Abe", "Car insurance renewed for another year, cheaper too."),
        ],
    )
    assert _one(mem, "Abe").status == "done"


# -- facts --------------------------------------------------------------------------------------


def test_f_from_vodafone_to_o2(default_hub):
    mem = heard(
        default_hub,
        "e8en_f01",
        [
            (0, "Nell", "I work at Vodafone, in customer service."),
            (50, "Nell", "Just finished my first week at O2 after leaving Vodafone."),
        ],
    )
    assert _current(mem, "Nell", "employer") == ["O2"]


def test_f_a_lease_signed_in_another_city(default_hub):
    mem = heard(
        default_hub,
        "e8en_f02",
        [
            (0, "Otis", "I live in Leicester."),
            (40, "Otis", "Signed the lease on a flat in Nottingham, moved in on Saturday."),
        ],
    )
    assert _current(mem, "Otis", "residence") == ["Nottingham"]


def test_f_married_then_divorced(default_hub):
    mem = heard(
        default_hub,
        "e8en_f03",
        [
            (0, "Fran", "I'm married to Paul, twelve years now."),
            (90, "Fran", "Paul and I got divorced over the summer."),
        ],
    )
    assert _current(mem, "Fran", "relationship") == ["divorced"]


def test_f_a_son_changes_school(default_hub):
    mem = heard(
        default_hub,
        "e8en_f04",
        [
            (0, "Dot", "My son Eli is at Greenfield Primary."),
            (30, "Dot", "Eli's at Riverside Academy now, the switch went smoothly."),
        ],
    )
    schools = " ".join(_current(mem, "Eli", "school"))
    assert "Riverside" in schools and "Greenfield" not in schools, schools
    assert _current(mem, "Dot", "school") == []


def test_f_a_formal_change_of_profession(default_hub):
    mem = heard(
        default_hub,
        "e8en_f05",
        [
            (0, "Mr Reyes", "I am employed as an accountant."),
            (80, "Mr Reyes", "I have since retrained and now work as a physiotherapist."),
        ],
    )
    jobs = " ".join(_current(mem, "Mr Reyes", "job"))
    assert "physiotherapist" in jobs and "accountant" not in jobs, jobs


def test_f_a_sister_s_home_is_hers(default_hub):
    mem = heard(default_hub, "e8en_f06", [(0, "Cian", "My sister Nora lives in Galway.")])
    assert _current(mem, "Nora", "residence") == ["Galway"]
    assert _current(mem, "Cian", "residence") == []


def test_f_a_flat_with_a_sea_view(default_hub):
    mem = heard(
        default_hub, "e8en_f07", [(0, "Ruby", "Our flat in Hove has a sea view, I never tire of it.")]
    )
    assert _current(mem, "Ruby", "residence") == ["Hove"]


def test_f_a_proposal_on_the_beach(default_hub):
    mem = heard(
        default_hub,
        "e8en_f08",
        [
            (0, "Sky", "I've been seeing Jamie for three years."),
            (20, "Sky", "Jamie proposed on the beach last night and I said yes!! 💍"),
        ],
    )
    assert _current(mem, "Sky", "relationship") == ["engaged"]


def test_f_an_aunt_s_new_job_is_hers(default_hub):
    mem = heard(default_hub, "e8en_f09", [(0, "Gus", "My aunt Rose got a job at Waitrose last month.")])
    assert _current(mem, "Rose", "employer") == ["Waitrose"]
    assert _current(mem, "Gus", "employer") == []


def test_f_an_allergy_mentioned_in_passing(default_hub):
    mem = heard(default_hub, "e8en_f10", [(0, "Ida", "Just so you know, I'm allergic to penicillin.")])
    assert "penicillin" in " ".join(_current(mem, "Ida", "allergy"))


def test_f_a_hedged_move_changes_nothing(default_hub):
    mem = heard(
        default_hub,
        "e8en_f11",
        [
            (0, "Ron", "I live in Hull."),
            (10, "Ron", "I might be moving to York next year, nothing's decided yet."),
        ],
    )
    assert _current(mem, "Ron", "residence") == ["Hull"]


def test_f_a_texted_job_change(default_hub):
    mem = heard(
        default_hub,
        "e8en_f12",
        [
            (0, "Zac", "im a barista rn, pays the bills"),
            (60, "Zac", "no more coffee for me lol, trainee electrician now ⚡"),
        ],
    )
    jobs = " ".join(_current(mem, "Zac", "job"))
    assert "electrician" in jobs and "barista" not in jobs, jobs


# -- preferences --------------------------------------------------------------------------------


def test_p_olives_declined(default_hub):
    mem = heard(
        default_hub,
        "e8en_p01",
        [
            (0, "e8en_p01", "Shall I put some olives on your plate?"),
            (0, "Tess", "Ugh, no, I'd rather not, thanks."),
        ],
    )
    assert _pref(mem, "Tess", "olives").value < 0.5


def test_p_running_hated_once_enjoyed_now(default_hub):
    mem = heard(
        default_hub,
        "e8en_p02",
        [(0, "Jay", "I used to hate running but these days I genuinely enjoy it.")],
    )
    assert _pref(mem, "Jay", "running").value > 0.5


def test_p_jazz_gone_stale(default_hub):
    mem = heard(
        default_hub,
        "e8en_p03",
        [
            (0, "Ed", "Jazz is my favourite kind of music."),
            (40, "Ed", "Jazz has gone stale for me lately, I've switched to folk."),
        ],
    )
    assert _pref(mem, "Ed", "jazz").value < 0.5


def test_p_a_husband_who_cannot_get_enough_of_cricket(default_hub):
    mem = heard(
        default_hub,
        "e8en_p04",
        [(0, "Asha", "My husband Dev can't get enough of cricket, he'd watch it all night.")],
    )
    assert _pref(mem, "Dev", "cricket").value > 0.5
    assert mem.preferences(subject="Asha", topic="cricket") == []


def test_p_gran_cannot_stand_reality_tv(default_hub):
    mem = heard(
        default_hub,
        "e8en_p05",
        [(0, "Mo", "My gran Edith says she can't stand reality TV.")],
    )
    assert _pref(mem, "Edith", "reality TV").value < 0.5
    assert mem.preferences(subject="Mo", topic="reality TV") == []


def test_p_ginger_biscuits_accepted(default_hub):
    mem = heard(
        default_hub,
        "e8en_p06",
        [
            (0, "e8en_p06", "Fancy a couple of ginger biscuits with your tea?"),
            (0, "Flo", "Oh go on then, I adore those."),
        ],
    )
    assert _pref(mem, "Flo", "ginger biscuits").value > 0.5


def test_p_a_formal_preference_for_aisle_seats(default_hub):
    mem = heard(
        default_hub,
        "e8en_p07",
        [(0, "Dr Laine", "I have a strong preference for aisle seats when flying.")],
    )
    assert _pref(mem, "Dr Laine", "aisle seats").value > 0.5


def test_p_texted_not_big_on_seafood(default_hub):
    mem = heard(default_hub, "e8en_p08", [(0, "Kat", "tbh not big on seafood, the smell gets me")])
    assert _pref(mem, "Kat", "seafood").value < 0.5


def test_p_karaoke_refused_twice(default_hub):
    mem = heard(
        default_hub,
        "e8en_p09",
        [
            (0, "e8en_p09", "Coming to karaoke on Friday?"),
            (0, "Ned", "Karaoke? Me? Not a chance."),
            (7, "e8en_p09", "Karaoke again this Friday, you in?"),
            (7, "Ned", "Still no, I'll stay home."),
        ],
    )
    assert _pref(mem, "Ned", "karaoke").value < 0.5


def test_p_two_friends_split_on_tennis(default_hub):
    mem = heard(
        default_hub,
        "e8en_p10",
        [(0, "Uma", "My friend Tom loves tennis, but his wife Sara finds it dull.")],
    )
    assert _pref(mem, "Tom", "tennis").value > 0.5
    assert _pref(mem, "Sara", "tennis").value < 0.5
    assert mem.preferences(subject="Uma", topic="tennis") == []


# -- lines that give nothing --------------------------------------------------------------------


def test_n_a_film_character_s_likes(default_hub):
    mem = heard(
        default_hub,
        "e8en_n01",
        [(0, "Pat", "In the film the detective loves jazz and vintage cars, it's a bit of a cliché.")],
    )
    _no_preference(mem)


def test_n_a_liking_given_up(default_hub):
    mem = heard(
        default_hub,
        "e8en_n02",
        [(0, "Gil", "I used to love skateboarding when I was a kid.")],
    )
    _no_preference(mem)


def test_n_likings_asked_about(default_hub):
    mem = heard(
        default_hub,
        "e8en_n03",
        [
            (0, "Ali", "Do you like horror films?"),
            (0, "Ali", "Does your brother enjoy golf, do you know?"),
        ],
    )
    _nothing(mem)


def test_n_if_i_lived_in_paris(default_hub):
    mem = heard(
        default_hub,
        "e8en_n04",
        [(0, "Bea", "If I lived in Paris I'd eat croissants every single morning.")],
    )
    _nothing(mem)


def test_n_a_dog_s_allergy_is_not_the_owner_s(default_hub):
    mem = heard(
        default_hub,
        "e8en_n05",
        [(0, "Cal", "Our dog Rex is allergic to chicken, so we buy the fish kibble.")],
    )
    assert [f for f in mem.facts() if f.key == "allergy"] == []
    assert mem.facts(subject="Rex") == []


def test_n_an_object_that_hates_me(default_hub):
    mem = heard(
        default_hub,
        "e8en_n06",
        [
            (0, "Dee", "The printer has decided it hates me today."),
            (0, "Dee", "My laptop lives on the kitchen table these days."),
        ],
    )
    _nothing(mem)


def test_n_a_job_title_inside_a_quote(default_hub):
    mem = heard(
        default_hub,
        "e8en_n07",
        [(0, "Em", 'My boss keeps calling himself "Chief Happiness Officer", so cringe.')],
    )
    _no_fact(mem)


def test_n_a_city_visited_not_lived_in(default_hub):
    mem = heard(
        default_hub,
        "e8en_n08",
        [
            (0, "Fin", "Spent a lovely week in Lisbon, back at work on Monday."),
            (0, "Fin", "Flew into Madrid for a conference last spring."),
        ],
    )
    assert [f for f in mem.facts() if f.key == "residence"] == []


@pytest.mark.xfail(strict=True, reason="'Love the new haircut' (a compliment) is read as a liking")
def test_n_compliments_are_no_likings(default_hub):
    mem = heard(
        default_hub,
        "e8en_n09",
        [
            (0, "Gia", "Love your shirt!"),
            (0, "Gia", "Love the new haircut 😍"),
        ],
    )
    _nothing(mem)


def test_n_a_conditional_lawn(default_hub):
    mem = heard(
        default_hub,
        "e8en_n10",
        [(0, "Hal", "If it ever stops raining I might mow the lawn.")],
    )
    _no_promise(mem)


def test_n_a_suggestion_that_sounds_like_an_offer(default_hub):
    mem = heard(
        default_hub,
        "e8en_n11",
        [
            (0, "Ina", "How about I cook on Friday?"),
            (0, "Ina", "What if I picked the kids up tomorrow?"),
        ],
    )
    _no_promise(mem)


def test_n_facts_asked_about_someone(default_hub):
    mem = heard(
        default_hub,
        "e8en_n12",
        [
            (0, "Jed", "Do you still work at Amazon?"),
            (0, "Jed", "Is Sam still living in Hull?"),
            (1, "Jed", "Has your cousin got a girlfriend yet?"),
        ],
    )
    _nothing(mem)


def test_n_sarcasm_about_cancelled_trains(default_hub):
    mem = heard(
        default_hub,
        "e8en_n13",
        [(0, "Kit", "Oh fantastic, I just love it when the train gets cancelled 🙄")],
    )
    assert all(p.value <= 0.5 for p in mem.preferences()), [
        (p.subject, p.topic, p.value) for p in mem.preferences()
    ]


def test_n_a_formal_sign_off(default_hub):
    mem = heard(
        default_hub,
        "e8en_n14",
        [
            (0, "Ruth", "Dear all, thank you for your patience this week."),
            (0, "Ruth", "Kind regards, Ruth"),
        ],
    )
    _nothing(mem)
