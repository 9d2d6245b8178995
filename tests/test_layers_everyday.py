"""An everyday tenant, read only through facts(), preferences() and commitments(): English and
Chinese, promises with due dates, a third person's promise, a cancellation, a fact that
changes, a preference stated then refused three times and a Chinese preference that flips.
The sentences are not in the labelled set."""

from __future__ import annotations

from datetime import date, datetime, timedelta

MON = datetime(2026, 5, 11, 9, 0)  # a Monday

SCRIPT = [
    (0, "Mia", "Hi! I'll send you the quarterly report by Wednesday."),
    (0, "helper", "Great, thanks Mia."),
    (1, "Mia", "My colleague Tom said he'll review the budget on Friday."),
    (1, "Mia", "I live in Lyon, by the way."),
    (2, "Mia", "I really like Italian food."),
    (3, "helper", "Shall I book the Italian restaurant for tonight?"),
    (3, "Mia", "No thanks, not tonight."),
    (5, "helper", "Would you like pasta for lunch?"),
    (5, "Mia", "No, I'll pass."),
    (7, "helper", "How about pizza then?"),
    (7, "Mia", "Not pizza either, sorry."),
    (9, "Mia", "Actually, I've moved to Marseille."),
    (10, "Mia", "Forget about the quarterly report, my boss cancelled it."),
    (11, "李娜", "我下周三之前把设计稿发给你。"),
    (11, "李娜", "我很喜欢喝奶茶。"),
    (20, "李娜", "我现在不喜欢喝奶茶了，太甜了。"),
    (21, "李娜", "小陈说他明天来修打印机。"),
]


def test_an_everyday_tenant_through_the_three_layers(hub):
    mem = hub.tenant("helper")
    for n, (day, speaker, text) in enumerate(SCRIPT):  # no sessions: the clock alone orders them
        mem.remember(text, speaker=speaker, at=MON + timedelta(days=day, minutes=n))

    facts = mem.facts(include_superseded=True)
    assert [(f.subject, f.key, f.value, f.status) for f in facts] == [
        ("Mia", "residence", "Marseille", "pending"),
        ("Mia", "residence", "Lyon", "superseded"),
    ]
    assert all(f.source_ids and f.at for f in facts)

    (italian,) = mem.preferences(subject="Mia", topic="pizza")
    assert italian.evidence == 4 and italian.value < 0.45 and italian.trend < -0.3
    (tea,) = mem.preferences(subject="李娜")
    assert tea.topic == "奶茶" and tea.value < 0.5 < tea.value + abs(tea.trend)

    got = {c.owner: c for c in mem.commitments()}
    assert (got["Mia"].due, got["Mia"].status) == (date(2026, 5, 13), "cancelled")
    assert (got["Tom"].what, got["Tom"].due, got["Tom"].status) == (
        "review the budget",
        date(2026, 5, 15),
        "open",
    )
    assert (got["李娜"].due, got["小陈"].due) == (date(2026, 5, 27), date(2026, 6, 2))
    assert [c.owner for c in mem.commitments(overdue_at=datetime(2026, 5, 16))] == ["Tom"]
    assert {c.owner for c in mem.commitments(status="open")} == {"Tom", "李娜", "小陈"}
