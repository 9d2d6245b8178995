"""Promises made as offers (#40), the lead's probes: an act offered with "I can" for a time to come
("Sure, I can cover your shift Saturday") and a task one "sees to" ("I'll see to the gutters")
gave no row; an acceptance with its "I'm" then a dash ("I'm on it - will send the invoice
tonight") gave none; a sign-up before the act taken on ("Count me in for the bake sale, I'll bring
brownies") gave the event; an act for the addressee after when or on the way ("我下班顺路帮你
取快递") gave none; a thing left in one's hands ("Leave the bins to me") gave none, an offer with
an "if" of politeness ("... if you like") was hedged, "Consider it done" was a task done, and a person taken somewhere ("I'll take you to the airport")
was read as a choice. Each beside lines of the same shape that are no promise; the lines
after the first of each group are variants written after the fix."""

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


def test_an_acceptance_then_the_act_with_its_i_dropped_is_a_promise(default_hub):
    # "I'm on it - will send the invoice tonight": the acceptance with its "I'm", then a dash, then
    # the act (a comma after a bare "On it" was read already); the last two are variants
    mem = heard(
        default_hub,
        "of_c04",
        [
            (0, "Maya", "I'm on it - will send the invoice tonight"),
            (0, "Ravi", "im on it, will book the table tmrw"),
            (0, "Lena", "I'm on it – will ring the landlord Friday"),
        ],
    )
    assert [w for w, _, _ in _rows(mem, "Maya")] == ["send the invoice"]
    assert _rows(mem, "Ravi")[0][0] == "book the table"
    assert _rows(mem, "Lena") == [("ring the landlord", date(2026, 9, 4), "open")]


def test_a_sign_up_then_the_act_taken_on_is_the_act(default_hub):
    # "Count me in for the bake sale, I'll bring brownies": what is promised is the act named after
    # the sign-up, not the event; a sign-up alone stays the event. The last two are variants.
    mem = heard(
        default_hub,
        "of_c05",
        [
            (0, "Maya", "Count me in for the bake sale, I'll bring brownies."),
            (0, "Ravi", "Count me in for Saturday's picnic - I'll make the sandwiches"),
            (0, "Lena", "Count me in for the pub quiz – I'll book the table"),
            (0, "Omar", "Count me in for five-a-side on Thursday"),
        ],
    )
    assert [w for w, _, _ in _rows(mem, "Maya")] == ["bring brownies"]
    assert [w for w, _, _ in _rows(mem, "Ravi")] == ["make the sandwiches"]
    assert [w for w, _, _ in _rows(mem, "Lena")] == ["book the table"]
    assert [w for w, _, _ in _rows(mem, "Omar")] == ["five-a-side"]


def test_an_act_for_the_addressee_after_when_or_on_the_way_is_a_promise(default_hub):
    # "我下班顺路帮你取快递": a few words of when or on the way between 我 and 帮你 hid the act done
    # for the addressee; a can, a wish, a habit or a stance stays none. The second is a variant.
    mem = heard(
        default_hub,
        "of_c06",
        [
            (0, "王芳", "我下班顺路帮你取快递"),
            (0, "李娜", "我回来的时候帮你带杯咖啡"),
            (0, "赵敏", "我可以帮你看看"),
            (0, "钱多", "我经常帮你取快递"),
            (0, "孙丽", "我觉得他会帮你"),
        ],
    )
    assert "帮你取快递" in _rows(mem, "王芳")[0][0]
    assert "帮你带杯咖啡" in _rows(mem, "李娜")[0][0]
    assert _rows(mem, "赵敏") == _rows(mem, "钱多") == _rows(mem, "孙丽") == []


def test_a_thing_left_in_ones_hands_and_an_offer_with_an_if_of_politeness(default_hub):
    # "Leave the bins to me" gave nothing; "I can take the kids to school tomorrow if you like" was
    # hedged by its "if"; "Consider it done" was read as a task done ("Consider it"). A thing left
    # to one, then the act named after it, is that act. The lines after the first of each are variants.
    mem = heard(
        default_hub,
        "of_c07",
        [
            (0, "Maya", "Leave the bins to me."),
            (0, "Ravi", "I can take the kids to school tomorrow if you like"),
            (0, "Lena", "Happy to drive you to the airport on Sunday if that helps"),
            (0, "Omar", "Leave the invoice with me, I'll chase finance on Thursday."),
            (0, "Ines", "I'll come if I can"),
            (0, "Theo", "Consider it done."),
        ],
    )
    assert [w for w, _, _ in _rows(mem, "Maya")] == ["the bins"]
    assert _rows(mem, "Ravi") == [("take the kids to school", date(2026, 9, 2), "open")]
    assert _rows(mem, "Lena") == [("drive to the airport", date(2026, 9, 6), "open")]
    assert _rows(mem, "Omar") == [("chase finance", date(2026, 9, 3), "open")]
    assert _rows(mem, "Ines") == _rows(mem, "Theo") == []


def test_a_person_taken_somewhere_is_an_errand_promised(default_hub):
    # "I'll take you to the airport tomorrow" gave nothing ("I'll take X" was read as a choice unless
    # a determiner led X); a dish chosen stays none. The second and third are variants.
    mem = heard(
        default_hub,
        "of_c08",
        [
            (0, "Maya", "I'll take you to the airport tomorrow"),
            (0, "Ravi", "I'll take you out for lunch on Friday"),
            (0, "Lena", "I'll take Mum to her appointment on Friday"),
            (0, "Omar", "I'll take the salmon"),
        ],
    )
    assert _rows(mem, "Maya") == [("take to the airport", date(2026, 9, 2), "open")]
    assert [d for _, d, _ in _rows(mem, "Ravi")] == [date(2026, 9, 4)]
    assert [d for _, d, _ in _rows(mem, "Lena")] == [date(2026, 9, 4)]
    assert _rows(mem, "Omar") == []
