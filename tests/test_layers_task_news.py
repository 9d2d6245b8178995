"""A promise's news told in other words days later (#40): the thing where the addressee has it
with the copula contracted ("Contract's in your inbox"), the person one promised to call reached
("Spoke to the landlord"), and the task given a new time on a pro-form ("Bike's still broken,
I'll do it next weekend instead"). Then a thing let go with 就算了, a task managed at last or a thing
sent in the passive ("Parcel's been posted!"), a thing got seen to ("Got the tickets sorted"), and
a plan moved with its copula contracted ("The viewing's been moved to next Tuesday") or back by a
span ("pushed the launch back a week").
Probes of the lead's; the last lines of each test are variants written after the fix."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import heard


def _status(mem, owner) -> list[tuple[str, str]]:
    return [(c.what, c.status) for c in mem.commitments() if c.owner == owner]


def test_a_thing_in_the_addressees_hands_with_the_copula_contracted(default_hub):
    mem = heard(
        default_hub,
        "tn_01",
        [
            (0, "Ann", "I'll send you the contract by Friday."),
            (3, "Ann", "Contract's in your inbox."),
            (0, "Bo", "I'll put the invoice on your desk tomorrow."),
            (1, "Bo", "It's on your desk."),
        ],
    )
    assert _status(mem, "Ann") == [("send the contract", "done")]
    assert [s for _, s in _status(mem, "Bo")] == ["done"]


def test_the_person_one_promised_to_call_reached(default_hub):
    mem = heard(
        default_hub,
        "tn_02",
        [
            (0, "Ann", "I'll call the landlord tomorrow about the leak."),
            (1, "Ann", "Spoke to the landlord, he's sending someone Monday."),
            (0, "Cy", "I'll ring the bank this week."),
            (2, "Cy", "Finally got hold of the bank."),
            (0, "Di", "I'll talk to Tom about the budget."),
            (0, "Di", "Have you spoken to Tom yet?"),  # a question closes nothing
        ],
    )
    assert [s for _, s in _status(mem, "Ann")] == ["done"]
    assert [s for _, s in _status(mem, "Cy")] == ["done"]
    assert [s for _, s in _status(mem, "Di")] == ["open"]


def test_a_task_given_a_new_time_on_a_pro_form_is_the_same_task_moved(default_hub):
    # TUE is 2026-09-01 (tests/layer_sets.py)
    mem = heard(
        default_hub,
        "tn_03",
        [
            (0, "Ann", "I promise I'll fix the bike this weekend."),
            (5, "Ann", "Bike's still broken, I'll do it next weekend instead."),
            (0, "Bo", "I'll finish the slides tonight."),
            (1, "Bo", "Slides are going to take another day, will have them Thursday."),
            (0, "Cy", "I'll send the report on Friday."),
            (2, "Cy", "Sorry, the report isn't ready, I'll send it Monday."),
            (0, "Di", "I'll do it instead."),  # a task taken over, no new time: a promise
        ],
    )
    (bike,) = [c for c in mem.commitments() if c.owner == "Ann"]
    assert bike.what == "fix the bike" and bike.status == "open" and bike.due > date(2026, 9, 6)
    (slides,) = [c for c in mem.commitments() if c.owner == "Bo"]
    assert slides.status == "open" and slides.due == date(2026, 9, 3)
    (report,) = [c for c in mem.commitments() if c.owner == "Cy"]
    assert report.due == date(2026, 9, 7)
    assert [c.what for c in mem.commitments() if c.owner == "Di"] == ["do it instead"]


def test_a_chinese_task_said_not_done_then_handed_over_later_is_moved(default_hub):
    mem = heard(
        default_hub,
        "tn_04",
        [
            (0, "安妮", "我今晚把PPT做完。"),
            (1, "安妮", "PPT还得再弄一天，周四给你。"),
            (0, "白露", "合同我周五前改好。"),
            (1, "白露", "合同还没改好，下周一给你吧。"),
            (0, "程远", "报告还没写完，周一发你。"),  # no promise of it before: it is owed then
            (0, "丁一", "发票的事我来处理。"),  # the matter of a thing is the thing
        ],
    )
    (ppt,) = [c for c in mem.commitments() if c.owner == "安妮"]
    assert "PPT" in ppt.what and ppt.status == "open" and ppt.due == date(2026, 9, 3)
    (contract,) = [c for c in mem.commitments() if c.owner == "白露"]
    assert contract.due == date(2026, 9, 7)
    (report,) = [c for c in mem.commitments() if c.owner == "程远"]
    assert "报告" in report.what and report.due == date(2026, 9, 7)
    assert [c.what for c in mem.commitments() if c.owner == "丁一"] == ["处理发票"]


def test_an_english_task_said_not_ready_with_no_promise_before_is_owed_then(default_hub):
    mem = heard(default_hub, "tn_05", [(0, "Eve", "Sorry, the report isn't ready, I'll send it Monday.")])
    (report,) = mem.commitments()
    assert "report" in report.what and report.status == "open" and report.due == date(2026, 9, 7)


def test_late_and_not_done_yet_are_one_reading_in_each_language(default_hub):
    # "running late" with more time asked names the thing as "still broken" does, a two-word thing
    # too; in Chinese "晚两天" and "还没弄完" both move the task to the day a later clause names
    mem = heard(
        default_hub,
        "tn_06",
        [
            (0, "Ann", "I'll send you the slide deck tomorrow."),
            (1, "Ann", "The slide deck is running late, give me until Monday."),
            (0, "程远", "我明天把方案发你。"),
            (1, "程远", "方案得晚两天，周四给你。"),
            (0, "丁一", "我今天把表格填完发你。"),
            (0, "丁一", "表格还没弄完，周五发你。"),
        ],
    )
    (deck,) = [c for c in mem.commitments() if c.owner == "Ann"]
    assert deck.status == "open" and deck.due == date(2026, 9, 7)
    (plan,) = [c for c in mem.commitments() if c.owner == "程远"]
    assert plan.status == "open" and plan.due == date(2026, 9, 3)
    (form,) = [c for c in mem.commitments() if c.owner == "丁一"]
    assert form.status == "open" and form.due == date(2026, 9, 4)


def test_a_thing_let_go_with_就算了_is_the_thing_without_its_就():
    # "火锅可以，烤肉就算了": the 就 before 算了 was read into the thing ("烤肉就"), and "那就算了", which
    # names nothing, gave the thing "那"; the last two are variants
    from datetime import datetime

    from autogen_zettel.people.extract import extract_layers

    def let_go(text):
        got = extract_layers(text, speaker="安妮", at=datetime(2026, 9, 1, 9))
        return [(e.value, e.kind) for e in got if e.layer == "status"]

    assert let_go("火锅可以，烤肉就算了") == [("烤肉", "cancelled")]
    assert let_go("那就算了") == [("", "cancelled")]
    assert let_go("蛋糕就算了吧，家里还有") == [("蛋糕", "cancelled")]
    assert let_go("还是算了吧") == [("", "cancelled")]


def test_a_task_managed_at_last_or_a_thing_sent_in_the_passive_is_done(default_hub):
    # "Managed to fix the leak myself" and "Parcel's been posted!" left the promise open (the parcel
    # was read as a person who had "been"); the last two are variants
    mem = heard(
        default_hub,
        "tn_07",
        [
            (0, "Maya", "I'll fix the leak tomorrow"),
            (1, "Maya", "Managed to fix the leak myself."),
            (0, "Omar", "I will post the parcel today"),
            (1, "Omar", "Parcel's been posted!"),
            (0, "Ravi", "I will book the venue on Friday"),
            (2, "Ravi", "Finally managed to book the venue!"),
            (0, "Lena", "I'll return the drill this week"),
            (2, "Lena", "Drill's been returned, cheers"),
        ],
    )
    for owner in ("Maya", "Omar", "Ravi", "Lena"):
        assert [s for _, s in _status(mem, owner)] == ["done"], (owner, _status(mem, owner))


def test_a_thing_got_seen_to_or_finished_at_last_is_the_thing():
    # "Got the tickets sorted" gave the thing "Got the tickets"; "Finished painting the fence at
    # last" kept "at last"; the last two are variants
    from datetime import datetime

    from autogen_zettel.people.extract import extract_layers

    def done(text):
        got = extract_layers(text, speaker="Maya", at=datetime(2026, 9, 1, 9))
        return [e.value for e in got if e.layer == "status" and e.kind == "done"]

    assert done("Got the tickets sorted.") == ["tickets"]
    assert done("Finished painting the fence at last.") == ["painting fence"]
    assert done("Had the boiler fixed on Monday") == ["boiler"]
    assert done("Got my passport renewed") == ["passport"]


def test_a_plan_moved_with_its_copula_contracted_or_back_by_a_span(default_hub):
    # "The viewing's been moved to next Tuesday" left the viewing due on Thursday, and "Dinner's
    # postponed till further notice" gave the thing "till further notice"; the last line is a variant
    mem = heard(
        default_hub,
        "tn_08",
        [
            (0, "Maya", "I'll do the flat viewing on Thursday"),
            (1, "Maya", "The viewing's been moved to next Tuesday."),
            (0, "Ravi", "I'll cook dinner for everyone on Saturday"),
            (1, "Ravi", "Dinner's postponed till further notice."),
            (0, "Lena", "I'll host the quiz on Friday"),
            (1, "Lena", "The quiz's been pushed to next Monday"),
        ],
    )
    (viewing,) = [c for c in mem.commitments() if c.owner == "Maya"]
    assert (viewing.status, viewing.due) == ("open", date(2026, 9, 8))
    assert _status(mem, "Ravi") == [("cook dinner for everyone", "cancelled")]
    (quiz,) = [c for c in mem.commitments() if c.owner == "Lena"]
    assert (quiz.status, quiz.due) == ("open", date(2026, 9, 7))


def test_a_plan_pushed_back_by_a_span_is_postponed():
    # "We've pushed the launch back a week" gave nothing (only "back to <a time>" was read); the
    # second is a variant. (Its new day, a week after the old one, is not yet worked out.)
    from datetime import datetime

    from autogen_zettel.people.extract import extract_layers

    def moved(text):
        got = extract_layers(text, speaker="Omar", at=datetime(2026, 9, 1, 9))
        return [(e.value, e.kind) for e in got if e.layer == "status"]

    assert moved("We've pushed the launch back a week.") == [("launch", "postponed")]
    assert moved("They bumped the kickoff back two days") == [("kickoff", "postponed")]


def test_a_rain_check_puts_a_plan_off(default_hub):
    # "Let's rain check the drinks" gave nothing; the second line is a variant
    mem = heard(
        default_hub,
        "tn_09",
        [
            (0, "Maya", "I'll buy the first round of drinks on Friday"),
            (1, "Maya", "Let's rain check the drinks."),
            (0, "Omar", "I'll book lunch for us tomorrow"),
            (0, "Omar", "Gonna have to take a rain check on lunch tomorrow"),
        ],
    )
    assert [s for _, s in _status(mem, "Maya")] == ["cancelled"]
    assert [s for _, s in _status(mem, "Omar")] == ["cancelled"]
