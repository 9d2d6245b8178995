"""Behaviour modules: unlock, ramp to full weight, weaken on negative feedback, roll back with a
cooldown, relock; every event carries its reason."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from autogen_zettel.base.config import PersonaConfig
from autogen_zettel.persona.behaviours import (
    ModuleEvent,
    ModuleState,
    ModuleStatus,
    module_temperature,
    step_module,
)

T0 = datetime(2024, 3, 1, 9, 0)
CFG = PersonaConfig()  # ramp 0.34, window 3, 2 negatives roll back, decay 0.5, cooldown 7 days


def day(n: float) -> datetime:
    return T0 + timedelta(days=n)


def step(
    state, at, met=True, feedback=(), reason="conciseness 0.74 > 0.7 since 2024-03-01 (7.0 days)", cfg=CFG
):
    return step_module(state, met=met, reason=reason, feedback=list(feedback), now=at, cfg=cfg)


def test_full_lifecycle_unlock_ramp_weaken_rollback_cooldown_relock():
    s = ModuleState.locked("status_digest")
    history: list[ModuleEvent] = []

    s, ev = step(s, day(0), met=False)
    assert s == ModuleState.locked("status_digest") and ev == []

    s, ev = step(s, day(1))
    history += ev
    assert s.status is ModuleStatus.ACTIVE and s.weight == 0.34 and s.watch == 3 and s.since == day(1)
    assert [(e.event, e.weight_before, e.weight_after) for e in ev] == [("unlock", 0.0, 0.34)]
    assert (
        ev[0].reason.startswith("conciseness 0.74 > 0.7")
        and ev[0].at == day(1)
        and ev[0].module == "status_digest"
    )

    weights = []
    for d in (2, 3, 4):
        s, ev = step(s, day(d), feedback=[0.8])  # praise keeps it ramping
        history += ev
        weights.append(s.weight)
    assert weights == [0.68, 1.0, 1.0]  # capped at 1.0; no event once it is there
    assert [e.event for e in history] == ["unlock", "strengthen", "strengthen"]

    s, ev = step(s, day(5), feedback=[-0.6])
    history += ev
    assert s.status is ModuleStatus.ACTIVE and s.weight == 0.5 and s.negatives == 1
    assert [e.event for e in ev] == ["weaken"] and "negative feedback (-0.60)" in ev[0].reason

    assert s.watch == 1  # the window opened by the last strengthen (day 3) has one reply left
    s, ev = step(s, day(6), feedback=[-0.9])
    history += ev
    # complaints after a strengthen: back to the version before it (0.68), still active, on watch
    assert s.status is ModuleStatus.ACTIVE and s.weight == 0.68 and s.watch == 3 and s.negatives == 0
    assert [(e.event, e.weight_before, e.weight_after) for e in ev] == [
        ("weaken", 0.5, 0.25),
        ("rollback", 0.25, 0.68),
    ]
    assert "back to the version before it" in ev[1].reason
    s, ev = step(s, day(7), feedback=[-0.7, -0.7])  # again: back one more version, to the unlock's 0.34
    assert [e.event for e in ev] == ["weaken", "weaken", "rollback"] and s.weight == 0.34
    s, ev = step(s, day(8), feedback=[-0.7, -0.7])  # complaints after the unlock itself: it leaves the stack
    assert s.status is ModuleStatus.ROLLED_BACK and s.weight == 0.0
    assert s.cooldown_until == day(15)
    assert [(e.event, e.weight_after) for e in ev][-1] == ("rollback", 0.0)
    assert "cooling down until 2024-03-16 09:00" in ev[-1].reason

    # the condition still holds, but the module cools down
    for d in (9, 12, 14.9):
        s, ev = step(s, day(d))
        assert s.status is ModuleStatus.ROLLED_BACK and ev == []

    # cooldown over, condition no longer met: back to locked, nothing more
    s, ev = step(s, day(15), met=False, reason="conciseness 0.65 is not > 0.7")
    assert s.status is ModuleStatus.LOCKED and s.weight == 0.0
    assert [e.event for e in ev] == ["relock"] and "cooldown over" in ev[0].reason
    s, ev = step(s, day(16), met=False)
    assert ev == []
    s, ev = step(s, day(17))
    assert s.status is ModuleStatus.ACTIVE and [e.event for e in ev] == ["unlock"]
    assert all(e.reason for e in history)


def test_after_cooldown_a_module_whose_condition_holds_unlocks_at_once():
    s = ModuleState("m", ModuleStatus.ROLLED_BACK, 0.0, day(0), day(7), 0, 0)
    s, ev = step(s, day(7))
    assert [e.event for e in ev] == ["relock", "unlock"] and s.status is ModuleStatus.ACTIVE


def test_active_module_relocks_when_the_condition_fails():
    s, _ = step(ModuleState.locked("m"), day(0))
    s, _ = step(s, day(1), feedback=[0.5])
    s, ev = step(s, day(2), met=False, reason="conciseness 0.66 is not > 0.7")
    assert s.status is ModuleStatus.LOCKED and s.weight == 0.0
    assert [(e.event, e.weight_before, e.weight_after) for e in ev] == [("relock", 0.68, 0.0)]
    assert ev[0].reason == "condition no longer holds: conciseness 0.66 is not > 0.7"


def test_feedback_beyond_the_watch_window_does_not_count():
    s, _ = step(ModuleState.locked("m"), day(0))  # watch 3
    s, ev = step(s, day(1), feedback=[0.5, 0.5, 0.5, -1.0, -1.0])
    assert s.status is ModuleStatus.ACTIVE and s.negatives == 0
    assert [e.event for e in ev] == ["strengthen"]  # and the strengthen re-opens the window
    assert s.watch == 3


def test_at_full_weight_the_window_closes_and_later_feedback_no_longer_counts():
    s = ModuleState("m", ModuleStatus.ACTIVE, 1.0, day(0), None, 1, 0)
    s, ev = step(s, day(1), feedback=[0.5, -1.0, -1.0])
    assert s.status is ModuleStatus.ACTIVE and s.weight == 1.0 and s.watch == 0 and ev == []


def test_two_negatives_in_one_step_roll_back_at_once():
    s, _ = step(ModuleState.locked("m"), day(0))
    s, ev = step(s, day(1), feedback=[-0.5, -0.5, -0.5])
    assert [e.event for e in ev] == ["weaken", "weaken", "rollback"]
    assert s.status is ModuleStatus.ROLLED_BACK


def test_a_complaint_in_the_open_window_blocks_growth_until_the_window_closes():
    s, _ = step(ModuleState.locked("m"), day(0))  # watch 3
    s, _ = step(s, day(1), feedback=[-0.5])
    assert s.negatives == 1 and s.weight == 0.17 and s.watch == 2
    s, ev = step(s, day(2))  # a mining without feedback does not clear the suspicion
    assert ev == [] and s.weight == 0.17 and s.negatives == 1
    s, ev = step(s, day(3), feedback=[0.4, 0.6])  # the window closes with one complaint only
    assert [e.event for e in ev] == ["strengthen"] and s.negatives == 0 and s.weight == 0.51 and s.watch == 3
    s, ev = step(s, day(4), feedback=[-0.5])  # a new window: one complaint does not roll back
    assert s.status is ModuleStatus.ACTIVE and [e.event for e in ev] == ["weaken"]


def test_slow_complaints_across_quiet_minings_still_roll_back():
    s, _ = step(ModuleState.locked("m"), day(0))
    s, _ = step(s, day(1), feedback=[-0.5])
    for d in (2, 3, 4):  # minings on the clock with no feedback in between
        s, ev = step(s, day(d))
        assert ev == []
    s, ev = step(s, day(5), feedback=[-0.7])
    assert [e.event for e in ev] == ["weaken", "rollback"] and s.status is ModuleStatus.ROLLED_BACK


def test_locked_module_ignores_feedback_and_a_negative_step_does_not_strengthen():
    s, ev = step(ModuleState.locked("m"), day(0), met=False, feedback=[-1.0, -1.0])
    assert s == ModuleState.locked("m") and ev == []
    cfg = PersonaConfig(rollback_negative=3)
    s, _ = step(ModuleState.locked("m"), day(0), cfg=cfg)
    s, ev = step(s, day(1), feedback=[-0.2, 0.9], cfg=cfg)
    assert [e.event for e in ev] == ["weaken"] and s.weight == 0.17


@pytest.mark.parametrize("ramp, expected", [(0.5, [0.5, 1.0]), (1.0, [1.0, 1.0]), (0.34, [0.34, 0.68])])
def test_ramp_is_configurable(ramp, expected):
    cfg = PersonaConfig(module_ramp=ramp)
    s, _ = step(ModuleState.locked("m"), day(0), cfg=cfg)
    first = s.weight
    s, _ = step(s, day(1), cfg=cfg, feedback=[0.5])
    assert [first, s.weight] == expected


def test_silence_does_not_strengthen_a_module():
    s, _ = step(ModuleState.locked("m"), day(0))
    s, ev = step(s, day(1))  # a clock mining: no feedback on the agent's replies since the unlock
    assert ev == [] and s.weight == 0.34 and s.watch == 3
    s, ev = step(s, day(2), feedback=[0.6])
    assert [e.event for e in ev] == ["strengthen"] and s.weight == 0.68


def test_module_temperature():
    assert module_temperature(0.7, []) == 0.7
    assert module_temperature(0.7, [(-0.3, 1.0)]) == 0.4
    assert module_temperature(0.1, [(-0.5, 1.0)]) == 0.0
