"""Behaviour modules as a pure state machine: unlock, strengthen, weaken, roll back, relock.

One :func:`step_module` call per mining and module. Its inputs are whether the module's unlock
condition holds (see :func:`autogen_zettel.persona.traits.condition_holds`) and the valences of the
feedback on the agent's replies since the previous mining; it returns the new state and the
events, each with its reason, for the store's ``module_events`` table::

    LOCKED --met, not cooling down--> ACTIVE (weight = module_ramp)       "unlock"
    ACTIVE --met, welcome feedback, no complaint open--> weight + ramp    "strengthen"
    ACTIVE --negative feedback in the watch window--> weight x decay      "weaken"
    ACTIVE --rollback_negative negatives after a strengthen--> the weight
            before it, on watch again (the previous version)              "rollback"
    ACTIVE --rollback_negative negatives after the unlock--> ROLLED_BACK  "rollback"
    ACTIVE --condition no longer met--> LOCKED (weight 0)                 "relock"
    ROLLED_BACK --cooldown over--> LOCKED                                 "relock"

The watch window covers the feedback on the next ``rollback_window`` replies after a change
(unlock or strengthen); feedback after it does not count toward a rollback. A module with a
complaint in its open window is under suspicion: it does not grow until the window closes
without enough complaints (a mining without any feedback does not clear it), so slow feedback
spread over many minings can still roll a change back.

>>> from datetime import datetime
>>> from autogen_zettel.base.config import PersonaConfig
>>> s = ModuleState.locked("digest")
>>> s, events = step_module(s, met=True, reason="conciseness 0.74 > 0.7", feedback=[],
...                         now=datetime(2024, 3, 8), cfg=PersonaConfig())
>>> s.status.value, s.weight, [e.event for e in events]
('active', 0.34, ['unlock'])
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from autogen_zettel.base.config import PersonaConfig
from autogen_zettel.base.persona_records import ModuleEvent, ModuleStatus

__all__ = ["ModuleStatus", "ModuleState", "ModuleEvent", "step_module", "module_temperature"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ModuleState:
    """A module's state: ``weight`` in 0..1 scales its prompt and temperature; ``watch`` is the
    number of replies whose feedback still counts toward a rollback, ``negatives`` the negative
    ones seen in the current window; ``since`` is when it last changed status; ``previous`` is
    the weight before the last change (0 after the unlock), the version a rollback returns to."""

    name: str
    status: ModuleStatus
    weight: float
    since: datetime | None
    cooldown_until: datetime | None
    watch: int
    negatives: int
    previous: float = 0.0

    @classmethod
    def locked(cls, name: str) -> ModuleState:
        """The starting state: locked, weight 0, no cooldown."""
        return cls(name, ModuleStatus.LOCKED, 0.0, None, None, 0, 0)


def _round(x: float) -> float:
    return round(x, 10)  # 0.34 + 0.34 + 0.34 must reach 1.0 after min(), not 1.0000000000000002


def step_module(
    state: ModuleState,
    *,
    met: bool,
    reason: str,
    feedback: Sequence[float],
    now: datetime,
    cfg: PersonaConfig,
) -> tuple[ModuleState, list[ModuleEvent]]:
    """Advance one module by one mining.

    :param met: whether the unlock condition holds now; ``reason`` says why (or why not)
    :param feedback: valences (-1..1, negative = complaint) of the feedback on the agent's
        replies since the previous mining, in time order
    :returns: the new state and the events it went through (possibly none)

    >>> from autogen_zettel.base.config import PersonaConfig
    >>> cfg, t = PersonaConfig(), datetime(2024, 3, 8)
    >>> s = ModuleState("m", ModuleStatus.ACTIVE, 0.68, t, None, 3, 0)
    >>> s, ev = step_module(s, met=True, reason="ok", feedback=[-0.8, -0.5], now=t, cfg=cfg)
    >>> s.status.value, s.weight, [e.event for e in ev]
    ('rolled_back', 0.0, ['weaken', 'weaken', 'rollback'])
    """
    events: list[ModuleEvent] = []

    def emit(event: str, before: float, after: float, why: str) -> None:
        events.append(ModuleEvent(state.name, now, event, before, after, why))

    if state.status is ModuleStatus.ROLLED_BACK:
        if state.cooldown_until is not None and now < state.cooldown_until:
            return state, events
        emit(
            "relock",
            state.weight,
            0.0,
            f"cooldown over since {state.cooldown_until:%Y-%m-%d %H:%M}"
            if state.cooldown_until
            else "cooldown over",
        )
        state = replace(state, status=ModuleStatus.LOCKED, weight=0.0, since=now, watch=0, negatives=0)
        # falls through: a module whose condition still holds may unlock again at once

    if state.status is ModuleStatus.LOCKED:
        if met and (state.cooldown_until is None or now >= state.cooldown_until):
            weight = _round(min(1.0, cfg.module_ramp))
            emit("unlock", state.weight, weight, reason)
            state = replace(
                state,
                status=ModuleStatus.ACTIVE,
                weight=weight,
                since=now,
                watch=cfg.rollback_window,
                negatives=0,
                previous=0.0,
            )
        return state, events

    # ACTIVE: feedback on the replies in the watch window may weaken and roll back the change
    weight, watch, negatives, negative_now = state.weight, state.watch, state.negatives, False
    for v in feedback:
        if watch <= 0:
            break
        watch -= 1
        if v >= 0:
            continue
        negative_now = True
        negatives += 1
        new = _round(weight * cfg.module_decay)
        emit(
            "weaken",
            weight,
            new,
            f"negative feedback ({v:+.2f}) on a reply after the change: "
            f"{negatives} of {cfg.rollback_negative} that roll it back",
        )
        weight = new
        if negatives >= cfg.rollback_negative and state.previous > 0:
            # the last change was a strengthen: back to the version before it, still on watch
            back = state.previous
            emit(
                "rollback",
                weight,
                back,
                f"{negatives} negative feedbacks within {cfg.rollback_window} "
                f"replies after the change; back to the version before it",
            )
            return replace(
                state,
                weight=back,
                watch=cfg.rollback_window,
                negatives=0,
                previous=_round(max(0.0, back - cfg.module_ramp)),
            ), events
        if negatives >= cfg.rollback_negative:
            # the last change was the unlock itself: the module leaves the stack and cools down
            until = now + timedelta(days=cfg.cooldown_days)
            emit(
                "rollback",
                weight,
                0.0,
                f"{negatives} negative feedbacks within {cfg.rollback_window} "
                f"replies after the change; cooling down until {until:%Y-%m-%d %H:%M}",
            )
            return replace(
                state,
                status=ModuleStatus.ROLLED_BACK,
                weight=0.0,
                since=now,
                cooldown_until=until,
                watch=0,
                negatives=0,
            ), events
    if watch <= 0:  # the window closed without enough complaints: the change is accepted so far
        negatives = 0
    state = replace(state, weight=weight, watch=watch, negatives=negatives)
    if not met:
        emit("relock", state.weight, 0.0, f"condition no longer holds: {reason}")
        return replace(state, status=ModuleStatus.LOCKED, weight=0.0, since=now, watch=0, negatives=0), events
    # a module under suspicion (a complaint in its open window) does not grow, and it grows on
    # welcome, not on silence: a mining with no feedback on the agent's replies leaves it as it is
    if feedback and not negative_now and negatives == 0 and state.weight < 1.0:
        new = _round(min(1.0, state.weight + cfg.module_ramp))
        emit("strengthen", state.weight, new, reason)
        state = replace(state, weight=new, watch=cfg.rollback_window, negatives=0, previous=state.weight)
    return state, events


def module_temperature(base: float, modules: Sequence[tuple[float, float]]) -> float:
    """The sampling temperature after active modules: ``base + sum(delta * weight)``, floored at 0.

    :param modules: ``(temperature delta, weight)`` of each module

    >>> module_temperature(0.7, [(-0.4, 0.5), (0.2, 1.0)])
    0.7
    """
    return round(max(0.0, base + sum(delta * weight for delta, weight in modules)), 10)
