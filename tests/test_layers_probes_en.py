"""Everyday English no rule was written for, read only through facts(), preferences() and
commitments(): a job that ends with no new one, a chat line whose "I" is dropped, a task done
by someone else, a relative's relative, idioms that only look like tastes, and chat spelling
(no apostrophes, "gonna", "tmrw", reported "she'd"). The lines are not in the labelled sets."""

from __future__ import annotations

from datetime import date, datetime, timedelta

import pytest

MON = datetime(2026, 5, 11, 9, 0)  # a Monday


def _tenant(hub, *lines: str, speaker: str = "Sam"):
    mem = hub.tenant("helper")
    for n, text in enumerate(lines):
        mem.remember(text, speaker=speaker, at=MON + timedelta(days=n, minutes=n))
    return mem


def _facts(mem, **kw) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.key, f.value, f.status) for f in mem.facts(include_superseded=True, **kw)}


def _current(mem, subject: str, key: str) -> list[str]:
    return [f.value for f in mem.facts(subject=subject) if f.key == key]


# -- a change with no successor: the job ends ---------------------------------------------------


@pytest.mark.parametrize(
    "ended",
    [
        "Just quit my job.",
        "got laid off yesterday",
        "Lost my job today.",
        "I handed in my notice, Friday was my last day.",
        "Quit Siemens last week.",
    ],
)
def test_a_job_that_ends_supersedes_the_employer(hub, ended):
    mem = _tenant(hub, "I work at Siemens.", ended)
    assert ("Sam", "employer", "Siemens", "superseded") in _facts(mem)
    assert "Siemens" not in _current(mem, "Sam", "employer")


@pytest.mark.parametrize(
    "said",
    [
        "Should I quit my job?",
        "thinking of quitting my job tbh",
        "I'd never quit my job.",
        "My brother just quit his job.",
    ],
)
def test_a_job_not_ended_for_the_speaker_stays(hub, said):
    mem = _tenant(hub, "I work at Siemens.", said)
    assert _current(mem, "Sam", "employer") == ["Siemens"]


def test_a_relative_who_lost_their_job_is_theirs(hub):
    mem = _tenant(hub, "My dad works at the council.", "My dad lost his job last week.")
    assert ("Sam's dad", "employer", "council", "superseded") in _facts(mem)
    assert "council" not in _current(mem, "Sam's dad", "employer")


# -- a dropped "I" at the head of a chat line ---------------------------------------------------


@pytest.mark.parametrize(
    ("said", "key", "value"),
    [
        ("Started uni in Glasgow last month.", "school", "Glasgow"),
        ("Just started my masters at UCL.", "school", "UCL"),
        ("Got hired at Deloitte!", "employer", "Deloitte"),
        ("Moved out of London and into a flat in Leeds.", "residence", "Leeds"),
        ("Broke up with Jamie last week.", "relationship", "single"),
        ("Got a job at Tesco, start Monday.", "employer", "Tesco"),
    ],
)
def test_a_change_with_its_i_dropped_is_the_speakers(hub, said, key, value):
    mem = _tenant(hub, said)
    assert ("Sam", key, value) in {(f.subject, f.key, f.value) for f in mem.facts()}
    assert all(f.subject == "Sam" for f in mem.facts())


def test_a_change_with_its_i_dropped_supersedes_the_old_value(hub):
    mem = _tenant(hub, "I live in London.", "Moved out of London and into a flat in Leeds.")
    assert _current(mem, "Sam", "residence") == ["Leeds"]
    mem = _tenant(hub, "I'm at uni in Leeds.", "Transferred to Glasgow this term.")
    assert _current(mem, "Sam", "school") == ["Glasgow"]


# -- who did it: a task done by someone else is theirs ------------------------------------------


@pytest.mark.parametrize(
    "done", ["Tom has already sent it.", "Tom's already sent it.", "Tom sent it already."]
)
def test_a_task_done_by_a_named_person_closes_their_promise(hub, done):
    mem = _tenant(
        hub, "I'll send the invoice by Friday.", "Tom said he'll send the contract on Wednesday.", done
    )
    got = {c.owner: c.status for c in mem.commitments()}
    assert got == {"Sam": "open", "Tom": "done"}


