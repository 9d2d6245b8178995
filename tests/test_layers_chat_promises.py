"""Lines of long real chats that look like promises and are none (#40). Over every turn of the
LoCoMo and REALTALK dev chats, the commitment layer took "Glad to hear ..." for "I'll hear ...",
"Happy to help whenever you need it" for a task, "moments like these remind me to ..." for a
reminder asked for, "I'll do my best!" and "I'll get 'em next time" for promises one could check,
and "Sometimes I'll go to the corner store" for a plan. The lines are written for the test in
those shapes; each beside one that is a promise, so a fix cannot just drop the layer."""

from __future__ import annotations

from datetime import datetime

import pytest

from autogen_zettel.people.extract import extract_layers

AT = datetime(2026, 9, 1, 10, 0)


def _promised(text):
    return [e.value for e in extract_layers(text, speaker="Ben", at=AT) if e.layer == "commitment"]


@pytest.mark.parametrize(
    "line",
    [
        "Glad to hear the move went well!",
        "Happy to see you two getting along.",
        "Happy to help whenever you need it!",
        "Glad to help, Sam.",
        "Going to those markets was the highlight of the trip.",
        "Days like these remind me to slow down.",
        "Thanks so much, I'll do my best!",
        "We lost today, but we'll get 'em next time!",
        "I'm gonna make it happen!",
        "I'm going to stay positive whatever happens.",
        "I will, thanks for the heads up",
        "Sometimes when I'm tired I'll just order a pizza.",
        "Whenever it snows I'll work from home.",
    ],
)
def test_a_reaction_an_effort_or_a_habit_is_no_promise(line):
    assert _promised(line) == []


@pytest.mark.parametrize(
    ("line", "what"),
    [
        ("Happy to chair the meeting on Friday.", "chair the meeting"),
        ("Happy to help with the move on Saturday.", "help with the move"),
        ("Remind me to call Mum tomorrow.", "call mum"),
        ("Can you remind me to book the vet?", "book the vet"),
        ("I usually forget, but I'll call her tonight.", "call her"),
        ("I'll do my best to find a sitter by Friday.", "do my best to find a sitter"),
    ],
)
def test_the_same_shapes_that_do_promise(line, what):
    assert _promised(line) == [what]
