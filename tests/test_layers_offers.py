"""Promises made as offers (#40), the lead's probes: an act offered with "I can" for a time to come
("Sure, I can cover your shift Saturday") and a task one "sees to" ("I'll see to the gutters")
gave no row. Each beside lines of the same shape that are no promise; the lines after the first of
each group are variants written after the fix."""

from __future__ import annotations

from datetime import date

from tests.layer_sets import heard


def _rows(mem, owner):
    return [(c.what, c.due, c.status) for c in mem.commitments() if c.owner == owner]


def test_an_act_offered_for_a_time_to_come_is_a_promise(default_hub):
    mem = heard(
        default_hub,
        "of_01",
        [
            (0, "Ann", "Sure, I can cover your shift Saturday."),
            (0, "Bo", "I can pick you up tomorrow."),
            (0, "Cy", "We can lend you the tent next weekend."),
        ],
    )
    assert _rows(mem, "Ann") == [("cover your shift", date(2026, 9, 5), "open")]
    assert [(due, st) for _, due, st in _rows(mem, "Bo")] == [(date(2026, 9, 2), "open")]
    assert [due for _, due, _ in _rows(mem, "Cy")] == [date(2026, 9, 12)]


def test_an_ability_or_a_day_offered_is_no_promise(default_hub):
    mem = heard(
        default_hub,
        "of_02",
        [
            (0, "Di", "I can swim, don't worry."),
            (0, "Ed", "We can see the sea from our balcony."),
            (0, "Fay", "I can do Tuesday."),  # a day offered for a plan, not an act
            (0, "Gus", "Can I bring a friend tomorrow?"),
        ],
    )
    assert mem.commitments() == []


def test_a_task_one_sees_to_is_a_promise_and_a_maybe_is_none(default_hub):
    mem = heard(
        default_hub,
        "of_03",
        [
            (0, "Ann", "I'll see to the gutters on Saturday."),
            (0, "Hal", "Could someone book the meeting room for Thursday?"),
            (0, "Bo", "Will see to it tonight"),  # the request taken on
            (0, "Cy", "I'll see what I can do."),
            (0, "Di", "I'll see you tomorrow!"),
        ],
    )
    assert _rows(mem, "Ann") == [("see to the gutters", date(2026, 9, 5), "open")]
    assert [what for what, _, _ in _rows(mem, "Bo")] == ["book the meeting room"]
    assert _rows(mem, "Cy") == [] and _rows(mem, "Di") == []