def test_a_relative_said_shed_is_her_promise(hub):
    mem = _tenant(
        hub, "Mum said she'd ring the school tomorrow.", "my sister said shed pick up the cake tmrw"
    )
    got = {(c.owner, c.what, c.due) for c in mem.commitments()}
    assert got == {
        ("Sam's mum", "ring the school", date(2026, 5, 12)),
        ("Sam's sister", "pick up the cake", date(2026, 5, 13)),
    }


# -- a relative's relative ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "subject", "key", "value"),
    [
        ("My sister's husband works at Siemens.", "Sam's sister's husband", "employer", "Siemens"),
        ("My mum's friend lives in Porto.", "Sam's mum's friend", "residence", "Porto"),
        ("My brother's girlfriend is vegan.", "Sam's brother's girlfriend", "diet", "vegan"),
        ("My friend's dad is a dentist.", "Sam's friend's dad", "job", "dentist"),
        ("Tom's wife just got a job at Google.", "Tom's wife", "employer", "Google"),
    ],
)
def test_a_relatives_relative_is_filed_under_the_chain(hub, said, subject, key, value):
    mem = _tenant(hub, said)
    assert [(f.subject, f.key, f.value) for f in mem.facts()] == [(subject, key, value)]


def test_a_relatives_relatives_promise_is_theirs(hub):
    mem = _tenant(hub, "My boss's wife said she'll bring the cake on Friday.")
    assert [(c.owner, c.what, c.due) for c in mem.commitments()] == [
        ("Sam's boss's wife", "bring the cake", date(2026, 5, 15))
    ]


# -- idioms that only look like tastes ----------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "I'm dying to know.",
        "That kills me.",
        "I could eat a horse.",
        "I'm over the moon!",
        "I like the sound of that.",
        "I love how you think.",
        "I'm done with this week.",
        "I enjoy every minute of it.",
        "I'm a big fan of your work.",
        "I hate to say it, but you're right.",
        "I'm dying to see what happens next.",
    ],
)
def test_an_idiom_is_no_preference(hub, said):
    mem = _tenant(hub, said)
    assert mem.preferences() == []
    assert mem.facts() == [] and mem.commitments() == []


# -- chat spelling ------------------------------------------------------------------------------


def test_contractions_without_apostrophes_read_as_written_with_them(hub):
    mem = _tenant(hub, "Im vegan now", "Ive moved to Leeds", "Ive quit smoking", "cant stand coriander")
    assert {(f.subject, f.key, f.value) for f in mem.facts()} == {
        ("Sam", "diet", "vegan"),
        ("Sam", "residence", "Leeds"),
        ("Sam", "restriction", "smoking"),
    }
    (coriander,) = mem.preferences()
    assert coriander.subject == "Sam" and coriander.value < 0.3


def test_a_negated_taste_without_apostrophe_is_against_it(hub):
    mem = _tenant(hub, "I dont like jazz", "dont book the italian place again")
    prefs = {p.topic: p.value for p in mem.preferences()}
    assert prefs["jazz"] < 0.5 and any(v < 0.5 for t, v in prefs.items() if "italian" in t)


def test_gonna_and_chat_dates_are_promises_and_didnt_is_not_done(hub):
    mem = _tenant(
        hub, "gonna call the bank tmrw", "ill send u the photos tommorow", "didnt call the bank yet"
    )
    got = {(c.what, c.due, c.status) for c in mem.commitments()}
    assert got == {
        ("call the bank", date(2026, 5, 12), "open"),
        ("send the photos", date(2026, 5, 13), "open"),
    }


# -- found while generalising (after the rules above were fixed) --------------------------------


def test_he_or_she_is_the_person_named_before_or_nobody(hub):
    mem = _tenant(hub, "Tom got a new job. He works at Google now.", "She moved to Leeds.")
    assert [(f.subject, f.key, f.value) for f in mem.facts()] == [("Tom", "employer", "Google")]


def test_plural_relatives_and_two_stances_in_one_line(hub):
    mem = _tenant(hub, "My parents live in Spain now.", "I love hiking but I hate camping.")
    assert [(f.subject, f.value) for f in mem.facts()] == [("Sam's parents", "Spain")]
    assert {p.topic: p.value > 0.5 for p in mem.preferences()} == {"hiking": True, "camping": False}


def test_a_move_with_a_month_ahead_is_a_plan_and_this_afternoon_is_today(hub):
    mem = _tenant(
        hub, "I live in Leeds.", "We're moving to Berlin in June.", "I'll call the bank this afternoon."
    )
    assert _current(mem, "Sam", "residence") == ["Leeds"]
    assert [c.due for c in mem.commitments()] == [date(2026, 5, 13)]


