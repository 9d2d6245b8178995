"""Stepping a persona's behaviour modules at a mining: each module's unlock condition
(``conciseness > 0.7 held for 7 days``) is read over the long-term trait history, then the module
steps (:func:`~autogen_zettel.persona.behaviours.step_module`: unlock, strengthen, weaken on
negative feedback, roll back) with the feedback valences gathered since the last mining.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta
from typing import Any

from autogen_zettel.persona.behaviours import ModuleEvent, ModuleState, step_module
from autogen_zettel.persona.spec import Persona
from autogen_zettel.persona.traits import condition_holds

__all__ = ["hold_window", "step_modules"]


def hold_window(persona: Persona) -> timedelta:
    """How much trait history the persona's module conditions read (their longest hold)."""
    holds = [c.hold for m in persona.modules if m.condition for c in m.condition.clauses if c.hold]
    return max(holds, default=timedelta(0))


def step_modules(
    persona: Persona,
    modules: dict[str, ModuleState],
    rows: Iterable[Any],
    *,
    feedback: Sequence[float],
    now: datetime,
    cfg: Any,
) -> list[ModuleEvent]:
    """Step every module with a condition, in place in ``modules``, and return the events.

    :param rows: the trait history rows (``trait``, ``at``, ``long``) since :func:`hold_window`
        (and a day) before ``now``
    """
    # conditions read the long-term trait, like the trait layer: a day's mood (+-0.2) must
    # neither carry a hold window nor relock a module
    history: dict[str, list[tuple[datetime, float]]] = {}
    for row in rows:
        history.setdefault(row.trait, []).append((row.at, row.long))
    events = []
    for module in persona.modules:
        if module.condition is None:
            continue
        met, why = condition_holds(module.condition, history, now)
        state, evs = step_module(
            modules[module.name], met=met, reason=why, feedback=list(feedback), now=now, cfg=cfg
        )
        modules[module.name] = state
        events.extend(evs)
    return events