def test_a_contracted_has_before_a_result_and_its_object_names_the_doer(hub):
    mem = _tenant(hub, "Lisa promised to sort the tickets.", "Lisa's sorted the tickets.")
    assert [(c.owner, c.status) for c in mem.commitments()] == [("Lisa", "done")]


# -- the fourteenth round: a share of the thing offered, a thing left out for the taking ------------------


def _answer(text: str, offer: str) -> list[tuple[str, str, bool]]:
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(text, speaker="Sam", at=MON, previous=offer)
    return [(e.layer, e.value, e.score > 0.5) for e in got]


@pytest.mark.parametrize(
    ("answer", "offer", "thing", "liked"),
    [
        ("Sure, thanks", "Want a mug of the hot chocolate?", "hot chocolate", True),
        ("nah I'm full", "Would anyone like the rest of the lasagne?", "lasagne", False),
        ("I'll take one, ta", "Would anybody like a piece of the lemon tart?", "lemon tart", True),
    ],
)
def test_a_share_offered_is_an_offer_of_the_thing(answer, offer, thing, liked):
    assert _answer(answer, offer) == [("preference", thing, liked)]


@pytest.mark.parametrize(
    ("answer", "offer", "thing"),
    [
        ("bagsy!", "There are spare croissants on the counter for whoever wants them", "croissants"),
        ("ooh I wouldn't say no", "there's some leftover paella in the oven if anybody wants it", "paella"),
    ],
)
def test_a_thing_left_out_for_the_taking_is_claimed(answer, offer, thing):
    assert _answer(answer, offer) == [("preference", thing, True)]


def _tastes(text: str, speaker: str = "Sam") -> list[tuple[str, str, bool, str]]:
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(text, speaker=speaker, at=MON)
    return [(e.subject, e.value, e.score > 0.5, e.kind) for e in got if e.layer == "preference"]


def test_a_change_of_taste_with_its_i_dropped_or_an_adverb_before_the_participle():
    assert _tastes("used to love energy drinks, now I can't stand them") == [
        ("Sam", "energy drinks", False, "change")
    ]
    assert _tastes("since the flu I've completely gone off coffee") == [("Sam", "coffee", False, "change")]


def test_a_stance_said_as_a_state_of_a_named_person_is_theirs():
    assert _tastes("Marco's totally hooked on bouldering") == [("Marco", "bouldering", True, "statement")]
    assert _tastes("I am kinda obsessed with crosswords") == [("Sam", "crosswords", True, "statement")]


def _news(text: str, speaker: str = "Sam") -> list[tuple[str, str, str, str]]:
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(text, speaker=speaker, at=MON)
    return [(e.subject, e.key, e.value, e.kind) for e in got if e.layer == "fact"]


def test_a_promotion_names_the_new_job():
    assert _news("finally got made head chef!") == [("Sam", "job", "head chef", "change")]
    assert _news("Priya was promoted to regional manager") == [("Priya", "job", "regional manager", "change")]
    assert _news("I made a killer curry") == []


def test_a_resident_of_a_place_now_and_a_divorce_gone_through():
    assert _news("a proper Glasgow local now, three months in") == [("Sam", "residence", "Glasgow", "change")]
    assert _news("I'm a Leeds resident") == [("Sam", "residence", "Leeds", "statement")]
    assert _news("my divorce finally went through last month") == [
        ("Sam", "relationship", "divorced", "change")
    ]


def _closed(text: str, previous: str | None = None, speaker: str = "Sam") -> list[tuple[str, str, str]]:
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(text, speaker=speaker, at=MON, previous=previous)
    return [(e.subject, e.kind, e.value) for e in got if e.layer == "status"]


def test_an_act_that_can_no_longer_happen_is_called_off_for_whoever_cannot():
    (got,) = _closed("my sister can't babysit on Saturday after all")
    assert got[:2] == ("Sam's sister", "cancelled") and got[2].startswith("babysit")
    assert _closed("I can no longer cover your shift") == [("Sam", "cancelled", "cover your shift")]
    assert _closed("I can't believe it's Friday already") == []


def test_taking_back_what_was_said_of_a_plan_and_a_pro_verb_answering_a_reminder():
    got = _closed("ignore what I said about driving up on Sunday, the car's in the shop")
    assert [(s, k) for s, k, _ in got] == [("Sam", "cancelled")] and "driving" in got[0][2]
    assert _closed("just did haha", previous="remember to water the plants!") == [("Sam", "done", "")]


def _promised(text: str, speaker: str = "Sam") -> list[tuple[str, str, date | None]]:
    from autogen_zettel.people.extract import extract_layers

    got = extract_layers(text, speaker=speaker, at=MON)
    return [(e.subject, e.value, e.due) for e in got if e.layer == "commitment"]


def test_a_causative_have_is_a_result_promised_and_an_order_is_not():
    assert _promised("I'll have the boiler serviced by Friday") == [
        ("Sam", "have the boiler serviced", date(2026, 5, 15))
    ]
    assert _promised("Lena promised she'd have the slides polished by Wednesday") == [
        ("Lena", "have the slides polished", date(2026, 5, 13))
    ]
    assert _promised("I'll have the grilled halloumi") == []


def test_an_acknowledgement_set_off_by_a_dash_before_the_promise():
    assert _promised("will do – will have the invoice to you tomorrow") == [
        ("Sam", "have the invoice", date(2026, 5, 12))
    ]


def test_some_of_a_thing_and_a_thing_then_anyone_are_offers_of_it():
    assert _answer("nah, trying to be good", "Want some of the brownies?") == [
        ("preference", "brownies", False)
    ]
    assert _answer("mine!", "Last piece of the quiche, anyone?") == [("preference", "quiche", True)]


def test_a_relatives_promotion_and_plural_residents_now():
    assert _news("my brother just got promoted to head nurse") == [
        ("Sam's brother", "job", "head nurse", "change")
    ]
    assert _news("we're officially Cardiff residents now") == [("Sam", "residence", "Cardiff", "change")]
    assert _news("I promoted her to manager") == []


def test_made_redundant_is_no_post_and_made_to_a_ranked_role_is():
    assert _news("got made redundant on Friday") == [
        ("Sam", "employer", "none", "change"),
        ("Sam", "job", "none", "change"),
    ]
    assert _news("I got appointed deputy head") == [("Sam", "job", "deputy head", "change")]


def test_a_named_persons_change_of_taste_with_the_contracted_has_and_a_reason_after_it():
    assert _tastes("Ravi's gone off prawns since the holiday") == [("Ravi", "prawns", False, "change")]
    assert _tastes("Mia's really come round to opera") == [("Mia", "opera", True, "change")]


def test_an_offer_that_tempts_you_with_a_thing():
    assert _answer("ooh go on then", "Can I tempt you with a scoop of the mango sorbet?") == [
        ("preference", "mango sorbet", True)
    ]


def test_a_named_person_who_can_no_longer_come_and_a_divorce_finalised():
    assert _closed("Leo can no longer make the wedding") == [("Leo", "cancelled", "make the wedding")]
    assert _news("my divorce was finalised") == [("Sam", "relationship", "divorced", "change")]
    assert _news("I've been divorced for years") == [("Sam", "relationship", "divorced", "statement")]


def test_a_promise_keeps_its_own_day_over_one_told_of_before_it():
    got = _promised(
        "the dishwasher flooded on saturday and my phone died on sunday, but I'll send the contract by thursday"
    )
    assert got == [("Sam", "send the contract", date(2026, 5, 14))]


def test_ill_before_a_verb_and_its_object_is_i_will():
    # (the hour, "after lunch", is when it is owed, not what: tests/test_layers_probed_lines.py)
    assert [(s, w) for s, w, _ in _promised("sure thing, ill fetch them after lunch")] == [
        ("Sam", "fetch them")
    ]
    assert _promised("I feel ill, going to bed") == []


def test_a_refusal_denied_and_a_state_of_liking_after_a_habit_of_before():
    assert _tastes("I can't resist a fresh croissant") == [("Sam", "croissant", True, "statement")]
    assert _tastes("never liked podcasts but now I'm totally hooked") == [("Sam", "podcasts", True, "change")]


def test_a_mind_changed_about_a_thing_takes_the_judgement_after_it():
    assert _tastes("I've changed my mind about standing desks, they're really annoying") == [
        ("Sam", "standing desks", False, "change")
    ]


def test_training_to_be_a_trade_after_quitting_one_and_a_rescue_animal_is_a_pet():
    assert _news("I quit teaching and I'm training to be an electrician") == [
        ("Sam", "job", "electrician", "change")
    ]
    assert _news("we just got a rescue tortoise called Shelly") == [("Sam", "pet", "tortoise", "statement")]


def test_what_a_thing_does_to_one_after_a_chat_opener_is_a_taste():
    # "Honestly podcasts put me to sleep": a thing that puts one to sleep or does nothing for one,
    # after "honestly", "tbh"; a single event put one to sleep is none. The last ones are variants.
    assert _tastes("Honestly podcasts put me to sleep.") == [("Sam", "podcasts", False, "statement")]
    assert _tastes("Opera puts me to sleep every time") == [("Sam", "opera", False, "statement")]
    assert _tastes("Reality TV does nothing for me") == [("Sam", "reality tv", False, "statement")]
    assert _tastes("Tbh crowds stress me out") == [("Sam", "crowds", False, "statement")]
    assert _tastes("That lecture put me to sleep") == []


def test_an_aside_tag_at_a_lines_end_is_no_part_of_the_fact():
    # "I'm allergic to penicillin btw" gave the allergy "penicillin btw", and "I'm a teacher tbh" no
    # job; the last one is a variant
    assert _news("I'm allergic to penicillin btw.") == [("Sam", "allergy", "penicillin", "statement")]
    assert _news("I'm a teacher tbh") == [("Sam", "job", "teacher", "statement")]
    assert _news("Moved to Leeds fyi") == [("Sam", "residence", "Leeds", "change")]


def test_the_simple_past_of_working_somewhere_is_a_job_that_was():
    # "I worked at Pixar." gave Pixar as the employer of now; the perfect and a shift just done keep
    # it now. The last three are variants.
    assert _news("I worked at Pixar.") == []
    assert _news("I worked for Siemens in Munich before moving here.") == []
    assert _news("I've worked at Pixar for six years.") == [("Sam", "employer", "Pixar", "statement")]
    assert _news("I work at Pixar.") == [("Sam", "employer", "Pixar", "statement")]


def test_an_employer_said_in_the_past_keeps_the_current_one(hub):
    mem = _tenant(hub, "I work at Siemens.", "I worked at Bosch, years ago, great canteen.")
    assert _current(mem, "Sam", "employer") == ["Siemens"]


def test_a_participle_after_the_employers_name_is_no_part_of_it():
    # "Got my shifts at Asda sorted" gave the employer "Asda sorted"; the second is a variant
    assert [r[2] for r in _news("Got my shifts at Asda sorted")] == ["Asda"]
    assert [r[2] for r in _news("my shifts at Lidl finally confirmed")] == ["Lidl"]


def test_a_thing_at_a_lines_head_back_in_order_is_no_person():
    # "Door works again" filed a status under a person "Door" with the thing "I"; the rest are variants
    assert _closed("Door works again") == [("Sam", "done", "Door")]
    assert _closed("Kettle works like a dream now") == [("Sam", "done", "Kettle")]
    assert _closed("the coffee machine works again") == [("Sam", "done", "coffee machine")]


def test_a_thing_that_does_nothing_for_one_at_a_lines_head_is_a_taste():
    # "Jazz does nothing for me" gave nothing (Jazz read as a person); the rest are variants
    assert _tastes("Jazz does nothing for me") == [("Sam", "jazz", False, "statement")]
    assert _tastes("Reggae doesn't do it for me") == [("Sam", "reggae", False, "statement")]
    assert _tastes("horror films don't do it for me") == [("Sam", "horror films", False, "statement")]


def test_letting_the_hearer_know_by_a_time_is_a_promise():
    # "I'll let you know by Friday" gave no promise; bare "I'll let you know" stays none. The
    # second and third are variants.
    assert _promised("I'll let you know by Friday.") == [("Sam", "let you know", date(2026, 5, 15))]
    assert _promised("Will let u know about the flat tomorrow") == [
        ("Sam", "let you know about the flat", date(2026, 5, 12))
    ]
    assert [w for _, w, _ in _promised("I'll let her know tonight.")] == ["let her know"]
    assert _promised("I'll let you know.") == []


def test_what_the_review_found_reads_as_said():
    # the review of the twelfth round and the probes: each of these was misread by a new reading
    assert _news("my office at Christmas was chaos") == []
    assert _news("I worked at Tesco for years, today I'm a nurse") == [("Sam", "job", "nurse", "statement")]
    assert _tastes("Yes because I love hiking") == [("Sam", "hiking", True, "statement")]
    assert _tastes("Oh yes, I just LOVE queuing") == []
    assert _closed("Tom got bumped to first class") == []
    assert _closed("The radio's working again") == [("Sam", "done", "radio")]
    assert [w for _, w, _ in _promised("gonna get some sun")] == ["get some sun"]


def test_a_person_moved_to_a_shift_or_an_office_is_no_plan_put_off():
    # "Tom was moved to the night shift" called off a plan named "Tom"; a move to a time is one
    assert _closed("Tom was moved to the night shift.") == []
    assert _closed("Priya got moved to the Leeds office") == []
    assert _closed("Launch got pushed to May.") == [("Sam", "postponed", "Launch")]
    assert _closed("the quiz got moved to late June") == [("Sam", "postponed", "quiz")]


def test_a_plan_judged_a_no_go_is_called_off_not_disliked():
    # "Quiz is a no-go, half the team's got covid" gave a dislike of quizzes, or nothing with the
    # capital (round 9's strict xfail); "a no from me" is still a refusal of a taste
    assert _closed("Quiz is a no-go, half the team's got covid.") == [("Sam", "cancelled", "Quiz")]
    assert _closed("the barbecue is a no-go, rain all weekend") == [("Sam", "cancelled", "barbecue")]
    assert _closed("Picnic's a no-go.") == [("Sam", "cancelled", "Picnic")]


def test_a_role_that_frames_a_clause_without_a_comma_is_not_read_as_the_speakers_job():
    # the review of this session: reading "As a X" with no comma took another's training and a
    # parent's role for the speaker's job, so it was taken back
    assert _news("Since Mum retrained as a nurse we barely see her.") == []
    assert _news("As a mother you worry constantly.") == []
    assert _news("As a paramedic, you see all sorts.") == [("Sam", "job", "paramedic", "statement")]


def test_a_thing_said_mended_by_its_state_now_is_done():
    # "Shelf's rock solid now" did not close "fix the wobbly shelf" (round 9's strict xfail)
    assert _closed("Shelf's rock solid now, took me ten minutes.") == [("Sam", "done", "Shelf")]
    assert _closed("The shed roof is watertight now") == [("Sam", "done", "shed roof")]
    assert _closed("Tom's good as new now") == []  # said of a person too: no task


def test_the_one_chased_answering_closes_the_chase():
    # "Caterers came back, three vegan plates confirmed" did not close "chase the caterers" (round
    # 9's strict xfail); a return home is no answer
    assert _closed("Caterers came back, three vegan plates confirmed.") == [("Sam", "done", "caterers")]
    assert [(k, w) for _, k, w in _closed("The landlord got back to me, he's fixing it.")] == [
        ("done", "landlord")
    ]
    assert [w for _, _, w in _closed("Heard back from the caterers, all good.")] == ["caterers"]
    assert _closed("Mum came back from Spain.") == []
    assert _closed("Tom came back yesterday") == []


def test_a_clause_that_looks_ahead_leaves_the_facts_of_the_clauses_beside_it():
    # a future word anywhere in a line blocked every fact of it: "I teach maths, I'll mark the
    # tests tonight" gave no job
    assert _news("I teach maths, I'll mark the tests tonight") == [
        ("Sam", "job", "maths teacher", "statement")
    ]
    assert ("Sam", "residence", "Bristol", "statement") in _news(
        "I live in Bristol, we might move to Bath next year."
    )
    assert _news("I'll be a teacher one day, I hope") == []


def test_what_the_review_of_the_fourth_session_found_reads_as_said():
    # each of these was misread by a reading of this session, before its mend
    assert _closed("Tom got moved to marketing.") == []  # "mar" is no March
    assert _closed("Dad got moved to another ward.") == []
    assert _closed("Jess got moved to the 3rd floor.") == []
    assert [w for _, _, w in _closed("We postponed the trip to Mongolia.")] == ["trip to Mongolia"]
    assert _closed("Dairy is a no-go for me.") == []
    assert _closed("The rash came back with a vengeance.") == []
    assert _closed("The rash came back, the GP said it's eczema.") == []
    assert _closed("No one replied.") == [] and _closed("Nobody got back to me") == []
    assert _closed("Grandad's steady as a rock now.") == []


def test_the_day_after_a_holiday_is_a_day():
    from autogen_zettel.text.due import due_date

    at = datetime(2026, 3, 4)
    assert due_date("I'll send it the day after Christmas.", at) == date(2026, 12, 26)
    assert due_date("after Christmas, by Easter", at) == date(2026, 4, 5)
